import type { AppContext, AppSettings } from '../app-context.ts';
import type { CreditBureau } from '../credit/port.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { preparedStatements } from '../db/prepared.ts';
import { InMemoryCredentialCache } from '../features/access/index.ts';
import { PaystackGateway } from '../gateway/paystack/adapter.ts';
import { SandboxGatewayControl } from '../gateway/sandbox/control-client.ts';
import type { IdentityProvider } from '../identity/port.ts';
import type { Clock } from '../platform/clock.ts';
import { SecretBox } from '../platform/crypto.ts';
import type { RateLimitStore } from '../platform/rate-limiter.ts';
import type { ServiceSecrets } from '../platform/secrets.ts';
import { TokenService } from '../platform/tokens.ts';

export interface AppContextParts {
  database: DatabaseHandle;
  clock: Clock;
  secrets: ServiceSecrets;
  rateLimits: RateLimitStore;
  identity: IdentityProvider;
  creditBureau: CreditBureau;
  /** How long an API process keeps a resolved secret key (0: not at all). */
  authCacheTtlMs: number;
  gateway: { baseUrl: string; secretKey: string; timeoutMs: number };
  /**
   * Whether the sandbox tools (simulations) reach the gateway's test controls. Never with a live
   * gateway key, whatever is asked.
   */
  sandboxControls: boolean;
  settings: Omit<AppSettings, 'gatewayLivemode'>;
}

/**
 * The one place an AppContext is assembled: the runtime (API, worker, CLI), the test harness and
 * the OpenAPI render all call this, so a new dependency is wired once.
 */
export function createAppContext(parts: AppContextParts): AppContext {
  const gatewayLivemode = parts.gateway.secretKey.startsWith('sk_live_');
  return {
    db: parts.database.db,
    prepared: preparedStatements(parts.database.pool),
    clock: parts.clock,
    secretBox: new SecretBox(parts.secrets.encryptionKey),
    tokens: new TokenService(parts.secrets.jwtPrivateKeyPem, parts.clock),
    rateLimits: parts.rateLimits,
    credentialCache: new InMemoryCredentialCache(parts.authCacheTtlMs),
    identity: parts.identity,
    creditBureau: parts.creditBureau,
    gateway: new PaystackGateway(parts.gateway),
    settings: { ...parts.settings, gatewayLivemode },
    ...(parts.sandboxControls &&
      !gatewayLivemode && { sandboxGateway: new SandboxGatewayControl(parts.gateway) }),
  };
}
