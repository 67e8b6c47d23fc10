import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runWrite } from '../../src/db/write.ts';
import { recordEvent } from '../../src/features/merchant-webhooks/events.ts';
import { revokeApiKey } from '../../src/features/merchants/api-keys.ts';
import { rollApiKey } from '../../src/features/merchants/index.ts';
import { newId } from '../../src/platform/ids.ts';
import {
  createTestCustomer,
  createTestMerchant,
  sessionBody,
  type TestMerchant,
} from '../harness/fixtures.ts';
import { collect, confirmPlanFor } from '../harness/plans.ts';
import { merchantRouteSecuritySuite, type SecurityFixtures } from '../harness/security-suite.ts';
import { startTestAppWithSandbox, type TestAppWithSandbox } from '../harness/test-app.ts';

let t: TestAppWithSandbox;
let merchant: TestMerchant;
let other: TestMerchant;
let revokedKey: string;
let customerToken: string;
/** One object of each kind in the mode named, for the "other mode's key → 404" cells. */
const objects = {
  liveSessionToken: '',
  testPlanId: '',
  livePlanId: '',
  /** A second live plan, for the cancel route's cells (cancelling changes the plan). */
  liveCancelPlanId: '',
  /** A key of `merchant`'s (the revoked one), for the revoke route's cells. */
  keyId: '',
  testEventId: '',
  liveEventId: '',
  testRefundId: '',
};

/**
 * A live plan. Live plans cannot be confirmed in tests (the sandbox identity provider does not
 * verify customers for live checkouts), so a sandbox plan and its session are turned live.
 */
async function livePlanOf(m: TestMerchant): Promise<string> {
  const { plan, session } = await confirmPlanFor(t, m);
  await t.ctx.db
    .updateTable('payment_plans')
    .set({ livemode: true })
    .where('id', '=', plan.id)
    .execute();
  await t.ctx.db
    .updateTable('checkout_sessions')
    .set({ livemode: true })
    .where('id', '=', session.body.data.id as string)
    .execute();
  return plan.id;
}

async function eventOf(m: TestMerchant, livemode: boolean): Promise<string> {
  const id = newId('evt');
  await runWrite(t.ctx.db, (tx) =>
    recordEvent(
      tx,
      { merchantId: m.id, livemode, type: 'payment.success', data: { probe: id } },
      t.clock.now(),
    ),
  );
  const row = await t.ctx.db
    .selectFrom('webhook_events')
    .select('id')
    .where('merchant_id', '=', m.id)
    .where('livemode', '=', livemode)
    .where('body', 'like', `%${id}%`)
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  t = await startTestAppWithSandbox({ settings: { rateLimitSandboxPerMin: 100_000 } });
  // Approved: its live key works, so "the other mode's key" is a working key, not a refused one.
  merchant = await createTestMerchant(t, { approve: true });
  other = await createTestMerchant(t);
  // A second test key for `merchant`, then revoked: it must stop working while the first still works.
  const rolled = await rollApiKey(t.ctx, merchant.id, 'test', 60);
  revokedKey = rolled.secret_key;
  objects.keyId = rolled.id;
  await revokeApiKey(t.ctx, merchant.id, rolled.id);
  customerToken = (await createTestCustomer(t)).accessToken;

  const liveSession = await t.http.post('/api/v1/checkout/sessions', sessionBody(merchant.id), {
    token: merchant.liveKey,
  });
  objects.liveSessionToken = liveSession.body.data.token;
  const testPlan = (await confirmPlanFor(t, merchant)).plan;
  objects.testPlanId = testPlan.id;
  objects.livePlanId = await livePlanOf(merchant);
  objects.liveCancelPlanId = await livePlanOf(merchant);
  // A refund needs something collected; within the unpaid part it is processed at once.
  await collect(t, testPlan.installments.find((i) => i.sequence === 0)?.id ?? '');
  const refund = await t.http.post(
    `/api/v1/merchant/${merchant.id}/plans/${objects.testPlanId}/refunds`,
    { amount: 10_000, reason: 'security cell' },
    { token: merchant.testKey },
  );
  if (refund.status !== 201) throw new Error(`refund: ${JSON.stringify(refund.body)}`);
  objects.testRefundId = refund.body.data.id as string;
  objects.testEventId = await eventOf(merchant, false);
  objects.liveEventId = await eventOf(merchant, true);
});
afterAll(async () => t.close());

