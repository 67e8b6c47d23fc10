import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { chargeReference } from '../../src/features/collections/intents.ts';
import { generateSecrets } from '../../src/platform/secrets.ts';
import { createTestDatabase } from '../harness/database.ts';
import { signUpCustomerWithCard, waitFor } from '../harness/e2e.ts';
import { HttpClient } from '../harness/http-client.ts';
import { assertInvariants } from '../harness/invariants.ts';
import { freePort } from '../harness/sandbox.ts';
import { startTrancheProcess, type TrancheProcess } from '../harness/tranche-process.ts';

/**
 * Fault test (issue 4): the worker process is killed (SIGKILL) between the gateway charge and
 * recording it, then started again. The sandbox gateway, the API and the worker each run as their
 * own `tranche` process. The sandbox's `delay_next_response_ms` knob holds the answer to the
 * deposit's charge_authorization after the sandbox has recorded the charge, so the kill lands
 * exactly in that window. The sandbox's webhooks go to a port nobody listens on, so only the
 * restarted worker can record the outcome. Expected: one charge at the gateway, one charge row,
 * one ledger entry, the installment paid, and reconciliation with the gateway clean.
 */
const processes: TrancheProcess[] = [];
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let api: HttpClient;
let sandboxUrl: string;
let env: NodeJS.ProcessEnv;
const secrets = generateSecrets();
const dataDir = mkdtempSync(join(tmpdir(), 'tranche-e2e-kill-'));

async function startTranche(
  command: string,
  readyText: string,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<TrancheProcess> {
  const proc = await startTrancheProcess(command, readyText, { ...env, ...extraEnv });
  processes.push(proc);
  return proc;
}

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

const sandbox = (method: string, path: string, body?: unknown) =>
  fetch(`${sandboxUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${secrets.gatewaySecretKey}`,
      'content-type': 'application/json',
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  }).then(async (response) => ({
    status: response.status,
    body: (await response.json()) as { status: boolean; data: Record<string, unknown> },
  }));

beforeAll(async () => {
  database = await createTestDatabase();
  const port = await freePort();
  const sandboxPort = await freePort();
  const nobody = await freePort();
  sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  env = {
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
  };
  delete env.REDIS_URL;
  await Promise.all([
    // The sandbox announces its webhooks to PUBLIC_BASE_URL: here a port nobody listens on.
    startTranche('sandbox-gateway', 'Sandbox gateway running', {
      PUBLIC_BASE_URL: `http://127.0.0.1:${nobody}`,
    }),
    startTranche('api', 'operators add'),
    startTranche('worker', 'Tranche worker running.'),
  ]);
  api = new HttpClient(`http://127.0.0.1:${port}`);
}, 90_000);

