import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runWrite } from '../../src/db/write.ts';
import {
  type JournalEntry,
  paymentCollectedEntry,
  payoutInitiatedEntry,
  payoutSucceededEntry,
  planConfirmedEntry,
} from '../../src/domain/ledger.ts';
import { balancesOf, merchantWallet } from '../../src/domain/ledger-balances.ts';
import { chargeReference } from '../../src/features/collections/intents.ts';
import { appendJournalEntry } from '../../src/features/money/ledger-store.ts';
import { sendPayout } from '../../src/features/money/payouts.ts';
import { createTestCustomer, createTestMerchant, type TestMerchant } from '../harness/fixtures.ts';
import { collect, confirmPlanFor } from '../harness/plans.ts';
import { startTestAppWithSandbox, type TestAppWithSandbox } from '../harness/test-app.ts';

let t: TestAppWithSandbox;
let merchant: TestMerchant;
/** The entries the money below books, built with the domain's own constructors (the model). */
const booked: JournalEntry[] = [];
const refs = { planId: '', deposit: '', installment1: '', payout: '' };

async function book(entry: JournalEntry) {
  const result = await runWrite(t.ctx.db, (tx) => appendJournalEntry(tx, entry, t.clock.now()));
  if (result.booked) booked.push(entry);
  return result;
}

/**
 * Real money, one movement per second of the test clock (so the history's order is known): a
 * ₦100 plan (25% upfront, 3 months), its deposit and first installment collected through the
 * sandbox gateway (2,500 each), then a 2,000 payout sent and confirmed.
 */
beforeAll(async () => {
  t = await startTestAppWithSandbox();
  merchant = await createTestMerchant(t, { approve: true });
  await t.http.patch(
    `/api/v1/merchant/${merchant.id}/settings`,
    { settlement_account: { bank_code: '058', account_number: '0123456789' } },
    { token: merchant.testKey },
  );
  const { plan } = await confirmPlanFor(t, merchant, { amount: 10_000 });
  const [deposit, first] = [...plan.installments].sort((a, b) => a.sequence - b.sequence);
  if (!deposit || !first) throw new Error('the plan has no deposit or first installment');
  Object.assign(refs, {
    planId: plan.id,
    deposit: chargeReference(deposit.id, 1),
    installment1: chargeReference(first.id, 1),
  });
  const money = { planId: plan.id, merchantId: merchant.id };
  booked.push(planConfirmedEntry({ ...money, amountKobo: 10_000 }));
  for (const [installment, reference] of [
    [deposit, refs.deposit],
    [first, refs.installment1],
  ] as const) {
    t.clock.advance(1_000);
    expect(['paid', 'nothing_to_do']).toContain(await collect(t, installment.id));
    booked.push(paymentCollectedEntry({ ...money, chargeReference: reference, grossKobo: 2_500 }));
  }
  t.clock.advance(1_000);
  const payout = await t.http.post(
    `/api/v1/merchant/${merchant.id}/payouts`,
    { amount: 2_000 },
    { token: merchant.testKey },
  );
  if (payout.status !== 201) throw new Error(`payout failed: ${JSON.stringify(payout.body)}`);
  refs.payout = payout.body.data.reference as string;
  const payoutMoney = { merchantId: merchant.id, payoutReference: refs.payout, amountKobo: 2_000 };
  booked.push(payoutInitiatedEntry(payoutMoney));
  t.clock.advance(1_000);
  await sendPayout(t.ctx, payout.body.data.id as string);
  await t.sandbox.control('POST', '/_sandbox/settle');
  booked.push(payoutSucceededEntry(payoutMoney));
});
afterAll(async () => t.close());

const path = () => `/api/v1/merchant/${merchant.id}/wallet`;

