import { createHmac, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRASH_POINTS, type CrashPoint } from '../../src/platform/crash-points.ts';
import { generateSecrets } from '../../src/platform/secrets.ts';
import { createTestDatabase } from '../harness/database.ts';
import { signUpCustomerWithCard, waitFor } from '../harness/e2e.ts';
import { freshTestBvn } from '../harness/fixtures.ts';
import { HttpClient } from '../harness/http-client.ts';
import { assertInvariants } from '../harness/invariants.ts';
import { freePort } from '../harness/sandbox.ts';
import { startTrancheProcess, type TrancheProcess } from '../harness/tranche-process.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../harness/webhook-receiver.ts';
import { batteryCount, report } from './battery.ts';

/**
 * B13 of the reliability battery: the crash-point sweep. The sandbox gateway, the API and the
 * worker run as their own `tranche` processes. For each named crash point of the worker
 * (src/platform/crash-points.ts: the deposit and installment collections, payouts, the webhook
 * dispatcher) and each seed (which time the point is reached: the deposit or a later
 * installment, the first or a later payout, the first or a later delivery), a worker started
 * with CRASH_AT=<point>@<seed> kills itself there (SIGKILL); a worker without it is started and
 * finishes the work. Then: the work is done once (one successful gateway charge per installment,
 * one transfer per payout, every webhook event delivered, a redelivery with the same id and a
 * valid signature), and I1–I12 hold (test/invariants.sql) after every run.
 */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let api: HttpClient;
let env: NodeJS.ProcessEnv;
let sandboxUrl: string;
let receiver: WebhookReceiver;
let merchant: { id: string; key: string; webhookSecret: string };
const secrets = generateSecrets();
const dataDir = mkdtempSync(join(tmpdir(), 'tranche-crash-points-'));
const background: TrancheProcess[] = [];

