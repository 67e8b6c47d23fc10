import { randomInt } from 'node:crypto';

import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { lagosDateOf, lagosWallClockToUtc } from '../../src/domain/lagos-time.ts';
import { deliverDueNotifications } from '../../src/features/customer-notifications/delivery.ts';
import {
  closeNotificationChannels,
  openNotificationChannels,
} from '../../src/notifications/channels.ts';
import type { NotificationChannels } from '../../src/notifications/port.ts';
import { TermiiSms } from '../../src/notifications/termii/adapter.ts';
import {
  startTermiiSimulator,
  type TermiiSimulator,
} from '../../src/notifications/termii-simulator/server.ts';
import { createTestMerchant, sessionBody, type TestMerchant } from '../harness/fixtures.ts';
import { collect, customerWithCard } from '../harness/plans.ts';
import { startTestAppWithSandbox, type TestAppWithSandbox } from '../harness/test-app.ts';

/**
 * Reminders and failure notices by SMS (decision 0053): written for customers with a verified
 * phone only, sent through the Termii adapter (to the simulator here) outside quiet hours, and
 * receipts off by default. E-mail goes to the log in this file; notifications.test.ts covers it.
 */
const DAY_MS = 24 * 60 * 60_000;
let t: TestAppWithSandbox;
let sms: TermiiSimulator;
let channels: NotificationChannels;
let merchant: TestMerchant;

beforeAll(async () => {
  sms = await startTermiiSimulator({ port: 0, apiKey: 'TLtest' });
  t = await startTestAppWithSandbox();
  t.clock.set(lagosWallClockToUtc(lagosDateOf(new Date(Date.now() + DAY_MS)), 10));
  merchant = await createTestMerchant(t);
  channels = openNotificationChannels({
    db: t.ctx.db,
    smtpUrl: undefined,
    emailFrom: 'Tranche <notifications@tranche.test>',
    log: pino({ level: 'silent' }),
    sms: new TermiiSms({
      baseUrl: sms.url,
      apiKey: 'TLtest',
      senderId: 'Tranche',
      channel: 'dnd',
      timeoutMs: 2_000,
      name: 'termii-simulator',
    }),
  });
});
afterAll(async () => {
  await closeNotificationChannels(channels);
  await t.close();
  await sms.close();
});

const deliver = () => deliverDueNotifications({ db: t.ctx.db, clock: t.clock, channels });

async function outboxOf(subjectId: string) {
  return t.ctx.db
    .selectFrom('notification_outbox')
    .select(['channel', 'status', 'last_error', 'next_attempt_at'])
    .where('subject_id', '=', subjectId)
    .orderBy('channel')
    .execute();
}

/** A customer with a card whose phone is verified (set directly: the code flow is tested in
 *  sign-in-codes.test.ts), and a confirmed monthly plan of three. */
async function planForTextedCustomer(verified: boolean) {
  const card = await customerWithCard(t);
  const phone = `+234803${String(randomInt(1_000_000, 9_999_999))}`;
  await t.ctx.db
    .updateTable('customers')
    .set({ phone, phone_verified_at: verified ? t.clock.now() : null })
    .where('id', '=', card.customer.id)
    .execute();
  const session = await t.http.post(
    '/api/v1/checkout/sessions',
    sessionBody(merchant.id, { amount: 100_000 }),
    { token: merchant.testKey },
  );
  const confirm = await t.http.post(
    `/api/v1/checkout/sessions/${session.body.data.token}/confirm`,
    {
      frequency: 'monthly',
      installment_count: 3,
      upfront_pct: 25,
      payment_method_id: card.methodId,
    },
    { token: card.customer.accessToken },
  );
  expect(confirm.status, JSON.stringify(confirm.body)).toBe(201);
  const plan = confirm.body.data.plan as { installments: { id: string; due_at: string }[] };
  return { phone, plan, customer: card.customer };
}

describe('notices by SMS', () => {
  it('a verified phone gets the reminder by SMS at 09:00 Lagos three days before; receipts stay off', async () => {
    const { phone, plan } = await planForTextedCustomer(true);
    const [deposit, first] = plan.installments;
    if (!deposit || !first) throw new Error('expected installments');
    expect(await collect(t, deposit.id)).toMatch(/paid|nothing_to_do/);
    await deliver();
    const receipt = await outboxOf(`chg-${deposit.id.replace(/_/g, '')}-1`);
    expect(receipt.map((r) => [r.channel, r.status, r.last_error])).toEqual([
      ['email', 'sent', null],
      ['in_app', 'sent', null],
      ['sms', 'skipped', 'the customer turned off receipts by sms'],
    ]);
    expect(sms.messages(phone)).toEqual([]);

    const reminderAt = new Date(new Date(first.due_at).getTime() - 3 * DAY_MS);
    const rows = await outboxOf(first.id);
    expect(rows.map((r) => r.channel)).toEqual(['email', 'in_app', 'sms']);
    expect(rows[2]?.next_attempt_at).toEqual(reminderAt);
    t.clock.set(reminderAt);
    expect(await deliver()).toMatchObject({ sent: 3 });
    const [texted] = sms.messages(phone);
    expect(texted?.sms).toMatch(/^Tranche: .+ for Ade Stores is due on /);
    expect(texted).toMatchObject({ from: 'Tranche', channel: 'dnd' });
  });

  it('no verified phone: no SMS row is written at all', async () => {
    const { plan } = await planForTextedCustomer(false);
    const first = plan.installments[1];
    if (!first) throw new Error('expected installments');
    expect((await outboxOf(first.id)).map((r) => r.channel)).toEqual(['email', 'in_app']);
  });

  it('a phone that stopped being verified before the reminder is due: skipped, with the reason', async () => {
    const { plan, customer } = await planForTextedCustomer(true);
    const first = plan.installments[1];
    if (!first) throw new Error('expected installments');
    await t.ctx.db
      .updateTable('customers')
      .set({ phone_verified_at: null })
      .where('id', '=', customer.id)
      .execute();
    t.clock.set(new Date(new Date(first.due_at).getTime() - 3 * DAY_MS));
    await deliver();
    const rows = await outboxOf(first.id);
    expect(rows.find((r) => r.channel === 'sms')).toMatchObject({
      status: 'skipped',
      last_error: 'no verified phone',
    });
  });
});
