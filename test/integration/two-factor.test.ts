import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { hashPassword } from '../../src/platform/passwords.ts';
import { base32Decode, hotp, totpStep } from '../../src/platform/totp.ts';
import { createTestMerchant, type TestMerchant } from '../harness/fixtures.ts';
import { startTestAppWithSandbox, type TestApp } from '../harness/test-app.ts';
import { enrolTwoFactor, STEP_MS, TestAuthenticator } from '../harness/two-factor.ts';

/**
 * Two-factor sign-in for team members (issue 28 Build 2, decision 0065): enrolment confirmed
 * with a code, sign-in asking for the code, wrong and replayed codes refused, recovery codes
 * good once, owners pushed to enrol (reads only after their seven days), and a fresh code for
 * every payout and settlement-account change from the dashboard.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestAppWithSandbox();
});

afterAll(async () => {
  await t.close();
});

// Another account than the one the approval fixture sets (058 0123456789): a change shows.
const GTBANK = { bank_code: '058', account_number: '0011223344' };
const now = () => t.clock.now();

async function login(email: string, password: string, code?: string) {
  return t.http.post('/api/v1/merchant/login', {
    email,
    password,
    ...(code !== undefined && { code }),
  });
}

async function tokenOf(m: TestMerchant): Promise<string> {
  const res = await login(m.email, m.password);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.access_token as string;
}

describe('two-factor sign-in', () => {
  it('enrolment: a key, confirmed with a code; then sign-in needs the code; wrong and replayed codes are refused', async () => {
    const m = await createTestMerchant(t);
    const token = await tokenOf(m);
    const base = `/api/v1/merchant/${m.id}/team/me/two-factor`;

    const before = await t.http.get(`/api/v1/merchant/${m.id}/team/me`, { token });
    expect(before.body.data.two_factor).toMatchObject({
      object: 'two_factor',
      enabled: false,
      required: true,
      recovery_codes_left: 0,
    });
    expect(Date.parse(before.body.data.two_factor.due_at)).toBeGreaterThan(now().getTime());

    const started = await t.http.post(base, {}, { token });
    expect(started.status).toBe(200);
    const secret = started.body.data.secret as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.body.data.otpauth_uri).toBe(
      `otpauth://totp/Tranche:${encodeURIComponent(m.email)}?secret=${secret}&issuer=Tranche&algorithm=SHA1&digits=6&period=30`,
    );
    // Until it is confirmed nothing changed: sign-in needs no code.
    expect((await login(m.email, m.password)).status).toBe(200);

    const app = new TestAuthenticator(secret, now);
    const wrongDigits = hotp(base32Decode(secret), totpStep(now().getTime() / 1000) + 5n);
    const wrong = await t.http.post(`${base}/confirm`, { code: wrongDigits }, { token });
    expect(wrong.status).toBe(400);
    const confirmed = await t.http.post(`${base}/confirm`, { code: await app.code() }, { token });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data).toMatchObject({
      enabled: true,
      due_at: null,
      recovery_codes_left: 10,
    });
    const recovery = confirmed.body.data.recovery_codes as string[];
    expect(recovery).toHaveLength(10);
    for (const code of recovery) expect(code).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
    expect(new Set(recovery).size).toBe(10);
    // The key is sealed, the recovery codes kept as digests only.
    const row = await t.ctx.db
      .selectFrom('merchant_members')
      .select(['totp_secret_sealed', 'totp_pending_secret_sealed'])
      .where('merchant_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row.totp_secret_sealed).not.toContain(secret);
    expect(row.totp_pending_secret_sealed).toBeNull();
    const digests = await t.ctx.db
      .selectFrom('merchant_member_recovery_codes')
      .select('digest')
      .execute();
    expect(digests.map((d) => d.digest).join()).not.toContain(recovery[0]?.replace('-', ''));
    // A second enrolment is refused while it is on.
    expect((await t.http.post(base, {}, { token })).status).toBe(409);

    // Sign-in: the right password alone is 401 second_factor_required.
    const asked = await login(m.email, m.password);
    expect(asked.status).toBe(401);
    expect(asked.body).toMatchObject({ ok: false, code: 'second_factor_required' });
    // A wrong password with no code is the usual refusal (the code question reveals nothing).
    const badPassword = await login(m.email, 'not the password');
    expect(badPassword.status).toBe(401);
    expect(badPassword.body.code).toBe('unauthenticated');
    // A wrong code, then the right one; the same code again is a replay.
    t.clock.advance(STEP_MS);
    expect((await login(m.email, m.password, wrongDigits)).body.code).toBe('unauthenticated');
    const code = await app.code();
    const signedIn = await login(m.email, m.password, code);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const replayed = await login(m.email, m.password, code);
    expect(replayed.status).toBe(401);
    expect(replayed.body.code).toBe('unauthenticated');
    // A code of an older step than the last accepted one is a replay too.
    const older = hotp(base32Decode(secret), totpStep(now().getTime() / 1000) - 1n);
    expect((await login(m.email, m.password, older)).status).toBe(401);

    // A recovery code signs in once, typed in any case and without its dash.
    const first = recovery[0] ?? '';
    const withRecovery = await login(m.email, m.password, first.replace('-', '').toLowerCase());
    expect(withRecovery.status).toBe(200);
    expect((await login(m.email, m.password, first)).status).toBe(401);
    const me = await t.http.get(base, { token: withRecovery.body.data.access_token });
    expect(me.body.data.recovery_codes_left).toBe(9);
  });

  it('wrong codes count toward the sign-in throttle like wrong passwords', async () => {
    const m = await createTestMerchant(t);
    const token = await tokenOf(m);
    const { authenticator } = await enrolTwoFactor(t.http, m.id, token, now);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await login(m.email, m.password, '000000')).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    t.clock.advance(STEP_MS);
    expect((await login(m.email, m.password, await authenticator.code())).status).toBe(429);
    t.clock.advance(15 * 60_000);
    expect((await login(m.email, m.password, await authenticator.code())).status).toBe(200);
  });

  it('an owner without two-factor sign-in is refused a money move with a clear 403, and after seven days may only read and enrol', async () => {
    const m = await createTestMerchant(t, { approve: true });
    const token = await tokenOf(m);
    const payout = await t.http.post(
      `/api/v1/merchant/${m.id}/payouts`,
      { amount: 100_00 },
      { token, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(payout.status).toBe(403);
    expect(payout.body).toMatchObject({ ok: false, code: 'second_factor_enrolment_required' });
    expect(payout.body.detail).toBe(
      'Paying out needs two-factor sign-in: turn it on under Team → Two-factor sign-in (/merchant/team), then confirm with a code from your authenticator app.',
    );
    const settlement = await t.http.patch(
      `/api/v1/merchant/${m.id}/settings`,
      { settlement_account: GTBANK, password: m.password },
      { token },
    );
    expect(settlement.status).toBe(403);
    expect(settlement.body.code).toBe('second_factor_enrolment_required');
    expect(settlement.body.detail).toMatch(/^Changing the settlement account needs two-factor/);
    // Within its seven days, other changes work.
    const tier = await t.http.patch(
      `/api/v1/merchant/${m.id}/settings`,
      { min_customer_tier: 'Tranche Silver' },
      { token },
    );
    expect(tier.status).toBe(200);

    // After them: reads and enrolment only.
    const member = await t.ctx.db
      .selectFrom('merchant_members')
      .select('two_factor_due_at')
      .where('merchant_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(member.two_factor_due_at?.getTime()).toBe(
      (
        await t.ctx.db
          .selectFrom('merchants')
          .select('created_at')
          .where('id', '=', m.id)
          .executeTakeFirstOrThrow()
      ).created_at.getTime() +
        7 * 86_400_000,
    );
    t.clock.advance(7 * 86_400_000);
    const fresh = await tokenOf(m);
    const refused = await t.http.patch(
      `/api/v1/merchant/${m.id}/settings`,
      { min_customer_tier: 'Tranche Silver' },
      { token: fresh },
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'second_factor_enrolment_required',
      detail:
        'Owners must use two-factor sign-in: turn it on under Team → Two-factor sign-in (/merchant/team). Until then an owner can only read.',
    });
    expect((await t.http.get(`/api/v1/merchant/${m.id}`, { token: fresh })).status).toBe(200);
    // A secret key is the merchant, not a member: unaffected.
    expect(
      (
        await t.http.patch(
          `/api/v1/merchant/${m.id}/settings`,
          { min_customer_tier: 'Tranche Silver' },
          { token: m.testKey },
        )
      ).status,
    ).toBe(200);
    // Enrolling lifts it.
    await enrolTwoFactor(t.http, m.id, fresh, now);
    const after = await t.http.patch(
      `/api/v1/merchant/${m.id}/settings`,
      { min_customer_tier: 'Tranche Silver' },
      { token: fresh },
    );
    expect(after.status).toBe(200);
  });

  it('step-up: a payout and a settlement-account change need a fresh code in Two-Factor-Code; missing, wrong or replayed is 403 and nothing moves', async () => {
    const m = await createTestMerchant(t, { approve: true });
    const token = await tokenOf(m);
    const { authenticator } = await enrolTwoFactor(t.http, m.id, token, now);
    const settle = (headers: Record<string, string>, body: Record<string, unknown>) =>
      t.http.patch(`/api/v1/merchant/${m.id}/settings`, body, { token, headers });

    const before = (await t.http.get(`/api/v1/merchant/${m.id}`, { token })).body.data
      .settlement_account as unknown;
    const bare = await settle({}, { settlement_account: GTBANK, password: m.password });
    expect(bare.status).toBe(403);
    expect(bare.body).toMatchObject({ code: 'step_up_required' });
    expect(bare.body.detail).toMatch(/Two-Factor-Code header/);
    const wrong = await settle(
      { 'two-factor-code': '000000' },
      { settlement_account: GTBANK, password: m.password },
    );
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('step_up_required');
    t.clock.advance(STEP_MS);
    const code = await authenticator.code();
    // The code joins the password (decision 0057): a wrong password with a right code is refused.
    const badPassword = await settle(
      { 'two-factor-code': code },
      { settlement_account: GTBANK, password: 'not it' },
    );
    expect(badPassword.body.code).toBe('reauthentication_required');
    const replay = await settle(
      { 'two-factor-code': code },
      { settlement_account: GTBANK, password: m.password },
    );
    expect(replay.body.code).toBe('step_up_required');
    // Nothing moved: the account is still the one the approval fixture gave it.
    expect(
      (await t.http.get(`/api/v1/merchant/${m.id}`, { token })).body.data.settlement_account,
    ).toEqual(before);
    t.clock.advance(STEP_MS);
    const saved = await settle(
      { 'two-factor-code': await authenticator.code() },
      { settlement_account: GTBANK, password: m.password },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.settlement_account.account_name).toBe('TRANCHE TEST ACCOUNT 3344');

    // Other settings need no code.
    expect((await settle({}, { min_customer_tier: 'Tranche Silver' })).status).toBe(200);

    // Payouts: refused without a code; with one, the request reaches the wallet (nothing is
    // available here, so the wallet's own 4xx, not the step-up's).
    const pay = (headers: Record<string, string>) =>
      t.http.post(
        `/api/v1/merchant/${m.id}/payouts`,
        { amount: 100_00 },
        { token, headers: { 'idempotency-key': randomUUID(), ...headers } },
      );
    const noCode = await pay({});
    expect(noCode.status).toBe(403);
    expect(noCode.body.code).toBe('step_up_required');
    t.clock.advance(STEP_MS);
    const withCode = await pay({ 'two-factor-code': await authenticator.code() });
    expect(withCode.body.code).not.toBe('step_up_required');
    expect(withCode.status).not.toBe(403);
    // A secret key is not asked.
    const byKey = await t.http.post(
      `/api/v1/merchant/${m.id}/payouts`,
      { amount: 100_00 },
      { token: m.liveKey, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(byKey.body.code).not.toBe('step_up_required');
  });

  it('a finance member without two-factor sign-in cannot pay out; with it and a code, can', async () => {
    const m = await createTestMerchant(t, { approve: true });
    await tokenOf(m);
    // Another member, made directly (invitations are team.test.ts's subject).
    const memberId = `mem_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
    const email = `fin-${randomUUID().slice(0, 8)}@shop.test`;
    await t.ctx.db
      .insertInto('merchant_members')
      .values({
        id: memberId,
        merchant_id: m.id,
        email,
        name: 'Funmi Finance',
        role: 'finance',
        password_hash: await hashPassword('finance password 1'),
        status: 'active',
        invited_by: null,
        invitation_digest: null,
        invitation_expires_at: null,
        created_at: now(),
        updated_at: now(),
      })
      .execute();
    const token = (await login(email, 'finance password 1')).body.data.access_token as string;
    const me = await t.http.get(`/api/v1/merchant/${m.id}/team/me`, { token });
    expect(me.body.data.two_factor).toMatchObject({
      enabled: false,
      required: false,
      due_at: null,
    });
    const refused = await t.http.post(
      `/api/v1/merchant/${m.id}/payouts`,
      { amount: 100_00 },
      { token, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(refused.body.code).toBe('second_factor_enrolment_required');
    const { authenticator, recoveryCodes } = await enrolTwoFactor(t.http, m.id, token, now);
    t.clock.advance(STEP_MS);
    const allowed = await t.http.post(
      `/api/v1/merchant/${m.id}/payouts`,
      { amount: 100_00 },
      {
        token,
        headers: { 'idempotency-key': randomUUID(), 'two-factor-code': recoveryCodes[1] ?? '' },
      },
    );
    expect(allowed.body.code).not.toBe('step_up_required');
    expect(allowed.status).not.toBe(403);

    // Turning it off: a wrong code keeps it; the right one removes key and recovery codes.
    const off = (code: string) =>
      t.http.request('DELETE', `/api/v1/merchant/${m.id}/team/me/two-factor`, {
        token,
        body: { code },
      });
    expect((await off('000000')).status).toBe(403);
    t.clock.advance(STEP_MS);
    const disabled = await off(await authenticator.code());
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect(disabled.body.data).toMatchObject({ enabled: false, recovery_codes_left: 0 });
    expect((await login(email, 'finance password 1')).status).toBe(200);
    const left = await t.ctx.db
      .selectFrom('merchant_member_recovery_codes')
      .select('id')
      .where('member_id', '=', memberId)
      .execute();
    expect(left).toHaveLength(0);
  });

  it('a member made an owner gets its seven days from then; made something else, none', async () => {
    const m = await createTestMerchant(t);
    const memberId = `mem_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
    await t.ctx.db
      .insertInto('merchant_members')
      .values({
        id: memberId,
        merchant_id: m.id,
        email: `adm-${randomUUID().slice(0, 8)}@shop.test`,
        name: 'Ade Admin',
        role: 'admin',
        password_hash: null,
        status: 'active',
        invited_by: null,
        invitation_digest: null,
        invitation_expires_at: null,
        created_at: now(),
        updated_at: now(),
      })
      .execute();
    const dueAt = async () =>
      (
        await t.ctx.db
          .selectFrom('merchant_members')
          .select('two_factor_due_at')
          .where('id', '=', memberId)
          .executeTakeFirstOrThrow()
      ).two_factor_due_at;
    t.clock.advance(86_400_000);
    const ownerToken = await tokenOf(m);
    const role = (to: string) =>
      t.http.patch(
        `/api/v1/merchant/${m.id}/team/members/${memberId}`,
        { role: to },
        { token: ownerToken },
      );
    expect((await role('owner')).status).toBe(200);
    expect((await dueAt())?.getTime()).toBe(now().getTime() + 7 * 86_400_000);
    expect((await role('finance')).status).toBe(200);
    expect(await dueAt()).toBeNull();
  });

  it('another merchant’s dashboard token reaches no two-factor route (404), a secret key none (401)', async () => {
    const m = await createTestMerchant(t);
    const stranger = await createTestMerchant(t);
    const strangerToken = await tokenOf(stranger);
    const base = `/api/v1/merchant/${m.id}/team/me/two-factor`;
    const calls = [
      ['POST', base, {}],
      ['GET', base, undefined],
      ['DELETE', base, { code: '123456' }],
      ['DELETE', base, undefined],
      ['POST', `${base}/confirm`, { code: '123456' }],
    ] as const;
    for (const [method, path, body] of calls) {
      const asStranger = await t.http.request(method, path, {
        headers: { authorization: `Bearer ${strangerToken}` },
        ...(body !== undefined && { body }),
      });
      expect(asStranger.status, `${method} ${path} other dashboard`).toBe(404);
      const withKey = await t.http.request(method, path, {
        headers: { authorization: `Bearer ${m.testKey}` },
        ...(body !== undefined && { body }),
      });
      expect(withKey.status, `${method} ${path} secret key`).toBe(401);
    }
  });

  it('an owner cannot turn two-factor sign-in off', async () => {
    const m = await createTestMerchant(t);
    const token = await tokenOf(m);
    const { authenticator } = await enrolTwoFactor(t.http, m.id, token, now);
    t.clock.advance(STEP_MS);
    const off = await t.http.request('DELETE', `/api/v1/merchant/${m.id}/team/me/two-factor`, {
      token,
      body: { code: await authenticator.code() },
    });
    expect(off.status).toBe(403);
    expect(off.body.detail).toMatch(/^An owner cannot turn two-factor sign-in off/);
  });
});