const fixtures: SecurityFixtures = {
  t: () => t,
  merchant: () => merchant,
  revokedKey: () => revokedKey,
  otherMerchant: () => other,
  customerToken: () => customerToken,
};

describe('merchant routes refuse the wrong callers', () => {
  merchantRouteSecuritySuite(
    {
      name: 'POST /checkout/sessions',
      otherMerchantStatus: 403,
      mode: { noModeObject: 'creates a session of the key’s own mode' },
      send: (token) =>
        t.http.post('/api/v1/checkout/sessions', sessionBody(merchant.id), {
          ...(token && { token }),
        }),
    },
    fixtures,
  );
  merchantRouteSecuritySuite(
    {
      name: 'GET /merchant/{id}',
      otherMerchantStatus: 404,
      mode: { noModeObject: 'the merchant record is the account, shared by both modes' },
      send: (token) => t.http.get(`/api/v1/merchant/${merchant.id}`, { ...(token && { token }) }),
    },
    fixtures,
  );
  merchantRouteSecuritySuite(
    {
      name: 'PATCH /merchant/{id}/settings',
      otherMerchantStatus: 404,
      mode: {
        noModeObject: 'shared account settings; webhook_url sets the key’s own mode’s endpoint',
      },
      send: (token) =>
        t.http.patch(
          `/api/v1/merchant/${merchant.id}/settings`,
          { webhook_url: 'https://shop.example/hooks' },
          { ...(token && { token }) },
        ),
    },
    fixtures,
  );
  merchantRouteSecuritySuite(
    {
      name: 'GET /merchant/{id}/settlement-account/check',
      otherMerchantStatus: 404,
      mode: { noModeObject: 'the settlement account is shared by both modes' },
      send: (token) =>
        t.http.get(
          `/api/v1/merchant/${merchant.id}/settlement-account/check?bank_code=058&account_number=0123456789`,
          { ...(token && { token }) },
        ),
    },
    fixtures,
  );
  merchantRouteSecuritySuite(
    {
      name: 'GET /merchant/{id}/keys',
      otherMerchantStatus: 404,
      mode: { noModeObject: 'keys are the account’s credentials, managed for both modes' },
      send: (token) =>
        t.http.get(`/api/v1/merchant/${merchant.id}/keys`, { ...(token && { token }) }),
    },
    fixtures,
  );
  merchantRouteSecuritySuite(
    {
      name: 'POST /merchant/{id}/keys/roll',
      otherMerchantStatus: 404,
      mode: { noModeObject: 'keys are the account’s credentials, managed for both modes' },
      send: (token) =>
        t.http.post(
          `/api/v1/merchant/${merchant.id}/keys/roll`,
          { mode: 'test', expire_old_after_minutes: 60 },
          { ...(token && { token }) },
        ),
    },
    fixtures,
  );
  merchantRouteSecuritySuite(
    {
      name: 'GET /merchant/{id}/publishable-keys',
      otherMerchantStatus: 404,
      mode: { noModeObject: 'keys are the account’s credentials, managed for both modes' },
      send: (token) =>
        t.http.get(`/api/v1/merchant/${merchant.id}/publishable-keys`, {
          ...(token && { token }),
        }),
    },
    fixtures,
  );
  merchantRouteSecuritySuite(
    {
      name: 'POST /merchant/{id}/publishable-keys/roll',
      otherMerchantStatus: 404,
      mode: { noModeObject: 'keys are the account’s credentials, managed for both modes' },
      send: (token) =>
        t.http.post(
          `/api/v1/merchant/${merchant.id}/publishable-keys/roll`,
          { mode: 'test', expire_old_after_minutes: 60 },
          { ...(token && { token }) },
        ),
    },
    fixtures,
  );
  merchantRouteSecuritySuite(
    {
      name: 'POST /merchant/{id}/webhook-secret/roll',
      otherMerchantStatus: 404,
      mode: { noModeObject: 'rolls the key’s own mode’s secret (webhooks.test.ts)' },
      send: (token) =>
        t.http.post(`/api/v1/merchant/${merchant.id}/webhook-secret/roll`, undefined, {
          ...(token && { token }),
        }),
    },
    fixtures,
  );
  for (const route of [
    {
      method: 'get',
      path: () => 'webhook-events',
      name: 'GET /merchant/{id}/webhook-events',
      mode: { lists: 'test', id: () => objects.testEventId },
    },
    {
      method: 'get',
      path: () => `webhook-events/${objects.testEventId}`,
      name: 'GET /merchant/{id}/webhook-events/{event_id}',
      mode: { object: 'test' },
    },
    {
      method: 'post',
      path: () => `webhook-events/${objects.liveEventId}/resend`,
      name: 'POST /merchant/{id}/webhook-events/{event_id}/resend',
      mode: { object: 'live' },
    },
    {
      method: 'post',
      path: () => 'webhook-events/resend-failed',
      name: 'POST /merchant/{id}/webhook-events/resend-failed',
      body: { created_from: '2026-01-01T00:00:00Z', created_before: '2026-01-02T00:00:00Z' },
      mode: { noModeObject: 're-sends the key’s own mode’s events only (webhooks.test.ts)' },
    },
    {
      method: 'post',
      path: () => 'webhook/test',
      name: 'POST /merchant/{id}/webhook/test',
      mode: { noModeObject: 'probes the key’s own mode’s address (webhooks.test.ts)' },
    },
    {
      method: 'get',
      path: () => 'plans',
      name: 'GET /merchant/{id}/plans',
      mode: { lists: 'test', id: () => objects.testPlanId },
    },
    {
      method: 'get',
      path: () => `plans/${objects.testPlanId}`,
      name: 'GET /merchant/{id}/plans/{plan_id}',
      mode: { object: 'test' },
    },
    {
      method: 'post',
      path: () => `plans/${objects.livePlanId}/advance`,
      name: 'POST /merchant/{id}/plans/{plan_id}/advance',
      mode: { object: 'live' },
    },
    {
      method: 'post',
      path: () => `plans/${objects.livePlanId}/advance-clock`,
      name: 'POST /merchant/{id}/plans/{plan_id}/advance-clock',
      body: { days: 1 },
      mode: { object: 'live' },
    },
    // The wallet and payouts have the gateway's mode: test here (a sandbox gateway key).
    {
      method: 'get',
      path: () => 'wallet',
      name: 'GET /merchant/{id}/wallet',
      mode: { object: 'test' },
    },
    {
      method: 'get',
      path: () => 'payouts',
      name: 'GET /merchant/{id}/payouts',
      mode: { object: 'test' },
    },
    {
      method: 'post',
      path: () => 'payouts',
      name: 'POST /merchant/{id}/payouts',
      body: {},
      mode: { object: 'test' },
    },
    {
      method: 'get',
      path: () => `plans/${objects.testPlanId}/charges`,
      name: 'GET /merchant/{id}/plans/{plan_id}/charges',
      mode: { object: 'test' },
    },
    {
      method: 'get',
      path: () => `plans/${objects.livePlanId}/refunds`,
      name: 'GET /merchant/{id}/plans/{plan_id}/refunds',
      mode: { object: 'live' },
    },
    {
      method: 'post',
      path: () => `plans/${objects.livePlanId}/refunds`,
      name: 'POST /merchant/{id}/plans/{plan_id}/refunds',
      // More than was ever collected: the own-mode key gets the rule's refusal, not a refund.
      body: { amount: 999_999_999, reason: 'security cell' },
      mode: { object: 'live' },
    },
    {
      method: 'get',
      path: () => `plans/${objects.livePlanId}/refundable`,
      name: 'GET /merchant/{id}/plans/{plan_id}/refundable',
      mode: { object: 'live' },
    },
    {
      method: 'get',
      path: () => `plans/${objects.testPlanId}/refunds/${objects.testRefundId}`,
      name: 'GET /merchant/{id}/plans/{plan_id}/refunds/{refund_id}',
      mode: { object: 'test' },
    },
    {
      method: 'post',
      path: () => `plans/${objects.livePlanId}/simulate`,
      name: 'POST /merchant/{id}/plans/{plan_id}/simulate',
      // The live key is refused (sandbox only) before the plan is looked at: a 403, not a 404.
      body: { action: 'decline_debits' },
      mode: { object: 'live' },
    },
    {
      method: 'get',
      path: () => 'webhook-events/stream',
      name: 'GET /merchant/{id}/webhook-events/stream',
      // Never sent with a working key of this merchant here (a stream stays open).
      mode: { noModeObject: 'sandbox keys only: a live key gets 403 (webhook-stream.test.ts)' },
    },
    {
      method: 'post',
      path: () => `plans/${objects.liveCancelPlanId}/cancel`,
      name: 'POST /merchant/{id}/plans/{plan_id}/cancel',
      body: { reason: 'security cell' },
      mode: { object: 'live' },
    },
    {
      method: 'delete',
      path: () => `keys/${objects.keyId}`,
      name: 'DELETE /merchant/{id}/keys/{key_id}',
      mode: { noModeObject: 'keys are the account’s credentials, managed for both modes' },
    },
  ] as const) {
    merchantRouteSecuritySuite(
      {
        name: route.name,
        otherMerchantStatus: 404,
        mode: route.mode,
        send: (token) =>
          route.method === 'get' || route.method === 'delete'
            ? t.http.request(
                route.method.toUpperCase(),
                `/api/v1/merchant/${merchant.id}/${route.path()}`,
                { ...(token && { token }) },
              )
            : t.http.post(
                `/api/v1/merchant/${merchant.id}/${route.path()}`,
                'body' in route ? route.body : undefined,
                { ...(token && { token }) },
              ),
      },
      fixtures,
    );
  }
  merchantRouteSecuritySuite(
    {
      name: 'POST /checkout/sessions/{token}/cancel',
      otherMerchantStatus: 404,
      mode: { object: 'live' },
      send: (token) =>
        t.http.post(`/api/v1/checkout/sessions/${objects.liveSessionToken}/cancel`, undefined, {
          ...(token && { token }),
        }),
    },
    fixtures,
  );

  it("the merchant's own current key still works throughout", async () => {
    const res = await t.http.get(`/api/v1/merchant/${merchant.id}`, { token: merchant.testKey });
    expect(res.status).toBe(200);
  });

  it('Authorization headers that are not "Bearer <token>" → 401', async () => {
    for (const header of [`Basic ${merchant.testKey}`, merchant.testKey, 'Bearer', 'Bearer a b']) {
      const res = await t.http.get(`/api/v1/merchant/${merchant.id}`, {
        headers: { authorization: header },
      });
      expect(res.status, header).toBe(401);
    }
  });
});

