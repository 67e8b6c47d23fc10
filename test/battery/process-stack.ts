import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import pg from 'pg';
import { expect } from 'vitest';

import { generateSecrets } from '../../src/platform/secrets.ts';
import { createTestDatabase } from '../harness/database.ts';
import { signUpCustomerWithCard, waitFor } from '../harness/e2e.ts';
import { freshTestBvn } from '../harness/fixtures.ts';
import { HttpClient } from '../harness/http-client.ts';
import { assertInvariants } from '../harness/invariants.ts';
import { freePort } from '../harness/sandbox.ts';
import { startTrancheProcess, type TrancheProcess } from '../harness/tranche-process.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../harness/webhook-receiver.ts';

/**
 * The service as production runs it, for the battery's process-level fault tests (B13, B14):
 * the sandbox gateway and the API as their own `tranche` processes over a fresh database, a
 * merchant with a webhook receiver and a settlement account; workers are started (and killed)
 * by the test. Every helper goes through the public API or reads the database.
 */
export interface ProcessStack {
  api: HttpClient;
  /** Every API process, `api` first (scale-out: one database, one Redis). */
  apis: HttpClient[];
  env: NodeJS.ProcessEnv;
  databaseUrl: string;
  /** The sandbox gateway itself (the API and workers may reach it through `gatewayBaseUrl`). */
  sandboxUrl: string;
  /** A sandbox test control (`/_sandbox/…`, e.g. faults), straight to the sandbox. */
  sandbox(method: 'GET' | 'POST' | 'DELETE', path: string, body?: object): Promise<unknown>;
  receiver: WebhookReceiver;
  merchant: { id: string; key: string; webhookSecret: string };
  query<Row extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<Row[]>;
  /** The API process (to check it is still alive). */
  apiProcess(): TrancheProcess;
  /** A worker process; `crashAt` arms a crash point (src/platform/crash-points.ts). */
  startWorker(crashAt?: string): Promise<TrancheProcess>;
  /** A confirmed weekly plan for a new customer; the worker then collects its deposit. */
  newPlan(installmentCount?: number): Promise<{ planId: string; installments: { id: string }[] }>;
  /** Sandbox time travel: the plan's next installment is collected now. */
  advance(planId: string): Promise<number>;
  installmentStatus(id: string): Promise<string | undefined>;
  /** Nothing due or running in the job queue (later installments wait for their day). */
  quiet(): Promise<boolean>;
  /** At most one successful gateway charge and one successful charge row per installment;
   *  exactly one each when the installment is paid. */
  chargedOnce(installmentId: string): Promise<void>;
  settleAtGateway(): Promise<void>;
  stop(): Promise<void>;
}

export interface ProcessStackOptions {
  /** API processes on one database (default 1); with several, give them `redisUrl`. */
  apiCount?: number;
  /** Shared rate-limit counters; unset: each API process counts in memory. */
  redisUrl?: string;
  /** RATE_LIMIT_SANDBOX_PER_MIN (default out of the tests' way). */
  sandboxRateLimitPerMin?: number;
  /** Extra environment for the API and the workers (e.g. GATEWAY_TIMEOUT_MS). */
  env?: NodeJS.ProcessEnv;
  /** A database of the test's own (migrated or not; the API migrates it), kept at stop. */
  databaseUrl?: string;
  /** Where the API and workers reach the gateway (a fault proxy); the sandbox itself otherwise. */
  gatewayBaseUrl?: (sandboxUrl: string) => string | Promise<string>;
}

