import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { reconcile } from '../../src/features/money/reconciliation.ts';
import { sendRefund, verifyRefund } from '../../src/features/refunds/delivery.ts';
import { waitFor } from '../harness/e2e.ts';
import { createTestMerchant, newIdempotencyKey, type TestMerchant } from '../harness/fixtures.ts';
import { ledgerTotal } from '../harness/ledger.ts';
import { collect, collectToStatus, confirmPlanFor } from '../harness/plans.ts';
import { startTestAppWithSandbox, type TestAppWithSandbox } from '../harness/test-app.ts';

/**
 * Refunds and cancellations (issue 11) through real HTTP and the sandbox gateway. The plan in
 * most tests: ₦1,000.00, 25% upfront, 3 monthly: 25,000 now and 25,000 three times; each
 * collected payment is 25,000 gross, 625 fee, 24,375 to the merchant.
 */

let t: TestAppWithSandbox;
beforeAll(async () => {
  t = await startTestAppWithSandbox();
});
afterAll(async () => t.close());

type Plan = Awaited<ReturnType<typeof confirmPlanFor>>['plan'];

async function planWithPayments(merchant: TestMerchant, collected: number): Promise<Plan> {
  const { plan } = await confirmPlanFor(t, merchant);
  for (const installment of plan.installments.slice(0, collected)) {
    expect(['paid', 'nothing_to_do']).toContain(await collect(t, installment.id));
  }
  return plan;
}

const refundsPath = (m: TestMerchant, planId: string) =>
  `/api/v1/merchant/${m.id}/plans/${planId}/refunds`;

async function refund(m: TestMerchant, planId: string, body: object, key = newIdempotencyKey()) {
  return t.http.post(refundsPath(m, planId), body, {
    token: m.testKey,
    headers: { 'idempotency-key': key },
  });
}

const readPlan = async (m: TestMerchant, planId: string) =>
  (await t.http.get(`/api/v1/merchant/${m.id}/plans/${planId}`, { token: m.testKey })).body.data;
const wallet = async (m: TestMerchant) =>
  (await t.http.get(`/api/v1/merchant/${m.id}/wallet`, { token: m.testKey })).body.data;
const readRefund = async (m: TestMerchant, planId: string, id: string) =>
  (await t.http.get(`${refundsPath(m, planId)}/${id}`, { token: m.testKey })).body.data;

async function eventTypes(merchantId: string): Promise<string[]> {
  const rows = await t.ctx.db
    .selectFrom('webhook_events')
    .select('type')
    .where('merchant_id', '=', merchantId)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.type);
}

/** The gateway's refunds of one charge, as its own API lists them. */
async function gatewayRefunds(chargeReference: string) {
  const listed = await t.sandbox.control('GET', `/refund?transaction=${chargeReference}`);
  return listed.body.data as { amount: number; status: string; merchant_note: string }[];
}

async function chargeOf(installmentId: string): Promise<string> {
  const row = await t.ctx.db
    .selectFrom('installments')
    .select('charge_reference')
    .where('id', '=', installmentId)
    .executeTakeFirstOrThrow();
  if (!row.charge_reference) throw new Error('no charge');
  return row.charge_reference;
}

/** Sends a refund's cash parts, lets the sandbox settle them and waits for the webhook. */
async function sendAndSettle(m: TestMerchant, planId: string, refundId: string) {
  await sendRefund(t.ctx, refundId);
  await t.sandbox.control('POST', '/_sandbox/settle');
  await waitFor(async () => (await readRefund(m, planId, refundId)).status !== 'pending', 10_000);
  return readRefund(m, planId, refundId);
}

async function entriesOf(kind: string, referencePrefix: string): Promise<number> {
  const rows = await t.ctx.db
    .selectFrom('journal_entries')
    .select('id')
    .where('kind', '=', kind)
    .where('reference', 'like', `${referencePrefix}%`)
    .execute();
  return rows.length;
}

