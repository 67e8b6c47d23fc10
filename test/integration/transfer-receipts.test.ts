import { createHmac } from 'node:crypto';

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { waitFor } from '../harness/e2e.ts';
import { createTestMerchant, type TestMerchant } from '../harness/fixtures.ts';
import { runInvariantChecks, type Violation } from '../harness/invariants.ts';
import { collectToStatus, confirmPlanFor } from '../harness/plans.ts';
import { startTestAppWithSandbox, type TestAppWithSandbox } from '../harness/test-app.ts';

/**
 * Repaying by bank transfer into the customer's dedicated account (issue 29 "Build 2", decision
 * 0071, money-rules.md §4b), through real HTTP both ways: the customer asks for the account, the
 * sandbox gateway plays the customer's bank (a transfer of any amount, announced with a signed
 * charge.success, late or twice), the service verifies it and matches it to the plan. Each case:
 * exact, short, twice, late (after a card paid the installment), over, forged. Then invariant I14
 * is broken on purpose and must say so. TestApp.close() checks every invariant at the end.
 */
let t: TestAppWithSandbox;
let merchant: TestMerchant;
beforeAll(async () => {
  t = await startTestAppWithSandbox();
  merchant = await createTestMerchant(t, { approve: true });
});
afterAll(async () => t.close());

type Planned = Awaited<ReturnType<typeof confirmPlanFor>>;

/** A plan of ₦1,000.00, 25% upfront, 3 monthly installments of 25,000 kobo; deposit collected. */
async function activePlan(): Promise<Planned> {
  const planned = await confirmPlanFor(t, merchant, { amount: 100_000 });
  expect(await collectToStatus(t, planned.plan.installments[0]!.id)).toBe('paid');
  return planned;
}

const accountPath = (planId: string) => `/api/v1/customers/me/plans/${planId}/transfer-account`;

async function accountOf(p: Planned): Promise<string> {
  const res = await t.http.get(accountPath(p.plan.id), { token: p.customer.accessToken });
  expect(res.status).toBe(200);
  return res.body.data.account_number as string;
}

/** The customer's bank pays `amount` in; resolves once the service recorded the receipt. */
async function transfer(
  accountNumber: string,
  amount: number,
  options: { deliveries?: number } = {},
): Promise<string> {
  const sent = await t.sandbox.control('POST', '/_sandbox/dedicated_account/transfers', {
    account_number: accountNumber,
    amount,
    deliveries: options.deliveries ?? 1,
  });
  expect(sent.status).toBe(200);
  const reference = String(sent.body.data.reference);
  if ((options.deliveries ?? 1) > 0) await receiptRecorded(reference);
  return reference;
}

async function receiptRecorded(reference: string): Promise<void> {
  await waitFor(
    async () =>
      (await t.ctx.db
        .selectFrom('transfer_receipts')
        .select('reference')
        .where('reference', '=', reference)
        .executeTakeFirst()) !== undefined,
    10_000,
    () => `no receipt for ${reference}`,
  );
}

async function installments(planId: string) {
  return t.ctx.db
    .selectFrom('installments')
    .select(['sequence', 'status', 'amount_kobo', 'partially_paid_kobo'])
    .where('plan_id', '=', planId)
    .orderBy('sequence')
    .execute();
}

async function entries(kind: 'transfer_collected' | 'transfer_held', receipt: string) {
  return t.ctx.db
    .selectFrom('journal_entries')
    .select('reference')
    .where('kind', '=', kind)
    .where('reference', 'like', kind === 'transfer_held' ? receipt : `trf:${receipt}:%`)
    .execute();
}

async function eventsFor(planId: string): Promise<string[]> {
  const rows = await t.ctx.db
    .selectFrom('webhook_events')
    .select(['type', 'body'])
    .where('merchant_id', '=', merchant.id)
    .orderBy('created_at')
    .execute();
  return rows.filter((r) => JSON.stringify(r.body).includes(planId)).map((r) => r.type);
}

describe('the account to pay into (GET /customers/me/plans/{id}/transfer-account)', () => {
  it('is the customer’s own, the same every time, with what the plan owes', async () => {
    const p = await activePlan();
    const first = await t.http.get(accountPath(p.plan.id), { token: p.customer.accessToken });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      object: 'transfer_account',
      plan_id: p.plan.id,
      bank_name: 'Test Bank',
      currency: 'NGN',
      amount_due_now: 0,
      amount_remaining: 75_000,
      next_installment: { amount: 25_000 },
    });
    expect(first.body.data.account_number).toMatch(/^99\d{8}$/);
    const again = await t.http.get(accountPath(p.plan.id), { token: p.customer.accessToken });
    expect(again.body.data.account_number).toBe(first.body.data.account_number);
  });

  it('another customer’s plan reads as 404; no token is 401; a plan waiting for its deposit is 409', async () => {
    const p = await activePlan();
    const other = await activePlan();
    const foreign = await t.http.get(accountPath(p.plan.id), { token: other.customer.accessToken });
    expect(foreign.status).toBe(404);
    expect(foreign.body.ok).toBe(false);
    expect((await t.http.get(accountPath(p.plan.id))).status).toBe(401);
    const pending = await confirmPlanFor(t, merchant, { amount: 100_000 });
    const refused = await t.http.get(accountPath(pending.plan.id), {
      token: pending.customer.accessToken,
    });
    expect(refused.status).toBe(409);
  });
});

