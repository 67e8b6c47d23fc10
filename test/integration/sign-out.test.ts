import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runWrite } from '../../src/db/write.ts';
import { endLoginsOf } from '../../src/features/access/index.ts';
import { sha256Hex } from '../../src/platform/crypto.ts';
import { newId, randomBase62 } from '../../src/platform/ids.ts';
import { createTestCustomer, createTestMerchant, type TestMerchant } from '../harness/fixtures.ts';
import { startTestApp, type TestApp } from '../harness/test-app.ts';

/**
 * Sign-out and the end of a login (issue 24 items 6 and 7, decision 0034): the refresh token and
 * the access tokens of a login that ended stop working, at once in the process that ended it,
 * through NOTIFY in the others, and within AUTH_CACHE_TTL_MS should a notification be lost; and
 * a refresh racing a password change never leaves a working refresh token behind.
 */
const CACHE_TTL_MS = 30_000;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ authCacheTtlMs: CACHE_TTL_MS });
});
afterAll(async () => t.close());

interface Tokens {
  access: string;
  refresh: string;
}
const tokensOf = (body: { data: { access_token: string; refresh_token: string } }): Tokens => ({
  access: body.data.access_token,
  refresh: body.data.refresh_token,
});
const sessionIdOf = (access: string) => decodeJwt(access).sid as string;

