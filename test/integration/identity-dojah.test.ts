import { randomInt } from 'node:crypto';

import type { JobHelpers } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { purgeIdentityPhoneChecksTask } from '../../src/features/identity/index.ts';
import { DojahIdentityProvider } from '../../src/identity/dojah/adapter.ts';
import {
  type DojahSimulator,
  startDojahSimulator,
} from '../../src/identity/dojah-simulator/server.ts';
import {
  SIMULATOR_BVNS,
  SIMULATOR_DATE_OF_BIRTH,
  SIMULATOR_OTP_CODE,
} from '../../src/identity/dojah-simulator/test-bvns.ts';
import type { JobDeps } from '../../src/jobs/deps.ts';
import { createTestCustomer, DOJAH_CONSENT } from '../harness/fixtures.ts';
import { startTestApp, type TestApp } from '../harness/test-app.ts';

/**
 * Identity verification through the Dojah adapter and the Dojah simulator, both over real HTTP
 * (decision 0046): consent first, then the BVN match, then the code sent to the phone on the
 * record. The app records the verification as `dojah` (a configured DOJAH_BASE_URL, here the
 * simulator standing in for Dojah, as a production-like run would).
 */
let simulator: DojahSimulator;
let t: TestApp;
const UA = 'Mozilla/5.0 (identity test)';

const last7 = () => String(randomInt(0, 10_000_000)).padStart(7, '0');

beforeAll(async () => {
  simulator = await startDojahSimulator({
    port: 0,
    appId: 'app_it',
    secretKey: 'test_sk_it',
    slowMs: 3_000,
  });
  t = await startTestApp({
    identity: new DojahIdentityProvider({
      baseUrl: simulator.url,
      appId: 'app_it',
      secretKey: 'test_sk_it',
      timeoutMs: 1_000,
      senderId: 'Tranche',
      channel: 'sms',
      name: 'dojah',
    }),
  });
});
afterAll(async () => {
  await t.close();
  await simulator.close();
});

async function unverifiedCustomer() {
  const customer = await createTestCustomer(t, { verified: false });
  const token = customer.accessToken;
  const verify = (body: Record<string, unknown>) =>
    t.http.post('/api/v1/customers/me/identity', body, {
      token,
      headers: { 'user-agent': UA },
    });
  const enter = (code: string) =>
    t.http.post('/api/v1/customers/me/identity/phone-code', { code }, { token });
  const status = async () =>
    (await t.http.get('/api/v1/customers/me/identity', { token })).body.data;
  return { customer, token, verify, enter, status };
}

describe('consent before the BVN is sent', () => {
  it('shows the versioned text naming Dojah, with the simulator’s test values only for a test provider', async () => {
    const { token } = await unverifiedCustomer();
    const res = await t.http.get('/api/v1/customers/me/identity/consent-text', { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      object: 'identity_consent_text',
      version: DOJAH_CONSENT.text_version,
      provider: 'Dojah Inc., on our behalf',
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      // Recorded as `dojah`: no test values are offered.
      test_values: null,
    });
    expect(res.body.data.text).toMatch(/Dojah Inc\./);
    expect(res.body.data.text).toMatch(/withdraw/);
  });

  it('refuses without consent, with agreed false, or with an outdated text: 400, nothing sent or recorded', async () => {
    const { customer, verify } = await unverifiedCustomer();
    const bvn = SIMULATOR_BVNS.match(last7());
    const base = { bvn, date_of_birth: SIMULATOR_DATE_OF_BIRTH };
    const none = await verify(base);
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('consent_required');
    expect(none.body.detail).toMatch(/consent/i);
    expect(none.body.detail).toMatch(/BVN was not sent/);
    const declined = await verify({ ...base, consent: { ...DOJAH_CONSENT, agreed: false } });
    expect(declined.status).toBe(400);
    expect(declined.body.code).toBe('consent_required');
    const outdated = await verify({
      ...base,
      consent: { text_version: 'identity-2020-01-01', agreed: true },
    });
    expect(outdated.status).toBe(400);
    expect(outdated.body.code).toBe('consent_text_outdated');
    const consents = await t.ctx.db
      .selectFrom('identity_consents')
      .select('id')
      .where('customer_id', '=', customer.id)
      .execute();
    expect(consents).toEqual([]);
  });
});

