import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestDatabase } from '../harness/database.ts';
import { signUpCustomerWithCard, waitFor } from '../harness/e2e.ts';
import { HttpClient } from '../harness/http-client.ts';
import { assertInvariants } from '../harness/invariants.ts';
import { freePort } from '../harness/sandbox.ts';

/**
 * The whole money path through the real processes (`tranche start`: API, worker, sandbox gateway)
 * over real HTTP: session → plan → deposit → every installment (sandbox time travel) → payout,
 * then a failed installment and its retry; the ledger balanced at the end.
 */
let child: ChildProcess | undefined;
let output = '';
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let api: HttpClient;
let sandboxUrl: string;
const gatewayKey = `sk_test_sandbox${randomUUID().replace(/-/g, '')}`;
const dataDir = mkdtempSync(join(tmpdir(), 'tranche-e2e-'));

let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  database = await createTestDatabase();
  const port = await freePort();
  const sandboxPort = await freePort();
  sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  env = {
    ...process.env,
    DATABASE_URL: database.url,
    PORT: String(port),
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    SANDBOX_GATEWAY_PORT: String(sandboxPort),
    SANDBOX_CREDIT_BUREAU_PORT: '0',
    SANDBOX_SMS_PORT: '0',
    // The in-process test provider (test/harness/e2e.ts sends its consent); the Dojah simulator's
    // path is the checkout journey's (test/browser/checkout-journey.test.ts).
    IDENTITY_PROVIDER: 'sandbox',
    GATEWAY_SECRET_KEY: gatewayKey,
    TRANCHE_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DEMO_STORE: 'off',
  };
  delete env.REDIS_URL;
  const proc = spawn(process.execPath, ['bin/tranche.mjs', 'start'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = proc;
  proc.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  proc.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitFor(
    () => output.includes('operators add'),
    60_000,
    () => output,
  );
  api = new HttpClient(`http://127.0.0.1:${port}`);
}, 90_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  try {
    // The processes are stopped: I1–I12 must hold over everything they did (test/invariants.sql).
    await assertInvariants(database.url);
  } finally {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

const sandbox = (path: string, body: unknown) =>
  fetch(`${sandboxUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${gatewayKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function ledgerTotal(): Promise<number> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const result = await client.query<{ total: string }>(
    'SELECT COALESCE(sum(debit_kobo) - sum(credit_kobo), 0) AS total FROM journal_postings',
  );
  await client.end();
  return Number(result.rows[0]?.total);
}

describe('end to end through tranche start', () => {
  it('session → plan → deposit → every installment → refund → payout; a failed installment is retried; the ledger balances', async () => {
    const registered = await api.post('/api/v1/merchant/register', {
      business_name: 'E2E Stores',
      email: 'e2e@shop.test',
      password: 'a long merchant password',
    });
    const merchantId = registered.body.data.merchant.id as string;
    const key = registered.body.data.secret_keys.test as string;
    expect(
      (
        await api.patch(
          `/api/v1/merchant/${merchantId}/settings`,
          { settlement_account: { bank_code: '058', account_number: '0123456789' } },
          { token: key },
        )
      ).status,
    ).toBe(200);

    const { token, methodId } = await signUpCustomerWithCard(api, {
      email: 'buyer@mail.test',
      firstName: 'Chidi',
      lastName: 'Okeke',
      bvn: '22100000001',
    });

    const session = await api.post(
      '/api/v1/checkout/sessions',
      {
        merchant_id: merchantId,
        amount: 120_000,
        currency: 'NGN',
        title: 'Office chair',
        order_reference: 'e2e-1',
      },
      { token: key, headers: { 'idempotency-key': randomUUID() } },
    );
    const confirm = await api.post(
      `/api/v1/checkout/sessions/${session.body.data.token}/confirm`,
      {
        frequency: 'weekly',
        installment_count: 3,
        upfront_pct: 25,
        payment_method_id: methodId,
      },
      { token },
    );
    expect(confirm.status, JSON.stringify(confirm.body)).toBe(201);
    const planId = confirm.body.data.payment_plan_id as string;
    const plan = () =>
      api
        .get(`/api/v1/merchant/${merchantId}/plans/${planId}`, { token: key })
        .then((r) => r.body.data);
    const paidCount = async () =>
      (await plan()).installments.filter((i: { status: string }) => i.status === 'paid').length;

    // The worker collects the deposit by itself.
    await waitFor(
      async () => (await plan()).status === 'active',
      20_000,
      () => output,
    );
    // … and delivers the customer's receipt (in-app at once; the e-mail goes to the log here).
    const noticeKinds = async () =>
      (await api.get('/api/v1/customers/me/notifications', { token })).body.data.map(
        (n: { kind: string }) => n.kind,
      ) as string[];
    await waitFor(
      async () => (await noticeKinds()).includes('payment_receipt'),
      20_000,
      () => output,
    );

    // Installment 1 fails (insufficient funds), then succeeds on the retry brought forward.
    const code = await authorizationCodeOf(methodId);
    await sandbox(`/_sandbox/authorizations/${code}`, { behaviour: 'insufficient_funds' });
    expect(
      (
        await api.post(`/api/v1/merchant/${merchantId}/plans/${planId}/advance`, undefined, {
          token: key,
        })
      ).status,
    ).toBe(200);
    await waitFor(
      async () => (await plan()).installments[1].status === 'failed',
      20_000,
      () => output,
    );
    await waitFor(
      async () => (await noticeKinds()).includes('payment_failed'),
      20_000,
      () => output,
    );
    // A failed installment past its due date makes the customer delinquent: a new checkout is
    // refused with that reason until it is paid. Two days pass (time travel); the retry, brought
    // forward with the clock, fails again.
    const clock = await api.post(
      `/api/v1/merchant/${merchantId}/plans/${planId}/advance-clock`,
      { days: 2 },
      { token: key },
    );
    expect(clock.status, JSON.stringify(clock.body)).toBe(200);
    // Advancing the clock brought the retry forward too: wait until it has run (and failed).
    await waitFor(
      async () => (await chargesOf(clock.body.data.installments[1].id as string)) === 2,
      20_000,
      () => output,
    );
    const eligibility = async () => {
      const next = await api.post(
        '/api/v1/checkout/sessions',
        {
          merchant_id: merchantId,
          amount: 10_000,
          currency: 'NGN',
          title: 'Phone case',
          order_reference: `lifecycle-${randomUUID()}`,
        },
        { token: key, headers: { 'idempotency-key': randomUUID() } },
      );
      const res = await api.get(`/api/v1/checkout/sessions/${next.body.data.token}/eligibility`, {
        token,
      });
      expect(res.status).toBe(200);
      return res.body.data as { eligible: boolean; reason: string | null };
    };
    expect(await eligibility()).toMatchObject({ eligible: false, reason: 'delinquent' });

    await sandbox(`/_sandbox/authorizations/${code}`, { behaviour: 'success' });
    for (let paid = 1; paid < 4; paid++) {
      expect(
        (
          await api.post(`/api/v1/merchant/${merchantId}/plans/${planId}/advance`, undefined, {
            token: key,
          })
        ).status,
      ).toBe(200);
      await waitFor(
        async () => (await paidCount()) === paid + 1,
        20_000,
        () => output,
      );
    }
    expect((await plan()).status).toBe('completed');
    expect(await eligibility()).toMatchObject({ eligible: true, reason: null });

    const wallet = (await api.get(`/api/v1/merchant/${merchantId}/wallet`, { token: key })).body
      .data;
    // 4 payments of 30,000: fee 750 each.
    expect(wallet).toMatchObject({ available: 117_000, pending: 0 });

    // One item comes back: the merchant refunds ₦300.00 of the completed plan. The worker sends it
    // to the gateway, which pays it back to the card; the fee on it (750) comes back too.
    const refund = await api.post(
      `/api/v1/merchant/${merchantId}/plans/${planId}/refunds`,
      { amount: 30_000, reason: 'returned' },
      { token: key, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    expect(refund.body.data).toMatchObject({ cash_amount: 30_000, fee_returned: 750 });
    await waitFor(
      async () =>
        (
          await api.get(
            `/api/v1/merchant/${merchantId}/plans/${planId}/refunds/${refund.body.data.id}`,
            { token: key },
          )
        ).body.data.status === 'processed',
      20_000,
      () => output,
    );
    expect(
      (await api.get(`/api/v1/merchant/${merchantId}/wallet`, { token: key })).body.data,
    ).toMatchObject({ available: 87_750, refunds_in_transit: 0 });
    const payout = await api.post(`/api/v1/merchant/${merchantId}/payouts`, {}, { token: key });
    expect(payout.status).toBe(201);
    await waitFor(
      async () =>
        (await api.get(`/api/v1/merchant/${merchantId}/payouts`, { token: key })).body.data[0]
          ?.status === 'paid',
      20_000,
      () => output,
    );
    expect(
      (await api.get(`/api/v1/merchant/${merchantId}/wallet`, { token: key })).body.data,
    ).toMatchObject({ available: 0, payouts_in_transit: 0 });
    expect(await ledgerTotal()).toBe(0);

    // The operator's reconciliation, asking the gateway about every charge and payout, finds
    // nothing to report.
    const reconcile = spawn(process.execPath, ['bin/tranche.mjs', 'reconcile', '--json'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let report = '';
    reconcile.stdout.on('data', (chunk: Buffer) => (report += chunk.toString()));
    reconcile.stderr.on('data', (chunk: Buffer) => (report += chunk.toString()));
    const exitCode = await new Promise<number | null>((resolve) => reconcile.once('exit', resolve));
    expect(exitCode, report).toBe(0);
    expect(JSON.parse(report)).toMatchObject({ differences: [] });
  }, 180_000);
});

async function chargesOf(installmentId: string): Promise<number> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const row = await client.query<{ n: string }>(
    'SELECT count(*) AS n FROM charges WHERE installment_id = $1 AND status <> $2',
    [installmentId, 'pending'],
  );
  await client.end();
  return Number(row.rows[0]?.n ?? 0);
}

async function authorizationCodeOf(methodId: string): Promise<string> {
  // The test reads the sealed code through the service's own key file, as an operator would.
  const { readFileSync } = await import('node:fs');
  const { SecretBox } = await import('../../src/platform/crypto.ts');
  const secrets = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as {
    encryptionKey: string;
  };
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const row = await client.query<{ authorization_sealed: string }>(
    'SELECT authorization_sealed FROM payment_methods WHERE id = $1',
    [methodId],
  );
  await client.end();
  return new SecretBox(secrets.encryptionKey).open(row.rows[0]?.authorization_sealed ?? '');
}
