import { randomInt } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DojahCreditBureau } from '../../src/credit/dojah/adapter.ts';
import { type CreditSimulator, startCreditSimulator } from '../../src/credit/simulator/server.ts';
import { BUREAU_CONTACTS } from '../../src/domain/credit.ts';
import { CREDIT_CONSENT, purgeOldCreditChecks } from '../../src/features/credit/index.ts';
import {
  createTestCustomer,
  createTestMerchant,
  SANDBOX_CONSENT,
  sessionBody,
  TEST_BVN_DATE_OF_BIRTH,
  type TestMerchant,
} from '../harness/fixtures.ts';
import { addCard } from '../harness/plans.ts';
import { startTestAppWithSandbox, type TestAppWithSandbox } from '../harness/test-app.ts';

/**
 * The credit bureau check end to end over real HTTP (decision 0047): the API, the Dojah adapter
 * and the credit simulator, in sandbox mode (sandbox checks count for sandbox sessions).
 */
let simulator: CreditSimulator;
let t: TestAppWithSandbox;
let merchant: TestMerchant;

beforeAll(async () => {
  simulator = await startCreditSimulator({
    port: 0,
    appId: 'it-app',
    secretKey: 'it-secret',
    slowMs: 3_000,
  });
  t = await startTestAppWithSandbox({
    settings: { rateLimitSandboxPerMin: 100_000 },
    creditBureau: new DojahCreditBureau({
      baseUrl: simulator.url,
      appId: 'it-app',
      secretKey: 'it-secret',
      timeoutMs: 1_000,
      name: 'sandbox',
    }),
  });
  merchant = await createTestMerchant(t);
});
afterAll(async () => {
  await t.close();
  await simulator.close();
});

type Customer = Awaited<ReturnType<typeof createTestCustomer>> & { bvn: string };

/** A verified customer whose BVN ends in the simulator profile's two digits. */
async function customerWithProfile(digits: string): Promise<Customer> {
  const customer = await createTestCustomer(t, { verified: false });
  const bvn = `221${String(randomInt(0, 1_000_000)).padStart(6, '0')}${digits}`;
  const res = await t.http.post(
    '/api/v1/customers/me/identity',
    { bvn, date_of_birth: TEST_BVN_DATE_OF_BIRTH, consent: SANDBOX_CONSENT },
    { token: customer.accessToken },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...customer, bvn };
}

function creditCheck(customer: Customer, body: Record<string, unknown> = {}) {
  return t.http.post(
    '/api/v1/customers/me/credit-check',
    {
      bvn: customer.bvn,
      date_of_birth: TEST_BVN_DATE_OF_BIRTH,
      consent_version: CREDIT_CONSENT.version,
      ...body,
    },
    { token: customer.accessToken },
  );
}

async function eligibility(customer: Customer, amount: number) {
  const session = await t.http.post(
    '/api/v1/checkout/sessions',
    sessionBody(merchant.id, { amount }),
    {
      token: merchant.testKey,
    },
  );
  expect(session.status).toBe(201);
  const token = session.body.data.token as string;
  const res = await t.http.get(`/api/v1/checkout/sessions/${token}/eligibility`, {
    token: customer.accessToken,
  });
  expect(res.status).toBe(200);
  return {
    token,
    ...(res.body.data as {
      eligible: boolean;
      reason: string | null;
      explanation: string | null;
      customer_score: number;
      customer_tier: string;
    }),
  };
}

const checksOf = (customerId: string) =>
  t.ctx.db.selectFrom('credit_checks').selectAll().where('customer_id', '=', customerId).execute();