async function query<Row extends pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const settleAtGateway = () =>
  fetch(`${sandboxUrl}/_sandbox/settle`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secrets.gatewaySecretKey}` },
  });

const startWorker = (crashAt?: string) =>
  startTrancheProcess('worker', 'Tranche worker running.', {
    ...env,
    ...(crashAt && { CRASH_AT: crashAt }),
  });

beforeAll(async () => {
  database = await createTestDatabase();
  receiver = await startWebhookReceiver();
  const [port, sandboxPort] = [await freePort(), await freePort()];
  sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  env = {
    ...process.env,
    DATABASE_URL: database.url,
    PORT: String(port),
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    SANDBOX_GATEWAY_PORT: String(sandboxPort),
    GATEWAY_SECRET_KEY: secrets.gatewaySecretKey,
    ENCRYPTION_KEY: secrets.encryptionKey,
    JWT_PRIVATE_KEY: secrets.jwtPrivateKeyPem,
    ADMIN_API_TOKEN: secrets.adminApiToken,
    TRANCHE_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DEMO_STORE: 'off',
    // Sweeps of rate limits would only slow the runs down.
    RATE_LIMIT_SANDBOX_PER_MIN: '100000',
  };
  delete env.REDIS_URL;
  delete env.CRASH_AT;
  background.push(
    ...(await Promise.all([
      startTrancheProcess('sandbox-gateway', 'Sandbox gateway running', env),
      startTrancheProcess('api', 'admin-token', env),
    ])),
  );
  api = new HttpClient(`http://127.0.0.1:${port}`);
  const registered = await api.post('/api/v1/merchant/register', {
    business_name: 'Crash Stores',
    email: 'crash@shop.test',
    password: 'a long merchant password',
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  merchant = {
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
}, 120_000);

afterAll(async () => {
  for (const proc of background.reverse()) await proc.stop();
  await receiver.close();
  try {
    await assertInvariants(database.url);
  } finally {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/** A confirmed 3-installment plan for a new customer (the worker then collects the deposit). */
async function newPlan(): Promise<{ planId: string; installments: { id: string }[] }> {
  const { token, methodId } = await signUpCustomerWithCard(api, {
    email: `c-${randomUUID()}@crash.test`,
    firstName: 'Ngozi',
    lastName: 'Eze',
    bvn: freshTestBvn(),
  });
  const session = await api.post(
    '/api/v1/checkout/sessions',
    {
      merchant_id: merchant.id,
      amount: 120_000,
      currency: 'NGN',
      title: 'Standing desk',
      order_reference: `crash-${randomUUID()}`,
    },
    { token: merchant.key, headers: { 'idempotency-key': randomUUID() } },
  );
  expect(session.status, JSON.stringify(session.body)).toBe(201);
  const confirmed = await api.post(
    `/api/v1/checkout/sessions/${session.body.data.token}/confirm`,
    { frequency: 'weekly', installment_count: 3, upfront_pct: 25, payment_method_id: methodId },
    { token },
  );
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
  const planId = confirmed.body.data.payment_plan_id as string;
  const installments = await query<{ id: string }>(
    'SELECT id FROM installments WHERE plan_id = $1 ORDER BY sequence',
    [planId],
  );
  return { planId, installments };
}

async function installmentStatus(id: string): Promise<string | undefined> {
  return (await query<{ status: string }>('SELECT status FROM installments WHERE id = $1', [id]))[0]
    ?.status;
}

const advance = (planId: string) =>
  api.post(`/api/v1/merchant/${merchant.id}/plans/${planId}/advance`, undefined, {
    token: merchant.key,
  });

/** Waits for the armed worker to kill itself; fails the run when the point was never reached. */
async function crashed(worker: TrancheProcess, point: string): Promise<void> {
  await waitFor(
    () => worker.child.signalCode !== null || worker.child.exitCode !== null,
    45_000,
    () => `the worker never reached ${point}\n${worker.output().slice(-2000)}`,
  );
  expect(worker.child.signalCode).toBe('SIGKILL');
}

/** Nothing of the work is left: no job due or running (later installments wait for their day). */
async function quiet(): Promise<boolean> {
  const [row] = await query<{ count: string }>(
    `SELECT count(*) AS count FROM graphile_worker.jobs
      WHERE (run_at <= now() OR locked_at IS NOT NULL)
        AND task_identifier NOT IN ('expire_checkout_sessions', 'payout_sweep', 'reconcile',
          'purge_idempotency_keys', 'purge_webhook_events', 'deliver_notifications')`,
  );
  return Number(row?.count) === 0;
}

/** One successful gateway charge (and one successful charge row) per installment. */
async function chargedOnce(installmentId: string): Promise<void> {
  const atGateway = await query<{ n: string }>(
    `SELECT count(*) AS n FROM sandbox_gateway.transactions
      WHERE metadata ->> 'installment_id' = $1 AND status = 'success'`,
    [installmentId],
  );
  expect(Number(atGateway[0]?.n), `gateway charges of ${installmentId}`).toBe(1);
  const ours = await query<{ n: string }>(
    `SELECT count(*) AS n FROM charges WHERE installment_id = $1 AND status = 'success'`,
    [installmentId],
  );
  expect(Number(ours[0]?.n)).toBe(1);
}

/** A collection cut at `point`: the `seed`-th collection of a new plan (deposit = 1). */
async function collectionRun(point: CrashPoint, seed: number): Promise<void> {
  const worker = await startWorker(`${point}@${seed}`);
  const { planId, installments } = await newPlan();
  for (let paid = 1; paid < seed; paid++) {
    await waitFor(
      async () => (await installmentStatus(installments[paid - 1]!.id)) === 'paid',
      30_000,
      () => worker.output(),
    );
    expect((await advance(planId)).status).toBe(200);
  }
  await crashed(worker, point);
  const restarted = await startWorker();
  try {
    const target = installments[seed - 1]!.id;
    await waitFor(
      async () => (await installmentStatus(target)) === 'paid' && (await quiet()),
      60_000,
      () => restarted.output(),
    );
    for (const installment of installments.slice(0, seed)) await chargedOnce(installment.id);
  } finally {
    await restarted.stop();
  }
}

async function availableKobo(): Promise<number> {
  const wallet = await api.get(`/api/v1/merchant/${merchant.id}/wallet`, { token: merchant.key });
  return wallet.body.data.available as number;
}

async function payoutStatus(id: string): Promise<string | undefined> {
  return (await query<{ status: string }>('SELECT status FROM payouts WHERE id = $1', [id]))[0]
    ?.status;
}

/** A payout cut at `point`: the `seed`-th payout the worker sends (earlier ones complete). */
async function payoutRun(point: CrashPoint, seed: number): Promise<void> {
  const worker = await startWorker(`${point}@${seed}`);
  const { installments } = await newPlan();
  await waitFor(async () => (await installmentStatus(installments[0]!.id)) === 'paid', 30_000);
  const amount = Math.floor((await availableKobo()) / (seed + 1));
  const payouts: string[] = [];
  for (let n = 1; n <= seed; n++) {
    const created = await api.post(
      `/api/v1/merchant/${merchant.id}/payouts`,
      { amount },
      { token: merchant.key, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    payouts.push(created.body.data.id as string);
    if (n < seed) {
      await waitFor(async () => (await payoutStatus(payouts[n - 1]!)) !== 'pending', 30_000);
      await settleAtGateway();
    }
  }
  await crashed(worker, point);
  const restarted = await startWorker();
  try {
    await waitFor(
      async () => {
        await settleAtGateway();
        return (await payoutStatus(payouts.at(-1)!)) === 'paid' && (await quiet());
      },
      60_000,
      () => restarted.output(),
    );
    const transfers = await query<{ reference: string; n: string }>(
      `SELECT p.reference, count(t.id) AS n FROM payouts p
         LEFT JOIN sandbox_gateway.transfers t ON t.reference = p.reference
        WHERE p.id = ANY($1) GROUP BY p.reference`,
      [payouts],
    );
    expect(transfers.map((t) => Number(t.n))).toEqual(payouts.map(() => 1));
  } finally {
    await restarted.stop();
  }
}

const verifies = (body: string, signature: string | string[] | undefined) =>
  signature === createHmac('sha512', merchant.webhookSecret).update(body).digest('hex');

/** A delivery cut at `point`: the `seed`-th webhook the dispatcher delivers. */
async function webhookRun(point: CrashPoint, seed: number): Promise<number> {
  const before = receiver.received.length;
  const worker = await startWorker(`${point}@${seed}`);
  const { planId, installments } = await newPlan();
  await crashed(worker, point);
  const restarted = await startWorker();
  try {
    await waitFor(
      async () => {
        const [row] = await query<{ n: string }>(
          `SELECT count(*) AS n FROM webhook_events
            WHERE merchant_id = $1 AND status <> 'delivered'`,
          [merchant.id],
        );
        return (
          (await installmentStatus(installments[0]!.id)) === 'paid' &&
          Number(row?.n) === 0 &&
          (await quiet())
        );
      },
      60_000,
      () => restarted.output(),
    );
    const events = await query<{ id: string }>(
      `SELECT e.id FROM webhook_events e WHERE e.merchant_id = $1 AND e.body LIKE $2`,
      [merchant.id, `%${planId}%`],
    );
    const received = receiver.received.slice(before);
    const ids = received.map((r) => (JSON.parse(r.body) as { id: string }).id);
    for (const event of events) expect(ids, `event ${event.id} lost`).toContain(event.id);
    for (const delivery of received)
      expect(verifies(delivery.body, delivery.headers['x-tranche-signature'])).toBe(true);
    return ids.length - new Set(ids).size;
  } finally {
    await restarted.stop();
  }
}

describe('B13: crash-point sweep', () => {
  const seeds = [1, 2, 3];
  const rounds = batteryCount({ ci: 1, full: 10 });

  it(`every crash point × seeds ${seeds.join(', ')}: done once after a restart, invariants after each run`, async () => {
    const outcomes: Record<string, number> = {};
    let runs = 0;
    let redelivered = 0;
    for (let round = 0; round < rounds; round++) {
      for (const point of CRASH_POINTS) {
        for (const seed of seeds) {
          if (point.startsWith('collection.')) await collectionRun(point, seed);
          else if (point.startsWith('payout.')) await payoutRun(point, seed);
          else redelivered += await webhookRun(point, seed);
          await assertInvariants(database.url);
          runs++;
          outcomes[point] = (outcomes[point] ?? 0) + 1;
        }
      }
    }
    report('B13', {
      runs,
      survived: runs,
      points: CRASH_POINTS.length,
      redelivered_events: redelivered,
    });
    expect(runs).toBe(rounds * CRASH_POINTS.length * seeds.length);
  }, 3_600_000);
});
