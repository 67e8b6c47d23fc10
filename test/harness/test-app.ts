import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

import type { AppContext, AppSettings } from '../../src/app-context.ts';
import { DojahCreditBureau } from '../../src/credit/dojah/adapter.ts';
import type { CreditBureau } from '../../src/credit/port.ts';
import { connectDatabase } from '../../src/db/database.ts';
import { listenForCredentialChanges } from '../../src/features/access/credential-notifications.ts';
import { buildHttpApp } from '../../src/http/app.ts';
import type { TypedApp } from '../../src/http/typed-app.ts';
import type { IdentityProvider } from '../../src/identity/port.ts';
import { SandboxIdentityProvider } from '../../src/identity/sandbox.ts';
import { createAppContext } from '../../src/main/app-context.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import type { Environment, TrustProxy } from '../../src/platform/config.ts';
import { MemoryRateLimitStore, type RateLimitStore } from '../../src/platform/rate-limiter.ts';
import { generateSecrets } from '../../src/platform/secrets.ts';
import { createTestDatabase } from './database.ts';
import { HttpClient } from './http-client.ts';
import { assertInvariants } from './invariants.ts';
import { freePort, startTestSandbox, type TestSandbox } from './sandbox.ts';

export interface TestApp {
  url: string;
  http: HttpClient;
  ctx: AppContext;
  clock: ManualClock;
  databaseUrl: string;
  app: TypedApp;
  /** The public half of the token key: what an algorithm-confusion attacker would sign with. */
  jwtPublicKey: KeyObject;
  close(): Promise<void>;
}

/**
 * The real HTTP app on a real port, over a fresh cloned database, with a manual clock so tests
 * can move time (expiry, idempotency windows, token lifetimes, rate-limit windows).
 */
export async function startTestApp(
  options: {
    /** Livemode comes from the gateway key. */
    settings?: Partial<Omit<AppSettings, 'gatewayLivemode'>>;
    rateLimits?: RateLimitStore;
    bodyLimitBytes?: number;
    /** TRUST_PROXY of the app (default off: X-Forwarded-For is ignored). */
    trustProxy?: TrustProxy;
    /** MAX_REQUESTS_IN_FLIGHT of the app (default: no limit). */
    maxRequestsInFlight?: number;
    /** Where the gateway adapter points (a sandbox gateway started by the test); unset: nowhere. */
    gatewayBaseUrl?: string;
    gatewaySecretKey?: string;
    /** Whether sandbox simulations reach the gateway's test controls (default: no). */
    sandboxControls?: boolean;
    port?: number;
    authCacheTtlMs?: number;
    /** Where the built pages are read from (default web/dist, built by the global setup). */
    webDistDir?: string;
    /** TRANCHE_ENV as the API process passes it (default: development's behaviour). */
    environment?: Environment;
    /** The app's log: its level (default TEST_LOG_LEVEL, else silent) and where lines go. */
    log?: { level: string; stream: { write(line: string): void } };
    /** The credit bureau (default: the Dojah adapter pointing nowhere, so every check is unavailable). */
    creditBureau?: CreditBureau;
    /** An existing test database (e.g. one a sandbox gateway already uses). */
    database?: { url: string; drop(): Promise<void> };
    /** The identity provider (default: the in-process sandbox one). */
    identity?: IdentityProvider;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const handle = connectDatabase(database.url, 10);
  // Start on a minute boundary so a burst of requests never straddles two rate-limit windows.
  const start = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 1_000);
  const clock = new ManualClock(start);
  const secrets = generateSecrets();
  const rateLimits = options.rateLimits ?? new MemoryRateLimitStore();
  const ctx = createAppContext({
    database: handle,
    clock,
    secrets,
    rateLimits,
    identity: options.identity ?? new SandboxIdentityProvider(),
    creditBureau:
      options.creditBureau ??
      new DojahCreditBureau({
        baseUrl: 'http://127.0.0.1:1',
        appId: 'test',
        secretKey: 'test',
        timeoutMs: 1_000,
        name: 'sandbox',
      }),
    authCacheTtlMs: options.authCacheTtlMs ?? 30_000,
    gateway: {
      baseUrl: options.gatewayBaseUrl ?? 'http://127.0.0.1:1',
      secretKey: options.gatewaySecretKey ?? secrets.gatewaySecretKey,
      timeoutMs: 5_000,
    },
    sandboxControls: options.sandboxControls ?? false,
    settings: {
      publicBaseUrl: 'http://checkout.test',
      rateLimitSandboxPerMin: 100,
      rateLimitLivePerMin: 500,
      rateLimitIpPerMin: 100_000,
      loginMaxFailures: 5,
      webhookTimeoutMs: 2_000,
      loopbackTestWebhooks: true,
      eventStreamsPerKey: 5,
      eventStreamsPerProcess: 100,
      eventStreamMaxAgeMs: 900_000,
      // The suites written before Direct Debit drive the pay-with-bank steps (submit_otp …);
      // Direct Debit tests ask for `direct_debit`, production's default (decision 0044).
      bankMandateApi: 'pay_with_bank',
      ...options.settings,
    },
  });
  const listener = listenForCredentialChanges(
    database.url,
    (announcement) => ctx.credentialCache.forget(announcement),
    () => ctx.credentialCache.clear(),
  );
  const app = await buildHttpApp(ctx, {
    logLevel: options.log?.level ?? process.env.TEST_LOG_LEVEL ?? 'silent',
    ...(options.log && { logStream: options.log.stream }),
    ...(options.environment && { environment: options.environment }),
    bodyLimitBytes: options.bodyLimitBytes ?? 65_536,
    ...(options.trustProxy !== undefined && { trustProxy: options.trustProxy }),
    ...(options.maxRequestsInFlight !== undefined && {
      maxRequestsInFlight: options.maxRequestsInFlight,
    }),
    ...(options.webDistDir !== undefined && { webDistDir: options.webDistDir }),
  });
  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') {
    throw new Error('test app did not bind a TCP port');
  }
  const url = `http://127.0.0.1:${address.port}`;
  let closing: Promise<void> | undefined;
  return {
    url,
    http: new HttpClient(url),
    ctx,
    clock,
    databaseUrl: database.url,
    app,
    jwtPublicKey: createPublicKey(createPrivateKey(secrets.jwtPrivateKeyPem)),
    // Once, however often it is called. With everything stopped and before the database is
    // dropped, the invariants I1–I12 (test/invariants.sql) must hold: any violation fails the
    // test file (it throws from its afterAll). The database is dropped either way.
    close: () =>
      (closing ??= (async () => {
        try {
          await listener.stop();
          await app.close();
          await rateLimits.close();
          await handle.close();
          await assertInvariants(database.url, { now: clock.now() });
        } finally {
          await database.drop();
        }
      })()),
  };
}