describe('refunds', () => {
  it('a partial refund within the unpaid part only shortens the schedule, from the last installment', async () => {
    const merchant = await createTestMerchant(t, { approve: true });
    const plan = await planWithPayments(merchant, 1);
    const before = await wallet(merchant);
    const created = await refund(merchant, plan.id, { amount: 30_000, reason: 'one item back' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      object: 'refund',
      amount: 30_000,
      balance_reduction: 30_000,
      cash_amount: 0,
      fee_returned: 0,
      status: 'processed',
      reason: 'one item back',
    });
    const after = await readPlan(merchant, plan.id);
    expect(
      after.installments.map((i: { amount: number; refunded: number; status: string }) => [
        i.amount,
        i.refunded,
        i.status,
      ]),
    ).toEqual([
      [25_000, 0, 'paid'],
      [25_000, 0, 'scheduled'],
      [20_000, 5_000, 'scheduled'],
      [0, 25_000, 'cancelled'],
    ]);
    expect(after.status).toBe('active');
    expect(await wallet(merchant)).toMatchObject({
      available: before.available,
      pending: before.pending - 30_000,
    });
    expect(await eventTypes(merchant.id)).toEqual(
      expect.arrayContaining(['payment_plan.updated', 'refund.processed']),
    );
    // The next debit takes the shortened amount.
    expect(await collectToStatus(t, plan.installments[2]!.id)).toBe('paid');
    expect((await readPlan(merchant, plan.id)).installments[2].status).toBe('paid');
    const charge = await t.ctx.db
      .selectFrom('charges')
      .select('amount_kobo')
      .where('reference', '=', await chargeOf(plan.installments[2]!.id))
      .executeTakeFirstOrThrow();
    expect(charge.amount_kobo).toBe(20_000);
    expect(await ledgerTotal(t.ctx.db)).toBe(0);
  });

  it('a refund above the unpaid part pays the rest back through the gateway, fee returned pro rata', async () => {
    const merchant = await createTestMerchant(t, { approve: true });
    const plan = await planWithPayments(merchant, 2);
    expect((await wallet(merchant)).available).toBe(48_750);
    const created = await refund(merchant, plan.id, { amount: 60_000 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // 50,000 off installments 3 and 2; 10,000 back from installment 1's charge (the latest):
    // fee returned round(625 × 10,000 / 25,000) = 250, the merchant pays 9,750.
    expect(created.body.data).toMatchObject({
      balance_reduction: 50_000,
      cash_amount: 10_000,
      fee_returned: 250,
      status: 'pending',
    });
    expect((await wallet(merchant)).available).toBe(48_750 - 9_750);
    const settled = await sendAndSettle(merchant, plan.id, created.body.data.id);
    expect(settled.status).toBe('processed');
    const charge = await chargeOf(plan.installments[1]!.id);
    expect(await gatewayRefunds(charge)).toEqual([
      expect.objectContaining({ amount: 10_000, status: 'processed' }),
    ]);
    expect((await readPlan(merchant, plan.id)).status).toBe('completed');
    expect(await eventTypes(merchant.id)).toEqual(
      expect.arrayContaining([
        'payment_plan.updated',
        'payment_plan.completed',
        'refund.processed',
      ]),
    );
    expect(await ledgerTotal(t.ctx.db)).toBe(0);
    // Reconciliation finds the refund in the ledger and at the gateway, and nothing amiss.
    const report = await reconcile(t.ctx, { since: new Date(0), gateway: true });
    expect(report.refunds_checked).toBeGreaterThan(0);
    expect(report.differences).toEqual([]);
  });

  it('a full refund of a completed plan pays every payment back; the fee comes back whole', async () => {
    const merchant = await createTestMerchant(t, { approve: true });
    const plan = await planWithPayments(merchant, 4);
    expect((await readPlan(merchant, plan.id)).status).toBe('completed');
    expect((await wallet(merchant)).available).toBe(97_500);
    const created = await refund(merchant, plan.id, {});
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      amount: 100_000,
      balance_reduction: 0,
      cash_amount: 100_000,
      fee_returned: 2_500,
    });
    expect((await wallet(merchant)).available).toBe(0);
    expect((await sendAndSettle(merchant, plan.id, created.body.data.id)).status).toBe('processed');
    for (const installment of plan.installments) {
      expect(await gatewayRefunds(await chargeOf(installment.id))).toEqual([
        expect.objectContaining({ amount: 25_000, status: 'processed' }),
      ]);
    }
    const again = await refund(merchant, plan.id, {});
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/nothing left to refund/);
    expect(await ledgerTotal(t.ctx.db)).toBe(0);
  });

  it('the same Idempotency-Key replays; more than the plan holds is refused with the numbers', async () => {
    const merchant = await createTestMerchant(t, { approve: true });
    const plan = await planWithPayments(merchant, 1);
    const key = newIdempotencyKey();
    const first = await refund(merchant, plan.id, { amount: 1_000 }, key);
    const second = await refund(merchant, plan.id, { amount: 1_000 }, key);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body.data.id).toBe(first.body.data.id);
    const reused = await refund(merchant, plan.id, { amount: 2_000 }, key);
    expect(reused.status).toBe(409);
    const tooMuch = await refund(merchant, plan.id, { amount: 100_000 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.detail).toMatch(/₦990\.00 this plan can still refund/);
    const list = await t.http.get(refundsPath(merchant, plan.id), { token: merchant.testKey });
    expect(list.body.data.map((r: { id: string }) => r.id)).toEqual([first.body.data.id]);
    const other = await createTestMerchant(t, { approve: true });
    expect((await refund(other, plan.id, {})).status).toBe(404);
    expect((await t.http.get(refundsPath(other, plan.id), { token: other.testKey })).status).toBe(
      404,
    );
  });

  it('GET …/refundable names what a refund of everything would be now, by the same rule', async () => {
    const merchant = await createTestMerchant(t, { approve: true });
    const plan = await planWithPayments(merchant, 2);
    const refundable = async () =>
      (
        await t.http.get(`/api/v1/merchant/${merchant.id}/plans/${plan.id}/refundable`, {
          token: merchant.testKey,
        })
      ).body.data as { amount: number };
    // Two of four 25,000 installments collected: 50,000 owed, 50,000 collected.
    expect(await refundable()).toEqual({
      object: 'refundable',
      plan_id: plan.id,
      amount: 100_000,
      outstanding_reduction: 50_000,
      cash_refund: 50_000,
      charge_in_flight: false,
    });
    expect((await refund(merchant, plan.id, { amount: 60_000 })).status).toBe(201);
    const after = await refundable();
    expect(after).toMatchObject({ amount: 40_000, outstanding_reduction: 0, cash_refund: 40_000 });
    // That figure is exactly what a refund of everything takes; one kobo more is refused.
    expect((await refund(merchant, plan.id, { amount: after.amount + 1 })).status).toBe(400);
    const all = await refund(merchant, plan.id, { amount: after.amount });
    expect(all.status, JSON.stringify(all.body)).toBe(201);
    expect((await refundable()).amount).toBe(0);
    const other = await createTestMerchant(t, { approve: true });
    expect(
      (
        await t.http.get(`/api/v1/merchant/${other.id}/plans/${plan.id}/refundable`, {
          token: other.testKey,
        })
      ).status,
    ).toBe(404);
  });

  it('20 concurrent full refunds of one plan: exactly one succeeds', async () => {
    const merchant = await createTestMerchant(t, { approve: true });
    const plan = await planWithPayments(merchant, 2);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => refund(merchant, plan.id, {})),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const rows = await t.ctx.db
      .selectFrom('refunds')
      .select('amount_kobo')
      .where('plan_id', '=', plan.id)
      .execute();
    expect(rows).toEqual([{ amount_kobo: 100_000 }]);
  });

  it('a refund larger than the available balance is refused and changes nothing', async () => {
    const merchant = await createTestMerchant(t, { approve: true });
    const plan = await planWithPayments(merchant, 1);
    await t.http.patch(
      `/api/v1/merchant/${merchant.id}/settings`,
      { settlement_account: { bank_code: '058', account_number: '0123456789' } },
      { token: merchant.testKey },
    );
    const payout = await t.http.post(
      `/api/v1/merchant/${merchant.id}/payouts`,
      {},
      {
        token: merchant.testKey,
      },
    );
    expect(payout.status).toBe(201);
    const before = await readPlan(merchant, plan.id);
    const refused = await refund(merchant, plan.id, {});
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toMatch(/available balance is ₦0\.00/);
    expect(await readPlan(merchant, plan.id)).toEqual(before);
    // The part that only lowers the balance needs no money: it goes through.
    expect((await refund(merchant, plan.id, { amount: 75_000 })).status).toBe(201);
  });
});