describe('test and live data are apart (issue 15, decision 0015)', () => {
  const m = (path: string) => `/api/v1/merchant/${merchant.id}${path}`;
  async function dashboardToken(): Promise<string> {
    const login = await t.http.post('/api/v1/merchant/login', {
      email: merchant.email,
      password: merchant.password,
    });
    expect(login.status).toBe(200);
    return login.body.data.access_token as string;
  }

  it('a test key cannot cancel a live session: 404, and the session stays pending', async () => {
    const live = await t.http.post('/api/v1/checkout/sessions', sessionBody(merchant.id), {
      token: merchant.liveKey,
    });
    const path = `/api/v1/checkout/sessions/${live.body.data.token}/cancel`;
    const res = await t.http.post(path, undefined, { token: merchant.testKey });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ ok: false, code: 'not_found' });
    const session = await t.http.get(`/api/v1/checkout/sessions/${live.body.data.token}`);
    expect(session.body.data.status).toBe('pending');
    expect((await t.http.post(path, undefined, { token: merchant.liveKey })).status).toBe(200);
  });

  it('a live key cannot read a test plan (404), nor a test key a live one', async () => {
    const testPlan = await t.http.get(m(`/plans/${objects.testPlanId}`), {
      token: merchant.liveKey,
    });
    expect(testPlan.status).toBe(404);
    expect(testPlan.body.code).toBe('not_found');
    expect(
      (await t.http.get(m(`/plans/${objects.livePlanId}`), { token: merchant.testKey })).status,
    ).toBe(404);
    const own = await t.http.get(m(`/plans/${objects.testPlanId}`), { token: merchant.testKey });
    expect(own.body.data).toMatchObject({ id: objects.testPlanId, livemode: false });
    const listed = await t.http.get(m('/plans?limit=100'), { token: merchant.liveKey });
    // The merchant's live plans: the one read here and the one the cancel route's cells used.
    expect(listed.body.data.map((p: { id: string }) => p.id).sort()).toEqual(
      [objects.livePlanId, objects.liveCancelPlanId].sort(),
    );
  });

  it('a live key cannot read or resend a test webhook event (404), nor re-send it in bulk', async () => {
    const before = await t.ctx.db
      .selectFrom('webhook_events')
      .selectAll()
      .where('id', '=', objects.testEventId)
      .executeTakeFirstOrThrow();
    const read = await t.http.get(m(`/webhook-events/${objects.testEventId}`), {
      token: merchant.liveKey,
    });
    expect(read.status).toBe(404);
    expect(read.body.code).toBe('not_found');
    const resend = await t.http.post(
      m(`/webhook-events/${objects.testEventId}/resend`),
      undefined,
      {
        token: merchant.liveKey,
      },
    );
    expect(resend.status).toBe(404);
    expect(resend.body.code).toBe('not_found');

    // A dead test event: a live key's bulk re-send leaves it dead, the test key's re-queues it.
    await t.ctx.db
      .updateTable('webhook_events')
      .set({ status: 'dead', next_attempt_at: null })
      .where('id', '=', objects.testEventId)
      .execute();
    const range = {
      created_from: new Date(before.created_at.getTime() - 60_000).toISOString(),
      created_before: new Date(before.created_at.getTime() + 60_000).toISOString(),
    };
    const bulkLive = await t.http.post(m('/webhook-events/resend-failed'), range, {
      token: merchant.liveKey,
    });
    expect(bulkLive.status).toBe(202);
    expect(bulkLive.body.data).toEqual({ requeued: 0 });
    const untouched = await t.ctx.db
      .selectFrom('webhook_events')
      .select('status')
      .where('id', '=', objects.testEventId)
      .executeTakeFirstOrThrow();
    expect(untouched.status).toBe('dead');
    const bulkTest = await t.http.post(m('/webhook-events/resend-failed'), range, {
      token: merchant.testKey,
    });
    expect(bulkTest.body.data.requeued).toBeGreaterThanOrEqual(1);

    const log = await t.http.get(m('/webhook-events?limit=100'), { token: merchant.liveKey });
    expect(log.status).toBe(200);
    expect(log.body.data.length).toBeGreaterThan(0);
    for (const e of log.body.data) expect(e.livemode).toBe(true);
  });

  it('a key asking for the other mode with livemode gets 400, its own mode 200', async () => {
    for (const path of ['/plans', '/webhook-events', '/payment-links']) {
      const wrong = await t.http.get(m(`${path}?livemode=true`), { token: merchant.testKey });
      expect(wrong.status, path).toBe(400);
      expect(wrong.body.detail).toMatch(/sk_test_ key works in test mode only/);
      expect(
        (await t.http.get(m(`${path}?livemode=false`), { token: merchant.testKey })).status,
      ).toBe(200);
    }
  });

  it('the wallet and payouts have the gateway key’s mode (test here): a live key gets 404', async () => {
    for (const path of ['/wallet', '/payouts']) {
      expect((await t.http.get(m(path), { token: merchant.liveKey })).status, path).toBe(404);
      expect((await t.http.get(m(path), { token: merchant.testKey })).status, path).toBe(200);
    }
    expect((await t.http.post(m('/payouts'), {}, { token: merchant.liveKey })).status).toBe(404);
  });

  it('the dashboard token reaches both modes, and livemode narrows its lists', async () => {
    const token = await dashboardToken();
    for (const id of [objects.testPlanId, objects.livePlanId]) {
      expect((await t.http.get(m(`/plans/${id}`), { token })).status).toBe(200);
    }
    const ids = async (path: string) =>
      ((await t.http.get(m(path), { token })).body.data as { id: string }[]).map((x) => x.id);
    expect(await ids('/plans?limit=100')).toEqual(
      expect.arrayContaining([objects.testPlanId, objects.livePlanId]),
    );
    expect((await ids('/plans?limit=100&livemode=true')).sort()).toEqual(
      [objects.livePlanId, objects.liveCancelPlanId].sort(),
    );
    expect(await ids('/plans?limit=100&livemode=false')).not.toContain(objects.livePlanId);
    const events = await ids('/webhook-events?limit=100');
    expect(events).toEqual(expect.arrayContaining([objects.testEventId, objects.liveEventId]));
    expect(await ids('/webhook-events?limit=100&livemode=true')).not.toContain(objects.testEventId);
    expect((await t.http.get(m(`/webhook-events/${objects.testEventId}`), { token })).status).toBe(
      200,
    );
    expect(
      (await t.http.post(m(`/webhook-events/${objects.liveEventId}/resend`), undefined, { token }))
        .status,
    ).toBe(202);
    expect((await t.http.get(m('/wallet'), { token })).status).toBe(200);
  });
});

