import type { AppContext } from '../app-context.ts';
import { InMemoryCredentialCache } from '../features/access/index.ts';
import { connectDatabase } from '../db/database.ts';
import { preparedStatements } from '../db/prepared.ts';
import { systemClock } from '../platform/clock.ts';
import { SecretBox } from '../platform/crypto.ts';
import { MemoryRateLimitStore } from '../platform/rate-limiter.ts';
import { generateSecrets } from '../platform/secrets.ts';
import { TokenService } from '../platform/tokens.ts';
import { buildHttpApp } from './app.ts';
import { compactJson } from './compact-json.ts';
import { PaystackGateway } from '../gateway/paystack/adapter.ts';
import { SandboxIdentityProvider } from '../identity/sandbox.ts';

/**
 * The OpenAPI document exactly as the API serves it, built without a database (the pool never
 * connects). `docs/openapi.json` is this output; a test fails when the two drift apart.
 */
export async function renderOpenApiDocument(): Promise<string> {
  const secrets = generateSecrets();
  const database = connectDatabase('postgres://openapi@127.0.0.1:1/unused', 1);
  const ctx: AppContext = {
    db: database.db,
    prepared: preparedStatements(database.pool),
    clock: systemClock,
    secretBox: new SecretBox(secrets.encryptionKey),
    tokens: new TokenService(secrets.jwtPrivateKeyPem, systemClock),
    rateLimits: new MemoryRateLimitStore(),
    credentialCache: new InMemoryCredentialCache(0),
    identity: new SandboxIdentityProvider(),
    gateway: new PaystackGateway({
      baseUrl: 'http://127.0.0.1:1',
      secretKey: secrets.gatewaySecretKey,
      timeoutMs: 1000,
    }),
    settings: {
      publicBaseUrl: 'http://localhost:3000',
      adminApiToken: secrets.adminApiToken,
      rateLimitSandboxPerMin: 100,
      rateLimitLivePerMin: 500,
      rateLimitIpPerMin: 300,
      loginMaxFailures: 5,
      gatewayLivemode: false,
      webhookTimeoutMs: 10_000,
    },
  };
  const app = await buildHttpApp(ctx, { logLevel: 'silent', bodyLimitBytes: 65_536 });
  await app.ready();
  // Three levels of lines (paths, operations, their parts) keep diffs readable within 200 KB.
  const document = compactJson(app.swagger(), { maxDepth: 3 });
  await app.close();
  await database.close();
  return document;
}