describe('credit bureau check', () => {
  it('clean report with a good score: a newcomer starts in Silver, so a ₦100,000 order fits', async () => {
    const customer = await customerWithProfile('01');
    await addCard(t, customer);
    const before = await eligibility(customer, 10_000_000);
    expect(before).toMatchObject({
      eligible: false,
      reason: 'insufficient_trust_tier',
      customer_score: 450,
    });

    const res = await creditCheck(customer);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      object: 'credit_check',
      status: 'checked',
      provider: 'sandbox',
      outcome: 'report',
      summary: { score: 720, score_band: 'good', open_loans: 1, delinquent_facilities: 0 },
    });
    const after = await eligibility(customer, 10_000_000);
    expect(after).toMatchObject({
      eligible: true,
      reason: null,
      explanation: null,
      customer_score: 550,
      customer_tier: 'Tranche Silver',
    });
    // What is kept: a summary and the consent, not the report (no names, address, phone, BVN).
    const [row] = await checksOf(customer.id);
    expect(row).toMatchObject({
      consent_text_version: CREDIT_CONSENT.version,
      outcome: 'report',
      provider_reference: expect.stringMatching(/^sim-/),
    });
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(customer.bvn);
    expect(stored).not.toContain('Simulated Subject');
    expect(stored).not.toContain('SANDBOX ROAD');
  });

  it('delinquent: refused with the true reason, the bureaus named with their contacts, at eligibility and at confirm', async () => {
    const customer = await customerWithProfile('51');
    const { methodId } = await addCard(t, customer);
    expect((await creditCheck(customer)).status).toBe(200);
    const e = await eligibility(customer, 100_000);
    expect(e.eligible).toBe(false);
    expect(e.reason).toBe('credit_report');
    expect(e.explanation).toContain('because of your credit report');
    expect(e.explanation).toContain(
      '"There is serious delinquency on the accounts. Amounts past due are high."',
    );
    for (const b of Object.values(BUREAU_CONTACTS)) {
      expect(e.explanation).toContain(`${b.name} (${b.contact})`);
    }
    const confirm = await t.http.post(
      `/api/v1/checkout/sessions/${e.token}/confirm`,
      { frequency: 'monthly', installment_count: 3, upfront_pct: 25, payment_method_id: methodId },
      { token: customer.accessToken },
    );
    expect(confirm.status).toBe(403);
    expect(confirm.body).toMatchObject({ code: 'credit_report', detail: e.explanation });
  });

  it('provider down, slow or malformed: 503 retryable, "try again", nothing recorded, eligibility unchanged', async () => {
    for (const digits of ['53', '54', '55']) {
      const customer = await customerWithProfile(digits);
      await addCard(t, customer);
      const res = await creditCheck(customer);
      expect(res.status, digits).toBe(503);
      expect(res.body).toMatchObject({ code: 'credit_bureau_unavailable', retryable: true });
      expect(res.body.detail).toMatch(/could not check .* right now.*not a refusal: try again/);
      expect(await checksOf(customer.id)).toEqual([]);
      expect(await eligibility(customer, 100_000)).toMatchObject({ eligible: true, reason: null });
    }
  });

  it('thin file: recorded, and the newcomer keeps the lowest tier’s limit', async () => {
    const customer = await customerWithProfile('50');
    await addCard(t, customer);
    const res = await creditCheck(customer);
    expect(res.body.data).toMatchObject({ outcome: 'no_record', summary: null });
    expect(await eligibility(customer, 5_000_000)).toMatchObject({
      eligible: true,
      customer_tier: 'Tranche Bronze',
      customer_score: 450,
    });
    expect(await eligibility(customer, 5_000_100)).toMatchObject({
      reason: 'insufficient_trust_tier',
    });
  });

  it('heavy open loans: the limit is capped at ₦20,000, and the message says why', async () => {
    const customer = await customerWithProfile('52');
    await addCard(t, customer);
    expect((await creditCheck(customer)).status).toBe(200);
    expect(await eligibility(customer, 2_000_000)).toMatchObject({ eligible: true });
    const e = await eligibility(customer, 3_000_000);
    expect(e).toMatchObject({ eligible: false, reason: 'insufficient_trust_tier' });
    expect(e.explanation).toMatch(/open loans on your credit report.*₦20,000/);
  });

  it('needs the current consent and the verified BVN; a check within 30 days is not repeated', async () => {
    const customer = await customerWithProfile('01');
    expect((await creditCheck(customer, { consent_version: 'old' })).body).toMatchObject({
      code: 'credit_consent_required',
    });
    expect((await creditCheck(customer, { bvn: '22100000001' })).body).toMatchObject({
      code: 'credit_bvn_not_verified',
    });
    const unverified = {
      ...(await createTestCustomer(t, { verified: false })),
      bvn: '22100000001',
    };
    expect((await creditCheck(unverified)).status).toBe(422);
    expect((await creditCheck(customer)).status).toBe(200);
    expect((await creditCheck(customer)).status).toBe(200);
    expect(await checksOf(customer.id)).toHaveLength(1);
    const held = await t.http.get('/api/v1/customers/me/credit-check', {
      token: customer.accessToken,
    });
    expect(held.body.data).toMatchObject({
      status: 'checked',
      consent: { version: CREDIT_CONSENT.version },
    });
  });

  it('withdrawing the consent stops the check counting', async () => {
    const customer = await customerWithProfile('51');
    await addCard(t, customer);
    expect((await creditCheck(customer)).status).toBe(200);
    expect((await eligibility(customer, 100_000)).reason).toBe('credit_report');
    const res = await t.http.delete('/api/v1/customers/me/credit-check', {
      token: customer.accessToken,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('not_checked');
    expect((await eligibility(customer, 100_000)).reason).toBeNull();
  });

  it('a check expires after 90 days', async () => {
    const customer = await customerWithProfile('51');
    await addCard(t, customer);
    expect((await creditCheck(customer)).status).toBe(200);
    expect((await eligibility(customer, 100_000)).reason).toBe('credit_report');
    // As if 90 days had passed (moving the clock would also expire the customer's token).
    const [row] = await checksOf(customer.id);
    expect(row!.expires_at.getTime() - row!.checked_at.getTime()).toBe(90 * 86_400_000);
    await t.ctx.db
      .updateTable('credit_checks')
      .set({
        checked_at: new Date(t.clock.now().getTime() - 91 * 86_400_000),
        expires_at: new Date(t.clock.now().getTime() - 86_400_000),
      })
      .where('customer_id', '=', customer.id)
      .execute();
    expect((await eligibility(customer, 100_000)).reason).toBeNull();
  });
});

