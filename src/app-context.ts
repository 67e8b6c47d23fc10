import type { CreditBureau } from './credit/port.ts';
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
  /** Credit bureau checks (credit/port.ts); CREDIT_BUREAU_BASE_URL chooses Dojah or the simulator. */
  creditBureau: CreditBureau;
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
  /**
   * Whether test-mode webhooks may reach loopback addresses: only where TRANCHE_ENV is
   * development or test (the sandbox, `tranche listen` and the test suite run on one machine).
   */
  loopbackTestWebhooks: boolean;
  /** Sandbox event streams open at once: per API key and per process (429 past either). */
  eventStreamsPerKey: number;
  eventStreamsPerProcess: number;
  /** An event stream is ended (the client reconnects with its cursor) after about this long. */
  eventStreamMaxAgeMs: number;
  /** BANK_MANDATE_API (decision 0044); unset: `direct_debit`. */
  bankMandateApi?: 'direct_debit' | 'pay_with_bank';
}

/**
 * Resolved secret keys kept briefly by an API process (features/access/credential-cache.ts);
 * every change to what a key may do invalidates its merchant at once.
 */
export interface CredentialCache {
  get(digest: string, now: Date): SecretKeyPrincipal | undefined;
  set(digest: string, principal: SecretKeyPrincipal, keyExpiresAt: Date | null, now: Date): void;
  /** Whether `digest` was found to match no key within the last minute (decision 0033). */
  isUnknown(digest: string, now: Date): boolean;
  setUnknown(digest: string, now: Date): void;
  invalidateMerchant(merchantId: string): void;
  /** A login's (refresh-token family's) state as last read (decision 0034). */
  getLogin(sessionId: string, now: Date): LoginState | undefined;
  /** Read before looking a login up; `setLogin` ignores a read an invalidation overtook. */
  loginEpoch(): number;
  setLogin(sessionId: string, state: LoginState, epochBeforeRead: number, now: Date): void;
  /** `subject` is `customer:<id>` or `merchant:<id>`. */
  invalidateLoginsOf(subject: string): void;
  /** Applies one announcement of features/access/credential-notifications.ts. */
  forget(announcement: string): void;
  clear(): void;
}

export interface LoginState {
  /** `customer:<id>` or `merchant:<id>`. */
  subject: string;
  live: boolean;
}