describe('customer and admin routes refuse the wrong callers', () => {
  it('GET /customers/me: no token, merchant key, forged or expired token → 401', async () => {
    const customer = await createTestCustomer(t);
    expect((await t.http.get('/api/v1/customers/me')).status).toBe(401);
    expect((await t.http.get('/api/v1/customers/me', { token: merchant.testKey })).status).toBe(
      401,
    );
    const [header, payload] = customer.accessToken.split('.');
    const unsigned = `${header}.${payload}.`;
    expect((await t.http.get('/api/v1/customers/me', { token: unsigned })).status).toBe(401);
    const noneAlg = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    expect((await t.http.get('/api/v1/customers/me', { token: noneAlg })).status).toBe(401);
    const tampered = `${header}.${Buffer.from(JSON.stringify({ sub: 'cus_someoneelse', aud: 'tranche:customer', iss: 'tranche', exp: 9_999_999_999, iat: 1 })).toString('base64url')}.${customer.accessToken.split('.')[2]}`;
    expect((await t.http.get('/api/v1/customers/me', { token: tampered })).status).toBe(401);
    expect((await t.http.get('/api/v1/customers/me', { token: customer.accessToken })).status).toBe(
      200,
    );
    t.clock.advance(16 * 60_000);
    expect((await t.http.get('/api/v1/customers/me', { token: customer.accessToken })).status).toBe(
      401,
    );
  });

  it('a merchant dashboard token is not a customer token, and vice versa', async () => {
    const login = await t.http.post('/api/v1/merchant/login', {
      email: merchant.email,
      password: merchant.password,
    });
    expect(login.status).toBe(200);
    const dashboardToken = login.body.data.access_token;
    expect((await t.http.get('/api/v1/customers/me', { token: dashboardToken })).status).toBe(401);
    expect(
      (await t.http.get(`/api/v1/merchant/${merchant.id}`, { token: dashboardToken })).status,
    ).toBe(200);
    const customer = await createTestCustomer(t);
    expect(
      (await t.http.get(`/api/v1/merchant/${merchant.id}`, { token: customer.accessToken })).status,
    ).toBe(401);
    // A dashboard token cannot create sessions: only secret keys can.
    expect(
      (
        await t.http.post('/api/v1/checkout/sessions', sessionBody(merchant.id), {
          token: dashboardToken,
        })
      ).status,
    ).toBe(401);
  });

  it('admin routes: no token, a shared adm_ token, merchant key, customer token → 401', async () => {
    const headers = { 'x-operator': 'Intruder' };
    const posts = ['approve', 'deactivate', 'reactivate']
      .map((action) => `/api/v1/admin/merchants/${merchant.id}/${action}`)
      .concat('/api/v1/admin/reconciliation');
    const gets = [
      '/api/v1/admin/merchants',
      `/api/v1/admin/merchants/${merchant.id}`,
      '/api/v1/admin/webhook-events/dead',
      '/api/v1/admin/ledger/check',
      '/api/v1/admin/audit-log',
    ];
    for (const token of [undefined, 'adm_wrong', merchant.testKey, customerToken]) {
      for (const path of posts) {
        const res = await t.http.post(path, { reason: 'x' }, { headers, ...(token && { token }) });
        expect(res.status, `${path} ${String(token)}`).toBe(401);
      }
      for (const path of gets) {
        expect((await t.http.get(path, { ...(token && { token }) })).status, path).toBe(401);
      }
    }
    // Nothing was recorded for the refused calls.
    const audit = await t.ctx.db
      .selectFrom('operator_audit_log')
      .select('id')
      .where('operator', '=', 'Intruder')
      .execute();
    expect(audit).toEqual([]);
  });
});