describe('GET /api/v1/merchant/{merchant_id}/wallet', () => {
  it('reads available and pending balances from the ledger, matching the ledger model', async () => {
    const res = await t.http.get(path(), { token: merchant.testKey });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Each 2,500 payment keeps a 63-kobo fee (62.5 rounds up): net 2,437 × 2 − 2,000 paid out.
    expect(res.body.data).toMatchObject({
      object: 'wallet',
      merchant_id: merchant.id,
      currency: 'NGN',
      available: 2_874,
      pending: 5_000,
      payouts_in_transit: 0,
      refunds_in_transit: 0,
    });
    const model = merchantWallet(balancesOf(booked), merchant.id);
    expect(res.body.data.available).toBe(model.availableKobo);
    expect(res.body.data.pending).toBe(model.pendingKobo);
  });

  it('lists each movement newest first, linked to its plan, charge or payout', async () => {
    const { transactions } = (await t.http.get(path(), { token: merchant.testKey })).body.data;
    expect(transactions.map((x: { type: string }) => x.type)).toEqual([
      'payout_succeeded',
      'payout_initiated',
      'payment_collected',
      'payment_collected',
      'plan_confirmed',
    ]);
    expect(transactions[2]).toMatchObject({
      charge_reference: refs.installment1,
      plan_id: refs.planId,
      gross: 2_500,
      platform_fee: 63,
      available_change: 2_437,
      pending_change: -2_500,
    });
    expect(transactions[1]).toMatchObject({
      payout_reference: refs.payout,
      available_change: -2_000,
      plan_id: null,
    });
    expect(transactions[4]).toMatchObject({
      plan_id: refs.planId,
      pending_change: 10_000,
      available_change: 0,
    });
  });

  it('books a movement once: a replayed entry changes nothing', async () => {
    const again = await book(
      paymentCollectedEntry({
        planId: refs.planId,
        merchantId: merchant.id,
        chargeReference: refs.deposit,
        grossKobo: 2_500,
      }),
    );
    expect(again.booked).toBe(false);
    expect((await t.http.get(path(), { token: merchant.testKey })).body.data.available).toBe(2_874);
  });

  it('paginates with a cursor, without overlap', async () => {
    const first = (await t.http.get(`${path()}?limit=2`, { token: merchant.testKey })).body.data;
    expect(first.transactions).toHaveLength(2);
    expect(first.has_more).toBe(true);
    const second = (
      await t.http.get(`${path()}?limit=2&cursor=${first.next_cursor}`, { token: merchant.testKey })
    ).body.data;
    const third = (
      await t.http.get(`${path()}?limit=2&cursor=${second.next_cursor}`, {
        token: merchant.testKey,
      })
    ).body.data;
    expect(third.has_more).toBe(false);
    expect(third.next_cursor).toBeNull();
    const ids = [...first.transactions, ...second.transactions, ...third.transactions].map(
      (x: { id: string }) => x.id,
    );
    expect(new Set(ids).size).toBe(5);
    expect((await t.http.get(`${path()}?cursor=garbage`, { token: merchant.testKey })).status).toBe(
      400,
    );
    expect((await t.http.get(`${path()}?limit=0`, { token: merchant.testKey })).status).toBe(400);
  });

  it("another merchant's id is 404; no key, a customer token or a revoked key is 401", async () => {
    const other = await createTestMerchant(t);
    expect((await t.http.get(path(), { token: other.testKey })).status).toBe(404);
    expect(
      (await t.http.get(`/api/v1/merchant/${other.id}/wallet`, { token: other.testKey })).body.data,
    ).toMatchObject({ available: 0, pending: 0, transactions: [] });
    expect((await t.http.get(path())).status).toBe(401);
    expect(
      (await t.http.get(path(), { token: (await createTestCustomer(t)).accessToken })).status,
    ).toBe(401);
    const rolled = await t.http.post(
      `/api/v1/merchant/${other.id}/keys/roll`,
      { mode: 'test' },
      { token: other.testKey },
    );
    expect(rolled.status).toBe(200);
    expect(
      (await t.http.get(`/api/v1/merchant/${other.id}/wallet`, { token: other.testKey })).status,
    ).toBe(401);
  });
});
