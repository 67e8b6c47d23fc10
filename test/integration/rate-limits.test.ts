import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { randomBase62 } from '../../src/platform/ids.ts';
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

  it('health, metrics and docs are never limited', async () => {
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
      // Past 20 failures an address is paced to one password check a second (decision 0033):
      // all 30 come from this one address, so within the second only the 21st is checked.
      expect(statuses.slice(0, 21).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(21).every((s) => s === 429)).toBe(true);
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
      expect((await wrongLogins(fromElsewhere, forwarded)).slice(21)).toEqual(Array(9).fill(429));
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
      expect(statuses.slice(0, 21).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(21).every((s) => s === 429)).toBe(true);
    } finally {
      await app.close();
    }
  });
});

/** A well-formed sandbox key that no merchant has. */
const madeUpKey = () => `sk_test_${randomBase62(40)}`;

/**
 * Counts the app's queries that read `api_keys` (the secret-key lookup), by a plugin on the
 * query builder every use case goes through.
 */
function countKeyLookups(app: TestApp): { count: number } {
  const counter = { count: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => {
      if (node.kind === 'SelectQueryNode' && JSON.stringify(node.from).includes('"api_keys"')) {
        counter.count += 1;
      }
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  app.ctx.db = app.ctx.db.withPlugin(plugin);
  return counter;
}

describe('made-up secret keys (decision 0033)', () => {
  let app: TestApp;
  let shop: TestMerchant;
  beforeAll(async () => {
    app = await startTestApp({ settings: { rateLimitIpPerMin: 30 } });
    shop = await createTestMerchant(app, { approve: true });
  });
  afterAll(async () => app.close());

  it('a fresh made-up key per visit of /pay/{link} does not escape the per-IP limit; a real key keeps its own bucket', async () => {
    const link = await app.http.post(
      `/api/v1/merchant/${shop.id}/payment-links`,
      { title: 'Ankara dress', amount: 1_800_000 },
      { token: shop.testKey },
    );
    expect(link.status).toBe(201);
    app.clock.advance(60_000);
    const visits: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 40; i++) {
      last = await fetch(`${app.url}/pay/${link.body.data.id as string}`, {
        redirect: 'manual',
        headers: { authorization: `Bearer ${madeUpKey()}` },
      });
      visits.push(last.status);
    }
    expect(visits.slice(0, 30)).toEqual(Array(30).fill(303));
    expect(visits.slice(30)).toEqual(Array(10).fill(429));
    expect(last?.headers.get('x-ratelimit-limit')).toBe('30');
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);

    // Only 30 sessions were made for those 40 visits.
    const sessions = await app.ctx.db
      .selectFrom('checkout_sessions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('merchant_id', '=', shop.id)
      .executeTakeFirstOrThrow();
    expect(Number(sessions.n)).toBe(30);

    // The merchant's own key, from the same exhausted IP, still has its own 100 a minute.
    const own = await app.http.post('/api/v1/checkout/sessions', sessionBody(shop.id), {
      token: shop.testKey,
    });
    expect(own.status).toBe(201);
    expect(own.headers.get('x-ratelimit-limit')).toBe('100');
    expect(own.headers.get('x-ratelimit-remaining')).toBe('99');
  });

  it('distinct made-up keys cost at most the per-IP limit in key lookups; a repeated one costs one lookup a minute', async () => {
    app.clock.advance(60_000);
    const lookups = countKeyLookups(app);
    const flood: number[] = [];
    for (let i = 0; i < 100; i++) {
      const res = await app.http.post('/api/v1/checkout/sessions', sessionBody(shop.id), {
        token: madeUpKey(),
      });
      flood.push(res.status);
    }
    expect(flood.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(flood.slice(30)).toEqual(Array(70).fill(429));
    expect(lookups.count).toBeLessThanOrEqual(30);

    // Ten made-up keys, three times each, in a fresh window: ten lookups, not thirty.
    app.clock.advance(60_000);
    lookups.count = 0;
    const keys = Array.from({ length: 10 }, madeUpKey);
    for (let round = 0; round < 3; round++) {
      for (const key of keys) {
        const res = await app.http.get(`/api/v1/merchant/${shop.id}/keys`, { token: key });
        expect(res.status).toBe(401);
        expect(res.body.detail).toBe('Invalid API key.');
      }
    }
    expect(lookups.count).toBe(10);

    // Remembered for a minute, then looked up again (the bound on a key issued meanwhile).
    app.clock.advance(60_000);
    lookups.count = 0;
    for (const key of keys) {
      await app.http.get(`/api/v1/merchant/${shop.id}/keys`, { token: key });
    }
    expect(lookups.count).toBe(10);

    // A real key is looked up once, then served from the cache (session creation itself does
    // not read api_keys).
    lookups.count = 0;
    for (let i = 0; i < 5; i++) {
      const res = await app.http.post('/api/v1/checkout/sessions', sessionBody(shop.id), {
        token: shop.testKey,
      });
      expect(res.status).toBe(201);
      expect(res.headers.get('x-ratelimit-limit')).toBe('100');
    }
    expect(lookups.count).toBe(1);
  });
});