export async function startProcessStack(
  name: string,
  options: ProcessStackOptions = {},
): Promise<ProcessStack> {
  const secrets = generateSecrets();
  const dataDir = mkdtempSync(join(tmpdir(), `tranche-${name}-`));
  const database = options.databaseUrl
    ? { url: options.databaseUrl, drop: async () => undefined }
    : await createTestDatabase();
  const receiver = await startWebhookReceiver();
  const ports: number[] = [];
  for (let i = 0; i < (options.apiCount ?? 1); i++) ports.push(await freePort());
  const [port, sandboxPort] = [ports[0]!, await freePort()];
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const sandboxEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    PORT: String(port),
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    SANDBOX_GATEWAY_PORT: String(sandboxPort),
    SANDBOX_CREDIT_BUREAU_PORT: '0',
    SANDBOX_SMS_PORT: '0',
    GATEWAY_SECRET_KEY: secrets.gatewaySecretKey,
    ENCRYPTION_KEY: secrets.encryptionKey,
    JWT_PRIVATE_KEY: secrets.jwtPrivateKeyPem,
    TRANCHE_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DEMO_STORE: 'off',
    // The in-process test provider: its BVNs need no phone code (decision 0046).
    IDENTITY_PROVIDER: 'sandbox',
    // The tests' own requests would otherwise meet the sandbox key's limit.
    RATE_LIMIT_SANDBOX_PER_MIN: String(options.sandboxRateLimitPerMin ?? 100_000),
  };
  delete sandboxEnv.REDIS_URL;
  delete sandboxEnv.CRASH_AT;
  delete sandboxEnv.GATEWAY_BASE_URL;
  const env: NodeJS.ProcessEnv = {
    ...sandboxEnv,
    ...(options.redisUrl && { REDIS_URL: options.redisUrl }),
    ...options.env,
    ...(options.gatewayBaseUrl && { GATEWAY_BASE_URL: await options.gatewayBaseUrl(sandboxUrl) }),
  };
  const background = await Promise.all([
    startTrancheProcess('sandbox-gateway', 'Sandbox gateway running', sandboxEnv),
    ...ports.map((apiPort) =>
      // One public address for all, as behind a load balancer: tokens and links name it.
      startTrancheProcess('api', 'operators add', { ...env, PORT: String(apiPort) }),
    ),
  ]);
  const sandbox = async (method: 'GET' | 'POST' | 'DELETE', path: string, body?: object) => {
    const response = await fetch(`${sandboxUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${secrets.gatewaySecretKey}`,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const answer: unknown = await response.json();
    if (!response.ok) throw new Error(`sandbox ${method} ${path}: ${JSON.stringify(answer)}`);
    return answer;
  };
  let plansMade = 0;
  const apis = ports.map((apiPort) => new HttpClient(`http://127.0.0.1:${apiPort}`));
  const api = apis[0]!;

  const query = async <Row extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query<Row>(text, values)).rows;
    } finally {
      await client.end();
    }
  };

  const registered = await api.post('/api/v1/merchant/register', {
    business_name: 'Battery Stores',
    email: `${name}@shop.test`,
    password: 'a long merchant password',
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const merchant = {
    id: registered.body.data.merchant.id as string,
    key: registered.body.data.secret_keys.test as string,
    webhookSecret: registered.body.data.webhook_secrets.test as string,
  };
  const settings = await api.patch(
    `/api/v1/merchant/${merchant.id}/settings`,
    {
      webhook_url: receiver.url,
      settlement_account: { bank_code: '058', account_number: '0123456789' },
    },
    { token: merchant.key },
  );
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);

  return {
    api,
    apis,
    env,
    databaseUrl: database.url,
    sandboxUrl,
    sandbox,
    receiver,
    merchant,
    query,
    apiProcess: () => background[1]!,
    startWorker: (crashAt) =>
      startTrancheProcess('worker', 'Tranche worker running.', {
        ...env,
        ...(crashAt && { CRASH_AT: crashAt }),
      }),
    newPlan: async (installmentCount = 3) => {
      // With several API processes, the customer signs up on one and checks out on the next:
      // tokens, keys and sessions are shared through the database, not kept in a process.
      const [first, second] = [
        apis[plansMade % apis.length]!,
        apis[(plansMade + 1) % apis.length]!,
      ];
      plansMade++;
      const { token, methodId } = await signUpCustomerWithCard(first, {
        email: `c-${randomUUID()}@battery.test`,
        firstName: 'Ngozi',
        lastName: 'Eze',
        bvn: freshTestBvn(),
      });
      const session = await second.post(
        '/api/v1/checkout/sessions',
        {
          merchant_id: merchant.id,
          amount: 120_000,
          currency: 'NGN',
          title: 'Standing desk',
          order_reference: `battery-${randomUUID()}`,
        },
        { token: merchant.key, headers: { 'idempotency-key': randomUUID() } },
      );
      expect(session.status, JSON.stringify(session.body)).toBe(201);
      const confirmed = await second.post(
        `/api/v1/checkout/sessions/${session.body.data.token}/confirm`,
        {
          frequency: 'weekly',
          installment_count: installmentCount,
          upfront_pct: 25,
          payment_method_id: methodId,
        },
        { token },
      );
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
      const planId = confirmed.body.data.payment_plan_id as string;
      const installments = await query<{ id: string }>(
        'SELECT id FROM installments WHERE plan_id = $1 ORDER BY sequence',
        [planId],
      );
      return { planId, installments };
    },
    advance: async (planId) =>
      (
        await api.post(`/api/v1/merchant/${merchant.id}/plans/${planId}/advance`, undefined, {
          token: merchant.key,
        })
      ).status,
    installmentStatus: async (id) =>
      (await query<{ status: string }>('SELECT status FROM installments WHERE id = $1', [id]))[0]
        ?.status,
    quiet: async () => {
      const [row] = await query<{ count: string }>(
        `SELECT count(*) AS count FROM graphile_worker.jobs
          WHERE (run_at <= now() OR locked_at IS NOT NULL)
            AND task_identifier NOT IN ('expire_checkout_sessions', 'payout_sweep', 'reconcile',
              'purge_idempotency_keys', 'purge_webhook_events', 'purge_credit_checks',
              'deliver_notifications', 'sync_mandates', 'purge_identity_phone_checks',
              'checkpoint_ledger_balances', 'deliver_merchant_notifications',
              'check_webhook_health', 'sync_disputes', 'check_reversals')`,
      );
      return Number(row?.count) === 0;
    },
    chargedOnce: async (installmentId) => {
      const [atGateway] = await query<{ n: string }>(
        `SELECT count(*) AS n FROM sandbox_gateway.transactions
          WHERE metadata ->> 'installment_id' = $1 AND status = 'success'`,
        [installmentId],
      );
      const [ours] = await query<{ n: string }>(
        `SELECT count(*) AS n FROM charges WHERE installment_id = $1 AND status = 'success'`,
        [installmentId],
      );
      const [installment] = await query<{ status: string }>(
        'SELECT status FROM installments WHERE id = $1',
        [installmentId],
      );
      const expected = installment?.status === 'paid' ? 1 : 0;
      expect(Number(atGateway?.n), `gateway charges of ${installmentId}`).toBe(expected);
      expect(Number(ours?.n), `charge rows of ${installmentId}`).toBe(expected);
    },
    settleAtGateway: async () => {
      await sandbox('POST', '/_sandbox/settle');
    },
    stop: async () => {
      for (const proc of [...background].reverse()) await proc.stop();
      await receiver.close();
      try {
        await assertInvariants(database.url);
      } finally {
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

export { waitFor };
