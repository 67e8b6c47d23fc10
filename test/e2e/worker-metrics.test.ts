import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AppContext } from '../../src/app-context.ts';
import { connectDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { runWrite } from '../../src/db/write.ts';
import { recordEvent } from '../../src/features/merchant-webhooks/events.ts';
import { createMerchant } from '../../src/features/merchants/index.ts';
import { systemClock } from '../../src/platform/clock.ts';
import { SecretBox } from '../../src/platform/crypto.ts';
import { generateSecrets } from '../../src/platform/secrets.ts';
import { createTestDatabase } from '../harness/database.ts';
import { waitFor } from '../harness/e2e.ts';
import { assertInvariants } from '../harness/invariants.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../harness/webhook-receiver.ts';

/**
 * The worker process's own /healthz, /readyz and /metrics, scraped for real from `tranche worker`
 * while it delivers real webhook events from the outbox.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let handle: DatabaseHandle;
let receiver: WebhookReceiver;
let worker: ChildProcess | undefined;
let output = '';
let monitoringUrl = '';
const secrets = generateSecrets();
const dataDir = mkdtempSync(join(tmpdir(), 'tranche-worker-metrics-'));

beforeAll(async () => {
  database = await createTestDatabase();
  handle = connectDatabase(database.url, 4);
  receiver = await startWebhookReceiver();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    TRANCHE_DATA_DIR: dataDir,
    ENCRYPTION_KEY: secrets.encryptionKey,
    JWT_PRIVATE_KEY: secrets.jwtPrivateKeyPem,
    GATEWAY_SECRET_KEY: secrets.gatewaySecretKey,
    WORKER_METRICS_PORT: '0',
    WEBHOOK_POLL_MS: '50',
    LOG_LEVEL: 'warn',
  };
  delete env.REDIS_URL;
  worker = spawn(process.execPath, ['bin/tranche.mjs', 'worker'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  worker.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  worker.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitFor(
    () => /Health and metrics: (http:\/\/\S+)/.test(output),
    30_000,
    () => output,
  );
  monitoringUrl = /Health and metrics: (http:\/\/\S+)/.exec(output)?.[1] ?? '';
});

afterAll(async () => {
  if (worker && worker.exitCode === null) {
    const exited = new Promise((resolve) => worker?.once('exit', resolve));
    worker.kill('SIGTERM');
    await exited;
  }
  await receiver.close();
  await handle.close();
  try {
    await assertInvariants(database.url);
  } finally {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

async function scrape(): Promise<string> {
  const response = await fetch(`${monitoringUrl}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
}

/** The value of one sample, e.g. `tranche_webhook_queue_depth{mode="test",status="pending"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function merchantWithEndpoint(name: string, path: string): Promise<string> {
  const ctx = {
    db: handle.db,
    clock: systemClock,
    secretBox: new SecretBox(secrets.encryptionKey),
  } as unknown as AppContext;
  const created = await createMerchant(ctx, {
    businessName: name,
    email: `${path.slice(1)}@shop.test`,
    password: 'correct horse battery',
  });
  await handle.db
    .updateTable('webhook_endpoints')
    .set({ url: `${receiver.url}${path}` })
    .where('merchant_id', '=', created.merchant.id)
    .where('livemode', '=', false)
    .execute();
  return created.merchant.id;
}

function emit(merchantId: string) {
  return runWrite(handle.db, (tx) =>
    recordEvent(
      tx,
      {
        merchantId,
        livemode: false,
        type: 'payment.success',
        data: { payment_plan: { id: 'plan_metrics' } },
      },
      new Date(),
    ),
  );
}

describe('the worker serves health, readiness and Prometheus metrics on its own port', () => {
  it('answers /healthz and /readyz (PostgreSQL reachable)', async () => {
    const health = await fetch(`${monitoringUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true, status: 'alive' });
    const ready = await fetch(`${monitoringUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ok: true, status: 'ready' });
    expect((await fetch(`${monitoringUrl}/nope`)).status).toBe(404);
  });

  it('exposes every business metric, at zero on an idle system', async () => {
    const text = await scrape();
    for (const series of [
      'tranche_installments_due{mode="test"}',
      'tranche_installments_due{mode="live"}',
      'tranche_collection_lag_seconds{mode="live"}',
      'tranche_installments_collected_total',
      'tranche_installments_failed_total',
      'tranche_webhook_queue_depth{mode="test",status="pending"}',
      'tranche_webhook_queue_depth{mode="test",status="retrying"}',
      'tranche_webhook_oldest_pending_age_seconds{mode="test"}',
      'tranche_webhook_dead_letters{mode="test"}',
      'tranche_webhook_deliveries_total{outcome="delivered"}',
      'tranche_payouts_pending',
      'tranche_payouts_awaiting_otp',
      'tranche_payouts_awaiting_otp_oldest_age_seconds',
      'tranche_payouts_awaiting_otp_overdue',
      'tranche_refunds_pending',
    ]) {
      expect(sample(text, series), series).toBe(0);
    }
    expect(text).toContain('# TYPE tranche_installments_collected_total counter');
    expect(text).toContain('# TYPE tranche_webhook_queue_depth gauge');
    expect(text).toContain('process_cpu_seconds_total');
  });

  it('counts real deliveries and shows the retry queue and dead letters as they change', async () => {
    receiver.answer = (request) => ({ status: request.path === '/down' ? 500 : 200 });
    const healthy = await merchantWithEndpoint('Healthy Stores', '/up');
    const broken = await merchantWithEndpoint('Broken Stores', '/down');
    await emit(healthy);
    await emit(broken);
    await receiver.waitFor(2, 30_000);

    let text = '';
    await waitFor(
      async () => {
        text = await scrape();
        return (
          sample(text, 'tranche_webhook_deliveries_total{outcome="delivered"}') === 1 &&
          sample(text, 'tranche_webhook_deliveries_total{outcome="retrying"}') === 1
        );
      },
      30_000,
      () => `${text}\n${output}`,
    );
    // The failed event waits for its retry (a minute later): queued, not pending.
    expect(sample(text, 'tranche_webhook_queue_depth{mode="test",status="retrying"}')).toBe(1);
    expect(sample(text, 'tranche_webhook_queue_depth{mode="test",status="pending"}')).toBe(0);
    expect(sample(text, 'tranche_webhook_dead_letters{mode="test"}')).toBe(0);

    // Its retries run out (as after 72 hours): it becomes a dead letter.
    await handle.db
      .updateTable('webhook_events')
      .set({ status: 'dead', next_attempt_at: null })
      .where('merchant_id', '=', broken)
      .execute();
    text = await scrape();
    expect(sample(text, 'tranche_webhook_dead_letters{mode="test"}')).toBe(1);
    expect(sample(text, 'tranche_webhook_queue_depth{mode="test",status="retrying"}')).toBe(0);
  });
});
