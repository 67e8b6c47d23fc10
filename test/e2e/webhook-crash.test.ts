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
 * At-least-once delivery through real processes: the worker is SIGKILLed after the merchant's
 * endpoint answered but before the worker recorded the delivery. The event must not be lost: a
 * restarted worker sends it again, with the same id and the same signed bytes.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let handle: DatabaseHandle;
let receiver: WebhookReceiver;
const secrets = generateSecrets();
const dataDir = mkdtempSync(join(tmpdir(), 'tranche-webhook-crash-'));
const workers: ChildProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  handle = connectDatabase(database.url, 4);
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  for (const worker of workers) if (worker.exitCode === null) worker.kill('SIGKILL');
  await receiver.close();
  await handle.close();
  try {
    // The workers are gone: I1–I12 must hold over what they left (test/invariants.sql).
    await assertInvariants(database.url);
  } finally {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

function startWorker(): { proc: ChildProcess; output: () => string } {
  let output = '';
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    TRANCHE_DATA_DIR: dataDir,
    ENCRYPTION_KEY: secrets.encryptionKey,
    JWT_PRIVATE_KEY: secrets.jwtPrivateKeyPem,
    GATEWAY_SECRET_KEY: secrets.gatewaySecretKey,
    // A short timeout makes the claim lease short (2 × timeout + 5 s), so the test is quick.
    WEBHOOK_TIMEOUT_MS: '1000',
    WEBHOOK_POLL_MS: '50',
    LOG_LEVEL: 'warn',
    DEMO_STORE: 'off',
  };
  delete env.REDIS_URL;
  const proc = spawn(process.execPath, ['bin/tranche.mjs', 'worker'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  proc.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  workers.push(proc);
  return { proc, output: () => output };
}

describe('webhook delivery survives a worker killed mid-delivery', () => {
  it('the event is delivered again with the same id after a restart, never lost', async () => {
    const ctx = {
      db: handle.db,
      clock: systemClock,
      secretBox: new SecretBox(secrets.encryptionKey),
    } as unknown as AppContext;
    const created = await createMerchant(ctx, {
      businessName: 'Crash Test Stores',
      email: 'crash@shop.test',
      password: 'correct horse battery',
    });
    const merchantId = created.merchant.id;
    // The event below is a test-mode event: it goes to the test endpoint.
    await handle.db
      .updateTable('webhook_endpoints')
      .set({ url: `${receiver.url}/hooks` })
      .where('merchant_id', '=', merchantId)
      .where('livemode', '=', false)
      .execute();

    const first = startWorker();
    const exited = new Promise<void>((resolve) => first.proc.once('exit', () => resolve()));
    // Kill the worker the moment the endpoint has answered: before it can record the delivery.
    receiver.onAnswered = () => {
      receiver.onAnswered = null;
      first.proc.kill('SIGKILL');
    };
    await runWrite(handle.db, (tx) =>
      recordEvent(
        tx,
        {
          merchantId,
          livemode: false,
          type: 'payment.success',
          data: { payment_plan: { id: 'plan_crash' } },
        },
        new Date(),
      ),
    );
    await receiver.waitFor(1, 30_000).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${first.output()}`);
    });
    await exited;
    const event = () =>
      handle.db
        .selectFrom('webhook_events')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .executeTakeFirstOrThrow();
    // Answered, but nothing recorded: the worker died in between.
    expect(await event()).toMatchObject({ status: 'pending', attempts: 0, delivered_at: null });

    const second = startWorker();
    await waitFor(async () => (await event()).status === 'delivered', 30_000).catch(
      (error: unknown) => {
        throw new Error(`${String(error)}\n${second.output()}`);
      },
    );
    const [before, after] = receiver.received;
    expect(receiver.received).toHaveLength(2);
    expect(after?.body).toBe(before?.body);
    expect(after?.headers['x-tranche-event-id']).toBe(before?.headers['x-tranche-event-id']);
    expect(after?.headers['x-tranche-signature']).toBe(before?.headers['x-tranche-signature']);
    const attempts = await handle.db
      .selectFrom('webhook_attempts')
      .select(['outcome', 'status_code'])
      .execute();
    expect(attempts).toEqual([{ outcome: 'delivered', status_code: 200 }]);
    second.proc.kill('SIGTERM');
  }, 90_000);
});
