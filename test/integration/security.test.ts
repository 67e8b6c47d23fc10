import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeApiKey, rollApiKey } from '../../src/app/merchants.ts';
import {
  createTestCustomer,
  createTestMerchant,
  sessionBody,
  type TestMerchant,
} from '../harness/fixtures.ts';
import { merchantRouteSecuritySuite, type SecurityFixtures } from '../harness/security-suite.ts';
import { startTestApp, type TestApp } from '../harness/test-app.ts';

let t: TestApp;
let merchant: TestMerchant;
let other: TestMerchant;
let revokedKey: string;
let customerToken: string;

beforeAll(async () => {
  t = await startTestApp({ settings: { rateLimitSandboxPerMin: 100_000 } });
  merchant = await createTestMerchant(t);
  other = await createTestMerchant(t);
  // A second test key for `merchant`, then revoked: it must stop working while the first still works.
  const rolled = await rollApiKey(t.ctx, merchant.id, 'test', 60);
  revokedKey = rolled.secret_key;
  await revokeApiKey(t.ctx, merchant.id, rolled.id);
  customerToken = (await createTestCustomer(t)).accessToken;
});
afterAll(async () => t.close());

const fixtures: SecurityFixtures = {
  t: () => t,
  revokedKey: () => revokedKey,
  otherMerchant: () => other,
  customerToken: () => customerToken,
};

describe('merchant routes refuse the wrong callers', () => {
  merchantRouteSecuritySuite(
    {
      name: 'POST /checkout/sessions',
      otherMerchantStatus: 403,
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
      send: (token) => t.http.get(`/api/v1/merchant/${merchant.id}`, { ...(token && { token }) }),
    },
    fixtures,
  );
  merchantRouteSecuritySuite(
    {
      name: 'PATCH /merchant/{id}/settings',
      otherMerchantStatus: 404,
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
      name: 'GET /merchant/{id}/keys',
      otherMerchantStatus: 404,
      send: (token) =>
        t.http.get(`/api/v1/merchant/${merchant.id}/keys`, { ...(token && { token }) }),
    },
    fixtures,
  );
  merchantRouteSecuritySuite(
    {
      name: 'POST /merchant/{id}/keys/roll',
      otherMerchantStatus: 404,
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
      name: 'POST /merchant/{id}/webhook-secret/roll',
      otherMerchantStatus: 404,
      send: (token) =>
        t.http.post(`/api/v1/merchant/${merchant.id}/webhook-secret/roll`, undefined, {
          ...(token && { token }),
        }),
    },
    fixtures,
  );
  for (const route of [
    { method: 'get', path: 'webhook-events', name: 'GET /merchant/{id}/webhook-events' },
    {
      method: 'get',
      path: 'webhook-events/evt_whatever',
      name: 'GET /merchant/{id}/webhook-events/{event_id}',
    },
    {
      method: 'post',
      path: 'webhook-events/evt_whatever/resend',
      name: 'POST /merchant/{id}/webhook-events/{event_id}/resend',
    },
    {
      method: 'post',
      path: 'webhook-events/resend-failed',
      name: 'POST /merchant/{id}/webhook-events/resend-failed',
      body: { created_from: '2026-01-01T00:00:00Z', created_before: '2026-01-02T00:00:00Z' },
    },
    { method: 'post', path: 'webhook/test', name: 'POST /merchant/{id}/webhook/test' },
  ] as const)
    merchantRouteSecuritySuite(
      {
        name: route.name,
        otherMerchantStatus: 404,
        send: (token) =>
          route.method === 'get'
            ? t.http.get(`/api/v1/merchant/${merchant.id}/${route.path}`, {
                ...(token && { token }),
              })
            : t.http.post(
                `/api/v1/merchant/${merchant.id}/${route.path}`,
                'body' in route ? route.body : undefined,
                { ...(token && { token }) },
              ),
      },
      fixtures,
    );
  merchantRouteSecuritySuite(
    {
      name: 'POST /checkout/sessions/{token}/cancel',
      otherMerchantStatus: 404,
      send: (token) =>
        t.http.post('/api/v1/checkout/sessions/cst_whatever/cancel', undefined, {
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

  it('admin routes: no token, wrong admin token, merchant key, customer token → 401', async () => {
    const path = `/api/v1/admin/merchants/${merchant.id}/approve`;
    expect((await t.http.post(path)).status).toBe(401);
    expect((await t.http.post(path, undefined, { token: 'adm_wrong' })).status).toBe(401);
    expect((await t.http.post(path, undefined, { token: merchant.testKey })).status).toBe(401);
    expect((await t.http.post(path, undefined, { token: customerToken })).status).toBe(401);
    expect((await t.http.get('/api/v1/admin/merchants', { token: merchant.testKey })).status).toBe(
      401,
    );
  });
});
