import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestMerchant, sessionBody, type TestMerchant } from '../harness/fixtures.ts';
import { startTestApp, type TestApp } from '../harness/test-app.ts';

let t: TestApp;
let merchant: TestMerchant;
beforeAll(async () => {
  t = await startTestApp();
  merchant = await createTestMerchant(t);
});
afterAll(async () => t.close());

describe('HTTP conventions', () => {
  it('unknown routes answer 404 in the envelope', async () => {
    const res = await t.http.get('/api/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ ok: false, code: 'not_found' });
    expect(res.body.detail).toContain('/api/v1/nothing-here');
  });

  it('every response carries a request id; a sane incoming X-Request-Id is kept', async () => {
    const mine = await t.http.get('/healthz', { headers: { 'x-request-id': 'trace-123' } });
    expect(mine.headers.get('x-request-id')).toBe('trace-123');
    const generated = await t.http.get('/api/v1/nothing-here', {
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    expect(generated.headers.get('x-request-id')).toMatch(/^req_/);
    expect(generated.body.request_id).toBe(generated.headers.get('x-request-id'));
  });

  it('health and readiness', async () => {
    expect((await t.http.get('/healthz')).body).toEqual({ ok: true, status: 'alive' });
    expect((await t.http.get('/readyz')).body).toEqual({ ok: true, status: 'ready' });
  });

  it('Prometheus metrics count requests by route', async () => {
    await t.http.post('/api/v1/checkout/sessions', sessionBody(merchant.id), {
      token: merchant.testKey,
    });
    const res = await t.http.get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(res.body).toContain(
      'tranche_http_request_duration_seconds_count{method="POST",route="/api/v1/checkout/sessions",status="201"}',
    );
  });

  it('serves the OpenAPI document and the reference at /docs', async () => {
    const doc = await t.http.get('/docs/json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe('3.1.0');
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/checkout/sessions',
        '/api/v1/checkout/sessions/{token}',
        '/api/v1/customers/login',
        '/api/v1/merchant/register',
      ]),
    );
    const post = doc.body.paths['/api/v1/checkout/sessions'].post;
    expect(post.requestBody.content['application/json'].schema.additionalProperties).toBe(false);
    expect(Object.keys(post.responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '404', '409', '429']),
    );
    const ui = await t.http.get('/docs');
    expect([200, 302]).toContain(ui.status);
  });

  it('a client mistake is never a 500: odd methods, bodies and parameters', async () => {
    const attempts = [
      t.http.request('PUT', '/api/v1/checkout/sessions', { token: merchant.testKey, body: {} }),
      t.http.request('POST', '/api/v1/checkout/sessions', {
        token: merchant.testKey,
        rawBody: 'null',
      }),
      t.http.request('POST', '/api/v1/checkout/sessions', {
        token: merchant.testKey,
        rawBody: '"text"',
      }),
      t.http.request('POST', '/api/v1/checkout/sessions', {
        token: merchant.testKey,
        rawBody: '{"__proto__":{"admin":true}}',
      }),
      t.http.request('POST', '/api/v1/checkout/sessions', {
        token: merchant.testKey,
        rawBody: '{"amount":1e400}',
      }),
      t.http.request('POST', '/api/v1/checkout/sessions', {
        token: merchant.testKey,
        body: sessionBody(merchant.id, { amount: 2 ** 53 + 2 }),
      }),
      t.http.request('POST', '/api/v1/checkout/sessions', {
        token: merchant.testKey,
        body: sessionBody(merchant.id, { title: '\u0000' }),
      }),
      t.http.request('GET', `/api/v1/checkout/sessions/${'x'.repeat(500)}`),
      t.http.request('GET', '/api/v1/admin/merchants?limit=abc', {
        token: t.ctx.settings.adminApiToken,
      }),
      t.http.request('GET', '/api/v1/admin/merchants?surprise=1', {
        token: t.ctx.settings.adminApiToken,
      }),
      t.http.request('POST', '/api/v1/customers/login', {
        rawBody: '{"email":"a@b.test"',
        headers: { 'content-type': 'application/json' },
      }),
      t.http.request('POST', '/api/v1/customers/login', {
        rawBody: '{}',
        headers: { 'content-type': 'application/json; charset=utf-8' },
      }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
      expect(res.body.ok, JSON.stringify(res.body)).toBe(false);
      expect(typeof res.body.detail).toBe('string');
    }
  });

  it('a NUL byte in a text field is refused, not stored', async () => {
    const res = await t.http.post(
      '/api/v1/checkout/sessions',
      sessionBody(merchant.id, { title: 'Phone\u0000case' }),
      { token: merchant.testKey },
    );
    expect(res.status).toBe(400);
  });
});
