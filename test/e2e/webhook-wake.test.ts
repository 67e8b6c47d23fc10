import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { sql } from 'kysely';
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
import { startTrancheProcess, type TrancheProcess } from '../harness/tranche-process.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../harness/webhook-receiver.ts';

/**
 * Issue 30 item 1: a new webhook event wakes the worker's dispatcher through PostgreSQL
 * NOTIFY/LISTEN, so it goes out at once even with the poll a minute apart; the poll is only the
 * fallback. A real worker process, a real receiver, a real database.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let handle: DatabaseHandle;
let receiver: WebhookReceiver;
let worker: TrancheProcess | undefined;
const secrets = generateSecrets();
const dataDir = mkdtempSync(join(tmpdir(), 'tranche-webhook-wake-'));

beforeAll(async () => {
  database = await createTestDatabase();
  handle = connectDatabase(database.url, 4);
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  await worker?.stop();
  await receiver.close();
  await handle.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the dispatcher wakes when events are written', () => {
  it('an event written while the worker idles on a one-minute poll is delivered within seconds, and so is one written after its database connection was cut', async () => {
    const ctx = {
      db: handle.db,
      clock: systemClock,
      secretBox: new SecretBox(secrets.encryptionKey),
    } as unknown as AppContext;
    const created = await createMerchant(ctx, {
      businessName: 'Wake Test Stores',
      email: 'wake@shop.test',
      password: 'correct horse battery',
    });
    const merchantId = created.merchant.id;
    await handle.db
      .updateTable('webhook_endpoints')
      .set({ url: `${receiver.url}/hooks` })
      .where('merchant_id', '=', merchantId)
      .where('livemode', '=', false)
      .execute();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: database.url,
      TRANCHE_DATA_DIR: dataDir,
      ENCRYPTION_KEY: secrets.encryptionKey,
      JWT_PRIVATE_KEY: secrets.jwtPrivateKeyPem,
      GATEWAY_SECRET_KEY: secrets.gatewaySecretKey,
      WEBHOOK_POLL_MS: '60000',
      WORKER_METRICS_PORT: '0',
      LOG_LEVEL: 'warn',
      DEMO_STORE: 'off',
    };
    delete env.REDIS_URL;
    worker = await startTrancheProcess('worker', 'Tranche worker running', env);
    // Past the first poll (it runs at start): from here only a wake delivers within a minute.
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    const write = (id: string) =>
      runWrite(handle.db, (tx) =>
        recordEvent(
          tx,
          { merchantId, livemode: false, type: 'payment.success', data: { payment_plan: { id } } },
          new Date(),
        ),
      );
    const started = Date.now();
    await write('plan_wake_1');
    await receiver.waitFor(1, 20_000).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${worker?.output() ?? ''}`);
    });
    expect(Date.now() - started).toBeLessThan(20_000);

    // The listening connection is cut (as by a database restart or a proxy): the worker
    // listens again, and what was written meanwhile goes out without waiting for the poll.
    await sql`
      SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND query ILIKE 'LISTEN tranche_webhooks%'`.execute(
      handle.db,
    );
    await write('plan_wake_2');
    await receiver.waitFor(2, 20_000).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${worker?.output() ?? ''}`);
    });
    expect(receiver.received.map((r) => JSON.parse(r.body).data.payment_plan.id)).toEqual([
      'plan_wake_1',
      'plan_wake_2',
    ]);
  }, 90_000);
});
