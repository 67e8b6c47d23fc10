import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  completeCheckoutSession,
  expireDueSessions,
} from '../../src/features/checkout/sessions.ts';
import { deactivateMerchant } from '../../src/features/merchants/index.ts';
import {
  createTestMerchant,
  newIdempotencyKey,
  provideBusinessDetails,
  sessionBody,
  type TestMerchant,
} from '../harness/fixtures.ts';
import { operatorToken } from '../harness/operators.ts';
import { startTestApp, type TestApp } from '../harness/test-app.ts';

const PATH = '/api/v1/checkout/sessions';
let t: TestApp;
let merchant: TestMerchant;

beforeAll(async () => {
  t = await startTestApp({ settings: { rateLimitSandboxPerMin: 100_000 } });
  merchant = await createTestMerchant(t);
});
afterAll(async () => t.close());

const countSessions = async (orderReference: string) =>
  Number(
    (
      await t.ctx.db
        .selectFrom('checkout_sessions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('order_reference', '=', orderReference)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /api/v1/checkout/sessions', () => {
  it('creates a 30-minute pending session and returns its token, checkout URL and constraints', async () => {
    const body = sessionBody(merchant.id);
    const res = await t.http.post(PATH, body, {
      token: merchant.testKey,
      headers: { 'idempotency-key': newIdempotencyKey() },
    });
    expect(res.status).toBe(201);
    expect(res.body.ok).toBe(true);
    const data = res.body.data;
    expect(data).toMatchObject({
      object: 'checkout_session',
      merchant_id: merchant.id,
      livemode: false,
      amount: 2_500_000,
      currency: 'NGN',
      title: body.title,
      order_reference: body.order_reference,
      customer_email: 'ada@example.ng',
      status: 'pending',
      constraints: {
        allowed_frequencies: ['weekly', 'monthly'],
        max_weekly_duration: 12,
        max_monthly_duration: 6,
        min_upfront_pct: 25,
        allowed_schedule_types: ['installment'],
      },
    });
    expect(data.id).toMatch(/^cs_/);
    expect(data.token).toMatch(/^cst_[0-9A-Za-z]{40}$/);
    expect(data.checkout_url).toBe(`http://checkout.test/checkout/${data.token}`);
    expect(new Date(data.expires_at).getTime() - new Date(data.created_at).getTime()).toBe(
      30 * 60_000,
    );
    expect(new Date(data.created_at).getTime()).toBe(t.clock.now().getTime());
  });

  it('works without an Idempotency-Key (it is recommended, not required)', async () => {
    const res = await t.http.post(PATH, sessionBody(merchant.id, { customer_email: undefined }), {
      token: merchant.testKey,
    });
    expect(res.status).toBe(201);
    expect(res.body.data.customer_email).toBeNull();
  });

  it('snapshots the merchant constraints at creation', async () => {
    const first = await t.http.post(PATH, sessionBody(merchant.id), { token: merchant.testKey });
    const patch = await t.http.patch(
      `/api/v1/merchant/${merchant.id}/settings`,
      {
        default_constraints: {
          allowed_frequencies: ['monthly'],
          max_weekly_duration: 4,
          max_monthly_duration: 3,
          min_upfront_pct: 40,
          allowed_schedule_types: ['installment'],
        },
      },
      { token: merchant.testKey },
    );
    expect(patch.status).toBe(200);
    const second = await t.http.post(PATH, sessionBody(merchant.id), { token: merchant.testKey });
    const readFirst = await t.http.get(`${PATH}/${first.body.data.token}`);
    expect(readFirst.body.data.constraints.min_upfront_pct).toBe(25);
    expect(second.body.data.constraints).toEqual({
      allowed_frequencies: ['monthly'],
      max_weekly_duration: 4,
      max_monthly_duration: 3,
      min_upfront_pct: 40,
      allowed_schedule_types: ['installment'],
    });
  });

  describe('validation (400, nothing created)', () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['amount as a string', { amount: '2500000' }, /amount must be of type integer/],
      ['amount with a fraction', { amount: 2500.5 }, /amount must be of type integer/],
      ['zero amount', { amount: 0 }, /amount must be >= 1/],
      ['negative amount', { amount: -100 }, /amount must be >= 1/],
      ['amount above ₦10,000,000', { amount: 1_000_000_001 }, /amount must be <= 1000000000/],
      ['currency other than NGN', { currency: 'USD' }, /currency/],
      ['empty title', { title: '' }, /title/],
      ['blank title', { title: '   ' }, /title/],
      ['empty order_reference', { order_reference: '' }, /order_reference/],
      ['malformed customer_email', { customer_email: 'not-an-email' }, /customer_email/],
      ['unknown field', { discount: 10 }, /unknown field "discount"/],
      ['missing merchant_id', { merchant_id: undefined }, /required field "merchant_id"/],
    ];
    it.each(cases)('%s', async (_name, overrides, detail) => {
      const body = sessionBody(merchant.id, overrides);
      const res = await t.http.post(PATH, body, { token: merchant.testKey });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ ok: false, code: 'invalid_request' });
      expect(res.body.detail).toMatch(detail);
      if (typeof body.order_reference === 'string' && body.order_reference !== '') {
        expect(await countSessions(body.order_reference)).toBe(0);
      }
    });

    it('malformed JSON', async () => {
      const res = await t.http.request('POST', PATH, {
        token: merchant.testKey,
        rawBody: '{"amount": 12,',
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ ok: false, code: 'invalid_json' });
    });

    it('empty body', async () => {
      const res = await t.http.request('POST', PATH, { token: merchant.testKey, rawBody: '' });
      expect(res.status).toBe(400);
      expect(res.body.ok).toBe(false);
    });

    it('a JSON array instead of an object', async () => {
      const res = await t.http.request('POST', PATH, { token: merchant.testKey, rawBody: '[]' });
      expect(res.status).toBe(400);
    });

    it('a body that is not JSON → 415', async () => {
      const res = await t.http.request('POST', PATH, {
        token: merchant.testKey,
        rawBody: 'amount=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.status).toBe(415);
      expect(res.body).toMatchObject({ ok: false, code: 'unsupported_media_type' });
    });

    it('a body over the size limit → 413', async () => {
      const res = await t.http.post(PATH, sessionBody(merchant.id, { title: 'x'.repeat(70_000) }), {
        token: merchant.testKey,
      });
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ ok: false, code: 'payload_too_large' });
    });

    it.each([
      'not-a-uuid',
      '3f1c2a5e-8d4b-1c1e-9a7f-2b6d8e0c1f34',
      '3f1c2a5e8d4b4c1e9a7f2b6d8e0c1f34',
    ])('Idempotency-Key "%s" that is not a UUID v4', async (key) => {
      const body = sessionBody(merchant.id);
      const res = await t.http.post(PATH, body, {
        token: merchant.testKey,
        headers: { 'idempotency-key': key },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ ok: false, code: 'invalid_idempotency_key' });
      expect(await countSessions(body.order_reference)).toBe(0);
    });
  });

  describe('merchant checks (spec §7.3)', () => {
    it('404 when merchant_id does not exist', async () => {
      const res = await t.http.post(PATH, sessionBody('mer_doesnotexist000000'), {
        token: merchant.testKey,
      });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ ok: false, code: 'not_found' });
    });

    it("403 when merchant_id is another merchant's", async () => {
      const other = await createTestMerchant(t);
      const res = await t.http.post(PATH, sessionBody(other.id), { token: merchant.testKey });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ ok: false, code: 'forbidden' });
    });

    it('403 for a deactivated merchant', async () => {
      const gone = await createTestMerchant(t, { approve: true });
      await deactivateMerchant(t.ctx, gone.id, { name: 'test' }, 'test: a deactivated merchant');
      for (const key of [gone.testKey, gone.liveKey]) {
        const res = await t.http.post(PATH, sessionBody(gone.id), { token: key });
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ ok: false, code: 'merchant_inactive' });
      }
    });

    it('403 for a live key before approval; 201 with livemode after', async () => {
      const fresh = await createTestMerchant(t);
      const before = await t.http.post(PATH, sessionBody(fresh.id), { token: fresh.liveKey });
      expect(before.status).toBe(403);
      expect(before.body.code).toBe('merchant_not_approved');
      const test = await t.http.post(PATH, sessionBody(fresh.id), { token: fresh.testKey });
      expect(test.status).toBe(201);

      await provideBusinessDetails(t, fresh.id);
      const approve = await t.http.post(
        `/api/v1/admin/merchants/${fresh.id}/approve`,
        {},
        { token: await operatorToken(t) },
      );
      expect(approve.status).toBe(200);
      const after = await t.http.post(PATH, sessionBody(fresh.id), { token: fresh.liveKey });
      expect(after.status).toBe(201);
      expect(after.body.data.livemode).toBe(true);
    });
  });

  describe('idempotency', () => {
    it('replays the original response for the same key and body, creating nothing', async () => {
      const key = newIdempotencyKey();
      const body = sessionBody(merchant.id);
      const first = await t.http.post(PATH, body, {
        token: merchant.testKey,
        headers: { 'idempotency-key': key },
      });
      t.clock.advance(60_000);
      const second = await t.http.post(PATH, body, {
        token: merchant.testKey,
        headers: { 'idempotency-key': key },
      });
      expect(first.status).toBe(201);
      expect(second.status).toBe(201);
      expect(second.body).toEqual(first.body);
      expect(second.headers.get('idempotent-replayed')).toBe('true');
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      expect(await countSessions(body.order_reference)).toBe(1);
    });

    it('still replays the session after its order completed (B5 found a 409 here); a new key gets the 409', async () => {
      const key = newIdempotencyKey();
      const body = sessionBody(merchant.id);
      const send = (k: string) =>
        t.http.post(PATH, body, { token: merchant.testKey, headers: { 'idempotency-key': k } });
      const first = await send(key);
      expect(first.status).toBe(201);
      await completeCheckoutSession(t.ctx, first.body.data.token);
      const retry = await send(key);
      expect(retry.status, JSON.stringify(retry.body)).toBe(201);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(retry.body).toEqual(first.body);
      const other = await t.http.post(
        PATH,
        { ...body, title: 'Another title' },
        { token: merchant.testKey, headers: { 'idempotency-key': key } },
      );
      expect(other.status).toBe(409);
      expect(other.body.code).toBe('idempotency_key_reused');
      const fresh = await send(newIdempotencyKey());
      expect(fresh.status).toBe(409);
      expect(fresh.body.code).toBe('session_completed');
      expect(await countSessions(body.order_reference)).toBe(1);
    });

    it('treats the same body with keys in another order as the same request', async () => {
      const key = newIdempotencyKey();
      const body = sessionBody(merchant.id);
      const reordered = Object.fromEntries(Object.entries(body).reverse());
      const first = await t.http.post(PATH, body, {
        token: merchant.testKey,
        headers: { 'idempotency-key': key },
      });
      const second = await t.http.post(PATH, reordered, {
        token: merchant.testKey,
        headers: { 'idempotency-key': key },
      });
      expect(second.status).toBe(201);
      expect(second.body.data.id).toBe(first.body.data.id);
    });

    it('409 for the same key with a different body', async () => {
      const key = newIdempotencyKey();
      const body = sessionBody(merchant.id);
      await t.http.post(PATH, body, {
        token: merchant.testKey,
        headers: { 'idempotency-key': key },
      });
      const res = await t.http.post(
        PATH,
        { ...body, amount: body.amount + 1 },
        { token: merchant.testKey, headers: { 'idempotency-key': key } },
      );
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ ok: false, code: 'idempotency_key_reused' });
      expect(res.body.detail).toMatch(/different request/);
      expect(await countSessions(body.order_reference)).toBe(1);
    });

    it('50 concurrent requests with one key create exactly one session', async () => {
      const key = newIdempotencyKey();
      const body = sessionBody(merchant.id);
      const results = await Promise.all(
        Array.from({ length: 50 }, () =>
          t.http.post(PATH, body, { token: merchant.testKey, headers: { 'idempotency-key': key } }),
        ),
      );
      expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
      expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
      expect(results.filter((r) => r.headers.get('idempotent-replayed') === null)).toHaveLength(1);
      expect(await countSessions(body.order_reference)).toBe(1);
    });

    it('after 24 hours the same key creates a fresh session', async () => {
      const key = newIdempotencyKey();
      const body = sessionBody(merchant.id);
      const first = await t.http.post(PATH, body, {
        token: merchant.testKey,
        headers: { 'idempotency-key': key },
      });
      t.clock.advance(24 * 60 * 60_000 - 1_000);
      const within = await t.http.post(PATH, body, {
        token: merchant.testKey,
        headers: { 'idempotency-key': key },
      });
      expect(within.body.data.id).toBe(first.body.data.id);
      t.clock.advance(2_000);
      const after = await t.http.post(PATH, body, {
        token: merchant.testKey,
        headers: { 'idempotency-key': key },
      });
      expect(after.status).toBe(201);
      expect(after.headers.get('idempotent-replayed')).toBeNull();
      expect(after.body.data.id).not.toBe(first.body.data.id);
      expect(await countSessions(body.order_reference)).toBe(2);
    });

    it('keys are scoped per merchant', async () => {
      const other = await createTestMerchant(t);
      const key = newIdempotencyKey();
      const mine = await t.http.post(PATH, sessionBody(merchant.id), {
        token: merchant.testKey,
        headers: { 'idempotency-key': key },
      });
      const theirs = await t.http.post(PATH, sessionBody(other.id), {
        token: other.testKey,
        headers: { 'idempotency-key': key },
      });
      expect(mine.status).toBe(201);
      expect(theirs.status).toBe(201);
      expect(theirs.body.data.id).not.toBe(mine.body.data.id);
    });

    it('a failed request stores nothing: the same key works once the problem is fixed', async () => {
      const key = newIdempotencyKey();
      const body = sessionBody(merchant.id);
      const completed = await t.http.post(PATH, body, { token: merchant.testKey });
      await completeCheckoutSession(t.ctx, completed.body.data.token);
      const conflict = await t.http.post(PATH, body, {
        token: merchant.testKey,
        headers: { 'idempotency-key': key },
      });
      expect(conflict.status).toBe(409);
      const fixed = await t.http.post(
        PATH,
        { ...body, order_reference: `${body.order_reference}-2` },
        { token: merchant.testKey, headers: { 'idempotency-key': key } },
      );
      expect(fixed.status).toBe(201);
    });
  });

  it('409 when a session for the order_reference is already completed', async () => {
    const body = sessionBody(merchant.id);
    const first = await t.http.post(PATH, body, { token: merchant.testKey });
    const pendingTwin = await t.http.post(PATH, body, { token: merchant.testKey });
    expect(pendingTwin.status).toBe(201);
    await completeCheckoutSession(t.ctx, first.body.data.token);
    const again = await t.http.post(PATH, body, {
      token: merchant.testKey,
      headers: { 'idempotency-key': newIdempotencyKey() },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ ok: false, code: 'session_completed' });
    expect(again.body.detail).toContain(body.order_reference);
    // The pending twin can no longer complete: one completed checkout per order.
    await expect(completeCheckoutSession(t.ctx, pendingTwin.body.data.token)).rejects.toMatchObject(
      { code: 'session_completed' },
    );
  });
});

