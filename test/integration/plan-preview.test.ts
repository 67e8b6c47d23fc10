import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestMerchant, sessionBody, type TestMerchant } from '../harness/fixtures.ts';
import { startTestApp, type TestApp } from '../harness/test-app.ts';

const PATH = '/api/v1/checkout/preview';
let t: TestApp;
let merchant: TestMerchant;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  // Confirmed (and so anchored) on 31 Jan 2027, 14:20 Lagos time.
  t.clock.set(new Date('2027-01-31T13:20:00Z'));
  merchant = await createTestMerchant(t);
  const session = await t.http.post(
    '/api/v1/checkout/sessions',
    sessionBody(merchant.id, { amount: 2_500_000 }),
    { token: merchant.testKey },
  );
  token = session.body.data.token;
});
afterAll(async () => t.close());

describe('POST /api/v1/checkout/preview', () => {
  it('widget: the exact schedule inside the session (deposit now, monthly on the anchor day, 09:00 Lagos)', async () => {
    const res = await t.http.post(PATH, {
      session_token: token,
      frequency: 'monthly',
      installment_count: 3,
      upfront_pct: 25,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      amount: 2_500_000,
      currency: 'NGN',
      deposit: { amount: 625_000, due_at: '2027-01-31T13:20:00.000Z' },
      installments: [
        { sequence: 1, amount: 625_000, due_at: '2027-02-28T08:00:00.000Z' },
        { sequence: 2, amount: 625_000, due_at: '2027-03-31T08:00:00.000Z' },
        { sequence: 3, amount: 625_000, due_at: '2027-04-30T08:00:00.000Z' },
      ],
      total: 2_500_000,
    });
    expect(res.body.data.merchant_view).toBeUndefined();
  });

  it('weekly plans fall every 7 days; odd kobo go to the first installments', async () => {
    const session = await t.http.post(
      '/api/v1/checkout/sessions',
      sessionBody(merchant.id, { amount: 10_000 }),
      { token: merchant.testKey },
    );
    const res = await t.http.post(PATH, {
      session_token: session.body.data.token,
      frequency: 'weekly',
      installment_count: 3,
      upfront_pct: 30,
    });
    expect(res.body.data.deposit.amount).toBe(3_000);
    expect(res.body.data.installments.map((i: { amount: number }) => i.amount)).toEqual([
      2_334, 2_333, 2_333,
    ]);
    expect(res.body.data.installments.map((i: { due_at: string }) => i.due_at)).toEqual([
      '2027-02-07T08:00:00.000Z',
      '2027-02-14T08:00:00.000Z',
      '2027-02-21T08:00:00.000Z',
    ]);
  });

  it.each([
    [
      'a frequency the merchant does not offer',
      { frequency: 'fortnightly', installment_count: 2, upfront_pct: 25 },
      /frequency/,
    ],
    [
      'more monthly installments than allowed',
      { frequency: 'monthly', installment_count: 7, upfront_pct: 25 },
      /max_monthly_duration/,
    ],
    [
      'more weekly installments than allowed',
      { frequency: 'weekly', installment_count: 13, upfront_pct: 25 },
      /max_weekly_duration/,
    ],
    [
      'a deposit below the minimum',
      { frequency: 'monthly', installment_count: 3, upfront_pct: 10 },
      /min_upfront_pct/,
    ],
    [
      'a fractional percentage',
      { frequency: 'monthly', installment_count: 3, upfront_pct: 25.5 },
      /upfront_pct/,
    ],
  ])('400 for %s, naming the limit', async (_name, body, detail) => {
    const res = await t.http.post(PATH, { session_token: token, ...body });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(detail);
  });

  it('400 when the amount is too small for that many installments', async () => {
    const session = await t.http.post(
      '/api/v1/checkout/sessions',
      sessionBody(merchant.id, { amount: 5 }),
      { token: merchant.testKey },
    );
    const res = await t.http.post(PATH, {
      session_token: session.body.data.token,
      frequency: 'weekly',
      installment_count: 6,
      upfront_pct: 25,
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/kobo/);
  });

  it('404 for an unknown session, 409 for an expired one, 400 for an amount that contradicts the session', async () => {
    expect(
      (
        await t.http.post(PATH, {
          session_token: 'cst_nope',
          frequency: 'monthly',
          installment_count: 3,
          upfront_pct: 25,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.http.post(PATH, {
          session_token: token,
          amount: 1,
          frequency: 'monthly',
          installment_count: 3,
          upfront_pct: 25,
        })
      ).status,
    ).toBe(400);
    const session = await t.http.post('/api/v1/checkout/sessions', sessionBody(merchant.id), {
      token: merchant.testKey,
    });
    t.clock.advance(31 * 60_000);
    const expired = await t.http.post(PATH, {
      session_token: session.body.data.token,
      frequency: 'monthly',
      installment_count: 3,
      upfront_pct: 25,
    });
    expect(expired.status).toBe(409);
  });

  it('merchant key: any amount inside the default constraints, with the platform fee', async () => {
    const res = await t.http.post(
      PATH,
      { amount: 10_000, frequency: 'monthly', installment_count: 3, upfront_pct: 25 },
      { token: merchant.testKey },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 2,500 + 2,500 × 3: fee 63 on each (62.5 rounds up) = 252; net 9,748.
    expect(res.body.data.merchant_view).toEqual({ platform_fee: 252, merchant_net: 9_748 });
    expect(
      (
        await t.http.post(
          PATH,
          { frequency: 'monthly', installment_count: 3, upfront_pct: 25 },
          { token: merchant.testKey },
        )
      ).status,
    ).toBe(400);
  });

  it('no session token and no key → 401; a customer token or bad key → 401', async () => {
    expect(
      (
        await t.http.post(PATH, {
          amount: 10_000,
          frequency: 'monthly',
          installment_count: 3,
          upfront_pct: 25,
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await t.http.post(
          PATH,
          { amount: 10_000, frequency: 'monthly', installment_count: 3, upfront_pct: 25 },
          { token: `sk_test_${'x'.repeat(40)}` },
        )
      ).status,
    ).toBe(401);
  });
});
