import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { expireCheckoutSessionsTask } from '../../src/features/checkout/index.ts';
import {
  createTestCustomer,
  createTestMerchant,
  newIdempotencyKey,
  sessionBody,
  type TestMerchant,
} from '../harness/fixtures.ts';
import { startTestApp, type TestApp } from '../harness/test-app.ts';

/**
 * The plan chosen for an order, kept on the server (decision 0049): a new session the shop opens
 * for the same order offers it again to the same customer, and to nobody else.
 */
let t: TestApp;
let merchant: TestMerchant;
beforeAll(async () => {
  t = await startTestApp({ settings: { rateLimitSandboxPerMin: 100_000 } });
  merchant = await createTestMerchant(t);
});
afterAll(async () => t.close());

async function session(overrides: Record<string, unknown> = {}): Promise<string> {
  const created = await t.http.post(
    '/api/v1/checkout/sessions',
    sessionBody(merchant.id, overrides),
    { token: merchant.testKey, headers: { 'idempotency-key': newIdempotencyKey() } },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data.token as string;
}

const choicePath = (token: string) => `/api/v1/checkout/sessions/${token}/plan-choice`;
const put = (token: string, body: unknown, accessToken?: string) =>
  t.http.request('PUT', choicePath(token), {
    body,
    ...(accessToken !== undefined && { token: accessToken }),
  });
const CHOICE = { frequency: 'weekly', installment_count: 6, upfront_pct: 40 } as const;

describe('the plan chosen for an order', () => {
  it('is offered again in a new session for the same order, to the same customer only', async () => {
    const ada = await createTestCustomer(t);
    const bola = await createTestCustomer(t);
    const order = `ord-${newIdempotencyKey()}`;
    const first = await session({ order_reference: order });
    expect((await t.http.get(choicePath(first), { token: ada.accessToken })).body).toEqual({
      ok: true,
      data: null,
    });
    const kept = await put(first, CHOICE, ada.accessToken);
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body).toEqual({ ok: true, data: CHOICE });

    t.clock.advance(31 * 60_000); // the first session has expired
    const second = await session({ order_reference: order });
    const ada2 = await t.http.post('/api/v1/customers/login', {
      email: ada.email,
      password: ada.password,
    });
    const adaToken = ada2.body.data.access_token as string;
    expect((await t.http.get(choicePath(second), { token: adaToken })).body).toEqual({
      ok: true,
      data: CHOICE,
    });
    // Another customer, another order or another mode: nothing.
    const bola2 = await t.http.post('/api/v1/customers/login', {
      email: bola.email,
      password: bola.password,
    });
    expect(
      (await t.http.get(choicePath(second), { token: bola2.body.data.access_token })).body.data,
    ).toBeNull();
    const other = await session();
    expect((await t.http.get(choicePath(other), { token: adaToken })).body.data).toBeNull();

    // The last choice wins.
    const changed = { frequency: 'monthly', installment_count: 3, upfront_pct: 30 } as const;
    expect((await put(second, changed, adaToken)).status).toBe(200);
    expect((await t.http.get(choicePath(second), { token: adaToken })).body.data).toEqual(changed);
  });

  it('is refused outside the session’s constraints (400), for a closed session (409), without a customer (401)', async () => {
    const ada = await createTestCustomer(t);
    const token = await session();
    const tooLong = await put(token, { ...CHOICE, installment_count: 52 }, ada.accessToken);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.ok).toBe(false);
    const unknownField = await put(token, { ...CHOICE, note: 'x' }, ada.accessToken);
    expect(unknownField.status).toBe(400);
    expect((await put(token, CHOICE)).status).toBe(401);
    expect((await put('no-such-token', CHOICE, ada.accessToken)).status).toBe(404);
    t.clock.advance(31 * 60_000);
    const login = await t.http.post('/api/v1/customers/login', {
      email: ada.email,
      password: ada.password,
    });
    const late = await put(token, CHOICE, login.body.data.access_token);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('session_not_pending');
  });

  it('is forgotten after 24 hours, and deleted by the session-expiry cron', async () => {
    const ada = await createTestCustomer(t);
    const order = `ord-${newIdempotencyKey()}`;
    const token = await session({ order_reference: order });
    expect((await put(token, CHOICE, ada.accessToken)).status).toBe(200);
    const countKept = async () =>
      (
        await t.ctx.db
          .selectFrom('checkout_plan_choices')
          .select('order_reference')
          .where('order_reference', '=', order)
          .execute()
      ).length;
    expect(await countKept()).toBe(1);
    t.clock.advance(24 * 60 * 60_000 + 60_000);
    const later = await session({ order_reference: order });
    const login = await t.http.post('/api/v1/customers/login', {
      email: ada.email,
      password: ada.password,
    });
    expect(
      (await t.http.get(choicePath(later), { token: login.body.data.access_token })).body.data,
    ).toBeNull();
    const task = expireCheckoutSessionsTask({ db: t.ctx.db, clock: t.ctx.clock } as never);
    await task({}, { logger: { info: () => undefined } } as never);
    expect(await countKept()).toBe(0);
  });
});
