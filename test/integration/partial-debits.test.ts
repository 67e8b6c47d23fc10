import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { collectInstallment } from '../../src/features/collections/collect.ts';
import { createTestCustomer, createTestMerchant, sessionBody } from '../harness/fixtures.ts';
import { ledgerTotal } from '../harness/ledger.ts';
import { addCard } from '../harness/plans.ts';
import { TEST_CARDS } from '../harness/sandbox.ts';
import { startTestAppWithSandbox, type TestAppWithSandbox } from '../harness/test-app.ts';

/**
 * Partial debits on automatic retries (decision 0045, docs/money-rules.md §4a), end to end with
 * the real sandbox gateway: the limited-funds Mastercard, the merchant's floor, the ledger, the
 * fee, the installment's remainder and the merchant's events. The invariants (test/invariants.sql,
 * I4–I10 included) are checked when the app closes.
 */

let t: TestAppWithSandbox;
beforeAll(async () => {
  t = await startTestAppWithSandbox();
});
afterAll(async () => t.close());

const settings = (merchantId: string) => `/api/v1/merchant/${merchantId}/settings`;

async function merchantWithFloor(floorPct: number | null) {
  const merchant = await createTestMerchant(t);
  if (floorPct !== null) {
    const res = await t.http.patch(
      settings(merchant.id),
      { partial_debit_floor_pct: floorPct },
      { token: merchant.testKey },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.partial_debit_floor_pct).toBe(floorPct);
  }
  return merchant;
}

/** ₦1,000.00 in a 25% deposit and 3 monthly installments of ₦250.00 (25,000 kobo each). */
async function planOn(
  merchant: Awaited<ReturnType<typeof createTestMerchant>>,
  card: { number: string; cvv: string },
) {
  const customer = await createTestCustomer(t);
  const { methodId, authorizationCode } = await addCard(t, customer, { card });
  const session = await t.http.post(
    '/api/v1/checkout/sessions',
    sessionBody(merchant.id, { amount: 100_000 }),
    {
      token: merchant.testKey,
    },
  );
  const confirm = await t.http.post(
    `/api/v1/checkout/sessions/${session.body.data.token}/confirm`,
    { frequency: 'monthly', installment_count: 3, upfront_pct: 25, payment_method_id: methodId },
    { token: customer.accessToken },
  );
  expect(confirm.status).toBe(201);
  const planId = confirm.body.data.payment_plan_id as string;
  const [deposit, first] = confirm.body.data.plan.installments as { id: string }[];
  if (!deposit || !first) throw new Error('plan without installments');
  const balance = (kobo: number) =>
    t.sandbox.control('POST', `/_sandbox/authorizations/${authorizationCode}`, {
      behaviour: 'limited_funds',
      balance: kobo,
    });
  // Whatever the card, the deposit is collected in full first.
  await t.sandbox.control('POST', `/_sandbox/authorizations/${authorizationCode}`, {
    behaviour: 'success',
  });
  expect(['paid', 'nothing_to_do']).toContain(await collectInstallment(t.ctx, deposit.id));
  return { planId, first, balance, authorizationCode };
}

