import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runWrite } from '../../src/db/write.ts';
import { applyGatewayDispute } from '../../src/features/disputes/disputes.ts';
import { checkChargeReversal, checkRecentReversals } from '../../src/features/disputes/index.ts';
import { reconcile } from '../../src/features/money/index.ts';
import { createTestMerchant, newIdempotencyKey, type TestMerchant } from '../harness/fixtures.ts';
import { assertInvariants } from '../harness/invariants.ts';
import { collectToStatus, confirmPlanFor } from '../harness/plans.ts';
import { startTestAppWithSandbox, type TestAppWithSandbox } from '../harness/test-app.ts';

/**
 * A collected payment the gateway reports `reversed` with no refund or dispute of ours (issue 26
 * item 4, decision 0073), through real PostgreSQL and real HTTP to the sandbox gateway: the
 * sandbox refunds the payment on its own side (as Paystack's dashboard would), its verify then
 * answers `reversed`, and the reversal check books it once. Each plan: ₦1,000, 25% upfront, so
 * the deposit is 25,000 gross, 625 fee, 24,375 to the merchant.
 */
let t: TestAppWithSandbox;
let merchant: TestMerchant;

beforeAll(async () => {
  t = await startTestAppWithSandbox();
  merchant = await createTestMerchant(t, { approve: true });
});
afterAll(async () => t.close());

async function collectedDeposit(m: TestMerchant = merchant) {
  const planned = await confirmPlanFor(t, m, { amount: 100_000 });
  const deposit = [...planned.plan.installments].sort((a, b) => a.sequence - b.sequence)[0]!;
  expect(await collectToStatus(t, deposit.id)).toBe('paid');
  const charge = await t.ctx.db
    .selectFrom('charges')
    .select('reference')
    .where('installment_id', '=', deposit.id)
    .where('status', '=', 'success')
    .executeTakeFirstOrThrow();
  return { planId: planned.plan.id, installmentId: deposit.id, reference: charge.reference };
}

/** The gateway refunds the payment behind our back, and its refund is processed. */
async function reverseAtGateway(reference: string) {
  const refunded = await t.sandbox.control('POST', '/refund', { transaction: reference });
  expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
  await t.sandbox.control('POST', '/_sandbox/settle');
}

const balances = async (m: TestMerchant) => {
  const rows = await t.ctx.db
    .selectFrom('journal_postings')
    .select(['account', (eb) => eb.fn.sum<string>('credit_kobo').as('cr')])
    .select((eb) => eb.fn.sum<string>('debit_kobo').as('dr'))
    .where('account', 'in', [`merchant_payable:${m.id}`, 'platform_fee_revenue'])
    .groupBy('account')
    .execute();
  const of = (account: string) => {
    const row = rows.find((r) => r.account === account);
    return row ? Number(row.cr) - Number(row.dr) : 0;
  };
  return { available: of(`merchant_payable:${m.id}`), fees: of('platform_fee_revenue') };
};

const eventsOf = async (m: TestMerchant, type: string) =>
  t.ctx.db
    .selectFrom('webhook_events')
    .select('body')
    .where('merchant_id', '=', m.id)
    .where('type', '=', type)
    .execute()
    .then((rows) => rows.map((row) => ({ payload: JSON.parse(row.body) as unknown })));

