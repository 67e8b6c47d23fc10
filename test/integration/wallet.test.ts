import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendJournalEntry } from '../../src/db/ledger.ts';
import { runWrite } from '../../src/db/write.ts';
import {
  balancesOf,
  merchantWallet,
  paymentCollectedEntry,
  payoutInitiatedEntry,
  payoutSucceededEntry,
  planConfirmedEntry,
  type JournalEntry,
} from '../../src/domain/ledger.ts';
import { createTestCustomer, createTestMerchant, type TestMerchant } from '../harness/fixtures.ts';
import { startTestApp, type TestApp } from '../harness/test-app.ts';

let t: TestApp;
let merchant: TestMerchant;
const booked: JournalEntry[] = [];

async function book(entry: JournalEntry) {
  t.clock.advance(1_000);
  const result = await runWrite(t.ctx.db, (tx) => appendJournalEntry(tx, entry, t.clock.now()));
  if (result.booked) booked.push(entry);
  return result;
}

beforeAll(async () => {
  t = await startTestApp();
  merchant = await createTestMerchant(t);
  const money = { planId: 'plan_w1', merchantId: merchant.id };
  await book(planConfirmedEntry({ ...money, amountKobo: 10_000 }));
  await book(paymentCollectedEntry({ ...money, chargeReference: 'chg-deposit', grossKobo: 2_500 }));
  await book(paymentCollectedEntry({ ...money, chargeReference: 'chg-inst-1', grossKobo: 2_500 }));
  await book(
    payoutInitiatedEntry({ merchantId: merchant.id, payoutReference: 'po-1', amountKobo: 2_000 }),
  );
  await book(
    payoutSucceededEntry({ merchantId: merchant.id, payoutReference: 'po-1', amountKobo: 2_000 }),
  );
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
      charge_reference: 'chg-inst-1',
      plan_id: 'plan_w1',
      gross: 2_500,
      platform_fee: 63,
      available_change: 2_437,
      pending_change: -2_500,
    });
    expect(transactions[1]).toMatchObject({
      payout_reference: 'po-1',
      available_change: -2_000,
      plan_id: null,
    });
    expect(transactions[4]).toMatchObject({
      plan_id: 'plan_w1',
      pending_change: 10_000,
      available_change: 0,
    });
  });

  it('books a movement once: a replayed entry changes nothing', async () => {
    const again = await book(
      paymentCollectedEntry({
        planId: 'plan_w1',
        merchantId: merchant.id,
        chargeReference: 'chg-deposit',
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
