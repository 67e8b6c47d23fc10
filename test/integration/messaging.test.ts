import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestMerchant, sessionBody, type TestMerchant } from '../harness/fixtures.ts';
import { startTestApp, type TestApp } from '../harness/test-app.ts';

/**
 * The messaging element's read (decision 0056) and the publishable keys that authenticate it
 * (decision 0055): the right figures for an amount under the shop's limits, a key that reads
 * that and nothing else, public caching and any origin.
 */
const plansPath = (amount: number, key?: string) =>
  `/api/v1/messaging/plans?amount=${amount}${key === undefined ? '' : `&key=${key}`}`;

let t: TestApp;
let merchant: TestMerchant;
let pending: TestMerchant;

beforeAll(async () => {
  t = await startTestApp();
  merchant = await createTestMerchant(t, { approve: true });
  pending = await createTestMerchant(t);
});
afterAll(async () => t.close());

describe('GET /api/v1/messaging/plans', () => {
  it('₦48,500: ₦12,125 today, then 3 monthly payments of ₦12,125 (the checkout’s first plan)', async () => {
    const res = await t.http.get(plansPath(4_850_000, merchant.publishableKeys.test));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      object: 'messaging_plans',
      livemode: false,
      amount: 4_850_000,
      currency: 'NGN',
      merchant_name: 'Ade Stores',
      available: true,
      headline: {
        frequency: 'monthly',
        installment_count: 3,
        upfront_pct: 25,
        deposit: 1_212_500,
        installment: 1_212_500,
        equal_installments: true,
        total: 4_850_000,
        deposit_text: '₦12,125',
        installment_text: '₦12,125',
      },
    });
    expect(res.body.data.plans).toHaveLength(6 + 12);
  });

  it('agrees with the checkout’s preview of the same plan to the kobo', async () => {
    const amount = 1_000_001;
    const res = await t.http.get(plansPath(amount, merchant.publishableKeys.test));
    const session = await t.http.post(
      '/api/v1/checkout/sessions',
      sessionBody(merchant.id, { amount }),
      { token: merchant.testKey },
    );
    for (const plan of res.body.data.plans as {
      frequency: string;
      installment_count: number;
      upfront_pct: number;
      deposit: number;
      installment: number;
    }[]) {
      if (plan.installment_count % 4 !== 3) continue; // a few of each frequency is enough
      const preview = await t.http.post('/api/v1/checkout/preview', {
        session_token: session.body.data.token,
        frequency: plan.frequency,
        installment_count: plan.installment_count,
        upfront_pct: plan.upfront_pct,
      });
      expect(preview.body.data.deposit.amount).toBe(plan.deposit);
      expect(preview.body.data.installments[0].amount).toBe(plan.installment);
    }
  });

  it('follows the shop’s plan limits: weekly only, at most 4 weeks, 50% down', async () => {
    const patched = await t.http.patch(
      `/api/v1/merchant/${pending.id}/settings`,
      {
        default_constraints: {
          allowed_frequencies: ['weekly'],
          max_weekly_duration: 4,
          max_monthly_duration: 6,
          min_upfront_pct: 50,
          allowed_schedule_types: ['installment'],
        },
      },
      { token: pending.testKey },
    );
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const res = await t.http.get(plansPath(2_000_000, pending.publishableKeys.test));
    expect(res.body.data.headline).toMatchObject({
      frequency: 'weekly',
      installment_count: 3,
      deposit_text: '₦10,000',
      installment_text: '₦3,333.34',
      equal_installments: false,
    });
    expect(
      res.body.data.plans.map((p: { installment_count: number }) => p.installment_count),
    ).toEqual([1, 2, 3, 4]);
  });

  it('above the highest tier’s limit: available false, nothing to show', async () => {
    const res = await t.http.get(plansPath(100_000_001, merchant.publishableKeys.test));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      available: false,
      max_amount: 100_000_000,
      headline: null,
      plans: [],
    });
  });

  it('any origin may read it; cacheable for 5 minutes with an ETag, 304 when it has not changed', async () => {
    const res = await t.http.get(plansPath(4_850_000, merchant.publishableKeys.test), {
      headers: { origin: 'https://shop.example' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await t.http.get(plansPath(4_850_000, merchant.publishableKeys.test), {
      headers: { 'if-none-match': etag ?? '' },
    });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    const other = await t.http.get(plansPath(4_850_100, merchant.publishableKeys.test), {
      headers: { 'if-none-match': etag ?? '' },
    });
    expect(other.status).toBe(200);
    // A refusal carries the CORS header too, so the page's console shows the reason.
    const refused = await t.http.get(plansPath(4_850_000, 'pk_test_nope'));
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('takes the key as a bearer token too, and then varies on it', async () => {
    const res = await t.http.get(plansPath(4_850_000), { token: merchant.publishableKeys.live });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.livemode).toBe(true);
    expect(res.headers.get('vary')).toMatch(/Authorization/i);
  });

  it.each([
    ['no key', undefined, 401, /Missing publishable key/],
    ['a malformed key', 'pk_test_abc', 401, /Invalid publishable key/],
    ['an unknown key', `pk_test_${'A'.repeat(24)}`, 401, /Invalid publishable key/],
    ['a secret key (never in a page)', 'SECRET', 401, /secret key: never put it in a web page/],
  ])('refuses %s', async (_label, key, status, detail) => {
    const res = await t.http.get(plansPath(4_850_000, key === 'SECRET' ? merchant.testKey : key));
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body).toMatchObject({ ok: false, code: 'unauthenticated' });
    expect(res.body.detail).toMatch(detail);
  });

  it('a live key of a merchant not yet approved reads nothing (its test key does)', async () => {
    const live = await t.http.get(plansPath(4_850_000, pending.publishableKeys.live));
    expect(live.status).toBe(403);
    expect(live.body.code).toBe('merchant_not_approved');
    const test = await t.http.get(plansPath(4_850_000, pending.publishableKeys.test));
    expect(test.status).toBe(200);
  });
});

describe('a publishable key reads the messaging plans and nothing else', () => {
  it.each([
    ['create a session', 'POST', '/api/v1/checkout/sessions'],
    ['preview a plan with the merchant’s limits', 'POST', '/api/v1/checkout/preview'],
    ['read the merchant', 'GET', '/api/v1/merchant/{id}'],
    ['list the plans', 'GET', '/api/v1/merchant/{id}/plans'],
    ['list its own keys', 'GET', '/api/v1/merchant/{id}/publishable-keys'],
  ])('cannot %s: 401 naming the one thing it reads', async (_label, method, path) => {
    const res = await t.http.request(method, path.replace('{id}', merchant.id), {
      token: merchant.publishableKeys.test,
      ...(method === 'POST' && {
        body: path.endsWith('preview')
          ? { amount: 4_850_000, frequency: 'monthly', installment_count: 3, upfront_pct: 25 }
          : sessionBody(merchant.id),
      }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(401);
    expect(res.body).toMatchObject({ ok: false, code: 'unauthenticated' });
    expect(res.body.detail).toMatch(
      /publishable key \(pk_…\) only reads GET \/api\/v1\/messaging\/plans/,
    );
  });
});

describe('publishable keys: issued with the merchant, listed, rolled', () => {
  it('a new merchant has one key per mode, listed in full', async () => {
    const res = await t.http.get(`/api/v1/merchant/${merchant.id}/publishable-keys`, {
      token: merchant.testKey,
    });
    expect(res.status).toBe(200);
    const keys = res.body.data as { key: string; mode: string; object: string }[];
    expect(keys.map((k) => k.key).sort()).toEqual(
      [merchant.publishableKeys.test, merchant.publishableKeys.live].sort(),
    );
    expect(merchant.publishableKeys.test).toMatch(/^pk_test_[0-9A-Za-z]{24}$/);
    expect(merchant.publishableKeys.live).toMatch(/^pk_live_[0-9A-Za-z]{24}$/);
  });

  it('rolling: the new key works at once, the old one until its expiry, then not', async () => {
    const owner = await createTestMerchant(t, { approve: true });
    const rolled = await t.http.post(
      `/api/v1/merchant/${owner.id}/publishable-keys/roll`,
      { mode: 'test', expire_old_after_minutes: 10 },
      { token: owner.testKey, headers: { 'idempotency-key': crypto.randomUUID() } },
    );
    expect(rolled.status, JSON.stringify(rolled.body)).toBe(200);
    const fresh = rolled.body.data.key as string;
    expect(fresh).toMatch(/^pk_test_/);
    expect(fresh).not.toBe(owner.publishableKeys.test);
    expect((await t.http.get(plansPath(4_850_000, fresh))).status).toBe(200);
    expect((await t.http.get(plansPath(4_850_000, owner.publishableKeys.test))).status).toBe(200);
    t.clock.advance(11 * 60_000);
    const old = await t.http.get(plansPath(4_850_000, owner.publishableKeys.test));
    expect(old.status).toBe(401);
    expect(old.body.detail).toMatch(/rolled and has expired/);
    expect((await t.http.get(plansPath(4_850_000, fresh))).status).toBe(200);
    const listed = await t.http.get(`/api/v1/merchant/${owner.id}/publishable-keys`, {
      token: owner.testKey,
    });
    expect(listed.body.data.map((k: { key: string }) => k.key).sort()).toEqual(
      [fresh, owner.publishableKeys.live].sort(),
    );
    // The live key was not touched by the test roll.
    expect((await t.http.get(plansPath(4_850_000, owner.publishableKeys.live))).status).toBe(200);
  });
});

describe('the checkout’s first plan is the line’s plan, sent by the API (decision 0068)', () => {
  it.each([4_850_000, 2, 1_000_001])(
    'amount %i: GET of the session suggests the headline plan',
    async (amount) => {
      const line = await t.http.get(plansPath(amount, merchant.publishableKeys.test));
      const created = await t.http.post(
        '/api/v1/checkout/sessions',
        sessionBody(merchant.id, { amount }),
        { token: merchant.testKey },
      );
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      // The widget's read carries it; the merchant's create answer does not.
      expect(created.body.data.suggested_plan).toBeUndefined();
      const read = await t.http.get(`/api/v1/checkout/sessions/${created.body.data.token}`);
      const { frequency, installment_count, upfront_pct } = line.body.data.headline;
      expect(read.body.data.suggested_plan).toEqual({ frequency, installment_count, upfront_pct });
    },
  );
});