describe('a collected payment reversed at the gateway (decision 0073)', () => {
  it('is booked once: the merchant share leaves the available balance, the fee share the revenue; payment.reversed and an e-mail; the installment stays paid', async () => {
    const m = await createTestMerchant(t, { approve: true });
    const paid = await collectedDeposit(m);
    expect(await checkChargeReversal(t.ctx, paid.reference)).toBe('not_reversed');
    const before = await balances(m);
    await reverseAtGateway(paid.reference);

    expect(await checkChargeReversal(t.ctx, paid.reference)).toBe('booked');
    const after = await balances(m);
    expect(before.available - after.available).toBe(24_375);
    expect(before.fees - after.fees).toBe(625);
    const events = await eventsOf(m, 'payment.reversed');
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({
      event: 'payment.reversed',
      data: {
        reversal: {
          object: 'reversal',
          amount: 25_000,
          fee_share: 625,
          balance_debited: 24_375,
          charge_reference: paid.reference,
          payment_plan_id: paid.planId,
          installment_id: paid.installmentId,
          superseded_by_dispute_id: null,
        },
      },
    });
    const mails = await t.ctx.db
      .selectFrom('notification_outbox')
      .select('kind')
      .where('merchant_id', '=', m.id)
      .where('kind', '=', 'payment_reversed')
      .execute();
    expect(mails).toHaveLength(1);
    const installment = await t.ctx.db
      .selectFrom('installments')
      .select('status')
      .where('id', '=', paid.installmentId)
      .executeTakeFirstOrThrow();
    expect(installment.status).toBe('paid');

    // Asked again (tomorrow's check, or two workers at once): nothing twice.
    const [again, concurrent] = await Promise.all([
      checkChargeReversal(t.ctx, paid.reference),
      checkChargeReversal(t.ctx, paid.reference),
    ]);
    expect([again, concurrent]).toEqual(['already_booked', 'already_booked']);
    expect(await balances(m)).toEqual(after);
    expect(await eventsOf(m, 'payment.reversed')).toHaveLength(1);
    // Reconciliation now expects `reversed` at the gateway for it: no difference reported.
    const report = await reconcile(t.ctx, {
      since: new Date(t.clock.now().getTime() - 86_400_000),
      gateway: true,
    });
    expect(report.differences.map((d) => d.reference)).not.toContain(paid.reference);
    await assertInvariants(t.databaseUrl, { now: t.clock.now() });
  });

  it('a refund of ours explains it: fully refunded through Tranche, nothing more is taken', async () => {
    const m = await createTestMerchant(t, { approve: true });
    const planned = await confirmPlanFor(t, m, { amount: 100_000, installmentCount: 1 });
    const ordered = [...planned.plan.installments].sort((a, b) => a.sequence - b.sequence);
    for (const installment of ordered) {
      t.clock.advance(1_000);
      expect(await collectToStatus(t, installment.id)).toBe('paid');
    }
    const charges = await t.ctx.db
      .selectFrom('charges')
      .select('reference')
      .where('plan_id', '=', planned.plan.id)
      .where('status', '=', 'success')
      .execute();
    const refund = await t.http.post(
      `/api/v1/merchant/${m.id}/plans/${planned.plan.id}/refunds`,
      { reason: 'returned' },
      { token: m.testKey, headers: { 'idempotency-key': newIdempotencyKey() } },
    );
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    // In flight: not judged until our refund settles.
    expect(await checkChargeReversal(t.ctx, charges[0]!.reference)).toMatch(
      /refund_in_flight|not_reversed/,
    );
    const { sendRefund } = await import('../../src/features/refunds/delivery.ts');
    await sendRefund(t.ctx, refund.body.data.id as string);
    await t.sandbox.control('POST', '/_sandbox/settle');
    await expect
      .poll(
        async () =>
          (
            await t.ctx.db
              .selectFrom('refund_parts')
              .select('status')
              .where('refund_id', '=', refund.body.data.id as string)
              .execute()
          ).every((p) => p.status === 'processed'),
        { timeout: 10_000 },
      )
      .toBe(true);
    const before = await balances(m);
    for (const charge of charges) {
      expect(await checkChargeReversal(t.ctx, charge.reference)).toBe('explained_by_refunds');
    }
    expect(await balances(m)).toEqual(before);
    expect(await eventsOf(m, 'payment.reversed')).toHaveLength(0);
  });

  it('a dispute that reaches us afterwards takes the money instead: the reversal is undone, the merchant pays once', async () => {
    const m = await createTestMerchant(t, { approve: true });
    const paid = await collectedDeposit(m);
    await reverseAtGateway(paid.reference);
    const before = await balances(m);
    expect(await checkChargeReversal(t.ctx, paid.reference)).toBe('booked');
    // The dispute as the gateway would describe it (its list missed it when we checked).
    await runWrite(t.ctx.db, (tx) =>
      applyGatewayDispute(
        tx,
        {
          id: `late-${paid.reference}`,
          status: 'awaiting-merchant-feedback',
          resolution: null,
          refundAmountKobo: 25_000,
          currency: 'NGN',
          transactionReference: paid.reference,
          category: 'chargeback',
          reason: 'I did not get the goods',
          dueAt: new Date(t.clock.now().getTime() + 2 * 86_400_000),
          resolvedAt: null,
        },
        t.clock.now(),
        { reminder: false },
      ),
    );
    const after = await balances(m);
    expect(before.available - after.available).toBe(24_375);
    expect(before.fees - after.fees).toBe(625);
    const reversal = await t.ctx.db
      .selectFrom('charge_reversals')
      .innerJoin('disputes', 'disputes.id', 'charge_reversals.superseded_by_dispute_id')
      .select(['disputes.charge_reference'])
      .where('charge_reversals.charge_reference', '=', paid.reference)
      .executeTakeFirstOrThrow();
    expect(reversal.charge_reference).toBe(paid.reference);
    expect(await checkChargeReversal(t.ctx, paid.reference)).toBe('already_booked');
    await assertInvariants(t.databaseUrl, { now: t.clock.now() });
  });

  it('a gateway that cannot be asked books nothing; the daily check skips what is booked and books what is new', async () => {
    const m = await createTestMerchant(t, { approve: true });
    const paid = await collectedDeposit(m);
    await reverseAtGateway(paid.reference);
    await t.sandbox.control('POST', '/_sandbox/faults', { fail_next: 20 });
    try {
      expect(await checkChargeReversal(t.ctx, paid.reference)).toBe('gateway_unreachable');
    } finally {
      await t.sandbox.control('DELETE', '/_sandbox/faults');
    }
    expect(await eventsOf(m, 'payment.reversed')).toHaveLength(0);
    const since = new Date(t.clock.now().getTime() - 86_400_000);
    const first = await checkRecentReversals(t.ctx, since);
    expect(first.booked).toBe(1);
    const second = await checkRecentReversals(t.ctx, since);
    expect(second.booked ?? 0).toBe(0);
    expect(await eventsOf(m, 'payment.reversed')).toHaveLength(1);
    await assertInvariants(t.databaseUrl, { now: t.clock.now() });
  });

  it('tranche trigger payment.reversed: the reverse_payment simulation books it at once', async () => {
    const paid = await collectedDeposit();
    const res = await t.http.post(
      `/api/v1/merchant/${merchant.id}/plans/${paid.planId}/simulate`,
      { action: 'reverse_payment' },
      { token: merchant.testKey },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const events = await eventsOf(merchant, 'payment.reversed');
    expect(
      events.some(
        (e) =>
          (e.payload as { data: { reversal: { payment_plan_id: string } } }).data.reversal
            .payment_plan_id === paid.planId,
      ),
    ).toBe(true);
    await assertInvariants(t.databaseUrl, { now: t.clock.now() });
  });
});
