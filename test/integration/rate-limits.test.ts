import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestMerchant, sessionBody, type TestMerchant } from '../harness/fixtures.ts';
import { startTestApp, type TestApp } from '../harness/test-app.ts';

let t: TestApp;
let merchant: TestMerchant;
beforeAll(async () => {
  t = await startTestApp({ settings: { rateLimitIpPerMin: 30 } });
  merchant = await createTestMerchant(t, { approve: true });
});
afterAll(async () => t.close());

describe('rate limits (spec §8)', () => {
  it('a sandbox key gets 100 requests a minute; the 101st is a 429 with Retry-After and X-RateLimit headers', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 100; i++) {
      last = await t.http.post('/api/v1/checkout/sessions', sessionBody(merchant.id), {
        token: merchant.testKey,
      });
      statuses.push(last.status);
    }
    expect(statuses.every((s) => s === 201)).toBe(true);
    expect(last?.headers.get('x-ratelimit-limit')).toBe('100');
    expect(last?.headers.get('x-ratelimit-remaining')).toBe('0');

    const over = await t.http.post('/api/v1/checkout/sessions', sessionBody(merchant.id), {
      token: merchant.testKey,
    });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ ok: false, code: 'rate_limited', retryable: true });
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(over.headers.get('x-ratelimit-reset')).toBe(String(retryAfter));

    // Nothing was created by the refused request.
    const count = await t.ctx.db
      .selectFrom('checkout_sessions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('merchant_id', '=', merchant.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(100);

    // The live key has its own budget of 500.
    const live = await t.http.post('/api/v1/checkout/sessions', sessionBody(merchant.id), {
      token: merchant.liveKey,
    });
    expect(live.status).toBe(201);
    expect(live.headers.get('x-ratelimit-limit')).toBe('500');

    t.clock.advance(retryAfter * 1000);
    const again = await t.http.post('/api/v1/checkout/sessions', sessionBody(merchant.id), {
      token: merchant.testKey,
    });
    expect(again.status).toBe(201);
  });

  it('limits unauthenticated routes per client IP', async () => {
    t.clock.advance(60_000);
    const results = [];
    for (let i = 0; i < 31; i++) {
      results.push((await t.http.get('/api/v1/checkout/sessions/cst_nope')).status);
    }
    expect(results.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(results[30]).toBe(429);
  });

  it('health, readiness and metrics are never limited', async () => {
    for (let i = 0; i < 40; i++) expect((await t.http.get('/healthz')).status).toBe(200);
  });
});

describe('client IP behind proxies (TRUST_PROXY)', () => {
  const wrongLogins = async (app: TestApp, forwardedFor: (i: number) => string) => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await app.http.post(
        '/api/v1/customers/login',
        { email: `nobody-${i}@mail.test`, password: 'wrong password' },
        { headers: { 'x-forwarded-for': forwardedFor(i) } },
      );
      statuses.push(res.status);
    }
    return statuses;
  };

  it('by default X-Forwarded-For is ignored: a fresh forwarded address per attempt does not escape the login throttle', async () => {
    const app = await startTestApp();
    try {
      const statuses = await wrongLogins(app, (i) => `198.51.100.${i + 1}`);
      // 5 failures per email, 20 per IP: the 21st attempt from this address is refused.
      expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('with TRUST_PROXY addresses, X-Forwarded-For counts only when those proxies send it', async () => {
    const fromTrustedProxy = await startTestApp({ trustProxy: ['127.0.0.1/8'] });
    const fromElsewhere = await startTestApp({ trustProxy: ['10.0.0.0/8'] });
    try {
      const forwarded = (i: number) => `198.51.100.${i + 1}`;
      expect((await wrongLogins(fromTrustedProxy, forwarded)).every((s) => s === 401)).toBe(true);
      expect((await wrongLogins(fromElsewhere, forwarded)).slice(20)).toEqual(Array(10).fill(429));
    } finally {
      await fromTrustedProxy.close();
      await fromElsewhere.close();
    }
  });

  it('with TRUST_PROXY=1 the address the proxy forwards is the client IP', async () => {
    const app = await startTestApp({ trustProxy: 1 });
    try {
      // Thirty clients behind one load balancer: none is throttled for the others' failures.
      expect((await wrongLogins(app, (i) => `198.51.100.${i + 1}`)).every((s) => s === 401)).toBe(
        true,
      );
      // One client behind it is: the last X-Forwarded-For entry (added by the proxy) counts,
      // whatever the client put before it.
      const statuses = await wrongLogins(app, (i) => `10.9.9.${i}, 203.0.113.7`);
      expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    } finally {
      await app.close();
    }
  });
});
