import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { randomBase62 } from '../../src/platform/ids.ts';
import { RedisRateLimitStore } from '../../src/platform/rate-limiter.ts';
import { createTestCustomer, createTestMerchant } from '../harness/fixtures.ts';
import { startTestApp, type TestApp } from '../harness/test-app.ts';

// The app believes X-Forwarded-For from the test (a proxy on loopback), so each case signs in
// from addresses of its own and the cases do not share the per-IP count.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ trustProxy: ['127.0.0.1/8'], settings: { loginMaxFailures: 5 } });
});
afterAll(async () => t.close());

// The failure windows are 15 clock-aligned minutes: each case starts at the beginning of one, so
// the time it moves on never crosses into the next.
const WINDOW_MS = 15 * 60_000;
const startOfNextWindow = () =>
  t.clock.advance(WINDOW_MS - (t.clock.now().getTime() % WINDOW_MS) + 1_000);

let nextIp = 1;
const freshIp = () => `198.51.100.${nextIp++}`;
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

type Attempt = (password: string, ip: string) => Promise<{ status: number; headers: Headers }>;

/** The three password checks of the API, each with the account it guards. */
const signIns: [string, () => Promise<{ attempt: Attempt; password: string; wrong: number }>][] = [
  [
    'customer sign-in',
    async () => {
      const c = await createTestCustomer(t, { verified: false });
      return {
        password: c.password,
        wrong: 401,
        attempt: (password, ip) =>
          t.http.post('/api/v1/customers/login', { email: c.email, password }, from(ip)),
      };
    },
  ],
  [
    'merchant dashboard sign-in',
    async () => {
      const m = await createTestMerchant(t);
      return {
        password: m.password,
        wrong: 401,
        attempt: (password, ip) =>
          t.http.post('/api/v1/merchant/login', { email: m.email, password }, from(ip)),
      };
    },
  ],
  [
    "merchant's change of password",
    async () => {
      const m = await createTestMerchant(t);
      const login = await t.http.post('/api/v1/merchant/login', {
        email: m.email,
        password: m.password,
      });
      const token = login.body.data.access_token as string;
      return {
        password: m.password,
        wrong: 403,
        attempt: (password, ip) =>
          t.http.post(
            `/api/v1/merchant/${m.id}/password`,
            { current_password: password, new_password: 'another long password' },
            { token, ...from(ip) },
          ),
      };
    },
  ],
];

describe('login throttle: attempts are counted before the password is checked', () => {
  it.each(signIns)(
    '%s: 20 wrong attempts at once with a limit of 5 reach 5 password checks, the rest are 429 with Retry-After; then the right password is refused too',
    async (_name, setUp) => {
      const { attempt, password, wrong } = await setUp();
      startOfNextWindow();
      const ip = freshIp();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => attempt(`wrong guess ${i}`, ip)),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === wrong)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(15);
      for (const a of answers.filter((x) => x.status === 429)) {
        expect(Number(a.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      // The account is locked for the window, whoever asks and whatever the password.
      const right = await attempt(password, freshIp());
      expect(right.status).toBe(429);
      expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(60);
    },
  );
});

describe('login throttle: per account strict, per IP a slowdown (decision 0033)', () => {
  it('after 20+ failures across accounts from one IP, another account signs in from that IP; the failing accounts stay locked', async () => {
    startOfNextWindow();
    const ip = freshIp();
    // Someone behind the same carrier NAT guesses at 25 accounts, 1 wrong password each, then
    // 5 more at one account.
    for (let i = 0; i < 25; i++) {
      const res = await t.http.post(
        '/api/v1/customers/login',
        { email: `sprayed-${i}@mail.test`, password: 'Password1' },
        from(ip),
      );
      // Never a lockout of the IP: past 20 failures it is paced to one check a second.
      expect(res.status).toBe(401);
      t.clock.advance(1_000);
    }
    const target = await createTestCustomer(t, { verified: false });
    for (let i = 0; i < 5; i++) {
      const res = await t.http.post(
        '/api/v1/customers/login',
        { email: target.email, password: `guess ${i}` },
        from(ip),
      );
      expect(res.status).toBe(401);
      t.clock.advance(1_000);
    }

    // A different customer behind that NAT, with the right password: signed in.
    const neighbour = await createTestCustomer(t, { verified: false });
    const signedIn = await t.http.post(
      '/api/v1/customers/login',
      { email: neighbour.email, password: neighbour.password },
      from(ip),
    );
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.customer.id).toBe(neighbour.id);

    // The account guessed at is locked, from anywhere, right password or not, for the window.
    t.clock.advance(1_000);
    for (const where of [ip, freshIp()]) {
      const locked = await t.http.post(
        '/api/v1/customers/login',
        { email: target.email, password: target.password },
        from(where),
      );
      expect(locked.status).toBe(429);
      expect(locked.body.code).toBe('login_throttled');
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(60);
    }
  });

  it('an IP past 20 failures gets one password check a second: a burst from it reaches one check, and the next second another', async () => {
    startOfNextWindow();
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      await t.http.post(
        '/api/v1/merchant/login',
        { email: `nobody-${i}@shop.test`, password: 'wrong' },
        from(ip),
      );
    }
    t.clock.advance(1_000);
    const m = await createTestMerchant(t);
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.http.post(
          '/api/v1/merchant/login',
          { email: `burst-${i}@shop.test`, password: 'wrong' },
          from(ip),
        ),
      ),
    );
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
    for (const r of burst.filter((x) => x.status === 429)) {
      expect(r.headers.get('retry-after')).toBe('1');
    }
    t.clock.advance(1_000);
    const right = await t.http.post(
      '/api/v1/merchant/login',
      { email: m.email, password: m.password },
      from(ip),
    );
    expect(right.status).toBe(200);
    // The pace ends with the failures' window.
    startOfNextWindow();
    const after = await Promise.all(
      Array.from({ length: 3 }, () =>
        t.http.post('/api/v1/merchant/login', { email: m.email, password: m.password }, from(ip)),
      ),
    );
    expect(after.map((r) => r.status)).toEqual([200, 200, 200]);
  });
});

// CI exports REDIS_URL: the counts several API instances share must hold the same line.
describe.runIf(process.env.REDIS_URL)('login throttle over the shared Redis counts', () => {
  it('20 wrong attempts at once reach 5 password checks; a right password clears the count and gives the IP its reservation back', async () => {
    const app = await startTestApp({
      rateLimits: new RedisRateLimitStore(
        process.env.REDIS_URL ?? '',
        `tranche:test:${randomBase62(6)}:`,
      ),
    });
    try {
      const c = await createTestCustomer(app, { verified: false });
      const login = (password: string) =>
        app.http.post('/api/v1/customers/login', { email: c.email, password });
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login(`no ${i}`)));
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(15);
      expect((await login(c.password)).status).toBe(429);

      const other = await createTestCustomer(app, { verified: false });
      for (let i = 0; i < 3; i++) {
        const res = await app.http.post('/api/v1/customers/login', {
          email: other.email,
          password: other.password,
        });
        expect(res.status).toBe(200);
      }
      // 5 failures from this IP so far: the three right passwords added none.
      const nowMs = app.clock.now().getTime();
      const byIp = await app.ctx.rateLimits.peek(
        'login-fail:customer:ip:127.0.0.1',
        15 * 60_000,
        nowMs,
      );
      expect(byIp.count).toBe(5);
    } finally {
      await app.close();
    }
  });
});
