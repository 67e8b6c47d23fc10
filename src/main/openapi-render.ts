import { DojahCreditBureau } from '../credit/dojah/adapter.ts';
import { connectDatabase } from '../db/database.ts';
import { buildHttpApp } from '../http/app.ts';
import { compactJson } from '../http/compact-json.ts';
import { SandboxIdentityProvider } from '../identity/sandbox.ts';
import { systemClock } from '../platform/clock.ts';
import { MemoryRateLimitStore } from '../platform/rate-limiter.ts';
import { generateSecrets } from '../platform/secrets.ts';
import { createAppContext } from './app-context.ts';

/**
 * The OpenAPI document exactly as the API serves it, built without a database (the pool never
 * connects). `docs/openapi.json` is this output; a test fails when the two drift apart.
 */
export async function renderOpenApiDocument(): Promise<string> {
  const secrets = generateSecrets();
  const database = connectDatabase('postgres://openapi@127.0.0.1:1/unused', 1);
  const ctx = createAppContext({
    database,
    clock: systemClock,
    secrets,
    rateLimits: new MemoryRateLimitStore(),
    identity: new SandboxIdentityProvider(),
    creditBureau: new DojahCreditBureau({
      baseUrl: 'http://127.0.0.1:1',
      appId: 'openapi',
      secretKey: 'openapi',
      timeoutMs: 1000,
      name: 'sandbox',
    }),
    authCacheTtlMs: 0,
    gateway: {
      baseUrl: 'http://127.0.0.1:1',
      secretKey: secrets.gatewaySecretKey,
      timeoutMs: 1000,
    },
    sandboxControls: false,
    settings: {
      publicBaseUrl: 'http://localhost:3000',
      rateLimitSandboxPerMin: 100,
      rateLimitLivePerMin: 500,
      rateLimitIpPerMin: 300,
      loginMaxFailures: 5,
      webhookTimeoutMs: 10_000,
      loopbackTestWebhooks: false,
      eventStreamsPerKey: 5,
      eventStreamsPerProcess: 100,
      eventStreamMaxAgeMs: 900_000,
    },
  });
  const app = await buildHttpApp(ctx, { logLevel: 'silent', bodyLimitBytes: 65_536 });
  await app.ready();
  // Three levels of lines (paths, operations, their parts) keep diffs readable within 200 KB.
  const document = compactJson(app.swagger(), { maxDepth: 3 });
  await app.close();
  await database.close();
  return document;
}
