import type { Db } from './db/database.ts';
import type { PreparedStatements } from './db/prepared.ts';
import type { SecretKeyPrincipal } from './domain/principal.ts';
import type { PaymentGateway } from './gateway/port.ts';
import type { SandboxGatewayControl } from './gateway/sandbox/control-client.ts';
import type { IdentityProvider } from './identity/port.ts';
import type { Clock } from './platform/clock.ts';
import type { SecretBox } from './platform/crypto.ts';
import type { RateLimitStore } from './platform/rate-limiter.ts';
import type { TokenService } from './platform/tokens.ts';

/**
 * What every use case may depend on. The API, the worker and the CLI get one from
 * createAppContext (src/main/app-context.ts) and call the same use-case functions.
 */
export interface AppContext {
  db: Db;
  prepared: PreparedStatements;
  clock: Clock;
  secretBox: SecretBox;
  tokens: TokenService;
  rateLimits: RateLimitStore;
  gateway: PaymentGateway;
  credentialCache: CredentialCache;
  /** BVN checks (identity/port.ts); IDENTITY_PROVIDER chooses it. */
  identity: IdentityProvider;
  settings: AppSettings;
  /** The sandbox gateway's test controls; unset when the gateway is live (sandbox tools refuse). */
  sandboxGateway?: SandboxGatewayControl;
}

export interface AppSettings {
  publicBaseUrl: string;
  rateLimitSandboxPerMin: number;
  rateLimitLivePerMin: number;
  rateLimitIpPerMin: number;
  loginMaxFailures: number;
  /** True when the gateway is live (an `sk_live_` key): payouts then move real money. */
  gatewayLivemode: boolean;
  /** Timeout of the synchronous test webhook delivery. */
  webhookTimeoutMs: number;
}

/**
 * Resolved secret keys kept briefly by an API process (features/access/credential-cache.ts);
 * every change to what a key may do invalidates its merchant at once.
 */
export interface CredentialCache {
  get(digest: string, now: Date): SecretKeyPrincipal | undefined;
  set(digest: string, principal: SecretKeyPrincipal, keyExpiresAt: Date | null, now: Date): void;
  invalidateMerchant(merchantId: string): void;
  clear(): void;
}