describe('a transfer received is matched to the plan (money-rules.md §4b)', () => {
  it('exact: pays the next installment off; booked with the 2.5% fee; the merchant hears installment_paid', async () => {
    const p = await activePlan();
    const receipt = await transfer(await accountOf(p), 25_000);
    expect((await installments(p.plan.id)).map((i) => i.status)).toEqual([
      'paid',
      'paid',
      'scheduled',
      'scheduled',
    ]);
    expect(await entries('transfer_collected', receipt)).toHaveLength(1);
    expect(await entries('transfer_held', receipt)).toHaveLength(0);
    const fee = await t.ctx.db
      .selectFrom('journal_postings')
      .innerJoin('journal_entries', 'journal_entries.id', 'journal_postings.entry_id')
      .select(['journal_postings.account', 'journal_postings.credit_kobo'])
      .where('journal_entries.reference', 'like', `trf:${receipt}:%`)
      .where('journal_postings.account', '=', 'platform_fee_revenue')
      .executeTakeFirstOrThrow();
    expect(fee.credit_kobo).toBe(625);
    expect(await eventsFor(p.plan.id)).toContain('payment_plan.installment_paid');
    // The merchant's wallet lists it as money collected, with its gross and fee.
    const wallet = await t.http.get(`/api/v1/merchant/${merchant.id}/wallet?limit=100`, {
      token: merchant.testKey,
    });
    expect(wallet.status).toBe(200);
    expect(
      (wallet.body.data.transactions as { type: string; reference: string }[]).find(
        (x) => x.type === 'transfer_collected' && x.reference.startsWith(`trf:${receipt}:`),
      ),
    ).toMatchObject({
      gross: 25_000,
      platform_fee: 625,
      available_change: 24_375,
      plan_id: p.plan.id,
    });
  });

  it('short: pays part of the installment, which keeps owing the rest and is still debited for it', async () => {
    const p = await activePlan();
    await transfer(await accountOf(p), 10_000);
    const rows = await installments(p.plan.id);
    expect(rows[1]).toMatchObject({
      status: 'scheduled',
      amount_kobo: 15_000,
      partially_paid_kobo: 10_000,
    });
    expect(await eventsFor(p.plan.id)).toContain('payment.partial');
    // The card pays the rest on the due date: exactly what is left, nothing more.
    expect(await collectToStatus(t, p.plan.installments[1]!.id)).toBe('paid');
    const charge = await t.ctx.db
      .selectFrom('charges')
      .select('amount_kobo')
      .where('installment_id', '=', p.plan.installments[1]!.id)
      .where('status', '=', 'success')
      .executeTakeFirstOrThrow();
    expect(charge.amount_kobo).toBe(15_000);
  });

  it('twice: the same transfer announced twice (and again later) pays once', async () => {
    const p = await activePlan();
    const account = await accountOf(p);
    const receipt = await transfer(account, 25_000, { deliveries: 2 });
    const announced = await t.sandbox.control(
      'POST',
      `/_sandbox/dedicated_account/transfers/${receipt}/announce`,
    );
    expect(announced.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await installments(p.plan.id)).map((i) => i.status)).toEqual([
      'paid',
      'paid',
      'scheduled',
      'scheduled',
    ]);
    const receipts = await t.ctx.db
      .selectFrom('transfer_receipts')
      .select(['applied_kobo', 'held_kobo'])
      .where('reference', '=', receipt)
      .execute();
    expect(receipts).toEqual([{ applied_kobo: 25_000, held_kobo: 0 }]);
    expect(await entries('transfer_collected', receipt)).toHaveLength(1);
  });

  it('late: a transfer that arrives after the card paid the installment pays the next one, never the same twice', async () => {
    const p = await activePlan();
    const account = await accountOf(p);
    // The customer sends the money; the bank's notice is late (not announced yet).
    const receipt = await transfer(account, 25_000, { deliveries: 0 });
    // Meanwhile the automatic debit takes installment 1 from the card.
    expect(await collectToStatus(t, p.plan.installments[1]!.id)).toBe('paid');
    const announced = await t.sandbox.control(
      'POST',
      `/_sandbox/dedicated_account/transfers/${receipt}/announce`,
    );
    expect(announced.status).toBe(200);
    await receiptRecorded(receipt);
    expect((await installments(p.plan.id)).map((i) => i.status)).toEqual([
      'paid',
      'paid',
      'paid',
      'scheduled',
    ]);
  });

  it('over: pays everything left, completes the plan, and holds the surplus for the customer', async () => {
    const p = await activePlan();
    const receipt = await transfer(await accountOf(p), 100_000);
    expect((await installments(p.plan.id)).map((i) => i.status)).toEqual([
      'paid',
      'paid',
      'paid',
      'paid',
    ]);
    const plan = await t.ctx.db
      .selectFrom('payment_plans')
      .select('status')
      .where('id', '=', p.plan.id)
      .executeTakeFirstOrThrow();
    expect(plan.status).toBe('completed');
    expect(
      await t.ctx.db
        .selectFrom('transfer_receipts')
        .select(['applied_kobo', 'held_kobo'])
        .where('reference', '=', receipt)
        .executeTakeFirstOrThrow(),
    ).toEqual({ applied_kobo: 75_000, held_kobo: 25_000 });
    expect(await entries('transfer_collected', receipt)).toHaveLength(3);
    expect(await entries('transfer_held', receipt)).toHaveLength(1);
    // Later money into the same account, with nothing owed: held whole.
    const late = await transfer(await accountNumberOf(p.customer.id), 5_000);
    expect(await entries('transfer_held', late)).toHaveLength(1);
    expect(await entries('transfer_collected', late)).toHaveLength(0);
  });

  it('forged: a bad signature is 401; a signed body the gateway cannot verify, or that lies about the amount, gives nothing (verify decides)', async () => {
    const p = await activePlan();
    const account = await accountOf(p);
    const body = (reference: string, amount: number) =>
      JSON.stringify({
        event: 'charge.success',
        data: {
          reference,
          status: 'success',
          amount,
          currency: 'NGN',
          channel: 'dedicated_nuban',
          authorization: { channel: 'dedicated_nuban', receiver_bank_account_number: account },
        },
      });
    const post = (raw: string, signature: string) =>
      fetch(`${t.url}/api/v1/webhooks/gateway`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
        body: raw,
      });
    const sign = (raw: string) =>
      createHmac('sha512', t.sandbox.secretKey).update(raw).digest('hex');
    const forged = body('Tforged0000000001', 75_000);
    expect(
      (
        await post(
          forged,
          sign(forged).replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
        )
      ).status,
    ).toBe(401);
    // Well signed (as a leaked key would allow), but the gateway has no such transaction.
    const unknown = body('Tunknown000000001', 75_000);
    expect((await post(unknown, sign(unknown))).status).toBe(200);
    // A real transfer of 5,000 replayed with the amount raised to 75,000: verify says 5,000.
    const real = await transfer(account, 5_000, { deliveries: 0 });
    const inflated = body(real, 75_000);
    expect((await post(inflated, sign(inflated))).status).toBe(200);
    const receipts = await t.ctx.db
      .selectFrom('transfer_receipts')
      .select(['reference', 'amount_kobo'])
      .where('account_number', '=', account)
      .execute();
    expect(receipts).toEqual([{ reference: real, amount_kobo: 5_000 }]);
    expect((await installments(p.plan.id))[1]).toMatchObject({
      status: 'scheduled',
      amount_kobo: 20_000,
      partially_paid_kobo: 5_000,
    });
  });
});