export interface TestAppWithSandbox extends TestApp {
  sandbox: TestSandbox;
}

/**
 * The app and the sandbox gateway talking real HTTP both ways: the adapter calls the sandbox, the
 * sandbox sends signed webhooks to the app. The app's port is chosen first so the sandbox knows
 * where to send them.
 */
export async function startTestAppWithSandbox(
  options: {
    /** Livemode comes from the gateway key. */
    settings?: Partial<Omit<AppSettings, 'gatewayLivemode'>>;
    /** The sandbox's own webhooks, where they go, and its settlement delay (startTestSandbox). */
    sandbox?: {
      webhooks?: boolean;
      settleDelayMs?: number;
      webhookUrl?: string;
      mandateActivationDelayMs?: number;
    };
    /** The credit bureau (e.g. the adapter pointing at a credit simulator the test started). */
    creditBureau?: CreditBureau;
    /** The identity provider (e.g. the Dojah adapter pointing at a simulator the test started). */
    identity?: IdentityProvider;
  } = {},
): Promise<TestAppWithSandbox> {
  const database = await createTestDatabase();
  const port = await freePort();
  const sandbox = await startTestSandbox({
    ...options.sandbox,
    databaseUrl: database.url,
    appUrl: `http://127.0.0.1:${port}`,
  });
  const t = await startTestApp({
    ...(options.settings && { settings: options.settings }),
    database,
    port,
    gatewayBaseUrl: sandbox.gateway.url,
    gatewaySecretKey: sandbox.secretKey,
    // As in a sandbox-mode process (src/main/runtime.ts): the simulations reach the sandbox.
    sandboxControls: true,
    ...(options.creditBureau && { creditBureau: options.creditBureau }),
    ...(options.identity && { identity: options.identity }),
  });
  let closing: Promise<void> | undefined;
  return {
    ...t,
    sandbox,
    // The sandbox first (it shares the database and sends webhooks), then the app and the check.
    close: () =>
      (closing ??= (async () => {
        try {
          await sandbox.gateway.close();
        } finally {
          await t.close();
        }
      })()),
  };
}