describe('retention (decision 0047)', () => {
  it('a check is deleted 365 days after it expired, not a day sooner', async () => {
    const customer = await customerWithProfile('01');
    expect((await creditCheck(customer)).status).toBe(200);
    const [row] = await checksOf(customer.id);
    const day = 86_400_000;
    const justKept = new Date(row!.expires_at.getTime() + 365 * day);
    await purgeOldCreditChecks(t.ctx.db, justKept);
    expect(await checksOf(customer.id)).toHaveLength(1);
    await purgeOldCreditChecks(t.ctx.db, new Date(justKept.getTime() + 1));
    expect(await checksOf(customer.id)).toHaveLength(0);
  });
});

describe('live sessions (decision 0047)', () => {
  it('need a check by a real provider: none or a sandbox one is credit_check_required; Dojah’s answer then decides', async () => {
    const live = await createTestMerchant(t, { approve: true });
    const liveEligibility = async (customer: Customer) => {
      const session = await t.http.post(
        '/api/v1/checkout/sessions',
        sessionBody(live.id, { amount: 100_000 }),
        { token: live.liveKey },
      );
      expect(session.status, JSON.stringify(session.body)).toBe(201);
      const res = await t.http.get(
        `/api/v1/checkout/sessions/${session.body.data.token as string}/eligibility`,
        { token: customer.accessToken },
      );
      return res.body.data as { eligible: boolean; reason: string | null; explanation: string };
    };
    const asLiveVerified = (customer: Customer) =>
      // As a real KYC provider's verification would be stored (the sandbox one never counts live).
      t.ctx.db
        .updateTable('customer_identities')
        .set({ provider: 'dojah' })
        .where('customer_id', '=', customer.id)
        .execute();

    const clean = await customerWithProfile('01');
    await addCard(t, clean);
    await asLiveVerified(clean);
    expect(await liveEligibility(clean)).toMatchObject({
      eligible: false,
      reason: 'credit_check_required',
    });
    expect((await creditCheck(clean)).body.data.provider).toBe('sandbox');
    expect((await liveEligibility(clean)).reason).toBe('credit_check_required');

    // The same adapter against the simulator, under the live provider's name: configuration only.
    const sandboxBureau = t.ctx.creditBureau;
    t.ctx.creditBureau = new DojahCreditBureau({
      baseUrl: simulator.url,
      appId: 'it-app',
      secretKey: 'it-secret',
      timeoutMs: 1_000,
      name: 'dojah',
    });
    try {
      expect((await creditCheck(clean)).body.data.provider).toBe('dojah');
      expect(await liveEligibility(clean)).toMatchObject({ eligible: true, reason: null });

      const delinquent = await customerWithProfile('51');
      await addCard(t, delinquent);
      await asLiveVerified(delinquent);
      expect((await creditCheck(delinquent)).status).toBe(200);
      const refused = await liveEligibility(delinquent);
      expect(refused.reason).toBe('credit_report');
      expect(refused.explanation).toContain('because of your credit report');
    } finally {
      t.ctx.creditBureau = sandboxBureau;
    }
  });
});
