import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runWrite } from '../../src/db/write.ts';
import {
  checkWebhookHealth,
  deliverDueMerchantNotifications,
  notifyMerchant,
} from '../../src/features/merchant-notifications/index.ts';
import { WebhookDispatcher } from '../../src/features/merchant-webhooks/dispatcher.ts';
import { recordEvent } from '../../src/features/merchant-webhooks/index.ts';
import { revokeApiKey } from '../../src/features/merchants/api-keys.ts';
import { rollApiKey } from '../../src/features/merchants/index.ts';
import { sendPayout, verifyPayout } from '../../src/features/money/payouts.ts';
import {
  closeNotificationChannels,
  openNotificationChannels,
} from '../../src/notifications/channels.ts';
import { logSmsProvider } from '../../src/notifications/log-sms.ts';
import type { NotificationChannels } from '../../src/notifications/port.ts';
import { loadConfig } from '../../src/platform/config.ts';
import { createLogger } from '../../src/platform/logger.ts';
import {
  createTestCustomer,
  createTestMerchant,
  provideBusinessDetails,
  type TestMerchant,
} from '../harness/fixtures.ts';
import { operatorToken } from '../harness/operators.ts';
import { collect, confirmPlanFor } from '../harness/plans.ts';
import { merchantRouteSecuritySuite, type SecurityFixtures } from '../harness/security-suite.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../harness/smtp.ts';
import { startTestAppWithSandbox, type TestAppWithSandbox } from '../harness/test-app.ts';
import { startWebhookReceiver } from '../harness/webhook-receiver.ts';

/**
 * Merchant e-mails (issue 28 fix 7, decision 0067): each trigger queues one e-mail in the
 * notification outbox in the transaction of its cause, the delivery job sends it over real SMTP
 * to the address the merchant chose, and a failure to queue or to send never touches the money
 * or the account change that caused it.
 */

let t: TestAppWithSandbox;
let smtp: TestSmtpServer;
let channels: NotificationChannels;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await startTestAppWithSandbox({ settings: { rateLimitSandboxPerMin: 100_000 } });
  const config = loadConfig({ SMTP_URL: smtp.url, EMAIL_FROM: 'Tranche <notices@tranche.test>' });
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

const deliver = () => deliverDueMerchantNotifications({ db: t.ctx.db, clock: t.clock, channels });
const mailTo = (address: string) => smtp.received.filter((m) => m.recipients.includes(address));
const subjects = (address: string, only = /./) =>
  mailTo(address)
    .map((m) => m.parsed.subject ?? '')
    .filter((s) => only.test(s));
const bodyOf = (address: string, subject: RegExp) =>
  mailTo(address).find((m) => subject.test(m.parsed.subject ?? ''))?.parsed.text ?? '';
const admin = async () => ({ token: await operatorToken(t, 'Ada Obi') });
const outboxOf = (merchantId: string) =>
  t.ctx.db
    .selectFrom('notification_outbox')
    .select(['kind', 'status', 'attempts', 'last_error', 'customer_id'])
    .where('merchant_id', '=', merchantId)
    // The manual clock stands still within a test: the kind breaks ties.
    .orderBy('created_at')
    .orderBy('kind')
    .execute();

async function merchantWithBalance(grossKobo: number, accountNumber: string) {
  const merchant = await createTestMerchant(t, { approve: true });
  const set = await t.http.patch(
    `/api/v1/merchant/${merchant.id}/settings`,
    { settlement_account: { bank_code: '058', account_number: accountNumber } },
    { token: merchant.testKey },
  );
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const { plan } = await confirmPlanFor(t, merchant, {
    amount: grossKobo,
    installmentCount: 1,
    upfrontPct: 50,
  });
  for (const installment of plan.installments) {
    expect(['paid', 'nothing_to_do']).toContain(await collect(t, installment.id));
  }
  return merchant;
}

const payoutStatus = async (id: string) =>
  (
    await t.ctx.db
      .selectFrom('payouts')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).status;

