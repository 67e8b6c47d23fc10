import { connect } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  createTestCustomer,
  createTestMerchant,
  newIdempotencyKey,
  sessionBody,
  type TestMerchant,
} from '../harness/fixtures.ts';
import { operatorToken } from '../harness/operators.ts';
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
        token: await operatorToken(t),
      }),
      t.http.request('GET', '/api/v1/admin/merchants?surprise=1', {
        token: await operatorToken(t),
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

  it('a key given twice in one JSON object is refused, never resolved to the last one (B4)', async () => {
    const body = JSON.stringify(sessionBody(merchant.id, { amount: 100_000 }));
    for (const rawBody of [
      body.replace('{', '{"amount":999999999,'),
      body.replace('{', '{"\\u0061mount":5,'),
      body.replace('"title":', '"title":"Shoes","title":'),
    ]) {
      const res = await t.http.request('POST', '/api/v1/checkout/sessions', {
        token: merchant.testKey,
        rawBody,
        headers: { 'idempotency-key': newIdempotencyKey() },
      });
      expect(res.status, rawBody).toBe(400);
      expect(res.body).toMatchObject({ ok: false, code: 'invalid_json' });
      expect(res.body.detail).toMatch(/gives the key "(amount|title)" twice/);
    }
  });

  it('a number too large to be finite is refused, never sent to the database as Infinity (B30: was a 500)', async () => {
    for (const query of ['offset=1e309', 'offset=1E400', 'limit=5&offset=Infinity']) {
      const res = await t.http.get(`/api/v1/admin/merchants?${query}`, {
        token: await operatorToken(t),
      });
      expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body).toMatchObject({ ok: false, code: 'invalid_request' });
      expect(res.body.detail).toContain('offset');
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

describe('malformed text (NUL, lone surrogates) is refused where it enters (issue 15)', () => {
  let customerToken: string;
  beforeAll(async () => {
    customerToken = (await createTestCustomer(t, { verified: false })).accessToken;
  });

  type Caller = 'anyone' | 'merchant' | 'customer';
  type Answer = { envelopeNaming: string } | { page: number };
  // {m} is the test merchant's id. Each of these was a 500 (or, for %ED%A0%80, a silent search
  // for the literal text) before the input guard.
  const requests: [method: string, path: string, caller: Caller, answer: Answer][] = [
    ['GET', '/pay/%00', 'anyone', { page: 404 }],
    ['GET', '/pay/pl_x?amount=%00', 'anyone', { page: 400 }],
    // Refused by the schema, not the guard: still a page (B30 found JSON answers here).
    ['GET', '/pay/pl_x?amount=1&amount=2', 'anyone', { page: 400 }],
    ['GET', `/pay/${'x'.repeat(65)}`, 'anyone', { page: 400 }],
    // Refused by the router (escapes that do not decode, a parameter over its length): a page too.
    ['GET', '/pay/%', 'anyone', { page: 400 }],
    ['GET', '/pay/%ED%A0%80', 'anyone', { page: 400 }],
    ['GET', `/pay/${'x'.repeat(2_000)}`, 'anyone', { page: 400 }],
    ['GET', '/checkout/%00', 'anyone', { page: 200 }],
    ['GET', '/checkout/cst_x?tag=%00', 'anyone', { page: 200 }],
    ['GET', '/api/v1/checkout/sessions/%00', 'anyone', { envelopeNaming: 'token' }],
    ['GET', '/api/v1/checkout/sessions/%00/eligibility', 'customer', { envelopeNaming: 'token' }],
    ['POST', '/api/v1/checkout/sessions/%00/confirm', 'customer', { envelopeNaming: 'token' }],
    ['POST', '/api/v1/checkout/sessions/a%00b/cancel', 'merchant', { envelopeNaming: 'token' }],
    ['GET', '/api/v1/merchant/{m}/plans/%00', 'merchant', { envelopeNaming: 'plan_id' }],
    ['GET', '/api/v1/merchant/{m}/payment-links/%00', 'merchant', { envelopeNaming: 'link_id' }],
    ['PATCH', '/api/v1/merchant/{m}/payment-links/%00', 'merchant', { envelopeNaming: 'link_id' }],
    [
      'POST',
      '/api/v1/merchant/{m}/payment-links/%00/deactivate',
      'merchant',
      { envelopeNaming: 'link_id' },
    ],
    ['GET', '/api/v1/merchant/{m}/webhook-events/%00', 'merchant', { envelopeNaming: 'event_id' }],
    [
      'POST',
      '/api/v1/merchant/{m}/webhook-events/%00/resend',
      'merchant',
      { envelopeNaming: 'event_id' },
    ],
    ['DELETE', '/api/v1/payment-methods/%00', 'customer', { envelopeNaming: 'method_id' }],
    [
      'GET',
      '/api/v1/merchant/{m}/plans?customer_id=%00',
      'merchant',
      { envelopeNaming: 'customer_id' },
    ],
    [
      'GET',
      '/api/v1/merchant/{m}/plans?order_reference=%00',
      'merchant',
      { envelopeNaming: 'order_reference' },
    ],
    [
      'GET',
      '/api/v1/merchant/{m}/plans?order_reference=%ED%A0%80',
      'merchant',
      { envelopeNaming: 'order_reference' },
    ],
    [
      'GET',
      '/api/v1/merchant/{m}/payment-links?limit=5&%00=1',
      'merchant',
      { envelopeNaming: '\u0000' },
    ],
  ];

  it.each(requests)('%s %s', async (method, path, caller, answer) => {
    const res = await t.http.request(method, path.replace('{m}', merchant.id), {
      ...(caller === 'merchant' && { token: merchant.testKey }),
      ...(caller === 'customer' && { token: customerToken }),
      ...(method === 'PATCH' && { body: { title: 'Shoes' } }),
      ...(path.endsWith('/confirm') && {
        body: {
          frequency: 'monthly',
          installment_count: 3,
          upfront_pct: 25,
          payment_method_id: 'pm_x',
        },
      }),
    });
    if ('page' in answer) {
      expect(res.status, String(res.body)).toBe(answer.page);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
      return;
    }
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ ok: false, code: 'invalid_request' });
    expect(res.body.detail).toContain(`parameter "${answer.envelopeNaming}"`);
    expect(res.body.request_id).toBe(res.headers.get('x-request-id'));
  });

  it('a NUL in a header never reaches a route: the HTTP parser refuses it', async () => {
    const { port } = new URL(t.url);
    const head = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write(
          'GET /api/v1/customers/me HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer a\u0000b\r\nConnection: close\r\n\r\n',
        ),
      );
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      socket.on('end', () => resolve(received));
      socket.on('error', reject);
    });
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
  });

  const count = async (
    table: 'checkout_sessions' | 'customers' | 'merchants' | 'payment_links',
    column: 'merchant_id' | 'email',
    value: string,
  ) =>
    Number(
      (
        await t.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where(column, '=', value)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const customerEmail = 'lone.surrogate@mail.test';
  const merchantEmail = 'lone.surrogate@shop.test';
  const surrogateBodies: [
    what: string,
    send: () => Promise<{ status: number; body: any }>,
    stored: () => Promise<number>,
    detail: string,
  ][] = [
    [
      'session create, title "\\ud800"',
      () =>
        t.http.post('/api/v1/checkout/sessions', sessionBody(merchant.id, { title: '\ud800' }), {
          token: merchant.testKey,
        }),
      () => count('checkout_sessions', 'merchant_id', merchant.id),
      'Text fields must be valid Unicode (a lone surrogate \\ud800 was sent).',
    ],
    [
      'session create, order_reference "a\\ud83dz"',
      () =>
        t.http.post(
          '/api/v1/checkout/sessions',
          sessionBody(merchant.id, { order_reference: 'a\ud83dz' }),
          { token: merchant.testKey },
        ),
      () => count('checkout_sessions', 'merchant_id', merchant.id),
      'Text fields must be valid Unicode (a lone surrogate \\ud83d was sent).',
    ],
    [
      'session create, a lone surrogate as raw UTF-8 bytes (ED A0 80)',
      async () => {
        const json = JSON.stringify(sessionBody(merchant.id, { title: 'LONE' }));
        const [before, after] = json.split('LONE') as [string, string];
        const res = await fetch(`${t.url}/api/v1/checkout/sessions`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${merchant.testKey}`,
            'content-type': 'application/json',
          },
          body: Buffer.concat([
            Buffer.from(before),
            Buffer.from([0xed, 0xa0, 0x80]),
            Buffer.from(after),
          ]),
        });
        return { status: res.status, body: await res.json() };
      },
      () => count('checkout_sessions', 'merchant_id', merchant.id),
      'The request body must be valid UTF-8 text.',
    ],
    [
      'customer register, first_name "\\ud800"',
      () =>
        t.http.post('/api/v1/customers/register', {
          email: customerEmail,
          password: 'a long customer password',
          first_name: '\ud800',
          last_name: 'Obi',
          phone: '08031234567',
        }),
      () => count('customers', 'email', customerEmail),
      'Text fields must be valid Unicode (a lone surrogate \\ud800 was sent).',
    ],
    [
      'merchant register, business_name "\\ud800"',
      () =>
        t.http.post('/api/v1/merchant/register', {
          business_name: '\ud800',
          email: merchantEmail,
          password: 'correct horse battery',
        }),
      () => count('merchants', 'email', merchantEmail),
      'Text fields must be valid Unicode (a lone surrogate \\ud800 was sent).',
    ],
    [
      'payment link create, title "\\ud800"',
      () =>
        t.http.post(
          `/api/v1/merchant/${merchant.id}/payment-links`,
          { title: '\ud800', amount: 100_000 },
          { token: merchant.testKey },
        ),
      () => count('payment_links', 'merchant_id', merchant.id),
      'Text fields must be valid Unicode (a lone surrogate \\ud800 was sent).',
    ],
  ];

  it.each(surrogateBodies)('%s: 400, nothing stored', async (_what, send, stored, detail) => {
    const before = await stored();
    const res = await send();
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ ok: false, code: 'invalid_request' });
    expect(res.body.detail).toBe(detail);
    expect(await stored()).toBe(before);
  });

  it('a NUL in a JSON string is still refused by the parser, naming the problem', async () => {
    const res = await t.http.post(
      '/api/v1/checkout/sessions',
      sessionBody(merchant.id, { title: 'Phone\u0000case' }),
      { token: merchant.testKey },
    );
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Text fields must not contain NUL (\\u0000) characters.');
  });
});
