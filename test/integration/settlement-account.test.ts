import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestMerchant } from '../harness/fixtures.ts';
import { startTestApp, startTestAppWithSandbox, type TestApp } from '../harness/test-app.ts';
import { enrolTwoFactor, STEP_MS, type TestAuthenticator } from '../harness/two-factor.ts';

/**
 * The settlement account (issue 28 item 4, decision 0057): the dashboard changes it only with the
 * merchant's password, checked by the API, and (decision 0065) a two-factor code, which
 * test/integration/two-factor.test.ts covers; the gateway's account resolve names the holder first,
 * and the name is on the merchant record.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestAppWithSandbox();
});

afterAll(async () => {
  await t.close();
});

async function dashboardToken(email: string, password: string): Promise<string> {
  const login = await t.http.post('/api/v1/merchant/login', { email, password });
  expect(login.status).toBe(200);
  return login.body.data.access_token as string;
}

const GTBANK = { bank_code: '058', account_number: '0123456789' };

/** A fresh two-factor code for each request (a code is good once). */
async function codeHeader(app: TestAuthenticator): Promise<Record<string, string>> {
  t.clock.advance(STEP_MS);
  return { 'two-factor-code': await app.code() };
}

describe('settlement account', () => {
  it('the dashboard needs the password: none or a wrong one changes nothing; the right one saves the account with its resolved name', async () => {
    const m = await createTestMerchant(t);
    const token = await dashboardToken(m.email, m.password);
    const { authenticator } = await enrolTwoFactor(t.http, m.id, token, () => t.clock.now());
    const patch = async (body: Record<string, unknown>) =>
      t.http.patch(`/api/v1/merchant/${m.id}/settings`, body, {
        token,
        headers: await codeHeader(authenticator),
      });

    const bare = await patch({ settlement_account: GTBANK });
    expect(bare.status).toBe(403);
    expect(bare.body).toMatchObject({ ok: false, code: 'reauthentication_required' });
    expect(bare.body.detail).toMatch(/password/);
    const wrong = await patch({ settlement_account: GTBANK, password: 'not my password' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('reauthentication_required');
    // Clearing the account is a change of where payouts go too.
    expect((await patch({ settlement_account: null })).status).toBe(403);
    const still = await t.http.get(`/api/v1/merchant/${m.id}`, { token });
    expect(still.body.data.settlement_account).toBeNull();

    const saved = await patch({ settlement_account: GTBANK, password: m.password });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.settlement_account).toEqual({
      ...GTBANK,
      account_name: 'BALOGUN MARKET FABRICS LTD',
    });
    // `password` alone, or with another setting, is a mistake, not a silent no-op.
    const stray = await patch({ min_customer_tier: 'Tranche Silver', password: m.password });
    expect(stray.status).toBe(400);
    expect(stray.body.code).toBe('invalid_request');
  });

  it('…/settlement-account/check names the holder before anything changes; an unknown number is 422', async () => {
    const m = await createTestMerchant(t);
    const check = (query: string) =>
      t.http.get(`/api/v1/merchant/${m.id}/settlement-account/check?${query}`, {
        token: m.testKey,
      });
    const named = await check('bank_code=058&account_number=0123456789');
    expect(named.status).toBe(200);
    expect(named.body.data).toEqual({
      object: 'settlement_account_check',
      bank_code: '058',
      account_number: '0123456789',
      account_name: 'BALOGUN MARKET FABRICS LTD',
    });
    expect((await check('bank_code=058&account_number=0123450404')).body.code).toBe(
      'account_not_resolved',
    );
    expect((await check('bank_code=058&account_number=12345')).status).toBe(400);
    const record = await t.http.get(`/api/v1/merchant/${m.id}`, { token: m.testKey });
    expect(record.body.data.settlement_account).toBeNull();
  });

  it('wrong passwords count toward the sign-in throttle', async () => {
    const m = await createTestMerchant(t);
    const token = await dashboardToken(m.email, m.password);
    const { authenticator } = await enrolTwoFactor(t.http, m.id, token, () => t.clock.now());
    for (let i = 0; i < 5; i++) {
      const wrong = await t.http.patch(
        `/api/v1/merchant/${m.id}/settings`,
        { settlement_account: GTBANK, password: `guess ${i}` },
        { token, headers: await codeHeader(authenticator) },
      );
      expect(wrong.status).toBe(403);
    }
    const throttled = await t.http.patch(
      `/api/v1/merchant/${m.id}/settings`,
      { settlement_account: GTBANK, password: m.password },
      { token, headers: await codeHeader(authenticator) },
    );
    expect(throttled.status).toBe(429);
    expect(throttled.body.code).toBe('login_throttled');
  });

  it('an account the bank cannot name is refused (422) and the old one stays; a secret key is not asked for a password', async () => {
    const m = await createTestMerchant(t);
    const set = await t.http.patch(
      `/api/v1/merchant/${m.id}/settings`,
      { settlement_account: { bank_code: '058', account_number: '0123456783' } },
      { token: m.testKey },
    );
    expect(set.status).toBe(200);
    expect(set.body.data.settlement_account.account_name).toBe('ADE STORES ENTERPRISES');

    const unknown = await t.http.patch(
      `/api/v1/merchant/${m.id}/settings`,
      { settlement_account: { bank_code: '058', account_number: '0123450404' } },
      { token: m.testKey },
    );
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ ok: false, code: 'account_not_resolved' });
    expect(unknown.body.detail).toContain('0123450404');
    const record = await t.http.get(`/api/v1/merchant/${m.id}`, { token: m.testKey });
    expect(record.body.data.settlement_account).toEqual({
      bank_code: '058',
      account_number: '0123456783',
      account_name: 'ADE STORES ENTERPRISES',
    });
  });

  it('with no usable answer from the gateway the account is saved unnamed (null), not refused', async () => {
    const offline = await startTestApp();
    try {
      const m = await createTestMerchant(offline);
      const set = await offline.http.patch(
        `/api/v1/merchant/${m.id}/settings`,
        { settlement_account: GTBANK },
        { token: m.testKey },
      );
      expect(set.status).toBe(200);
      expect(set.body.data.settlement_account).toEqual({ ...GTBANK, account_name: null });
    } finally {
      await offline.close();
    }
  });
});
