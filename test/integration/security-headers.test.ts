import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestMerchant, sessionBody, type TestMerchant } from '../harness/fixtures.ts';
import { startTestApp, type TestApp } from '../harness/test-app.ts';

/** Response headers that keep credentials out of caches and pages out of frames (issue 24 item 9). */
let t: TestApp;
let merchant: TestMerchant;
beforeAll(async () => {
  t = await startTestApp({ settings: { rateLimitIpPerMin: 40 } });
  merchant = await createTestMerchant(t, { approve: true });
});
afterAll(async () => t.close());

const nextWindow = () => t.clock.advance(60_000);

describe('/docs is a page like the others', () => {
  it('the reference and its files forbid framing and sniffing, under a same-origin CSP', async () => {
    nextWindow();
    for (const path of ['/docs', '/docs/', '/docs/json', '/docs/static/swagger-ui-bundle.js']) {
      const res = await t.http.get(path);
      expect(res.status, path).toBeLessThan(400);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain("default-src 'self'");
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
    const page = await t.http.get('/docs/');
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('is limited per client IP like any public page (decision 0037)', async () => {
    nextWindow();
    const statuses: number[] = [];
    for (let i = 0; i < 41; i++) statuses.push((await t.http.get('/docs/json')).status);
    expect(statuses.slice(0, 40).every((s) => s === 200)).toBe(true);
    expect(statuses[40]).toBe(429);
    // Health, readiness and metrics stay unlimited for the orchestrator and the scraper.
    for (let i = 0; i < 5; i++) expect((await t.http.get('/healthz')).status).toBe(200);
  });
});

describe('Cache-Control: no-store on every /api/ answer', () => {
  it('on the answers that carry keys, tokens or secrets', async () => {
    nextWindow();
    const email = `m_nostore_${Date.now()}@shop.test`;
    const password = 'correct horse battery';
    const registered = await t.http.post('/api/v1/merchant/register', {
      business_name: 'No Store Ltd',
      email,
      password,
    });
    const login = await t.http.post('/api/v1/merchant/login', {
      email: merchant.email,
      password: merchant.password,
    });
    const refresh = await t.http.post('/api/v1/merchant/token/refresh', {
      refresh_token: login.body.data.refresh_token,
    });
    const dashboard = { token: refresh.body.data.access_token as string };
    const roll = await t.http.post(
      `/api/v1/merchant/${merchant.id}/keys/roll`,
      { mode: 'test' },
      dashboard,
    );
    const webhookRoll = await t.http.post(
      `/api/v1/merchant/${merchant.id}/webhook-secret/roll?livemode=false`,
      {},
      dashboard,
    );
    const customer = await t.http.post('/api/v1/customers/register', {
      email: `c_nostore_${Date.now()}@mail.test`,
      password: 'a long customer password',
      first_name: 'Ada',
      last_name: 'Obi',
      phone: '08031234567',
    });
    const customerRefresh = await t.http.post('/api/v1/customers/token/refresh', {
      refresh_token: customer.body.data.refresh_token,
    });
    const session = await t.http.post('/api/v1/checkout/sessions', sessionBody(merchant.id), {
      token: roll.body.data.secret_key as string,
    });
    const read = await t.http.get(`/api/v1/checkout/sessions/${session.body.data.token}`);
    const answers = {
      registered,
      login,
      refresh,
      roll,
      webhookRoll,
      customer,
      customerRefresh,
      session,
      read,
    };
    for (const [name, res] of Object.entries(answers)) {
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      expect(res.headers.get('cache-control'), name).toBe('no-store');
    }
  });

  it('on every operation of the API document, whatever it answers', async () => {
    nextWindow();
    const doc = (await t.http.get('/docs/json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const missing: string[] = [];
    let checked = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/')) continue;
      for (const method of Object.keys(operations)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        // A fresh window each time: the sweep measures headers, not the rate limit.
        if (checked % 30 === 0) nextWindow();
        const url = path.replace(/\{[^}]+\}/g, 'x_unknown');
        const res = await t.http.request(method.toUpperCase(), url, {
          ...(method !== 'get' && method !== 'delete' && { body: {} }),
        });
        checked += 1;
        if (res.headers.get('cache-control') !== 'no-store') {
          missing.push(`${method.toUpperCase()} ${path} → ${res.status}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });

  it('not on pages and files that set their own caching', async () => {
    nextWindow();
    const script = await t.http.get('/sdk/v1/connect.js');
    expect(script.headers.get('cache-control')).not.toBe('no-store');
  });
});

describe('Strict-Transport-Security', () => {
  it('in production, on API answers, pages and errors alike', async () => {
    const production = await startTestApp({ environment: 'production' });
    try {
      for (const path of ['/api/v1/checkout/sessions/cst_none', '/healthz', '/docs/', '/']) {
        const res = await production.http.get(path);
        expect(res.headers.get('strict-transport-security'), path).toBe(
          'max-age=31536000; includeSubDomains',
        );
      }
    } finally {
      await production.close();
    }
  });

  it('not in development or test, which run over plain http', async () => {
    nextWindow();
    for (const path of ['/api/v1/checkout/sessions/cst_none', '/healthz']) {
      expect((await t.http.get(path)).headers.get('strict-transport-security'), path).toBeNull();
    }
    const test = await startTestApp({ environment: 'test' });
    try {
      expect((await test.http.get('/healthz')).headers.get('strict-transport-security')).toBeNull();
    } finally {
      await test.close();
    }
  });
});