describe('GET /api/v1/checkout/sessions/{token}', () => {
  it('returns the session (spec §2.3) with the token as the only credential', async () => {
    const created = await t.http.post(PATH, sessionBody(merchant.id), { token: merchant.testKey });
    const res = await t.http.get(`${PATH}/${created.body.data.token}`);
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
    for (const field of [
      'merchant_id',
      'amount',
      'currency',
      'title',
      'customer_email',
      'status',
      'expires_at',
      'constraints',
    ]) {
      expect(res.body.data).toHaveProperty(field);
    }
    // The widget's read adds the merchant's name, for the checkout's header, its support
    // contact (none set here), for the refusal screens, and the plan the checkout shows first
    // (decision 0068); it leaves out the merchant's own metadata (decision 0051).
    const { metadata, ...shown } = created.body.data;
    expect(metadata).toEqual({});
    expect(res.body.data).toEqual({
      ...shown,
      merchant_name: 'Ade Stores',
      merchant_support: null,
      // Monthly, 3 payments, the shop's minimum deposit (its settings, changed above).
      suggested_plan: {
        frequency: 'monthly',
        installment_count: 3,
        upfront_pct: shown.constraints.min_upfront_pct,
      },
    });
  });

  it('404 for an unknown token', async () => {
    const res = await t.http.get(`${PATH}/cst_unknown`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ ok: false, code: 'not_found' });
  });

  it('reads as expired once 30 minutes have passed (injected clock), and the job writes it back', async () => {
    const created = await t.http.post(PATH, sessionBody(merchant.id), { token: merchant.testKey });
    const token = created.body.data.token;
    t.clock.advance(30 * 60_000 - 1);
    expect((await t.http.get(`${PATH}/${token}`)).body.data.status).toBe('pending');
    t.clock.advance(1);
    expect((await t.http.get(`${PATH}/${token}`)).body.data.status).toBe('expired');
    await expect(completeCheckoutSession(t.ctx, token)).rejects.toMatchObject({
      code: 'session_not_pending',
    });

    expect(await expireDueSessions(t.ctx.db, t.clock.now())).toBeGreaterThanOrEqual(1);
    const row = await t.ctx.db
      .selectFrom('checkout_sessions')
      .select('status')
      .where('token', '=', token)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('expired');
  });
});

describe('POST /api/v1/checkout/sessions/{token}/cancel', () => {
  it('cancels a pending session once; a second cancel is a 409 naming the state', async () => {
    const created = await t.http.post(PATH, sessionBody(merchant.id), { token: merchant.testKey });
    const token = created.body.data.token;
    const cancel = await t.http.post(`${PATH}/${token}/cancel`, undefined, {
      token: merchant.testKey,
    });
    expect(cancel.status).toBe(200);
    expect(cancel.body.data.status).toBe('cancelled');
    const again = await t.http.post(`${PATH}/${token}/cancel`, undefined, {
      token: merchant.testKey,
    });
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/cancelled/);
  });

  it("404 for another merchant's session", async () => {
    const other = await createTestMerchant(t);
    const created = await t.http.post(PATH, sessionBody(merchant.id), { token: merchant.testKey });
    const res = await t.http.post(`${PATH}/${created.body.data.token}/cancel`, undefined, {
      token: other.testKey,
    });
    expect(res.status).toBe(404);
  });
});