const installmentRow = (id: string) =>
  t.ctx.db.selectFrom('installments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const chargesOf = (installmentId: string) =>
  t.ctx.db
    .selectFrom('charges')
    .select(['reference', 'attempt', 'status', 'amount_kobo', 'at_least_kobo', 'requested_kobo'])
    .where('installment_id', '=', installmentId)
    .orderBy('attempt')
    .execute();
const eventsOf = async (planId: string, type: string) =>
  (
    await sql<{ body: string }>`
      SELECT body FROM webhook_events
       WHERE type = ${type} AND body::jsonb #>> '{data,payment_plan,id}' = ${planId}
       ORDER BY created_at`.execute(t.ctx.db)
  ).rows.map((r) => JSON.parse(r.body) as { data: Record<string, unknown> });
const gatewayTransaction = async (reference: string) =>
  (
    await sql<{ amount: number; requested_amount: number | null; status: string }>`
      SELECT amount, requested_amount, status FROM sandbox_gateway.transactions
       WHERE reference = ${reference}`.execute(t.ctx.db)
  ).rows[0];

describe('the merchant setting', () => {
  it('is off by default; 10–90 turns it on; null turns it off; anything else is a 400 naming the field', async () => {
    const merchant = await createTestMerchant(t);
    const read = await t.http.get(`/api/v1/merchant/${merchant.id}`, { token: merchant.testKey });
    expect(read.body.data.partial_debit_floor_pct).toBeNull();
    for (const bad of [5, 95, 50.5, '50', true]) {
      const res = await t.http.patch(
        settings(merchant.id),
        { partial_debit_floor_pct: bad },
        { token: merchant.testKey },
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ ok: false, code: expect.any(String) });
      expect(JSON.stringify(res.body)).toMatch(/partial_debit_floor_pct/);
    }
    const on = await t.http.patch(
      settings(merchant.id),
      { partial_debit_floor_pct: 10 },
      { token: merchant.testKey },
    );
    expect(on.body.data.partial_debit_floor_pct).toBe(10);
    const off = await t.http.patch(
      settings(merchant.id),
      { partial_debit_floor_pct: null },
      { token: merchant.testKey },
    );
    expect(off.body.data.partial_debit_floor_pct).toBeNull();
  });
});

