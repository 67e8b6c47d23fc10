import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { payoutSweep, sendPayout } from '../../src/features/money/payouts.ts';
import { createTestMerchant, newIdempotencyKey, type TestMerchant } from '../harness/fixtures.ts';
import { ledgerTotal as ledgerTotalOf } from '../harness/ledger.ts';
import { collect, confirmPlanFor } from '../harness/plans.ts';
import { startTestAppWithSandbox, type TestAppWithSandbox } from '../harness/test-app.ts';

let t: TestAppWithSandbox;
beforeAll(async () => {
  t = await startTestAppWithSandbox();
});
afterAll(async () => t.close());

/**
 * A merchant with `grossKobo` collected (net 97.5% available) and the given settlement account:
 * a real plan (half upfront, one installment) whose two payments are collected through the
 * sandbox gateway, so the ledger's money comes from charges (the invariants check it).
 */
async function merchantWithBalance(
  grossKobo: number,
  accountNumber: string,
): Promise<TestMerchant> {
  const merchant = await createTestMerchant(t, { approve: true });
  await t.http.patch(
    `/api/v1/merchant/${merchant.id}/settings`,
    { settlement_account: { bank_code: '058', account_number: accountNumber } },
    { token: merchant.testKey },
  );
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

const wallet = async (m: TestMerchant) =>
  (await t.http.get(`/api/v1/merchant/${m.id}/wallet`, { token: m.testKey })).body.data;
const payoutStatus = async (id: string) =>
  (
    await t.ctx.db
      .selectFrom('payouts')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).status;
const ledgerTotal = () => ledgerTotalOf(t.ctx.db);

describe('payouts', () => {
  it('pays the available balance to the settlement account; the transfer webhook (verified) marks it paid', async () => {
    const merchant = await merchantWithBalance(100_000, '0123456789');
    expect((await wallet(merchant)).available).toBe(97_500);
    const created = await t.http.post(
      `/api/v1/merchant/${merchant.id}/payouts`,
      {},
      { token: merchant.testKey },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      amount: 97_500,
      status: 'pending',
      trigger: 'request',
      settlement_account: { bank_code: '058', account_number: '0123456789' },
    });
    expect(await wallet(merchant)).toMatchObject({ available: 0, payouts_in_transit: 97_500 });
    // Nothing can be paid twice: the money already left "available".
    expect(
      (
        await t.http.post(
          `/api/v1/merchant/${merchant.id}/payouts`,
          { amount: 1 },
          { token: merchant.testKey },
        )
      ).status,
    ).toBe(400);

    expect(await sendPayout(t.ctx, created.body.data.id)).toBe('in_transit');
    await t.sandbox.control('POST', '/_sandbox/settle');
    expect(await payoutStatus(created.body.data.id)).toBe('paid');
    expect(await wallet(merchant)).toMatchObject({ available: 0, payouts_in_transit: 0 });
    // Sending again (a retried job) changes nothing.
    expect(await sendPayout(t.ctx, created.body.data.id)).toBe('paid');
    expect(await ledgerTotal()).toBe(0);
  });

  it('a failed transfer returns the money to the available balance', async () => {
    const merchant = await merchantWithBalance(40_000, '0000009999');
    const created = await t.http.post(
      `/api/v1/merchant/${merchant.id}/payouts`,
      { amount: 10_000 },
      { token: merchant.testKey },
    );
    await sendPayout(t.ctx, created.body.data.id);
    await t.sandbox.control('POST', '/_sandbox/settle');
    expect(await payoutStatus(created.body.data.id)).toBe('failed');
    expect(await wallet(merchant)).toMatchObject({ available: 39_000, payouts_in_transit: 0 });
  });

  it('a transfer reversed after success returns the money once, even with duplicated and reordered webhooks', async () => {
    const merchant = await merchantWithBalance(20_000, '0000008888');
    await t.sandbox.control('POST', '/_sandbox/faults', {
      duplicate_webhooks: true,
      reorder_webhooks: true,
    });
    const created = await t.http.post(
      `/api/v1/merchant/${merchant.id}/payouts`,
      {},
      { token: merchant.testKey },
    );
    await sendPayout(t.ctx, created.body.data.id);
    await t.sandbox.control('POST', '/_sandbox/settle');
    await t.sandbox.control('POST', '/_sandbox/settle');
    await t.sandbox.control('DELETE', '/_sandbox/faults');
    expect(await payoutStatus(created.body.data.id)).toBe('reversed');
    expect(await wallet(merchant)).toMatchObject({ available: 19_500, payouts_in_transit: 0 });
    const entries = await t.ctx.db
      .selectFrom('journal_entries')
      .select('kind')
      .where('reference', '=', created.body.data.reference)
      .orderBy('created_at')
      .execute();
    expect(entries.map((e) => e.kind).sort()).toEqual([
      'payout_initiated',
      'payout_reversed',
      'payout_succeeded',
    ]);
    expect(await ledgerTotal()).toBe(0);
  });

  it('the daily sweep pays out every merchant with a balance; none without a settlement account or balance', async () => {
    const merchant = await merchantWithBalance(10_000, '0123456780');
    const before = await t.ctx.db
      .selectFrom('payouts')
      .select('id')
      .where('merchant_id', '=', merchant.id)
      .execute();
    expect(before).toHaveLength(0);
    expect(await payoutSweep(t.ctx)).toBeGreaterThanOrEqual(1);
    const after = await t.ctx.db
      .selectFrom('payouts')
      .selectAll()
      .where('merchant_id', '=', merchant.id)
      .execute();
    expect(after).toMatchObject([{ amount_kobo: 9_750, trigger: 'schedule' }]);
    expect(await payoutSweep(t.ctx)).toBe(0);
  });

  it('refuses without a settlement account (409), above the balance (400), for another merchant (404)', async () => {
    const bare = await createTestMerchant(t);
    expect(
      (await t.http.post(`/api/v1/merchant/${bare.id}/payouts`, {}, { token: bare.testKey }))
        .status,
    ).toBe(409);
    const merchant = await merchantWithBalance(10_000, '0123456781');
    const over = await t.http.post(
      `/api/v1/merchant/${merchant.id}/payouts`,
      { amount: 9_751 },
      { token: merchant.testKey },
    );
    expect(over.status).toBe(400);
    expect(over.body.detail).toMatch(/available balance/);
    expect(
      (await t.http.post(`/api/v1/merchant/${merchant.id}/payouts`, {}, { token: bare.testKey }))
        .status,
    ).toBe(404);
    expect(
      (await t.http.get(`/api/v1/merchant/${merchant.id}/payouts`, { token: bare.testKey })).status,
    ).toBe(404);
    expect(
      (await t.http.get(`/api/v1/merchant/${merchant.id}/payouts`, { token: merchant.testKey }))
        .body.data,
    ).toEqual([]);
  });

  it('Idempotency-Key: a retried request (also 10 at once) pays once and replays the first answer; another body is 409, a bad key 400', async () => {
    const merchant = await merchantWithBalance(100_000, '0123456782');
    const path = `/api/v1/merchant/${merchant.id}/payouts`;
    const send = (body: object, key: string) =>
      t.http.post(path, body, { token: merchant.testKey, headers: { 'idempotency-key': key } });

    const key = newIdempotencyKey();
    const first = await send({ amount: 40_000 }, key);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const retries = await Promise.all(
      Array.from({ length: 10 }, () => send({ amount: 40_000 }, key)),
    );
    for (const retry of retries) {
      expect(retry.status).toBe(201);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(retry.body).toEqual(first.body);
    }
    const other = await send({ amount: 1_000 }, key);
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('idempotency_key_reused');
    expect((await send({ amount: 1_000 }, 'not-a-uuid')).status).toBe(400);

    // Ten new keys at once over what is left: each a payout of its own, never past the balance.
    const left = (await wallet(merchant)).available;
    expect(left).toBe(97_500 - 40_000);
    const fresh = await Promise.all(
      Array.from({ length: 10 }, () => send({ amount: 10_000 }, newIdempotencyKey())),
    );
    expect(fresh.filter((r) => r.status === 201)).toHaveLength(Math.floor(left / 10_000));
    const rows = await t.ctx.db
      .selectFrom('payouts')
      .select(['amount_kobo'])
      .where('merchant_id', '=', merchant.id)
      .execute();
    expect(rows).toHaveLength(1 + Math.floor(left / 10_000));
    expect((await wallet(merchant)).available).toBe(left - Math.floor(left / 10_000) * 10_000);
    // A failed request keeps nothing: the same key with a valid amount then pays.
    const refusedKey = newIdempotencyKey();
    expect((await send({ amount: 1_000_000 }, refusedKey)).status).toBe(400);
    expect((await send({ amount: 100 }, refusedKey)).status).toBe(201);
    expect(await ledgerTotal()).toBe(0);
  });
});