describe('BVN match, then the code sent to the phone on the record', () => {
  it('match + phone → pending with the masked phone; a wrong code says the tries left; the right code verifies', async () => {
    const { customer, verify, enter, status } = await unverifiedCustomer();
    const digits = last7();
    const bvn = SIMULATOR_BVNS.match(digits);
    const res = await verify({
      bvn,
      date_of_birth: SIMULATOR_DATE_OF_BIRTH,
      consent: DOJAH_CONSENT,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'pending_phone_code',
      bvn_last4: bvn.slice(-4),
      verified_at: null,
      phone_hint: `0803 *** ${digits.slice(-4)}`,
      code_attempts_left: 5,
    });
    expect(await status()).toMatchObject({ status: 'pending_phone_code' });
    // Not verified yet: no identity row, and eligibility still asks for identity.
    expect(
      await t.ctx.db
        .selectFrom('customer_identities')
        .select('customer_id')
        .where('customer_id', '=', customer.id)
        .executeTakeFirst(),
    ).toBeUndefined();

    const wrong = await enter('654321');
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ code: 'phone_code_rejected' });
    expect(wrong.body.detail).toMatch(/4 tries left/);

    const right = await enter(SIMULATOR_OTP_CODE);
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect(right.body.data).toMatchObject({ status: 'verified', bvn_last4: bvn.slice(-4) });

    const row = await t.ctx.db
      .selectFrom('customer_identities')
      .selectAll()
      .where('customer_id', '=', customer.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ provider: 'dojah', names_matched: true });
    expect(row.phone_confirmed_at).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain(bvn);
    const consent = await t.ctx.db
      .selectFrom('identity_consents')
      .selectAll()
      .where('id', '=', row.consent_id ?? '')
      .executeTakeFirstOrThrow();
    expect(consent).toMatchObject({
      customer_id: customer.id,
      purpose: 'identity_check',
      text_version: DOJAH_CONSENT.text_version,
      provider: 'dojah',
      ip_address: '127.0.0.1',
      user_agent: UA,
      method: 'unticked_checkbox',
      bvn_digest: row.bvn_digest,
      withdrawn_at: null,
    });
    expect(JSON.stringify(consent)).not.toContain(bvn);
    // The pending row (with the masked phone) is gone once verified.
    expect(
      await t.ctx.db
        .selectFrom('identity_phone_checks')
        .select('customer_id')
        .where('customer_id', '=', customer.id)
        .execute(),
    ).toEqual([]);

    // A live-verified customer (provider `dojah`): the identity counts for live plans…
    const trust = await t.http.get('/api/v1/customers/me/trust?livemode=true', {
      token: customer.accessToken,
    });
    expect(trust.body.data.identity_verified).toBe(true);
    // …while the same verification by the local simulator counts for sandbox only.
    await t.ctx.db
      .updateTable('customer_identities')
      .set({ provider: 'dojah-simulator' })
      .where('customer_id', '=', customer.id)
      .execute();
    const simulated = await t.http.get('/api/v1/customers/me/trust?livemode=true', {
      token: customer.accessToken,
    });
    expect(simulated.body.data.identity_verified).toBe(false);
    const sandboxTrust = await t.http.get('/api/v1/customers/me/trust?livemode=false', {
      token: customer.accessToken,
    });
    expect(sandboxTrust.body.data.identity_verified).toBe(true);
  });

  it('a record with no phone is verified at once', async () => {
    const { verify } = await unverifiedCustomer();
    const res = await verify({
      bvn: SIMULATOR_BVNS.noPhone(last7()),
      date_of_birth: SIMULATOR_DATE_OF_BIRTH,
      consent: DOJAH_CONSENT,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'verified', phone_hint: null });
  });

  it('five wrong codes end the check; an expired code says so', async () => {
    const a = await unverifiedCustomer();
    const body = { date_of_birth: SIMULATOR_DATE_OF_BIRTH, consent: DOJAH_CONSENT };
    expect((await a.verify({ ...body, bvn: SIMULATOR_BVNS.match(last7()) })).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await a.enter('111111')).status).toBe(422);
    const last = await a.enter('111111');
    expect(last.body.detail).toMatch(/last try/);
    const after = await a.enter(SIMULATOR_OTP_CODE);
    expect(after.status).toBe(409);
    expect(after.body.code).toBe('no_phone_code_pending');
    expect(await a.status()).toMatchObject({ status: 'unverified' });

    const b = await unverifiedCustomer();
    expect((await b.verify({ ...body, bvn: SIMULATOR_BVNS.match(last7()) })).status).toBe(200);
    t.clock.advance(10 * 60_000 + 1);
    const expired = await b.enter(SIMULATOR_OTP_CODE);
    expect(expired.status).toBe(422);
    expect(expired.body.code).toBe('phone_code_expired');

    // An abandoned check (the customer never comes back) is purged by the hourly job once expired.
    const c = await unverifiedCustomer();
    expect((await c.verify({ ...body, bvn: SIMULATOR_BVNS.match(last7()) })).status).toBe(200);
    const pendingRows = () =>
      t.ctx.db
        .selectFrom('identity_phone_checks')
        .select('customer_id')
        .where('customer_id', '=', c.customer.id)
        .execute();
    const purge = purgeIdentityPhoneChecksTask({
      db: t.ctx.db,
      clock: t.clock,
    } as unknown as JobDeps);
    const helpers = { logger: { info: () => undefined } } as unknown as JobHelpers;
    await purge({}, helpers);
    expect(await pendingRows()).toHaveLength(1);
    t.clock.advance(10 * 60_000 + 1);
    await purge({}, helpers);
    expect(await pendingRows()).toEqual([]);
  });
});