describe("a plan's charges and events (the dashboard's plan page)", () => {
  it('lists every charge attempt with its fee, and the events about that plan only', async () => {
    const merchant = await createTestMerchant(t, { approve: true });
    const plan = await planWithPayments(merchant, 2);
    const other = await planWithPayments(merchant, 1);
    const charges = await t.http.get(`/api/v1/merchant/${merchant.id}/plans/${plan.id}/charges`, {
      token: merchant.testKey,
    });
    expect(charges.status).toBe(200);
    expect(
      charges.body.data.map(
        (c: { sequence: number; amount: number; fee: number; status: string }) => [
          c.sequence,
          c.amount,
          c.fee,
          c.status,
        ],
      ),
    ).toEqual([
      [0, 25_000, 625, 'success'],
      [1, 25_000, 625, 'success'],
    ]);
    const events = await t.http.get(
      `/api/v1/merchant/${merchant.id}/webhook-events?payment_plan_id=${plan.id}`,
      { token: merchant.testKey },
    );
    expect(events.status).toBe(200);
    const types = events.body.data.map((e: { event: string }) => e.event);
    expect(types).toEqual(
      expect.arrayContaining(['payment.success', 'payment_plan.installment_paid']),
    );
    expect(events.body.data.length).toBeLessThan(
      (
        await t.http.get(`/api/v1/merchant/${merchant.id}/webhook-events?limit=100`, {
          token: merchant.testKey,
        })
      ).body.data.length,
    );
    expect(other.id).not.toBe(plan.id);
    const stranger = await createTestMerchant(t, { approve: true });
    expect(
      (
        await t.http.get(`/api/v1/merchant/${stranger.id}/plans/${plan.id}/charges`, {
          token: stranger.testKey,
        })
      ).status,
    ).toBe(404);
  });
});