describe('an overdue installment on a card holding less than it owes', () => {
  it('the retry collects part, books it with the fee on that part, keeps the rest owed, tells the merchant; later retries take the rest', async () => {
    const merchant = await merchantWithFloor(50);
    const plan = await planOn(merchant, TEST_CARDS.limitedFunds);
    await plan.balance(20_000); // ₦200.00 of the ₦250.00 owed

    // Attempt 1 on the due date asks for the whole amount, and fails.
    expect(await collectInstallment(t.ctx, plan.first.id)).toBe('failed');
    // Attempt 2, a retry: a partial debit with at_least = ceil(25,000 × 50%) = 12,500.
    expect(['partially_paid', 'nothing_to_do']).toContain(
      await collectInstallment(t.ctx, plan.first.id),
    );
    const [one, two] = await chargesOf(plan.first.id);
    expect(one).toMatchObject({ attempt: 1, status: 'failed', at_least_kobo: null });
    expect(two).toMatchObject({
      attempt: 2,
      status: 'success',
      amount_kobo: 20_000,
      at_least_kobo: 12_500,
      requested_kobo: 25_000,
    });
    const reference = two?.reference ?? '';
    expect(await gatewayTransaction(reference)).toEqual({
      amount: 20_000,
      requested_amount: 25_000,
      status: 'success',
    });
    // The installment still owes ₦50.00, is failed (overdue) with a retry queued.
    expect(await installmentRow(plan.first.id)).toMatchObject({
      status: 'failed',
      amount_kobo: 5_000,
      partially_paid_kobo: 20_000,
      failed_attempts: 2,
    });
    const retry = await sql<{ n: string }>`
      SELECT count(*) AS n FROM graphile_worker.jobs
       WHERE key = ${`collect:${plan.first.id}:3`}`.execute(t.ctx.db);
    expect(Number(retry.rows[0]?.n)).toBe(1);

    // Ledger: one payment_collected for what was taken; the fee is 2.5% of 20,000 = 500.
    const postings = await t.ctx.db
      .selectFrom('journal_entries as e')
      .innerJoin('journal_postings as p', 'p.entry_id', 'e.id')
      .select(['e.kind', 'p.account', 'p.debit_kobo', 'p.credit_kobo'])
      .where('e.reference', '=', reference)
      .execute();
    expect(postings.every((p) => p.kind === 'payment_collected')).toBe(true);
    const side = (prefix: string, key: 'debit_kobo' | 'credit_kobo') =>
      postings.filter((p) => p.account.startsWith(prefix)).reduce((s, p) => s + p[key], 0);
    expect(side('gateway_clearing', 'debit_kobo')).toBe(20_000);
    expect(side('customer_receivable:', 'credit_kobo')).toBe(20_000);
    expect(side('platform_fee_revenue', 'credit_kobo')).toBe(500);
    expect(side('merchant_payable:', 'credit_kobo')).toBe(19_500);
    expect(await ledgerTotal(t.ctx.db)).toBe(0);

    // The merchant's events: payment.partial (no installment_paid, no payment.failed for it),
    // and the next retry's debit.scheduled.
    const [partial, ...more] = await eventsOf(plan.planId, 'payment.partial');
    expect(more).toHaveLength(0);
    expect(partial?.data).toMatchObject({
      installment: { id: plan.first.id, amount: 5_000, partially_paid: 20_000, status: 'failed' },
      payment: {
        reference,
        attempt: 2,
        amount: 20_000,
        requested_amount: 25_000,
        fee: 500,
        net: 19_500,
      },
      amount_remaining: 5_000,
      final_attempt: false,
      next_retry_at: expect.any(String),
    });
    expect(await eventsOf(plan.planId, 'payment_plan.installment_paid')).toHaveLength(0);
    expect(
      (await eventsOf(plan.planId, 'payment.failed')).map(
        (e) => (e.data.payment as { attempt: number }).attempt,
      ),
    ).toEqual([1]);
    const scheduled = await eventsOf(plan.planId, 'debit.scheduled');
    expect(scheduled.some((e) => e.data.attempt === 3)).toBe(true);
    // The merchant's plan read shows the same.
    const read = await t.http.get(`/api/v1/merchant/${merchant.id}/plans/${plan.planId}`, {
      token: merchant.testKey,
    });
    expect(read.body.data.installments[1]).toMatchObject({ amount: 5_000, partially_paid: 20_000 });
    const listed = await t.http.get(
      `/api/v1/merchant/${merchant.id}/plans/${plan.planId}/charges`,
      { token: merchant.testKey },
    );
    expect(listed.body.data).toContainEqual(
      expect.objectContaining({
        reference,
        status: 'success',
        amount: 20_000,
        fee: 500,
        requested_amount: 25_000,
      }),
    );

    // Attempt 3: the card is empty and ₦50.00 is under the ₦100.00 least a partial debit takes,
    // so this retry asks for the whole ₦50.00, and fails.
    expect(await collectInstallment(t.ctx, plan.first.id)).toBe('failed');
    expect((await chargesOf(plan.first.id))[2]).toMatchObject({
      attempt: 3,
      status: 'failed',
      amount_kobo: 5_000,
      at_least_kobo: null,
    });
    // Attempt 4, after a top-up: the rest is collected and the installment is paid.
    await plan.balance(100_000);
    expect(['paid', 'nothing_to_do']).toContain(await collectInstallment(t.ctx, plan.first.id));
    expect(await installmentRow(plan.first.id)).toMatchObject({
      status: 'paid',
      amount_kobo: 5_000,
      partially_paid_kobo: 20_000,
    });
    const fees = await sql<{ fee: string }>`
      SELECT sum(p.credit_kobo) AS fee FROM journal_entries e
        JOIN journal_postings p ON p.entry_id = e.id
       WHERE e.kind = 'payment_collected' AND p.account = 'platform_fee_revenue'
         AND e.reference IN (SELECT reference FROM charges WHERE installment_id = ${plan.first.id})`.execute(
      t.ctx.db,
    );
    // 500 on 20,000 and 125 on 5,000: the §1 rule on each payment.
    expect(Number(fees.rows[0]?.fee)).toBe(625);
    expect(await eventsOf(plan.planId, 'payment_plan.installment_paid')).toHaveLength(1);
    expect(await ledgerTotal(t.ctx.db)).toBe(0);
  });

  it('below the floor the retry fails like any failed attempt, takes nothing and books nothing', async () => {
    const merchant = await merchantWithFloor(50);
    const plan = await planOn(merchant, TEST_CARDS.limitedFunds);
    await plan.balance(12_499); // one kobo short of the 12,500 floor
    expect(await collectInstallment(t.ctx, plan.first.id)).toBe('failed');
    expect(await collectInstallment(t.ctx, plan.first.id)).toBe('failed');
    const charges = await chargesOf(plan.first.id);
    expect(charges[1]).toMatchObject({
      attempt: 2,
      status: 'failed',
      amount_kobo: 25_000,
      at_least_kobo: 12_500,
      requested_kobo: null,
    });
    expect(await installmentRow(plan.first.id)).toMatchObject({
      status: 'failed',
      amount_kobo: 25_000,
      partially_paid_kobo: 0,
      failed_attempts: 2,
    });
    const booked = await t.ctx.db
      .selectFrom('journal_entries')
      .select('id')
      .where(
        'reference',
        'in',
        charges.map((c) => c.reference),
      )
      .execute();
    expect(booked).toHaveLength(0);
    expect(await eventsOf(plan.planId, 'payment.partial')).toHaveLength(0);
    expect(await eventsOf(plan.planId, 'payment.failed')).toHaveLength(2);
    // The card still holds all of it: nothing was taken.
    const balance = await sql<{ balance: number }>`
      SELECT balance FROM sandbox_gateway.authorizations
       WHERE authorization_code = ${plan.authorizationCode}`.execute(t.ctx.db);
    expect(Number(balance.rows[0]?.balance)).toBe(12_499);
  });

  it('a merchant without the option: retries ask for the whole amount, never a partial debit', async () => {
    const merchant = await merchantWithFloor(null);
    const plan = await planOn(merchant, TEST_CARDS.limitedFunds);
    await plan.balance(20_000);
    expect(await collectInstallment(t.ctx, plan.first.id)).toBe('failed');
    expect(await collectInstallment(t.ctx, plan.first.id)).toBe('failed');
    const charges = await chargesOf(plan.first.id);
    expect(charges.map((c) => c.at_least_kobo)).toEqual([null, null]);
    for (const c of charges) {
      // A charge_authorization, not a partial_debit: the sandbox recorded no requested amount.
      expect(await gatewayTransaction(c.reference)).toMatchObject({
        status: 'failed',
        requested_amount: null,
      });
    }
    expect(await installmentRow(plan.first.id)).toMatchObject({
      amount_kobo: 25_000,
      partially_paid_kobo: 0,
    });
  });

  it('a Visa card (not offered by Paystack) is never partially debited, even with the option on', async () => {
    const merchant = await merchantWithFloor(50);
    const plan = await planOn(merchant, TEST_CARDS.success);
    await plan.balance(20_000);
    expect(await collectInstallment(t.ctx, plan.first.id)).toBe('failed');
    expect(await collectInstallment(t.ctx, plan.first.id)).toBe('failed');
    expect((await chargesOf(plan.first.id)).map((c) => c.at_least_kobo)).toEqual([null, null]);
  });
});

describe('the sandbox simulation behind `tranche trigger payment.partial`', () => {
  it('partial_funds: the card holds 60% of the next installment, so its retry takes that', async () => {
    const merchant = await merchantWithFloor(50);
    const plan = await planOn(merchant, TEST_CARDS.pinOtp); // a Verve card
    const res = await t.http.post(
      `/api/v1/merchant/${merchant.id}/plans/${plan.planId}/simulate`,
      { action: 'partial_funds' },
      { token: merchant.testKey },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await collectInstallment(t.ctx, plan.first.id)).toBe('failed');
    expect(['partially_paid', 'nothing_to_do']).toContain(
      await collectInstallment(t.ctx, plan.first.id),
    );
    expect(await installmentRow(plan.first.id)).toMatchObject({
      amount_kobo: 10_000,
      partially_paid_kobo: 15_000,
    });
    expect(await eventsOf(plan.planId, 'payment.partial')).toHaveLength(1);
  });
});