afterAll(async () => {
  for (const proc of processes) {
    if (proc.child.exitCode === null && proc.child.signalCode === null) {
      proc.child.kill('SIGTERM');
      await proc.exited;
    }
  }
  try {
    // Every process is stopped: I1–I12 must hold after the kill and the restart (test/invariants.sql).
    await assertInvariants(database.url);
  } finally {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

describe('the worker killed between the gateway charge and recording it', () => {
  it('charges once and books once after a restart', async () => {
    const registered = await api.post('/api/v1/merchant/register', {
      business_name: 'Kill Stores',
      email: 'kill@shop.test',
      password: 'a long merchant password',
    });
    const merchantId = registered.body.data.merchant.id as string;
    const key = registered.body.data.secret_keys.test as string;
    // Plans need a verified identity (issue 6): the sandbox provider's test BVN.
    const { token, methodId } = await signUpCustomerWithCard(api, {
      email: 'buyer@kill.test',
      firstName: 'Ngozi',
      lastName: 'Eze',
      bvn: '22100000002',
    });
    // The card's verification charge is refunded by the worker: let that call pass first.
    await waitFor(
      async () => (await query('SELECT 1 FROM graphile_worker.jobs')).length === 0,
      20_000,
    );

    // The next mutating gateway call (the deposit's charge) is performed, its answer held.
    const held = await sandbox('POST', '/_sandbox/faults', { delay_next_response_ms: 60_000 });
    expect(held.body.data.delay_next_response_ms).toBe(60_000);
    const session = await api.post(
      '/api/v1/checkout/sessions',
      {
        merchant_id: merchantId,
        amount: 100_000,
        currency: 'NGN',
        title: 'Standing desk',
        order_reference: 'kill-1',
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
    const [deposit] = await query<{ id: string; amount_kobo: string }>(
      'SELECT id, amount_kobo::text FROM installments WHERE plan_id = $1 AND sequence = 0',
      [planId],
    );
    if (!deposit) throw new Error('no deposit installment');
    const reference = chargeReference(deposit.id, 1);

    // The gateway has charged the card; the worker is still waiting for the answer.
    await waitFor(
      async () => (await sandbox('GET', `/transaction/verify/${reference}`)).status === 200,
      20_000,
    );
    expect((await sandbox('GET', `/transaction/verify/${reference}`)).body.data.status).toBe(
      'success',
    );
    const [before] = await query<{ status: string; installment: string }>(
      `SELECT c.status, i.status AS installment FROM charges c
       JOIN installments i ON i.id = c.installment_id WHERE c.reference = $1`,
      [reference],
    );
    expect(before).toEqual({ status: 'pending', installment: 'processing' });

    const worker = processes.find((p) => p.output().includes('Tranche worker running.'));
    if (!worker) throw new Error('no worker process');
    worker.child.kill('SIGKILL');
    await worker.exited;
    expect(worker.child.signalCode).toBe('SIGKILL');

    // The job is left locked by the dead process: graphile-worker alone would free it in 4 hours.
    const [locked] = await query<{ locked_by: string | null }>(
      `SELECT locked_by FROM graphile_worker.jobs WHERE key = $1`,
      [`collect:${deposit.id}:1`],
    );
    expect(locked?.locked_by).toBeTruthy();
    expect(
      (
        await query('SELECT 1 FROM charges WHERE reference = $1 AND status = $2', [
          reference,
          'pending',
        ])
      ).length,
    ).toBe(1);

    const restarted = await startTranche('worker', 'Tranche worker running.');
    await waitFor(
      async () =>
        (
          await query('SELECT 1 FROM installments WHERE id = $1 AND status = $2', [
            deposit.id,
            'paid',
          ])
        ).length === 1,
      40_000,
      () => restarted.output(),
    );
    expect(restarted.output()).toContain('unlocked the jobs of dead worker processes');

    // One charge at the gateway for this installment …
    const atGateway = await query<{ reference: string; status: string; amount: string }>(
      `SELECT reference, status, amount::text FROM sandbox_gateway.transactions
       WHERE metadata ->> 'installment_id' = $1`,
      [deposit.id],
    );
    expect(atGateway).toEqual([{ reference, status: 'success', amount: deposit.amount_kobo }]);
    // … one charge row, settled …
    const charges = await query<{ reference: string; status: string }>(
      'SELECT reference, status FROM charges WHERE installment_id = $1',
      [deposit.id],
    );
    expect(charges).toEqual([{ reference, status: 'success' }]);
    // … one ledger entry, gross = fee + net, and the ledger balances.
    const entries = await query<{ gross: string; fee: string; net: string }>(
      `SELECT sum(p.debit_kobo) FILTER (WHERE p.account = 'gateway_clearing') AS gross,
              sum(p.credit_kobo) FILTER (WHERE p.account = 'platform_fee_revenue') AS fee,
              sum(p.credit_kobo) FILTER (WHERE p.account LIKE 'merchant_payable:%') AS net
       FROM journal_entries e JOIN journal_postings p ON p.entry_id = e.id
       WHERE e.kind = 'payment_collected' AND e.reference = $1
       GROUP BY e.id`,
      [reference],
    );
    expect(entries).toHaveLength(1);
    const entry = entries[0];
    expect(Number(entry?.gross)).toBe(Number(deposit.amount_kobo));
    expect(Number(entry?.fee) + Number(entry?.net)).toBe(Number(entry?.gross));
    const [total] = await query<{ total: string }>(
      'SELECT COALESCE(sum(debit_kobo) - sum(credit_kobo), 0) AS total FROM journal_postings',
    );
    expect(Number(total?.total)).toBe(0);
    const plan = await api.get(`/api/v1/merchant/${merchantId}/plans/${planId}`, { token: key });
    expect(plan.body.data.status).toBe('active');

    // The operator's reconciliation, asking the gateway about every charge, finds nothing.
    const reconcile = spawn(process.execPath, ['bin/tranche.mjs', 'reconcile', '--json'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let report = '';
    reconcile.stdout.on('data', (chunk: Buffer) => (report += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => reconcile.once('exit', resolve));
    expect(code, report).toBe(0);
    expect(JSON.parse(report)).toMatchObject({ differences: [] });
  }, 180_000);
});