describe('refusals name the true reason', () => {
  it('a date of birth that differs → 422 bvn_dob_mismatch; an unknown BVN → 422 bvn_not_found', async () => {
    const { verify } = await unverifiedCustomer();
    const mismatch = await verify({
      bvn: SIMULATOR_BVNS.match(last7()),
      date_of_birth: '1991-03-02',
      consent: DOJAH_CONSENT,
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.code).toBe('bvn_dob_mismatch');
    expect(mismatch.body.detail).toBe(
      'The date of birth does not match the one registered with this BVN.',
    );
    const unknown = await verify({
      bvn: SIMULATOR_BVNS.notFound,
      date_of_birth: SIMULATOR_DATE_OF_BIRTH,
      consent: DOJAH_CONSENT,
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.code).toBe('bvn_not_found');
  });

  it('provider down, slow or answering nonsense → 503 retryable, never a mismatch; nothing verified', async () => {
    const { customer, verify, status } = await unverifiedCustomer();
    for (const bvn of [
      SIMULATOR_BVNS.upstreamFailed,
      SIMULATOR_BVNS.slow,
      SIMULATOR_BVNS.notJson,
      SIMULATOR_BVNS.noDateOfBirth,
      SIMULATOR_BVNS.walletEmpty,
    ]) {
      const res = await verify({
        bvn,
        date_of_birth: SIMULATOR_DATE_OF_BIRTH,
        consent: DOJAH_CONSENT,
      });
      expect(res.status, bvn).toBe(503);
      expect(res.body, bvn).toMatchObject({
        code: 'identity_provider_unavailable',
        retryable: true,
      });
      expect(res.body.detail).toMatch(/unavailable right now/);
    }
    expect(await status()).toMatchObject({ status: 'unverified' });
    // Each attempt's consent was recorded before the call (the BVN was sent under it).
    const consents = await t.ctx.db
      .selectFrom('identity_consents')
      .select('id')
      .where('customer_id', '=', customer.id)
      .execute();
    expect(consents).toHaveLength(5);
  });
});

describe('withdrawing consent', () => {
  it('marks the consents withdrawn and drops a pending code; the verification made stays', async () => {
    const { customer, token, verify, enter, status } = await unverifiedCustomer();
    expect(
      (
        await verify({
          bvn: SIMULATOR_BVNS.match(last7()),
          date_of_birth: SIMULATOR_DATE_OF_BIRTH,
          consent: DOJAH_CONSENT,
        })
      ).status,
    ).toBe(200);
    const withdrawn = await t.http.post(
      '/api/v1/customers/me/identity/consent/withdraw',
      {},
      { token },
    );
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.data).toEqual({ object: 'identity_consent_withdrawal', withdrawn: 1 });
    expect(await status()).toMatchObject({ status: 'unverified' });
    expect((await enter(SIMULATOR_OTP_CODE)).body.code).toBe('no_phone_code_pending');
    const rows = await t.ctx.db
      .selectFrom('identity_consents')
      .select('withdrawn_at')
      .where('customer_id', '=', customer.id)
      .execute();
    expect(rows.map((r) => r.withdrawn_at !== null)).toEqual([true]);
    const again = await t.http.post(
      '/api/v1/customers/me/identity/consent/withdraw',
      {},
      { token },
    );
    expect(again.body.data.withdrawn).toBe(0);
  });
});