describe('refunds when the gateway misbehaves (one refund at the gateway, one ledger entry)', () => {
  async function cashRefund() {
    const merchant = await createTestMerchant(t, { approve: true });
    const plan = await planWithPayments(merchant, 4);
    const created = await refund(merchant, plan.id, { amount: 5_000 });
    expect(created.status).toBe(201);
    const charge = await chargeOf(plan.installments[3]!.id);
    return { merchant, plan, refundId: created.body.data.id as string, charge };
  }

  async function expectOneRefund(c: Awaited<ReturnType<typeof cashRefund>>, status = 'processed') {
    await t.sandbox.control('DELETE', '/_sandbox/faults');
    await t.sandbox.control('POST', '/_sandbox/settle');
    await verifyRefund(t.ctx, c.refundId).catch(() => undefined);
    await waitFor(
      async () => (await readRefund(c.merchant, c.plan.id, c.refundId)).status === status,
      10_000,
    );
    expect(await gatewayRefunds(c.charge)).toEqual([
      expect.objectContaining({ amount: 5_000, status: 'processed' }),
    ]);
    const prefix = `rfp-${c.refundId.replace(/_/g, '')}`;
    expect(await entriesOf('refund_initiated', prefix)).toBe(1);
    expect(await entriesOf('refund_succeeded', prefix)).toBe(1);
  }

  it('the gateway failing (500): the job fails, the retry looks first, then sends once', async () => {
    const c = await cashRefund();
    await t.sandbox.control('POST', '/_sandbox/faults', { fail_next: 1 });
    await expect(sendRefund(t.ctx, c.refundId)).rejects.toThrow();
    expect(await gatewayRefunds(c.charge)).toEqual([]);
    await sendRefund(t.ctx, c.refundId);
    await expectOneRefund(c);
  });

  it('the gateway losing its answer: the retry finds the refund by its note and does not send again', async () => {
    const c = await cashRefund();
    await t.sandbox.control('POST', '/_sandbox/faults', { lose_next_response: 1 });
    await expect(sendRefund(t.ctx, c.refundId)).rejects.toThrow();
    expect(await gatewayRefunds(c.charge)).toHaveLength(1);
    await sendRefund(t.ctx, c.refundId);
    await expectOneRefund(c);
  });

  it('the gateway timing out: the same', async () => {
    const c = await cashRefund();
    await t.sandbox.control('POST', '/_sandbox/faults', { delay_next_response_ms: 7_000 });
    await expect(sendRefund(t.ctx, c.refundId)).rejects.toThrow();
    await sendRefund(t.ctx, c.refundId);
    await expectOneRefund(c);
  }, 20_000);

  it('the gateway refusing: refund.failed, and the money is back in the available balance', async () => {
    const c = await cashRefund();
    // Someone refunded the whole charge at the gateway directly: ours can only be refused.
    await t.sandbox.control('POST', '/refund', { transaction: c.charge });
    const available = (await wallet(c.merchant)).available as number;
    await sendRefund(t.ctx, c.refundId);
    const failed = await readRefund(c.merchant, c.plan.id, c.refundId);
    expect(failed.status).toBe('failed');
    expect(failed.failure_reason).toMatch(/could not be paid back/);
    expect((await wallet(c.merchant)).available).toBe(available + 5_000 - 125);
    expect(await eventTypes(c.merchant.id)).toContain('refund.failed');
    expect(await ledgerTotal(t.ctx.db)).toBe(0);
  });
});

