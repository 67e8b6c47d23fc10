import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { checkPayoutOtps } from '../../src/features/money/index.ts';
import { sendPayout, verifyPayout } from '../../src/features/money/payouts.ts';
import { createWorkerMetrics } from '../../src/main/worker-monitoring.ts';
import { createTestMerchant, type TestMerchant } from '../harness/fixtures.ts';
import { ledgerTotal } from '../harness/ledger.ts';
import { operatorToken } from '../harness/operators.ts';
import { collect, confirmPlanFor } from '../harness/plans.ts';
import { startTestAppWithSandbox, type TestAppWithSandbox } from '../harness/test-app.ts';

/**
 * Payouts on a gateway account that requires transfer OTPs (issue 26 item 3, decision 0043),
 * against the sandbox gateway with its OTP requirement on (its OTP is 123456): the transfer is
 * held at `otp`, the operator gives the OTP through the admin API, or the wait runs out and is
 * reported, and the merchant's money comes back only when the gateway abandons the transfer.
 */
let t: TestAppWithSandbox;
beforeAll(async () => {
  t = await startTestAppWithSandbox();
  const on = await t.sandbox.control('POST', '/_sandbox/transfer-otp', { required: true });
  expect(on.status).toBe(200);
});
afterAll(async () => t.close());

const as = async () => ({ token: await operatorToken(t) });

