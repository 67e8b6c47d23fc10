import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestCustomer, createTestMerchant, type TestMerchant } from '../harness/fixtures.ts';
import { startTestAppWithSandbox, type TestAppWithSandbox } from '../harness/test-app.ts';

let t: TestAppWithSandbox;
let merchant: TestMerchant;

beforeAll(async () => {
  t = await startTestAppWithSandbox();
  merchant = await createTestMerchant(t);
});
afterAll(async () => t.close());

describe('GET /api/v1/banks (settlement accounts)', () => {
  it('lists every bank a transfer reaches, by name, with 3-digit codes and direct_debit', async () => {
    const res = await t.http.get('/api/v1/banks', { token: merchant.testKey });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const banks = res.body.data as { name: string; code: string; direct_debit: boolean }[];
    expect(banks).toContainEqual({ name: 'Guaranty Trust Bank', code: '058', direct_debit: true });
    // Not a direct-debit bank, still a place a payout can go.
    expect(banks).toContainEqual({
      name: 'Access Bank (Diamond)',
      code: '063',
      direct_debit: false,
    });
    // The gateway's own code translated; a code we cannot translate (Kuda's 50211) is left out.
    expect(banks).toContainEqual({ name: 'Globus Bank', code: '103', direct_debit: true });
    for (const bank of banks) expect(bank.code, bank.name).toMatch(/^\d{3}$/);
    const names = banks.map((b) => b.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('answers the live key and the dashboard token alike; the customer’s list is unchanged', async () => {
    const live = await t.http.get('/api/v1/banks', { token: merchant.liveKey });
    const login = await t.http.post('/api/v1/merchant/login', {
      email: merchant.email,
      password: merchant.password,
    });
    const dashboard = await t.http.get('/api/v1/banks', { token: login.body.data.access_token });
    const test = await t.http.get('/api/v1/banks', { token: merchant.testKey });
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.data).toEqual(test.body.data);
    // A pending merchant's live key is refused as everywhere else (403 before approval).
    expect(live.status).toBe(403);
    const customer = await createTestCustomer(t);
    const mandateBanks = await t.http.get('/api/v1/payment-methods/banks', {
      token: customer.accessToken,
    });
    expect(mandateBanks.body.data).toEqual(
      (test.body.data as { name: string; code: string; direct_debit: boolean }[])
        .filter((b) => b.direct_debit)
        .map((b) => ({ name: b.name, code: b.code })),
    );
  });

  it('needs a merchant credential: none or a customer token is 401', async () => {
    expect((await t.http.get('/api/v1/banks')).status).toBe(401);
    const customer = await createTestCustomer(t);
    expect((await t.http.get('/api/v1/banks', { token: customer.accessToken })).status).toBe(401);
  });
});