async function payOut(merchant: TestMerchant, body: Record<string, unknown> = {}) {
  const created = await t.http.post(`/api/v1/merchant/${merchant.id}/payouts`, body, {
    token: merchant.testKey,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.data.id as string;
  await sendPayout(t.ctx, id);
  await t.sandbox.control('POST', '/_sandbox/settle');
  // A transfer webhook lost under load: the verify job's work, done now.
  if ((await payoutStatus(id)) === 'in_transit') await verifyPayout(t.ctx, id);
  const row = await t.ctx.db
    .selectFrom('payouts')
    .select(['status', 'reference'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { id, ...row };
}

describe('account approved or deactivated (operator console)', () => {
  it('e-mails the account address once for each change, with the reason for a deactivation', async () => {
    const m = await createTestMerchant(t);
    await provideBusinessDetails(t, m.id);
    const approved = await t.http.post(
      `/api/v1/admin/merchants/${m.id}/approve`,
      {},
      await admin(),
    );
    expect(approved.status).toBe(200);
    // Approving again changes nothing and e-mails nothing more.
    await t.http.post(`/api/v1/admin/merchants/${m.id}/approve`, {}, await admin());
    const deactivated = await t.http.post(
      `/api/v1/admin/merchants/${m.id}/deactivate`,
      { reason: 'Repeated chargebacks on electronics' },
      await admin(),
    );
    expect(deactivated.status).toBe(200);
    expect(await deliver()).toMatchObject({ sent: 2, failed: 0 });
    // One batch: sent side by side, in no set order.
    expect(subjects(m.email).sort()).toEqual([
      'Ade Stores has been deactivated',
      'Ade Stores is approved: you can take live payments',
    ]);
    expect(bodyOf(m.email, /deactivated/)).toContain(
      'The reason given: Repeated chargebacks on electronics',
    );
    expect(bodyOf(m.email, /approved/)).toMatch(/Your live secret key now works/);
    // Merchant rows are e-mail only and belong to no customer.
    expect(await outboxOf(m.id)).toEqual([
      expect.objectContaining({ kind: 'merchant_approved', status: 'sent', customer_id: null }),
      expect.objectContaining({ kind: 'merchant_deactivated', status: 'sent', customer_id: null }),
    ]);
    expect(await deliver()).toMatchObject({ sent: 0 });
  });

  it('goes to the address the merchant chose, and not at all when the topic is off', async () => {
    const m = await createTestMerchant(t);
    const put = await t.http.put(
      `/api/v1/merchant/${m.id}/notification-preferences`,
      { email: ' ops@ade-stores.test ' },
      { token: m.testKey },
    );
    expect(put.body.data).toMatchObject({
      email: 'ops@ade-stores.test',
      sends_to: 'ops@ade-stores.test',
    });
    await provideBusinessDetails(t, m.id);
    await t.http.post(`/api/v1/admin/merchants/${m.id}/approve`, {}, await admin());
    await deliver();
    expect(subjects('ops@ade-stores.test')).toEqual([
      'Ade Stores is approved: you can take live payments',
    ]);
    expect(mailTo(m.email)).toEqual([]);

    await t.http.put(
      `/api/v1/merchant/${m.id}/notification-preferences`,
      { account: false },
      { token: m.testKey },
    );
    await t.http.post(
      `/api/v1/admin/merchants/${m.id}/deactivate`,
      { reason: 'Closed at the owner’s request' },
      await admin(),
    );
    expect(await deliver()).toMatchObject({ sent: 0, skipped: 1 });
    expect((await outboxOf(m.id)).find((r) => r.kind === 'merchant_deactivated')).toMatchObject({
      kind: 'merchant_deactivated',
      status: 'skipped',
      last_error: 'the merchant turned off account e-mails',
    });
  });
});

describe('payouts paid, failed or reversed', () => {
  it('says each outcome in plain words with the amount in naira', async () => {
    const paidTo = await merchantWithBalance(100_000, '0123456789');
    const paid = await payOut(paidTo);
    expect(paid.status).toBe('paid');
    const failedTo = await merchantWithBalance(40_000, '0000009999');
    const failed = await payOut(failedTo, { amount: 10_000 });
    expect(failed.status).toBe('failed');
    const reversedTo = await merchantWithBalance(20_000, '0000008888');
    const reversed = await payOut(reversedTo);
    expect(reversed.status).toBe('reversed');
    await deliver();

    expect(subjects(paidTo.email, /Payout/)).toEqual([
      '[Test] Payout of ₦975.00 sent to your bank account',
    ]);
    const paidText = bodyOf(paidTo.email, /Payout/);
    expect(paidText).toContain('Amount:     ₦975.00');
    expect(paidText).toContain('account ending 6789 (bank code 058)');
    expect(paidText).toContain(`Reference:  ${paid.reference}`);
    expect(paidText).toContain('test-mode (sandbox) payout: no real money moved');

    expect(subjects(failedTo.email, /Payout/)).toEqual(['[Test] Payout of ₦100.00 failed']);
    expect(bodyOf(failedTo.email, /failed/)).toContain('The money is back in your Tranche wallet');

    // The bank took it, then returned it: both (one batch sends side by side, in no set order).
    expect(subjects(reversedTo.email, /Payout/).sort()).toEqual([
      '[Test] Payout of ₦195.00 sent to your bank account',
      '[Test] Payout of ₦195.00 was returned by the bank',
    ]);
    expect(bodyOf(reversedTo.email, /returned/)).toMatch(/reversal/);
  });

  it('a payout whose e-mail cannot be sent is paid all the same; the e-mail is retried', async () => {
    const merchant = await merchantWithBalance(60_000, '0123456788');
    await deliver(); // its approval e-mail
    smtp.refuseNext(1, 451);
    const paid = await payOut(merchant);
    expect(paid.status).toBe('paid');
    expect(await deliver()).toMatchObject({ sent: 0, retrying: 1 });
    expect((await outboxOf(merchant.id)).find((r) => r.kind === 'payout_paid')).toMatchObject({
      status: 'retrying',
      attempts: 1,
    });
    const wallet = (
      await t.http.get(`/api/v1/merchant/${merchant.id}/wallet`, { token: merchant.testKey })
    ).body.data;
    expect(wallet).toMatchObject({ available: 0, payouts_in_transit: 0 });
    // The retry's time comes: it goes out, once.
    t.clock.advance(60 * 60_000);
    expect(await deliver()).toMatchObject({ sent: 1 });
    expect(subjects(merchant.email, /Payout/)).toEqual([
      '[Test] Payout of ₦585.00 sent to your bank account',
    ]);
  });

  it('a notice that cannot even be queued never undoes the payout or the approval', async () => {
    // A database that refuses every merchant outbox row: the notices fail inside the cause's
    // transaction, which commits anyway.
    await sql
      .raw(
        `CREATE FUNCTION refuse_merchant_notices() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              IF NEW.merchant_id IS NOT NULL THEN RAISE EXCEPTION 'merchant notices refused'; END IF;
              RETURN NEW;
            END $$`,
      )
      .execute(t.ctx.db);
    await sql
      .raw(
        `CREATE TRIGGER refuse_merchant_notices BEFORE INSERT ON notification_outbox
            FOR EACH ROW EXECUTE FUNCTION refuse_merchant_notices()`,
      )
      .execute(t.ctx.db);
    try {
      const merchant = await merchantWithBalance(30_000, '0123456787');
      const paid = await payOut(merchant);
      expect(paid.status).toBe('paid');
      const entries = await t.ctx.db
        .selectFrom('journal_entries')
        .select('kind')
        .where('reference', '=', paid.reference)
        .execute();
      expect(entries.map((e) => e.kind).sort()).toEqual(['payout_initiated', 'payout_succeeded']);
      const m = await createTestMerchant(t);
      await provideBusinessDetails(t, m.id);
      const approved = await t.http.post(
        `/api/v1/admin/merchants/${m.id}/approve`,
        {},
        await admin(),
      );
      expect(approved.body.data.status).toBe('active');
      expect(await outboxOf(merchant.id)).toEqual([]);
      expect(await outboxOf(m.id)).toEqual([]);
    } finally {
      await sql
        .raw('DROP TRIGGER refuse_merchant_notices ON notification_outbox')
        .execute(t.ctx.db);
    }
  });
});

describe('webhooks failing for an hour', () => {
  /** One attempt of a fresh event to the merchant's test endpoint, at the clock's time. */
  async function attempt(merchantId: string, outcome: 'delivered' | 'failed') {
    const now = t.clock.now();
    await runWrite(t.ctx.db, (tx) =>
      recordEvent(tx, { merchantId, livemode: false, type: 'payment.success', data: {} }, now),
    );
    const event = await t.ctx.db
      .selectFrom('webhook_events')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('webhook_attempts')
      .values({
        event_id: event.id,
        attempted_at: now,
        url: 'https://shop.example/hooks',
        outcome,
        status_code: outcome === 'delivered' ? 200 : 503,
        latency_ms: 40,
        error: outcome === 'delivered' ? null : 'HTTP 503',
      })
      .execute();
    await t.ctx.db
      .updateTable('webhook_events')
      .set(
        outcome === 'delivered'
          ? { status: 'delivered', next_attempt_at: null, delivered_at: now, attempts: 1 }
          : {
              status: 'retrying',
              next_attempt_at: new Date(now.getTime() + 3_600_000),
              attempts: 1,
            },
      )
      .where('id', '=', event.id)
      .execute();
  }
  const minutes = (n: number) => t.clock.advance(n * 60_000);
  const check = () => checkWebhookHealth({ db: t.ctx.db, clock: t.clock });

  it('one e-mail when every delivery failed for an hour, none while it goes on, one on recovery', async () => {
    const m = await createTestMerchant(t);
    await attempt(m.id, 'delivered');
    minutes(5);
    await attempt(m.id, 'failed');
    minutes(30);
    await attempt(m.id, 'failed');
    expect(await check()).toEqual({ opened: 0, recovered: 0 });
    minutes(31); // 61 minutes since the first failure after the last delivery
    await attempt(m.id, 'failed');
    expect(await check()).toEqual({ opened: 1, recovered: 0 });
    // Still failing: more failures, more checks, no more e-mail.
    for (let i = 0; i < 3; i++) {
      minutes(10);
      await attempt(m.id, 'failed');
      expect(await check()).toEqual({ opened: 0, recovered: 0 });
    }
    await deliver();
    expect(subjects(m.email)).toEqual(['[Test] Your webhooks have been failing for an hour']);
    expect(bodyOf(m.email, /failing/)).toContain('The last attempt: HTTP 503.');

    minutes(5);
    await attempt(m.id, 'delivered');
    expect(await check()).toEqual({ opened: 0, recovered: 1 });
    expect(await check()).toEqual({ opened: 0, recovered: 0 });
    await deliver();
    expect(subjects(m.email)).toEqual([
      '[Test] Your webhooks have been failing for an hour',
      '[Test] Your webhooks are being delivered again',
    ]);
    const incidents = await t.ctx.db
      .selectFrom('webhook_incidents')
      .selectAll()
      .where('merchant_id', '=', m.id)
      .execute();
    expect(incidents).toHaveLength(1);
    expect(incidents[0]?.recovered_at).not.toBeNull();

    // A new hour of failures after the recovery is a new incident.
    minutes(1);
    await attempt(m.id, 'failed');
    minutes(61);
    await attempt(m.id, 'failed');
    expect(await check()).toEqual({ opened: 1, recovered: 0 });
  });

  it('with the real dispatcher: an endpoint answering 503 for an hour, then 200', async () => {
    const receiver = await startWebhookReceiver();
    let status = 503;
    receiver.answer = () => ({ status });
    const dispatcher = new WebhookDispatcher(
      {
        db: t.ctx.db,
        clock: t.clock,
        secretBox: t.ctx.secretBox,
        log: createLogger('silent', 'test'),
      },
      {
        concurrency: 8,
        perMerchant: 2,
        timeoutMs: 15_000,
        pollMs: 20,
        loopbackTestWebhooks: true,
        random: () => 0,
      },
    );
    try {
      const m = await createTestMerchant(t);
      const set = await t.http.patch(
        `/api/v1/merchant/${m.id}/settings`,
        { webhook_url: `${receiver.url}/hooks` },
        { token: m.testKey },
      );
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      await runWrite(t.ctx.db, (tx) =>
        recordEvent(
          tx,
          { merchantId: m.id, livemode: false, type: 'payment.success', data: {} },
          t.clock.now(),
        ),
      );
      // Attempts at 0, 1, 3, 7, 15, 31 and 63 minutes (back-off without jitter): all refused.
      for (let minute = 0; minute <= 64; minute++) {
        await dispatcher.drain();
        if (minute === 30) expect(await check()).toEqual({ opened: 0, recovered: 0 });
        minutes(1);
      }
      expect(receiver.received.length).toBeGreaterThanOrEqual(7);
      expect(await check()).toEqual({ opened: 1, recovered: 0 });
      // Sent now: e-mails of one batch go out side by side, in no set order.
      await deliver();
      status = 200;
      for (let minute = 0; minute < 70; minute++) {
        if ((await dispatcher.drain()) > 0) break;
        minutes(1);
      }
      expect(await check()).toEqual({ opened: 0, recovered: 1 });
      await deliver();
      expect(subjects(m.email)).toEqual([
        '[Test] Your webhooks have been failing for an hour',
        '[Test] Your webhooks are being delivered again',
      ]);
      expect(bodyOf(m.email, /failing/)).toContain(`(${receiver.url}/hooks)`);
    } finally {
      await dispatcher.stop();
      await receiver.close();
    }
  });

  it('failures with a delivery among them are not an incident', async () => {
    const m = await createTestMerchant(t);
    await attempt(m.id, 'failed');
    minutes(40);
    await attempt(m.id, 'delivered');
    minutes(1);
    await attempt(m.id, 'failed');
    minutes(40);
    await attempt(m.id, 'failed');
    expect(await check()).toEqual({ opened: 0, recovered: 0 });
  });
});

describe('disputes (notifyMerchant for the disputes work)', () => {
  it("'dispute_opened' e-mails the amount, the payment and the deadline", async () => {
    const m = await createTestMerchant(t);
    const now = t.clock.now();
    const queued = await runWrite(t.ctx.db, (tx) =>
      notifyMerchant(
        tx,
        'dispute_opened',
        {
          merchantId: m.id,
          subjectId: 'dsp_test_1',
          facts: {
            disputeId: 'dsp_test_1',
            amountKobo: 1_250_050,
            chargeReference: 'chg_ref_1',
            planId: 'plan_1',
            reason: 'Goods not received',
            respondBy: new Date(now.getTime() + 7 * 86_400_000).toISOString(),
            livemode: true,
          },
        },
        now,
      ),
    );
    expect(queued).toBe(true);
    // The same dispute again queues nothing more.
    const again = await runWrite(t.ctx.db, (tx) =>
      notifyMerchant(
        tx,
        'dispute_opened',
        {
          merchantId: m.id,
          subjectId: 'dsp_test_1',
          facts: {
            disputeId: 'dsp_test_1',
            amountKobo: 1_250_050,
            chargeReference: null,
            planId: null,
            reason: null,
            respondBy: null,
            livemode: true,
          },
        },
        now,
      ),
    );
    expect(again).toBe(false);
    await deliver();
    expect(subjects(m.email)).toEqual(['A customer disputed a payment of ₦12,500.50']);
    const text = bodyOf(m.email, /disputed/);
    expect(text).toContain('Payment:    chg_ref_1');
    expect(text).toContain('Reason:     Goods not received');
  });
});

describe('preferences API', () => {
  it('defaults, partial changes, back to the account e-mail, and refusals', async () => {
    const m = await createTestMerchant(t);
    const path = `/api/v1/merchant/${m.id}/notification-preferences`;
    const initial = await t.http.get(path, { token: m.testKey });
    expect(initial.body.data).toEqual({
      object: 'merchant_notification_preferences',
      email: null,
      sends_to: m.email,
      account: true,
      payouts: true,
      webhooks: true,
      disputes: true,
      updated_at: null,
    });
    const changed = await t.http.put(
      path,
      { payouts: false, email: 'money@ade.test' },
      { token: m.testKey },
    );
    expect(changed.body.data).toMatchObject({
      email: 'money@ade.test',
      sends_to: 'money@ade.test',
      payouts: false,
      account: true,
    });
    const back = await t.http.put(path, { email: '' }, { token: m.testKey });
    expect(back.body.data).toMatchObject({ email: null, sends_to: m.email, payouts: false });
    for (const [body, detail] of [
      [{ email: 'not an address' }, /email must be an e-mail address/],
      [{ payouts: 'yes' }, /payouts/],
      [{ fax: true }, /fax|additional/i],
      [{}, /fewer than 1|minProperties|at least/i],
    ] as const) {
      const res = await t.http.put(path, body, { token: m.testKey });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.detail).toMatch(detail);
    }
  });

  describe('security', () => {
    let merchant: TestMerchant;
    let other: TestMerchant;
    let revokedKey: string;
    let customerToken: string;
    beforeAll(async () => {
      merchant = await createTestMerchant(t, { approve: true });
      other = await createTestMerchant(t);
      const rolled = await rollApiKey(t.ctx, merchant.id, 'test', 60);
      revokedKey = rolled.secret_key;
      await revokeApiKey(t.ctx, merchant.id, rolled.id);
      customerToken = (await createTestCustomer(t)).accessToken;
    });
    const fixtures: SecurityFixtures = {
      t: () => t,
      merchant: () => merchant,
      revokedKey: () => revokedKey,
      otherMerchant: () => other,
      customerToken: () => customerToken,
    };
    const path = () => `/api/v1/merchant/${merchant.id}/notification-preferences`;
    merchantRouteSecuritySuite(
      {
        name: 'GET /merchant/{id}/notification-preferences',
        otherMerchantStatus: 404,
        mode: { noModeObject: 'the business’s e-mail settings are shared by both modes' },
        send: (token) => t.http.get(path(), { ...(token && { token }) }),
      },
      fixtures,
    );
    merchantRouteSecuritySuite(
      {
        name: 'PUT /merchant/{id}/notification-preferences',
        otherMerchantStatus: 404,
        mode: { noModeObject: 'the business’s e-mail settings are shared by both modes' },
        send: (token) => t.http.put(path(), { webhooks: true }, { ...(token && { token }) }),
      },
      fixtures,
    );
  });
});