describe('sandbox simulations (POST /merchant/{id}/plans/{id}/simulate, `tranche trigger`)', () => {
  const simulate = (planId: string, action: string) =>
    t.http.post(
      `/api/v1/merchant/${merchant.id}/plans/${planId}/simulate`,
      { action },
      { token: merchant.testKey },
    );
  const receiptsOf = (customerId: string) =>
    t.ctx.db
      .selectFrom('transfer_receipts')
      .select(['amount_kobo', 'applied_kobo'])
      .where('customer_id', '=', customerId)
      .execute();

  it('transfer_short pays half the next installment; transfer_twice pays the rest once; transfer_exact the next', async () => {
    const p = await activePlan();
    expect((await simulate(p.plan.id, 'transfer_short')).status).toBe(200);
    await waitFor(async () => (await receiptsOf(p.customer.id)).length === 1, 10_000);
    expect((await installments(p.plan.id))[1]).toMatchObject({
      status: 'scheduled',
      amount_kobo: 12_500,
      partially_paid_kobo: 12_500,
    });
    expect((await simulate(p.plan.id, 'transfer_twice')).status).toBe(200);
    await waitFor(async () => (await receiptsOf(p.customer.id)).length === 2, 10_000);
    // Both deliveries in: still one receipt for it, and installment 1 paid once.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await receiptsOf(p.customer.id)).toHaveLength(2);
    expect((await installments(p.plan.id)).map((i) => i.status)).toEqual([
      'paid',
      'paid',
      'scheduled',
      'scheduled',
    ]);
    expect((await simulate(p.plan.id, 'transfer_exact')).status).toBe(200);
    await waitFor(async () => (await receiptsOf(p.customer.id)).length === 3, 10_000);
    expect((await installments(p.plan.id))[2]?.status).toBe('paid');
  });

  it('a plan with nothing unpaid is a 409', async () => {
    const p = await activePlan();
    await transfer(await accountOf(p), 75_000);
    expect((await simulate(p.plan.id, 'transfer_exact')).status).toBe(409);
  });
});

