import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { addDays, lagosDateOf, lagosWallClockToUtc } from '../../src/domain/lagos-time.ts';
import { collectInstallment } from '../../src/features/collections/collect.ts';
import { deliverDueNotifications } from '../../src/features/customer-notifications/delivery.ts';
import { claimDueNotifications } from '../../src/features/customer-notifications/outbox-queries.ts';
import {
  closeNotificationChannels,
  openNotificationChannels,
} from '../../src/notifications/channels.ts';
import { logSmsProvider } from '../../src/notifications/log-sms.ts';
import type { NotificationChannels } from '../../src/notifications/port.ts';
import { loadConfig } from '../../src/platform/config.ts';
import { createTestMerchant, type TestMerchant } from '../harness/fixtures.ts';
import { collect, confirmPlanFor } from '../harness/plans.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../harness/smtp.ts';
import { startTestAppWithSandbox, type TestAppWithSandbox } from '../harness/test-app.ts';

const DAY_MS = 86_400_000;

/** "Friday 12 March 2027": the Lagos day, as the notices write it. */
const lagosDay = (at: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Lagos',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  })
    .format(at)
    .replace(',', '');

let t: TestAppWithSandbox;
let merchant: TestMerchant;
let smtp: TestSmtpServer;
let channels: NotificationChannels;

/** 10:00 Lagos on the day after the real today: every test starts outside quiet hours. */
function nextLagosMorning(): Date {
  const tomorrow = lagosDateOf(new Date(Date.now() + DAY_MS));
  return lagosWallClockToUtc(tomorrow, 10);
}

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await startTestAppWithSandbox();
  t.clock.set(nextLagosMorning());
  merchant = await createTestMerchant(t);
  // The worker's wiring: SMTP_URL pointing at the test's SMTP server.
  const config = loadConfig({
    SMTP_URL: smtp.url,
    EMAIL_FROM: 'Tranche <notifications@tranche.test>',
  });
  channels = openNotificationChannels({
    db: t.ctx.db,
    smtpUrl: config.smtpUrl,
    emailFrom: config.emailFrom,
    log: pino({ level: 'silent' }),
    sms: logSmsProvider(pino({ level: 'silent' })),
  });
});
afterAll(async () => {
  await closeNotificationChannels(channels);
  await t.close();
  await smtp.close();
});

const deliver = () => deliverDueNotifications({ db: t.ctx.db, clock: t.clock, channels });

/** The e-mails to `address` received so far, oldest first. */
const mailTo = (address: string) => smtp.received.filter((m) => m.recipients.includes(address));

async function outboxOf(subjectId: string) {
  return t.ctx.db
    .selectFrom('notification_outbox')
    .selectAll()
    .where('subject_id', '=', subjectId)
    .orderBy('channel')
    .execute();
}

async function inAppNotices(customerId: string) {
  return t.ctx.db
    .selectFrom('customer_notifications')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('created_at')
    .execute();
}