const customerLogin = async (email: string, password: string) => {
  const res = await t.http.post('/api/v1/customers/login', { email, password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return tokensOf(res.body);
};
const customerMe = async (access: string) =>
  (await t.http.get('/api/v1/customers/me', { token: access })).status;
const customerRefresh = (refresh: string) =>
  t.http.post('/api/v1/customers/token/refresh', { refresh_token: refresh });
const customerLogout = (refresh: string) =>
  t.http.post('/api/v1/customers/logout', { refresh_token: refresh });

const merchantLogin = async (m: TestMerchant, password = m.password) => {
  const res = await t.http.post('/api/v1/merchant/login', { email: m.email, password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return tokensOf(res.body);
};
const merchantGet = async (m: TestMerchant, token: string) =>
  (await t.http.get(`/api/v1/merchant/${m.id}`, { token })).status;
const merchantRefresh = (refresh: string) =>
  t.http.post('/api/v1/merchant/token/refresh', { refresh_token: refresh });
const merchantLogout = (refresh: string) =>
  t.http.post('/api/v1/merchant/logout', { refresh_token: refresh });

describe('sign-out', () => {
  it('customer: the login ends (refresh 401, access token 401 at once); twice is harmless; other logins go on', async () => {
    const c = await createTestCustomer(t, { verified: false });
    const other = await customerLogin(c.email, c.password);
    // The access token has been used, so this process holds its login in the cache.
    expect(await customerMe(c.accessToken)).toBe(200);

    const out = await customerLogout(c.refreshToken);
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect(out.body.data).toEqual({ object: 'sign_out', signed_out: true });

    expect((await customerRefresh(c.refreshToken)).status).toBe(401);
    const refused = await t.http.get('/api/v1/customers/me', { token: c.accessToken });
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('unauthenticated');
    // Idempotent: the same answer again, and nothing else changes.
    expect((await customerLogout(c.refreshToken)).status).toBe(200);
    expect(await customerMe(other.access)).toBe(200);
    const rotated = await customerRefresh(other.refresh);
    expect(rotated.status).toBe(200);
    expect(await customerMe(rotated.body.data.access_token as string)).toBe(200);
  });

  it('customer: a refreshed session signs out with its newest refresh token, and every token of the login ends', async () => {
    const c = await createTestCustomer(t, { verified: false });
    const first = await customerRefresh(c.refreshToken);
    expect(first.status).toBe(200);
    const next = tokensOf(first.body);
    expect(sessionIdOf(next.access)).toBe(sessionIdOf(c.accessToken));
    expect(await customerMe(next.access)).toBe(200);
    expect((await customerLogout(next.refresh)).status).toBe(200);
    expect((await customerRefresh(next.refresh)).status).toBe(401);
    expect(await customerMe(next.access)).toBe(401);
    expect(await customerMe(c.accessToken)).toBe(401);
  });

  it('merchant: the dashboard login ends (refresh 401, token 401 at once); keys and other logins go on', async () => {
    const m = await createTestMerchant(t);
    const session = await merchantLogin(m);
    const other = await merchantLogin(m);
    expect(await merchantGet(m, session.access)).toBe(200);

    const out = await merchantLogout(session.refresh);
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect(out.body.data).toEqual({ object: 'sign_out', signed_out: true });
    expect((await merchantRefresh(session.refresh)).status).toBe(401);
    expect(await merchantGet(m, session.access)).toBe(401);
    expect((await merchantLogout(session.refresh)).status).toBe(200);

    expect(await merchantGet(m, other.access)).toBe(200);
    expect((await merchantRefresh(other.refresh)).status).toBe(200);
    expect(await merchantGet(m, m.testKey)).toBe(200);
  });

  it('an unknown token, or another kind of subject’s, answers alike and ends nothing', async () => {
    expect((await customerLogout('rft_nope')).status).toBe(200);
    expect((await merchantLogout(`rft_${randomBase62(48)}`)).status).toBe(200);
    const c = await createTestCustomer(t, { verified: false });
    const m = await createTestMerchant(t);
    const dashboard = await merchantLogin(m);
    // Each sign-out accepts only its own kind of login: the other's token is left alone.
    expect((await merchantLogout(c.refreshToken)).status).toBe(200);
    expect((await customerLogout(dashboard.refresh)).status).toBe(200);
    expect(await customerMe(c.accessToken)).toBe(200);
    expect(await merchantGet(m, dashboard.access)).toBe(200);
    expect((await customerRefresh(c.refreshToken)).status).toBe(200);
    expect((await merchantRefresh(dashboard.refresh)).status).toBe(200);
    // Bad input is a 400, as everywhere.
    expect((await t.http.post('/api/v1/customers/logout', {})).status).toBe(400);
    expect((await t.http.post('/api/v1/merchant/logout', { refresh_token: '' })).status).toBe(400);
  });

  it('a replayed refresh token ends the login’s access tokens too', async () => {
    const c = await createTestCustomer(t, { verified: false });
    const first = tokensOf((await customerRefresh(c.refreshToken)).body);
    expect(await customerMe(first.access)).toBe(200);
    expect((await customerRefresh(c.refreshToken)).status).toBe(401);
    expect(await customerMe(first.access)).toBe(401);
  });
});

describe('access tokens after a password change or reset', () => {
  it('merchant password change: every earlier dashboard token is refused at once, the fresh session works', async () => {
    const m = await createTestMerchant(t);
    const mine = await merchantLogin(m);
    const other = await merchantLogin(m);
    expect(await merchantGet(m, mine.access)).toBe(200);
    expect(await merchantGet(m, other.access)).toBe(200);
    const changed = await t.http.post(
      `/api/v1/merchant/${m.id}/password`,
      { current_password: m.password, new_password: 'a brand new password' },
      { token: mine.access },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await merchantGet(m, other.access)).toBe(401);
    expect(await merchantGet(m, mine.access)).toBe(401);
    expect(await merchantGet(m, changed.body.data.access_token as string)).toBe(200);
    expect((await merchantRefresh(changed.body.data.refresh_token as string)).status).toBe(200);
  });

  it('customer password reset: every earlier access token is refused at once, the reset’s session works', async () => {
    const c = await createTestCustomer(t, { verified: false });
    const other = await customerLogin(c.email, c.password);
    expect(await customerMe(c.accessToken)).toBe(200);
    expect(await customerMe(other.access)).toBe(200);
    // A reset link as the worker leaves it once the e-mail is out (password-reset.test.ts
    // covers the e-mail itself).
    const token = `prt_${randomBase62(43)}`;
    const now = t.clock.now();
    await t.ctx.db
      .insertInto('password_resets')
      .values({
        id: newId('pwr'),
        customer_id: c.id,
        status: 'sent',
        digest: sha256Hex(token),
        requested_at: now,
        sent_at: now,
        expires_at: new Date(now.getTime() + 60 * 60_000),
        used_at: null,
        request_ip: '127.0.0.1',
      })
      .execute();
    const confirmed = await t.http.post('/api/v1/customers/password-reset/confirm', {
      token,
      password: 'a brand new password',
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(await customerMe(c.accessToken)).toBe(401);
    expect(await customerMe(other.access)).toBe(401);
    expect(await customerMe(confirmed.body.data.access_token as string)).toBe(200);
  });

  it('another API process hears the end of a login through NOTIFY and forgets it', async () => {
    const c = await createTestCustomer(t, { verified: false });
    const sid = sessionIdOf(c.accessToken);
    expect(await customerMe(c.accessToken)).toBe(200);
    expect(t.ctx.credentialCache.getLogin(sid, t.clock.now())?.live).toBe(true);
    // What another process does: end the logins and announce it, without touching this
    // process's cache. Only the notification can make this process forget.
    await runWrite(t.ctx.db, (tx) => endLoginsOf(tx, 'customer', c.id, t.clock.now()));
    const until = Date.now() + 10_000;
    while (t.ctx.credentialCache.getLogin(sid, t.clock.now()) !== undefined) {
      if (Date.now() > until) throw new Error('the announcement never arrived');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await customerMe(c.accessToken)).toBe(401);
  });

  it('should a notification be lost, a revoked login’s access token stops within AUTH_CACHE_TTL_MS', async () => {
    const c = await createTestCustomer(t, { verified: false });
    expect(await customerMe(c.accessToken)).toBe(200);
    // Revoked behind the service's back: no announcement, no invalidation.
    await t.ctx.db
      .updateTable('refresh_token_families')
      .set({ revoked_at: t.clock.now() })
      .where('id', '=', sessionIdOf(c.accessToken))
      .execute();
    // The refresh token reads the database: refused at once.
    expect((await customerRefresh(c.refreshToken)).status).toBe(401);
    // The access token is served from the cache until its TTL, and not a moment longer.
    t.clock.advance(CACHE_TTL_MS - 1_000);
    expect(await customerMe(c.accessToken)).toBe(200);
    t.clock.advance(1_000);
    expect(await customerMe(c.accessToken)).toBe(401);
  });

  it('an access token without a login (`sid`) is refused', async () => {
    const c = await createTestCustomer(t, { verified: false });
    const forged = await t.ctx.tokens.issue(c.id, 'customer', 'rt_unknown');
    expect(await customerMe(forged.token)).toBe(401);
    // A real login of someone else is not this subject's.
    const other = await createTestCustomer(t, { verified: false });
    const borrowed = await t.ctx.tokens.issue(c.id, 'customer', sessionIdOf(other.accessToken));
    expect(await customerMe(borrowed.token)).toBe(401);
  });
});

describe('a refresh racing a password change (issue 24 item 7)', () => {
  const ROUNDS = 60;
  const REFRESHES_PER_ROUND = 4;

  it(`${ROUNDS} rounds: no refresh token issued during the race survives the change`, async () => {
    const m = await createTestMerchant(t);
    const passwords = [m.password, 'the other password here'];
    // How long a password change takes here: the refreshes are spread around its end, where
    // the new password and the revocation are written.
    const probeSession = await merchantLogin(m);
    const started = performance.now();
    const probe = await t.http.post(
      `/api/v1/merchant/${m.id}/password`,
      { current_password: passwords[0], new_password: passwords[1] },
      { token: probeSession.access },
    );
    expect(probe.status).toBe(200);
    const changeMs = performance.now() - started;
    passwords.reverse();

    const survivors: string[] = [];
    let refreshedDuringRace = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const [current, next] = passwords as [string, string];
      const caller = await merchantLogin(m, current);
      const racers = await Promise.all(
        Array.from({ length: REFRESHES_PER_ROUND }, () => merchantLogin(m, current)),
      );
      const change = t.http.post(
        `/api/v1/merchant/${m.id}/password`,
        { current_password: current, new_password: next },
        { token: caller.access },
      );
      const refreshes = racers.map(async (racer, i) => {
        // Offsets from 40% to 120% of a change's duration, shifted a little each round.
        const slot = (i + round / ROUNDS) / REFRESHES_PER_ROUND;
        await new Promise((resolve) => setTimeout(resolve, changeMs * (0.4 + 0.8 * slot)));
        return merchantRefresh(racer.refresh);
      });
      const [changed, ...refreshed] = await Promise.all([change, ...refreshes]);
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      for (const res of refreshed) {
        if (res.status !== 200) continue;
        refreshedDuringRace++;
        const issued = res.body.data.refresh_token as string;
        if ((await merchantRefresh(issued)).status === 200) survivors.push(`round ${round}`);
      }
      passwords.reverse();
    }
    console.log(
      `[race] refresh vs password change: rounds=${ROUNDS} refreshes=${ROUNDS * REFRESHES_PER_ROUND} won_before_change=${refreshedDuringRace} survivors=${survivors.length}`,
    );
    expect(survivors).toEqual([]);
  }, 180_000);
});