async function payoutTo(accountNumber: string): Promise<{ merchant: TestMerchant; id: string }> {
  const merchant = await createTestMerchant(t, { approve: true });
  await t.http.patch(
    `/api/v1/merchant/${merchant.id}/settings`,
    { settlement_account: { bank_code: '058', account_number: accountNumber } },
    { token: merchant.testKey },
  );
  const { plan } = await confirmPlanFor(t, merchant, {
    amount: 100_000,
    installmentCount: 1,
    upfrontPct: 50,
  });
  for (const installment of plan.installments) {
    expect(['paid', 'nothing_to_do']).toContain(await collect(t, installment.id));
  }
  const created = await t.http.post(
    `/api/v1/merchant/${merchant.id}/payouts`,
    {},
    { token: merchant.testKey },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { merchant, id: created.body.data.id as string };
}

const payout = (id: string) =>
  t.ctx.db.selectFrom('payouts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const wallet = async (m: TestMerchant) =>
  (await t.http.get(`/api/v1/merchant/${m.id}/wallet`, { token: m.testKey })).body.data;
const awaiting = async () =>
  (await t.http.get('/api/v1/admin/payouts/awaiting-otp', await as())).body.data as {
    id: string;
    overdue: boolean;
    transfer_code: string;
    deadline_at: string;
  }[];
const atGateway = async (reference: string) =>
  (await t.ctx.gateway.verifyTransfer(reference))?.status;
const journal = async (reference: string) =>
  (
    await t.ctx.db
      .selectFrom('journal_entries')
      .select('kind')
      .where('reference', '=', reference)
      .execute()
  )
    .map((e) => e.kind)
    .sort();
const events = async (merchantId: string) =>
  (
    await t.ctx.db
      .selectFrom('webhook_events')
      .select('type')
      .where('merchant_id', '=', merchantId)
      .where('type', 'like', 'transfer.%')
      .execute()
  ).map((e) => e.type);
const gauge = (text: string, name: string) =>
  Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
const metrics = () => createWorkerMetrics(t.ctx.db, t.ctx.clock).scrape();

describe('payouts on an account that requires transfer OTPs', () => {
  it('held at otp → listed and counted → a wrong OTP is refused, nothing changes → the right OTP sends it once → paid, wallet and ledger right', async () => {
    const { merchant, id } = await payoutTo('0123456789');
    expect(await sendPayout(t.ctx, id)).toBe('in_transit');
    const held = await payout(id);
    expect(held).toMatchObject({ status: 'in_transit', otp_finalized_at: null });
    expect(held.otp_requested_at).toBeInstanceOf(Date);
    expect(held.transfer_code).toMatch(/^TRF_/);
    expect(await atGateway(held.reference)).toBe('otp');
    expect(await wallet(merchant)).toMatchObject({ available: 0, payouts_in_transit: 97_500 });

    // A retried send_payout and the verify job neither send again nor wait on the back-off.
    expect(await sendPayout(t.ctx, id)).toBe('in_transit');
    expect(await verifyPayout(t.ctx, id)).toBe('in_transit');

    const listed = (await awaiting()).find((p) => p.id === id);
    expect(listed).toMatchObject({ overdue: false, transfer_code: held.transfer_code });
    const before = await metrics();
    expect(gauge(before, 'tranche_payouts_awaiting_otp')).toBeGreaterThanOrEqual(1);
    expect(gauge(before, 'tranche_payouts_awaiting_otp_overdue')).toBe(0);

    const wrong = await t.http.post(
      `/api/v1/admin/payouts/${id}/otp`,
      { otp: '000000' },
      await as(),
    );
    expect(wrong.status, JSON.stringify(wrong.body)).toBe(400);
    expect(wrong.body.detail).toMatch(/Invalid OTP.*still waits/);
    expect(await payout(id)).toEqual(held);
    expect(await atGateway(held.reference)).toBe('otp');
    // Not an OTP at all: refused by the schema.
    expect(
      (await t.http.post(`/api/v1/admin/payouts/${id}/otp`, { otp: 'abc' }, await as())).status,
    ).toBe(400);

    const resent = await t.http.post(`/api/v1/admin/payouts/${id}/otp/resend`, {}, await as());
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body.data).toEqual({ resent: true });

    const given = await t.http.post(
      `/api/v1/admin/payouts/${id}/otp`,
      { otp: '123456' },
      await as(),
    );
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect(given.body.data.status).toBe('in_transit');
    expect((await payout(id)).otp_finalized_at).toBeInstanceOf(Date);
    expect((await awaiting()).map((p) => p.id)).not.toContain(id);

    // Given again (a second operator, a double click): refused, nothing sent twice.
    const again = await t.http.post(
      `/api/v1/admin/payouts/${id}/otp`,
      { otp: '123456' },
      await as(),
    );
    expect(again.status).toBe(409);
    expect(
      (await t.http.post(`/api/v1/admin/payouts/${id}/otp/resend`, {}, await as())).status,
    ).toBe(409);

    await t.sandbox.control('POST', '/_sandbox/settle');
    await expect.poll(async () => (await payout(id)).status, { timeout: 15_000 }).toBe('paid');
    expect(await wallet(merchant)).toMatchObject({ available: 0, payouts_in_transit: 0 });
    expect(await journal(held.reference)).toEqual(['payout_initiated', 'payout_succeeded']);
    expect(await events(merchant.id)).toEqual(['transfer.success']);
    const sandboxTransfers = await t.ctx.db
      .selectFrom('sandbox_gateway.transfers' as never)
      .select('status' as never)
      .where('reference' as never, '=', held.reference as never)
      .execute();
    expect(sandboxTransfers).toHaveLength(1);

    const audit = await t.ctx.db
      .selectFrom('operator_audit_log')
      .select(['action', 'target_id', 'detail', 'operator'])
      .where('target_id', '=', merchant.id)
      .where('action', 'in', ['payout.otp_submit', 'payout.otp_resend'])
      .orderBy('seq')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['payout.otp_resend', 'payout.otp_submit']);
    expect(audit[1]?.detail).toMatchObject({ payout_id: id, reference: held.reference });
    expect(JSON.stringify(audit)).not.toContain('123456');
    expect(await ledgerTotal(t.ctx.db)).toBe(0);
  });

  it('times out waiting: past 30 minutes it is reported (metric, overdue) and keeps waiting; once the gateway abandons it, it fails and the money returns', async () => {
    const { merchant, id } = await payoutTo('0123456780');
    expect(await sendPayout(t.ctx, id)).toBe('in_transit');
    const held = await payout(id);

    // Before the deadline the check leaves it alone.
    t.clock.advance(29 * 60_000);
    expect((await checkPayoutOtps(t.ctx)).overdue).not.toContain(id);
    expect((await payout(id)).otp_overdue_at).toBeNull();

    t.clock.advance(2 * 60_000);
    const reported = await checkPayoutOtps(t.ctx);
    expect(reported.overdue).toContain(id);
    const overdue = await payout(id);
    expect(overdue).toMatchObject({ status: 'in_transit', otp_finalized_at: null });
    expect(overdue.otp_overdue_at).toEqual(t.clock.now());
    expect((await awaiting()).find((p) => p.id === id)).toMatchObject({ overdue: true });
    const scraped = await metrics();
    expect(gauge(scraped, 'tranche_payouts_awaiting_otp_overdue')).toBeGreaterThanOrEqual(1);
    expect(
      gauge(scraped, 'tranche_payouts_awaiting_otp_oldest_age_seconds'),
    ).toBeGreaterThanOrEqual(31 * 60);
    // The gateway still holds it, so the money stays out of the wallet (it could still be sent).
    expect(await wallet(merchant)).toMatchObject({ available: 0, payouts_in_transit: 97_500 });

    // Paystack abandons a transfer whose OTP never came (30 minutes); no webhook says so.
    await t.sandbox.control('POST', '/_sandbox/transfer-otp/abandon');
    expect(await atGateway(held.reference)).toBe('failed');
    t.clock.advance(60_000);
    const abandoned = await checkPayoutOtps(t.ctx);
    expect(abandoned.failed).toContain(id);
    const failed = await payout(id);
    expect(failed).toMatchObject({ status: 'failed' });
    expect(failed.failure_reason).toMatch(/abandoned.*OTP was not given/);
    expect(failed.otp_finalized_at).toBeInstanceOf(Date);
    expect(await wallet(merchant)).toMatchObject({ available: 97_500, payouts_in_transit: 0 });
    expect(await journal(held.reference)).toEqual(['payout_failed', 'payout_initiated']);
    expect(await events(merchant.id)).toEqual(['transfer.failed']);
    expect((await awaiting()).map((p) => p.id)).not.toContain(id);
    // Too late for an OTP: refused, nothing sent.
    const late = await t.http.post(
      `/api/v1/admin/payouts/${id}/otp`,
      { otp: '123456' },
      await as(),
    );
    expect(late.status).toBe(409);
    // The next check has nothing more to do with it.
    expect(Object.values(await checkPayoutOtps(t.ctx)).flat()).not.toContain(id);
    expect(await ledgerTotal(t.ctx.db)).toBe(0);
  });

  it('operators only: no token 401, a merchant key 401, an unknown payout 404', async () => {
    const merchant = await createTestMerchant(t);
    expect((await t.http.get('/api/v1/admin/payouts/awaiting-otp')).status).toBe(401);
    expect(
      (
        await t.http.post(
          '/api/v1/admin/payouts/po_nope/otp',
          { otp: '123456' },
          { token: merchant.testKey },
        )
      ).status,
    ).toBe(401);
    expect(
      (await t.http.post('/api/v1/admin/payouts/po_nope/otp', { otp: '123456' }, await as()))
        .status,
    ).toBe(404);
  });
});