async function accountNumberOf(customerId: string): Promise<string> {
  const row = await t.ctx.db
    .selectFrom('transfer_accounts')
    .select('account_number')
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  return row.account_number;
}

/** Runs `breakIt` and the checks in one transaction, then rolls everything back. */
async function violationsAfter(breakIt: (db: pg.Client) => Promise<unknown>): Promise<Violation[]> {
  const client = new pg.Client({ connectionString: t.databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    await breakIt(client);
    return await runInvariantChecks(client, { now: t.clock.now() });
  } finally {
    await client.query('ROLLBACK');
    await client.end();
  }
}

const named = (invariant: string, object: string) => expect.objectContaining({ invariant, object });

describe('invariant I14 transfer-receipts can fail (test/invariants.sql)', () => {
  it('a receipt whose parts do not add up, a part booked for the wrong amount, a held surplus never booked, an installment paid by a transfer and a card, a receipt the gateway never saw', async () => {
    const p = await activePlan();
    const account = await accountOf(p);
    const exact = await transfer(account, 25_000);
    const over = await activePlan();
    const overReceipt = await transfer(await accountOf(over), 80_000);
    const cardPaid = await activePlan();
    expect(await collectToStatus(t, cardPaid.plan.installments[1]!.id)).toBe('paid');
    const exactPart = `trf:${exact}:${p.plan.installments[1]!.id}`;
    const found = await violationsAfter(async (db) => {
      // The receipt says it applied more than its parts.
      await db.query(
        `UPDATE transfer_receipts SET applied_kobo = applied_kobo - 1, held_kobo = held_kobo + 1 WHERE reference = $1`,
        [exact],
      );
      // The part's entry books 1 kobo more than the part (balanced, so only I14/I4 see it).
      await db.query(
        `UPDATE transfer_allocations SET amount_kobo = amount_kobo - 1 WHERE reference = $1`,
        [exactPart],
      );
      // The surplus was held but its entry is gone (deleting an entry needs the triggers off).
      await db.query('ALTER TABLE journal_postings DISABLE TRIGGER USER');
      await db.query('ALTER TABLE journal_entries DISABLE TRIGGER USER');
      await db.query(
        `DELETE FROM journal_postings WHERE entry_id IN
           (SELECT id FROM journal_entries WHERE kind = 'transfer_held' AND reference = $1)`,
        [overReceipt],
      );
      await db.query(
        `DELETE FROM journal_entries WHERE kind = 'transfer_held' AND reference = $1`,
        [overReceipt],
      );
      // A transfer part that paid off an installment the card had already paid.
      await db.query(
        `INSERT INTO transfer_receipts (reference, customer_id, account_number, amount_kobo,
           applied_kobo, held_kobo, paid_at, received_at)
         VALUES ('Tnever', $1, $2, 25000, 25000, 0, $3, $3)`,
        [p.customer.id, account, t.clock.now()],
      );
      await db.query(
        `INSERT INTO transfer_allocations (reference, receipt_reference, installment_id, plan_id,
           merchant_id, amount_kobo, fee_kobo, settles, created_at)
         VALUES ('trf:Tnever:x', 'Tnever', $1, $2, $3, 25000, 625, true, $4)`,
        [cardPaid.plan.installments[1]!.id, cardPaid.plan.id, merchant.id, t.clock.now()],
      );
    });
    const i14 = found.filter((v) => v.invariant === 'I14');
    expect(i14).toEqual(
      expect.arrayContaining([
        named('I14', exact),
        named('I14', exactPart),
        named('I14', overReceipt),
        named('I14', cardPaid.plan.installments[1]!.id),
        // Not at the gateway: no such transaction.
        named('I14', 'Tnever'),
        // Its part has no entry either.
        named('I14', 'trf:Tnever:x'),
      ]),
    );
  });
});