/** A customer token at the current (moved) clock: log in again. */
async function login(customer: { email: string; password: string }): Promise<string> {
  const res = await t.http.post('/api/v1/customers/login', {
    email: customer.email,
    password: customer.password,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.access_token as string;
}

describe('installment reminders', () => {
  it('one e-mail, at 09:00 Lagos three days before the due date, with the amount; running again sends nothing', async () => {
    const { plan, customer } = await confirmPlanFor(t, merchant, { amount: 100_050 });
    const [deposit, first, second] = plan.installments;
    if (!deposit || !first || !second) throw new Error('expected installments');
    expect(await collect(t, deposit.id)).toMatch(/paid|nothing_to_do/);
    await deliver();
    // The deposit's receipt: e-mail and in-app, at once (10:00 Lagos is not quiet).
    expect(mailTo(customer.email).map((m) => m.parsed.subject)).toEqual([
      '[Test] Receipt: ₦250.13 paid to Ade Stores',
    ]);

    const dueAt = new Date(first.due_at);
    const reminderAt = new Date(dueAt.getTime() - 3 * DAY_MS);
    // Due dates are 09:00 Lagos: the reminder is 09:00 Lagos too, three calendar days earlier.
    expect(reminderAt).toEqual(lagosWallClockToUtc(lagosDateOf(reminderAt), 9));
    const [emailRow, inAppRow] = await outboxOf(first.id);
    expect(emailRow).toMatchObject({
      kind: 'payment_reminder',
      channel: 'email',
      status: 'pending',
    });
    expect(emailRow?.next_attempt_at).toEqual(reminderAt);
    expect(inAppRow).toMatchObject({ channel: 'in_app', status: 'pending' });

    t.clock.set(new Date(reminderAt.getTime() - 60_000));
    expect(await deliver()).toMatchObject({ sent: 0 });
    expect(mailTo(customer.email)).toHaveLength(1);

    t.clock.set(reminderAt);
    expect(await deliver()).toMatchObject({ sent: 2 });
    const mails = mailTo(customer.email);
    expect(mails).toHaveLength(2);
    const reminder = mails[1]?.parsed;
    const dueDay = lagosDay(dueAt);
    expect(reminder?.subject).toBe(`[Test] Reminder: ₦250.13 due on ${dueDay}`);
    expect(reminder?.text).toContain('installment 1 of 3');
    expect(reminder?.text).toContain(`Due:        ${dueDay}, 09:00 (Lagos time)`);
    expect(reminder?.text).toContain('Visa');
    // Sent at the reminder time by the service clock, 09:00 in Lagos (08:00 UTC).
    expect(reminder?.date).toEqual(reminderAt);
    expect(reminder?.date?.getUTCHours()).toBe(8);
    expect(reminder?.messageId).toBe(`<${emailRow?.id}@tranche.test>`);
    expect(reminder?.headers.get('auto-submitted')).toBe('auto-generated');

    // Again, now and an hour later: nothing more.
    expect(await deliver()).toMatchObject({ sent: 0 });
    t.clock.set(new Date(reminderAt.getTime() + 60 * 60_000));
    expect(await deliver()).toMatchObject({ sent: 0 });
    expect(mailTo(customer.email)).toHaveLength(2);
    expect((await outboxOf(first.id)).map((r) => [r.channel, r.status, r.attempts])).toEqual([
      ['email', 'sent', 1],
      ['in_app', 'sent', 1],
    ]);

    // The same reminder in the app.
    const token = await login(customer);
    const notices = await t.http.get('/api/v1/customers/me/notifications', { token });
    expect(notices.status).toBe(200);
    expect(notices.body.data.map((n: { kind: string }) => n.kind)).toEqual([
      'payment_reminder',
      'payment_receipt',
    ]);
    expect(notices.body.data[0].message).toContain('₦250.13');
    expect(notices.body.data[0].data).toMatchObject({
      installmentId: first.id,
      amountKobo: 25_013,
    });

    // Installment 2 is paid early: at its reminder time, nothing is sent.
    expect(await collect(t, second.id)).toMatch(/paid|nothing_to_do/);
    await deliver();
    const before = mailTo(customer.email).length;
    t.clock.set(new Date(new Date(second.due_at).getTime() - 3 * DAY_MS));
    expect(await deliver()).toMatchObject({ sent: 0, skipped: 2 });
    expect(mailTo(customer.email)).toHaveLength(before);
    expect((await outboxOf(second.id)).map((r) => [r.status, r.last_error])).toEqual([
      ['skipped', 'the installment is paid'],
      ['skipped', 'the installment is paid'],
    ]);
  });
});

describe('sandbox time travel', () => {
  it('moves the reminders with the due dates: a due date brought within 3 days is reminded at once', async () => {
    const { plan, customer } = await confirmPlanFor(t, merchant);
    const [deposit, first] = plan.installments;
    if (!deposit || !first) throw new Error('expected installments');
    expect(await collect(t, deposit.id)).toMatch(/paid|nothing_to_do/);
    await deliver();
    const now = t.clock.now();
    const days = Math.floor((Date.parse(first.due_at) - now.getTime()) / DAY_MS) - 2;
    const moved = await t.http.post(
      `/api/v1/merchant/${merchant.id}/plans/${plan.id}/advance-clock`,
      { days },
      { token: merchant.testKey },
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const newDue = new Date(Date.parse(first.due_at) - days * DAY_MS);
    expect((await outboxOf(first.id))[0]?.next_attempt_at).toEqual(now);
    expect(await deliver()).toMatchObject({ sent: 2 });
    const reminder = mailTo(customer.email).at(-1)?.parsed;
    expect(reminder?.subject).toBe(`[Test] Reminder: ₦250.00 due on ${lagosDay(newDue)}`);
    expect(reminder?.date).toEqual(now);
  });
});

describe('failed debits', () => {
  it('a debit failing at 22:30 Lagos: the in-app notice at once, the e-mail at 08:00, saying when the retry is', async () => {
    const { plan, customer, authorizationCode } = await confirmPlanFor(t, merchant);
    const [deposit, first] = plan.installments;
    if (!deposit || !first) throw new Error('expected installments');
    expect(await collect(t, deposit.id)).toMatch(/paid|nothing_to_do/);
    await deliver();
    const mailsBefore = mailTo(customer.email).length;

    const today = lagosDateOf(t.clock.now());
    t.clock.set(lagosWallClockToUtc(today, 22, 30));
    await t.sandbox.control('POST', `/_sandbox/authorizations/${authorizationCode}`, {
      behaviour: 'insufficient_funds',
    });
    expect(await collectInstallment(t.ctx, first.id)).toBe('failed');
    const reference = `chg-${first.id.replace(/_/g, '')}-1`;

    // The e-mail was written due at 08:00: it is not even claimed now.
    expect(await deliver()).toMatchObject({ sent: 1, waiting: 0 });
    expect(mailTo(customer.email)).toHaveLength(mailsBefore);
    const notice = (await inAppNotices(customer.id)).find((n) => n.kind === 'payment_failed');
    expect(notice?.message).toContain('could not be collected');
    const [emailRow] = await outboxOf(reference);
    const nextMorning = lagosWallClockToUtc(addDays(today, 1), 8);
    expect(emailRow?.next_attempt_at).toEqual(nextMorning);

    t.clock.set(new Date(nextMorning.getTime() - 60_000));
    expect(await deliver()).toMatchObject({ sent: 0 });
    t.clock.set(nextMorning);
    expect(await deliver()).toMatchObject({ sent: 1 });
    const mail = mailTo(customer.email).at(-1)?.parsed;
    expect(mail?.date).toEqual(nextMorning);
    expect(mail?.subject).toBe('[Test] We could not collect your ₦250.00 payment to Ade Stores');
    // First retry: a day after the due date, 09:00 Lagos (money-rules.md §4).
    const retryAt = new Date(new Date(first.due_at).getTime() + DAY_MS);
    const retryDay = lagosDay(retryAt);
    expect(mail?.text).toContain(
      `What happens next: We will try again automatically on ${retryDay} at 09:00 (Lagos time).`,
    );
  });
});

describe('failure notices whose cause is gone', () => {
  it('held by quiet hours, paid at 07:43: the e-mail is dropped at 08:00 with the reason; the other customer’s goes out and says why', async () => {
    const failAt2230 = async () => {
      const planned = await confirmPlanFor(t, merchant);
      const [deposit, first] = planned.plan.installments;
      if (!deposit || !first) throw new Error('expected installments');
      expect(await collect(t, deposit.id)).toMatch(/paid|nothing_to_do/);
      return { ...planned, first };
    };
    const paysEarly = await failAt2230();
    const stillOwes = await failAt2230();
    await deliver();

    const today = lagosDateOf(t.clock.now());
    t.clock.set(lagosWallClockToUtc(today, 22, 30));
    for (const { authorizationCode, first } of [paysEarly, stillOwes]) {
      await t.sandbox.control('POST', `/_sandbox/authorizations/${authorizationCode}`, {
        behaviour: 'insufficient_funds',
      });
      expect(await collectInstallment(t.ctx, first.id)).toBe('failed');
    }
    const failureOf = (id: string) => `chg-${id.replace(/_/g, '')}-1`;
    // In-app at once, with the bank's reason in plain words; both e-mails wait for 08:00.
    expect(await deliver()).toMatchObject({ sent: 2 });
    for (const { customer } of [paysEarly, stillOwes]) {
      const notice = (await inAppNotices(customer.id)).find((n) => n.kind === 'payment_failed');
      expect(notice?.message).toMatch(
        /could not be collected from .+\. Your bank said there was not enough money in the account\. We will try again/,
      );
      expect(notice?.message).not.toContain('Insufficient Funds');
    }

    // 07:43: one customer tops up and pays now from the dashboard.
    const nextMorning = lagosWallClockToUtc(addDays(today, 1), 8);
    t.clock.set(new Date(nextMorning.getTime() - 17 * 60_000));
    await t.sandbox.control('POST', `/_sandbox/authorizations/${paysEarly.authorizationCode}`, {
      behaviour: 'success',
    });
    const paid = await t.http.post(
      `/api/v1/customers/me/plans/${paysEarly.plan.id}/pay-now`,
      {},
      { token: await login(paysEarly.customer) },
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data.payments).toMatchObject([
      { installment_id: paysEarly.first.id, outcome: 'paid' },
    ]);
    await deliver();
    expect(mailTo(paysEarly.customer.email)).toHaveLength(1);
    expect(mailTo(stillOwes.customer.email)).toHaveLength(1);

    // 08:00: the paid installment's failure e-mail is dropped, its receipt goes; the other
    // customer's failure e-mail goes, saying why.
    t.clock.set(nextMorning);
    expect(await deliver()).toMatchObject({ sent: 2, skipped: 1 });
    expect(
      (await outboxOf(failureOf(paysEarly.first.id))).map((r) => [
        r.channel,
        r.status,
        r.last_error,
      ]),
    ).toEqual([
      ['email', 'skipped', 'the installment has been paid since'],
      ['in_app', 'sent', null],
    ]);
    expect(mailTo(paysEarly.customer.email).map((m) => m.parsed.subject)).toEqual([
      '[Test] Receipt: ₦250.00 paid to Ade Stores',
      '[Test] Receipt: ₦250.00 paid to Ade Stores',
    ]);
    const failure = mailTo(stillOwes.customer.email).at(-1)?.parsed;
    expect(failure?.subject).toBe('[Test] We could not collect your ₦250.00 payment to Ade Stores');
    expect(failure?.date).toEqual(nextMorning);
    expect(failure?.text).toContain(
      'Why: Your bank said there was not enough money in the account.',
    );
    expect(failure?.text).not.toContain('Insufficient Funds');
    expect((await outboxOf(failureOf(stillOwes.first.id)))[0]).toMatchObject({
      channel: 'email',
      status: 'sent',
    });
  });

  it('a later automatic attempt supersedes the notice before it; a failed payment the customer started does not', async () => {
    const failAt2200 = async () => {
      const planned = await confirmPlanFor(t, merchant);
      const [deposit, first] = planned.plan.installments;
      if (!deposit || !first) throw new Error('expected installments');
      expect(await collect(t, deposit.id)).toMatch(/paid|nothing_to_do/);
      return { ...planned, first, failure: `chg-${first.id.replace(/_/g, '')}-1` };
    };
    const triesAgain = await failAt2200();
    const retried = await failAt2200();
    await deliver();
    const today = lagosDateOf(t.clock.now());
    t.clock.set(lagosWallClockToUtc(today, 22, 0));
    for (const { authorizationCode, first } of [triesAgain, retried]) {
      await t.sandbox.control('POST', `/_sandbox/authorizations/${authorizationCode}`, {
        behaviour: 'insufficient_funds',
      });
      expect(await collectInstallment(t.ctx, first.id)).toBe('failed');
    }
    await deliver();

    // 23:00: one customer tries to pay now and is declined again: no notice of its own
    // (decision 0031), and the 22:00 notice is still true (the retry is still ahead).
    t.clock.set(lagosWallClockToUtc(today, 23, 0));
    const declined = await t.http.post(
      `/api/v1/customers/me/plans/${triesAgain.plan.id}/pay-now`,
      {},
      { token: await login(triesAgain.customer) },
    );
    expect(declined.body.data.payments[0].outcome).toBe('failed');
    // 23:30: the other's automatic retry (run early here) fails as well: its own notice is the
    // news.
    t.clock.set(lagosWallClockToUtc(today, 23, 30));
    expect(await collectInstallment(t.ctx, retried.first.id)).toBe('failed');
    await deliver();

    t.clock.set(lagosWallClockToUtc(addDays(today, 1), 8));
    expect(await deliver()).toMatchObject({ sent: 2, skipped: 1 });
    expect((await outboxOf(triesAgain.failure))[0]).toMatchObject({
      status: 'sent',
      last_error: null,
    });
    expect(mailTo(triesAgain.customer.email).at(-1)?.parsed.subject).toMatch(
      /We could not collect/,
    );
    const [superseded] = await outboxOf(retried.failure);
    expect(superseded).toMatchObject({ status: 'skipped' });
    expect(superseded?.last_error).toMatch(/^a later attempt \(chg-.+-2\) superseded it$/);
    const retriedMails = mailTo(retried.customer.email);
    expect(
      retriedMails.filter((m) => /could not collect|failed/.test(m.parsed.subject ?? '')),
    ).toHaveLength(1);
    expect(retriedMails.at(-1)?.parsed.text).toContain('Attempt:  2 of');
  });
});

describe('preferences', () => {
  it('are all on by default; switching e-mail receipts off stops the e-mail, not the in-app notice', async () => {
    const { plan, customer } = await confirmPlanFor(t, merchant);
    const [deposit] = plan.installments;
    if (!deposit) throw new Error('expected a deposit');
    const token = customer.accessToken;
    const path = '/api/v1/customers/me/notification-preferences';
    const initial = await t.http.get(path, { token });
    expect(initial.body).toEqual({
      ok: true,
      data: {
        object: 'notification_preferences',
        email: { reminders: true, receipts: true, failed_payments: true },
        in_app: { reminders: true, receipts: true, failed_payments: true },
        // Decision 0053: by SMS, reminders and failure notices, to a verified phone only.
        sms: { reminders: true, receipts: false, failed_payments: true },
        updated_at: null,
      },
    });
    const changed = await t.http.request('PUT', path, {
      token,
      body: { email: { receipts: false } },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({
      email: { reminders: true, receipts: false, failed_payments: true },
      in_app: { reminders: true, receipts: true, failed_payments: true },
      updated_at: t.clock.now().toISOString(),
    });
    expect((await t.http.get(path, { token })).body.data.email.receipts).toBe(false);

    expect(await collect(t, deposit.id)).toMatch(/paid|nothing_to_do/);
    await deliver();
    expect(mailTo(customer.email)).toHaveLength(0);
    const reference = `chg-${deposit.id.replace(/_/g, '')}-1`;
    expect((await outboxOf(reference)).map((r) => [r.channel, r.status, r.last_error])).toEqual([
      ['email', 'skipped', 'the customer turned off receipts by email'],
      ['in_app', 'sent', null],
    ]);
    expect((await inAppNotices(customer.id)).map((n) => n.kind)).toEqual(['payment_receipt']);
  });

  it('refuses unknown switches, an empty change and other callers', async () => {
    const { customer } = await confirmPlanFor(t, merchant);
    const path = '/api/v1/customers/me/notification-preferences';
    const put = (body: unknown, token?: string) =>
      t.http.request('PUT', path, { body, ...(token && { token }) });
    expect((await put({ whatsapp: { receipts: false } }, customer.accessToken)).status).toBe(400);
    expect((await put({ email: { marketing: false } }, customer.accessToken)).status).toBe(400);
    expect((await put({ email: { receipts: 'no' } }, customer.accessToken)).status).toBe(400);
    expect((await put({ email: {} }, customer.accessToken)).status).toBe(400);
    expect((await put({}, customer.accessToken)).status).toBe(400);
    expect((await put({ email: { receipts: false } })).status).toBe(401);
    expect((await t.http.get(path, { token: merchant.testKey })).status).toBe(401);
  });
});

describe('delivery', () => {
  it('a transient SMTP refusal (451) is retried a minute later and sent once; a permanent one (550) is given up', async () => {
    const { plan, customer } = await confirmPlanFor(t, merchant);
    const [deposit, first] = plan.installments;
    if (!deposit || !first) throw new Error('expected installments');
    smtp.refuseNext(1, 451);
    expect(await collect(t, deposit.id)).toMatch(/paid|nothing_to_do/);
    expect(await deliver()).toMatchObject({ sent: 1, retrying: 1 });
    const reference = `chg-${deposit.id.replace(/_/g, '')}-1`;
    const [emailRow] = await outboxOf(reference);
    expect(emailRow).toMatchObject({ status: 'retrying', attempts: 1 });
    expect(emailRow?.last_error).toMatch(/451/);
    expect(emailRow?.next_attempt_at).toEqual(new Date(t.clock.now().getTime() + 60_000));
    expect(mailTo(customer.email)).toHaveLength(0);

    t.clock.advance(60_000);
    expect(await deliver()).toMatchObject({ sent: 1 });
    expect(await deliver()).toMatchObject({ sent: 0 });
    expect(mailTo(customer.email)).toHaveLength(1);
    expect((await outboxOf(reference))[0]).toMatchObject({ status: 'sent', attempts: 2 });

    smtp.refuseNext(1, 550);
    expect(await collect(t, first.id)).toMatch(/paid|nothing_to_do/);
    expect(await deliver()).toMatchObject({ sent: 1, failed: 1 });
    const [failed] = await outboxOf(`chg-${first.id.replace(/_/g, '')}-1`);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, next_attempt_at: null });
    expect(mailTo(customer.email)).toHaveLength(1);
  });

  it('a worker that died holding rows: they are due again when the lease ends, and a resent e-mail keeps its Message-ID', async () => {
    const { plan, customer } = await confirmPlanFor(t, merchant);
    const [deposit] = plan.installments;
    if (!deposit) throw new Error('expected a deposit');
    expect(await collect(t, deposit.id)).toMatch(/paid|nothing_to_do/);
    // The dead worker claimed the rows, and the SMTP server had accepted the e-mail, but nothing
    // was recorded.
    const claimed = await claimDueNotifications(t.ctx.db, {
      now: t.clock.now(),
      leaseUntil: new Date(t.clock.now().getTime() + 120_000),
      limit: 50,
    });
    const email = claimed.find((r) => r.channel === 'email' && r.customer_id === customer.id);
    if (!email) throw new Error('expected the receipt e-mail to be claimed');
    await channels.email.send({
      id: email.id,
      kind: email.kind,
      customerId: customer.id,
      recipient: { email: customer.email, name: 'Ada Obi' },
      rendered: { subject: 'Receipt', summary: 'Receipt', text: 'Receipt' },
      data: {},
      at: t.clock.now(),
    });
    expect(await deliver()).toMatchObject({ sent: 0 });
    t.clock.advance(120_000);
    expect(await deliver()).toMatchObject({ sent: 2 });
    const copies = mailTo(customer.email).map((m) => m.parsed.messageId);
    expect(copies).toEqual([`<${email.id}@tranche.test>`, `<${email.id}@tranche.test>`]);
    expect(await deliver()).toMatchObject({ sent: 0 });
    expect((await inAppNotices(customer.id)).map((n) => n.kind)).toEqual(['payment_receipt']);
  });

  it('a cause replayed (the same charge settled twice) notifies once', async () => {
    const { plan, customer } = await confirmPlanFor(t, merchant);
    const [deposit] = plan.installments;
    if (!deposit) throw new Error('expected a deposit');
    expect(await collect(t, deposit.id)).toMatch(/paid|nothing_to_do/);
    expect(await collect(t, deposit.id)).toBe('nothing_to_do');
    await deliver();
    expect(mailTo(customer.email)).toHaveLength(1);
    expect(await outboxOf(`chg-${deposit.id.replace(/_/g, '')}-1`)).toHaveLength(2);
  });
});
