import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { connectDatabase, type Db, type Tx } from '../../src/db/database.ts';
import { runWrite } from '../../src/db/write.ts';
import { enqueueCustomerNotification } from '../../src/features/customer-notifications/enqueue.ts';
import { claimDueNotifications } from '../../src/features/customer-notifications/outbox-queries.ts';
import { WebhookDispatcher } from '../../src/features/merchant-webhooks/dispatcher.ts';
import { recordEvent } from '../../src/features/merchant-webhooks/events.ts';
import { newId } from '../../src/platform/ids.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { createTestDatabase } from '../harness/database.ts';
import { createTestMerchant } from '../harness/fixtures.ts';
import { startTestApp, type TestApp } from '../harness/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../harness/webhook-receiver.ts';
import { batteryCount, report } from './battery.ts';

/**
 * B27 of the reliability battery: outbox commit order. Writer A opens its transaction first
 * (an id, a creation time, a place in any sequence first), writer B commits first, the relay
 * runs, then A commits. A relay that read "everything after the last one I saw" would skip A for
 * ever; ours take rows by status and due time, so both go out. Checked for the merchant webhook
 * outbox (through the real dispatcher and a receiver) and the customer notification outbox.
 */

let t: TestApp;
let receiver: WebhookReceiver;

beforeAll(async () => {
  t = await startTestApp();
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

/** A transaction that stays open until `commit()` is called (its work done first). */
function openTransaction(db: Db, work: (tx: Tx) => Promise<void>) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let ready!: () => void;
  const written = new Promise<void>((resolve) => (ready = resolve));
  const done = runWrite(db, async (tx) => {
    await work(tx);
    ready();
    await released;
  });
  return {
    written,
    commit: async () => {
      release();
      await done;
    },
  };
}

describe('B27: a later row committing first loses nothing', () => {
  it('webhook outbox: the dispatcher delivers B, then A once A commits', async () => {
    const rounds = batteryCount({ ci: 5, full: 50 });
    const merchant = await createTestMerchant(t);
    const set = await t.http.patch(
      `/api/v1/merchant/${merchant.id}/settings`,
      { webhook_url: receiver.url },
      { token: merchant.testKey },
    );
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const dispatcher = new WebhookDispatcher(
      {
        db: t.ctx.db,
        clock: t.clock,
        secretBox: t.ctx.secretBox,
        log: createLogger('silent', 'test'),
      },
      {
        concurrency: 8,
        perMerchant: 4,
        timeoutMs: 2_000,
        pollMs: 10,
        loopbackTestWebhooks: true,
        random: () => 0,
      },
    );
    dispatcher.start();
    let lost = 0;
    try {
      for (let round = 0; round < rounds; round++) {
        const emit = (tx: Tx, label: string) =>
          recordEvent(
            tx,
            {
              merchantId: merchant.id,
              livemode: false,
              type: 'payment.success',
              data: { round, label },
            },
            t.clock.now(),
          );
        const before = receiver.received.length;
        const a = openTransaction(t.ctx.db, (tx) => emit(tx, 'A'));
        await a.written;
        t.clock.advance(1);
        await runWrite(t.ctx.db, (tx) => emit(tx, 'B'));
        await receiver.waitFor(before + 1, 10_000);
        await a.commit();
        await receiver.waitFor(before + 2, 10_000);
        const labels = receiver.received
          .slice(before)
          .map((r) => (JSON.parse(r.body) as { data: { label: string } }).data.label);
        if (!labels.includes('A')) lost++;
        expect(labels).toEqual(['B', 'A']);
      }
    } finally {
      await dispatcher.stop();
    }
    report('B27 webhooks', { rounds, lost });
    expect(lost).toBe(0);
  });

  it('notification outbox: the delivery claim takes B, then A once A commits', async () => {
    // A scratch database: these notifications are about no real charge, which the invariants
    // checked after the file would rightly report.
    const scratch = await createTestDatabase();
    const handle = connectDatabase(scratch.url, 4);
    const db = handle.db;
    try {
      const customer = { id: newId('cus') };
      const now = t.clock.now();
      await db
        .insertInto('customers')
        .values({
          id: customer.id,
          email: 'b27@mail.test',
          password_hash: 'unused',
          first_name: 'Ada',
          last_name: 'Obi',
          phone: '+2348031234567',
          created_at: now,
          updated_at: now,
        })
        .execute();
      const notify = (tx: Tx, subjectId: string) =>
        enqueueCustomerNotification(
          tx,
          {
            customerId: customer.id,
            subjectId,
            content: {
              kind: 'payment_failed',
              facts: {
                planId: 'plan_order',
                merchantName: 'Order Shop',
                orderReference: 'order-b27',
                livemode: false,
                sequence: 1,
                installmentCount: 3,
                amountKobo: 10_000,
                chargeReference: 'chg-b27',
                attempt: 1,
                methodLabel: 'Visa ending 4081',
                retryAt: null,
                planStatus: 'active',
              },
            },
          },
          t.clock.now(),
        );
      const claim = async () =>
        (
          await claimDueNotifications(db, {
            now: t.clock.now(),
            leaseUntil: new Date(t.clock.now().getTime() + 60_000),
            limit: 50,
          })
        )
          .filter((row) => row.customer_id === customer.id)
          .map((row) => row.subject_id);
      // graphile-worker registers a task name on its first job (an insert that a concurrent first
      // job would wait on): a committed notification first, as in any running service.
      await runWrite(db, (tx) => notify(tx, 'subject-warm-up'));
      await claim();
      const a = openTransaction(db, (tx) => notify(tx, 'subject-A'));
      await a.written;
      // Writer B neither waits for A nor is lost: it commits while A is open.
      await runWrite(db, (tx) => notify(tx, 'subject-B'));
      const first = [...new Set(await claim())];
      expect(first).toEqual(['subject-B']);
      await a.commit();
      const second = [...new Set(await claim())];
      expect(second).toEqual(['subject-A']);
      report('B27 notifications', { written: 2, claimed: first.length + second.length });
    } finally {
      await handle.close();
      await scratch.drop();
    }
  });
});