describe('cancelling a plan', () => {
  const cancel = (m: TestMerchant, planId: string, body: object) =>
    t.http.post(`/api/v1/merchant/${m.id}/plans/${planId}/cancel`, body, { token: m.testKey });

  it('without a refund: no debit is attempted after it, the balance is released, the merchant is told', async () => {
    const merchant = await createTestMerchant(t, { approve: true });
    const plan = await planWithPayments(merchant, 1);
    const before = await wallet(merchant);
    const cancelled = await cancel(merchant, plan.id, { reason: 'order lost in transit' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data.refund).toBeNull();
    expect(cancelled.body.data.payment_plan.status).toBe('cancelled');
    expect(
      cancelled.body.data.payment_plan.installments.map((i: { status: string }) => i.status),
    ).toEqual(['paid', 'cancelled', 'cancelled', 'cancelled']);
    expect(await collect(t, plan.installments[1]!.id)).toBe('nothing_to_do');
    expect(await wallet(merchant)).toMatchObject({ available: before.available, pending: 0 });
    expect(await eventTypes(merchant.id)).toContain('payment_plan.cancelled');
    expect((await cancel(merchant, plan.id, {})).status).toBe(409);
    expect(await ledgerTotal(t.ctx.db)).toBe(0);
  });

  it('with a refund: what was collected goes back to the customer', async () => {
    const merchant = await createTestMerchant(t, { approve: true });
    const plan = await planWithPayments(merchant, 1);
    const cancelled = await cancel(merchant, plan.id, { refund: true, reason: 'out of stock' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data.refund).toMatchObject({
      amount: 25_000,
      cash_amount: 25_000,
      fee_returned: 625,
      reason: 'out of stock',
    });
    const settled = await sendAndSettle(merchant, plan.id, cancelled.body.data.refund.id);
    expect(settled.status).toBe('processed');
    expect(await gatewayRefunds(await chargeOf(plan.installments[0]!.id))).toEqual([
      expect.objectContaining({ amount: 25_000, status: 'processed' }),
    ]);
    expect((await wallet(merchant)).available).toBe(0);
  });

  it('before the deposit was collected: the order is free for a new checkout', async () => {
    const merchant = await createTestMerchant(t, { approve: true });
    const { plan, session } = await confirmPlanFor(t, merchant);
    const cancelled = await cancel(merchant, plan.id, { refund: true });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data.refund).toBeNull();
    const row = await t.ctx.db
      .selectFrom('checkout_sessions')
      .select('status')
      .where('token', '=', session.body.data.token)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('cancelled');
    expect(await collect(t, plan.installments[0]!.id)).toBe('nothing_to_do');
    // A completed plan is refunded, not cancelled.
    const done = await planWithPayments(merchant, 4);
    const refused = await cancel(merchant, done.id, {});
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/refund it instead/);
  });
});
