import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { collectInstallment } from '../../src/features/collections/collect.ts';
import {
  SANDBOX_FIXED_BVN,
  SANDBOX_FIXED_BVN_DATE_OF_BIRTH,
  SANDBOX_UNAVAILABLE_BVN,
} from '../../src/identity/sandbox.ts';
import {
  createTestCustomer,
  createTestMerchant,
  freshTestBvn,
  SANDBOX_CONSENT,
  sessionBody,
  TEST_BVN_DATE_OF_BIRTH,
  type TestMerchant,
} from '../harness/fixtures.ts';
import { addCard as addCardFor } from '../harness/plans.ts';
import { customerRouteSecuritySuite } from '../harness/security-suite.ts';
import { startTestAppWithSandbox, type TestAppWithSandbox } from '../harness/test-app.ts';

let t: TestAppWithSandbox;
let merchant: TestMerchant; // minimum tier Bronze (the default)
let silverMerchant: TestMerchant;
let platinumMerchant: TestMerchant;
let securityCustomerToken: string;

beforeAll(async () => {
  t = await startTestAppWithSandbox({ settings: { rateLimitSandboxPerMin: 100_000 } });
  merchant = await createTestMerchant(t);
  silverMerchant = await createTestMerchant(t);
  platinumMerchant = await createTestMerchant(t);
  for (const [m, tier] of [
    [silverMerchant, 'Tranche Silver'],
    [platinumMerchant, 'Tranche Platinum'],
  ] as const) {
    const res = await t.http.patch(
      `/api/v1/merchant/${m.id}/settings`,
      { min_customer_tier: tier },
      { token: m.testKey },
    );
    expect(res.status).toBe(200);
  }
  securityCustomerToken = (await createTestCustomer(t)).accessToken;
});
afterAll(async () => t.close());

type Customer = Awaited<ReturnType<typeof createTestCustomer>>;

const addCard = (customer: Customer) => addCardFor(t, customer);

async function newSession(m: TestMerchant, amount = 100_000): Promise<string> {
  const res = await t.http.post('/api/v1/checkout/sessions', sessionBody(m.id, { amount }), {
    token: m.testKey,
  });
  expect(res.status).toBe(201);
  return res.body.data.token as string;
}

async function eligibility(customer: Customer, token: string) {
  const res = await t.http.get(`/api/v1/checkout/sessions/${token}/eligibility`, {
    token: customer.accessToken,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(Object.keys(res.body.data).sort()).toEqual([
    'customer_score',
    'customer_tier',
    'eligible',
    'explanation',
    'reason',
    'required_tier',
  ]);
  // The words are decision 0047's addition; the spec §2.5 fields are compared by the tests.
  const { explanation, ...spec } = res.body.data as {
    eligible: boolean;
    reason: string | null;
    explanation: string | null;
    customer_score: number;
    customer_tier: string;
    required_tier: string;
  };
  expect(explanation === null).toBe(spec.eligible);
  return spec;
}

function confirm(customer: Customer, token: string, methodId: string) {
  return t.http.post(
    `/api/v1/checkout/sessions/${token}/confirm`,
    { frequency: 'monthly', installment_count: 3, upfront_pct: 25, payment_method_id: methodId },
    { token: customer.accessToken },
  );
}

async function installmentStatus(id: string) {
  return (
    await t.ctx.db
      .selectFrom('installments')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).status;
}

describe('identity verification (BVN + date of birth, sandbox provider)', () => {
  it('verifies a test BVN; the raw BVN is not stored; the same BVN again answers the same; another BVN is 409', async () => {
    const customer = await createTestCustomer(t, { verified: false });
    const auth = { token: customer.accessToken };
    expect((await t.http.get('/api/v1/customers/me/identity', auth)).body.data).toMatchObject({
      status: 'unverified',
      bvn_last4: null,
    });
    const bvn = freshTestBvn();
    const res = await t.http.post(
      '/api/v1/customers/me/identity',
      { bvn, date_of_birth: TEST_BVN_DATE_OF_BIRTH, consent: SANDBOX_CONSENT },
      auth,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'verified', bvn_last4: bvn.slice(-4) });
    const row = await t.ctx.db
      .selectFrom('customer_identities')
      .selectAll()
      .where('customer_id', '=', customer.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(bvn);
    expect(row).toMatchObject({ provider: 'sandbox', bvn_last4: bvn.slice(-4) });

    const again = await t.http.post(
      '/api/v1/customers/me/identity',
      { bvn, date_of_birth: TEST_BVN_DATE_OF_BIRTH, consent: SANDBOX_CONSENT },
      auth,
    );
    expect(again.status).toBe(200);
    expect(again.body.data.verified_at).toBe(res.body.data.verified_at);
    const other = await t.http.post(
      '/api/v1/customers/me/identity',
      {
        bvn: SANDBOX_FIXED_BVN,
        date_of_birth: SANDBOX_FIXED_BVN_DATE_OF_BIRTH,
        consent: SANDBOX_CONSENT,
      },
      auth,
    );
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('identity_already_verified');
  });

  it('refuses with a clear reason: malformed (400), not found (422), date of birth mismatch (422), BVN of another account (409), provider down (503)', async () => {
    const customer = await createTestCustomer(t, { verified: false });
    const send = (bvn: string, date_of_birth = TEST_BVN_DATE_OF_BIRTH) =>
      t.http.post(
        '/api/v1/customers/me/identity',
        { bvn, date_of_birth, consent: SANDBOX_CONSENT },
        { token: customer.accessToken },
      );
    for (const bvn of ['1234', '221000000001', '2210000000a', ' 22100000001']) {
      const res = await send(bvn);
      expect(res.status, bvn).toBe(400);
      expect(res.body).toMatchObject({ ok: false, code: 'bvn_malformed' });
    }
    const invalidDate = await send(freshTestBvn(), '1990-02-30');
    expect(invalidDate.status).toBe(400);
    expect(invalidDate.body.detail).toMatch(/date_of_birth/);

    const notFound = await send('12345678901');
    expect(notFound.status).toBe(422);
    expect(notFound.body).toMatchObject({ ok: false, code: 'bvn_not_found' });
    const mismatch = await send(freshTestBvn(), '1991-01-15');
    expect(mismatch.status).toBe(422);
    expect(mismatch.body).toMatchObject({ ok: false, code: 'bvn_dob_mismatch' });
    expect(mismatch.body.detail).toMatch(/date of birth/);
    const down = await send(SANDBOX_UNAVAILABLE_BVN);
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ code: 'identity_provider_unavailable', retryable: true });

    const taken = freshTestBvn();
    const first = await createTestCustomer(t, { verified: false });
    expect(
      (
        await t.http.post(
          '/api/v1/customers/me/identity',
          { bvn: taken, date_of_birth: TEST_BVN_DATE_OF_BIRTH, consent: SANDBOX_CONSENT },
          { token: first.accessToken },
        )
      ).status,
    ).toBe(200);
    const inUse = await send(taken);
    expect(inUse.status).toBe(409);
    expect(inUse.body.code).toBe('bvn_in_use');
    expect(
      (await t.http.get('/api/v1/customers/me/identity', { token: customer.accessToken })).body.data
        .status,
    ).toBe('unverified');
  });

  it('five failed checks in a day are the limit (429), so BVNs cannot be probed', async () => {
    const customer = await createTestCustomer(t, { verified: false });
    const send = (bvn: string) =>
      t.http.post(
        '/api/v1/customers/me/identity',
        { bvn, date_of_birth: TEST_BVN_DATE_OF_BIRTH, consent: SANDBOX_CONSENT },
        { token: customer.accessToken },
      );
    for (let i = 0; i < 5; i++) expect((await send(`1234567890${i}`)).status).toBe(422);
    const blocked = await send(freshTestBvn());
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('verification_throttled');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('eligibility (GET /checkout/sessions/{token}/eligibility): each reason, always HTTP 200', () => {
  it('eligible: verified, a card, no debts, tier at least the minimum, amount within the limit', async () => {
    const customer = await createTestCustomer(t);
    await addCard(customer);
    expect(await eligibility(customer, await newSession(merchant))).toEqual({
      eligible: true,
      reason: null,
      customer_score: 450,
      customer_tier: 'Tranche Bronze',
      required_tier: 'Tranche Bronze',
    });
  });

  it('insufficient_trust_tier: identity not verified; confirming is refused with 403 and the same code', async () => {
    const customer = await createTestCustomer(t, { verified: false });
    const { methodId } = await addCard(customer);
    const token = await newSession(merchant);
    expect(await eligibility(customer, token)).toEqual({
      eligible: false,
      reason: 'insufficient_trust_tier',
      customer_score: 300,
      customer_tier: 'Tranche Bronze',
      required_tier: 'Tranche Bronze',
    });
    const refused = await confirm(customer, token, methodId);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ ok: false, code: 'insufficient_trust_tier' });
    expect(refused.body.detail).toMatch(/Verify your identity/);
    // Nothing was created and the session is still open.
    expect((await t.http.get(`/api/v1/checkout/sessions/${token}`)).body.data.status).toBe(
      'pending',
    );
  });

  it('no_payment_method: verified without a card or bank account; confirm 403', async () => {
    const customer = await createTestCustomer(t);
    const token = await newSession(merchant);
    expect(await eligibility(customer, token)).toMatchObject({
      eligible: false,
      reason: 'no_payment_method',
      customer_score: 450,
    });
    const refused = await confirm(customer, token, 'pm_doesnotexist');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('no_payment_method');
  });

  it('tier_restricted: the customer’s tier is below the merchant minimum; confirm 403', async () => {
    const customer = await createTestCustomer(t);
    const { methodId } = await addCard(customer);
    const token = await newSession(silverMerchant);
    expect(await eligibility(customer, token)).toEqual({
      eligible: false,
      reason: 'tier_restricted',
      customer_score: 450,
      customer_tier: 'Tranche Bronze',
      required_tier: 'Tranche Silver',
    });
    const refused = await confirm(customer, token, methodId);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('tier_restricted');
  });

  it('delinquent after a missed payment: the score falls by 50; confirm 403', async () => {
    const customer = await createTestCustomer(t);
    const { methodId, authorizationCode } = await addCard(customer);
    const plan = await confirm(customer, await newSession(merchant), methodId);
    expect(plan.status).toBe(201);
    await t.sandbox.control('POST', `/_sandbox/authorizations/${authorizationCode}`, {
      behaviour: 'insufficient_funds',
    });
    const deposit = plan.body.data.plan.installments[0];
    expect(await collectInstallment(t.ctx, deposit.id)).toBe('failed');
    const token = await newSession(merchant);
    expect(await eligibility(customer, token)).toMatchObject({
      eligible: false,
      reason: 'delinquent',
      customer_score: 400,
      customer_tier: 'Tranche Bronze',
    });
    const refused = await confirm(customer, token, methodId);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('delinquent');
    const trust = await t.http.get('/api/v1/customers/me/trust?livemode=false', {
      token: customer.accessToken,
    });
    expect(trust.body.data).toMatchObject({
      score: 400,
      delinquent: true,
      factors: { missed_installments: 1, on_time_installments: 0 },
    });
  });

  it('an unknown session is 404', async () => {
    const customer = await createTestCustomer(t);
    const res = await t.http.get('/api/v1/checkout/sessions/cst_nope/eligibility', {
      token: customer.accessToken,
    });
    expect(res.status).toBe(404);
  });
});

describe('precedence when several reasons hold (decision 0010)', () => {
  it('delinquent beats everything; unverified beats tier and payment method; tier beats the spending limit and payment method; the limit beats payment method', async () => {
    // Unverified, no card, merchant wants Platinum, amount over any Bronze limit.
    const bare = await createTestCustomer(t, { verified: false });
    expect((await eligibility(bare, await newSession(platinumMerchant, 9_000_000))).reason).toBe(
      'insufficient_trust_tier',
    );
    // Verified, no card, merchant wants Silver, amount over the Bronze limit.
    const noCard = await createTestCustomer(t);
    expect((await eligibility(noCard, await newSession(silverMerchant, 9_000_000))).reason).toBe(
      'tier_restricted',
    );
    // Verified, no card, amount over the Bronze limit: the limit is reported, not the card.
    expect((await eligibility(noCard, await newSession(merchant, 9_000_000))).reason).toBe(
      'insufficient_trust_tier',
    );
    // Delinquent with every other reason too (its card revoked after the miss).
    const customer = await createTestCustomer(t);
    const { methodId, authorizationCode } = await addCard(customer);
    const plan = await confirm(customer, await newSession(merchant), methodId);
    await t.sandbox.control('POST', `/_sandbox/authorizations/${authorizationCode}`, {
      behaviour: 'insufficient_funds',
    });
    await collectInstallment(t.ctx, plan.body.data.plan.installments[0].id);
    await t.ctx.db
      .updateTable('payment_methods')
      .set({ status: 'revoked' })
      .where('id', '=', methodId)
      .execute();
    expect(
      (await eligibility(customer, await newSession(platinumMerchant, 9_000_000))).reason,
    ).toBe('delinquent');
  });
});

describe('tiers and spending limits', () => {
  it('Bronze allows ₦50,000 owed across open plans: exactly the limit is eligible, one kobo more is not, and open plans count', async () => {
    const customer = await createTestCustomer(t);
    const { methodId } = await addCard(customer);
    expect((await eligibility(customer, await newSession(merchant, 5_000_000))).eligible).toBe(
      true,
    );
    expect(await eligibility(customer, await newSession(merchant, 5_000_001))).toMatchObject({
      eligible: false,
      reason: 'insufficient_trust_tier',
      customer_tier: 'Tranche Bronze',
    });
    expect((await confirm(customer, await newSession(merchant, 3_000_000), methodId)).status).toBe(
      201,
    );
    expect((await eligibility(customer, await newSession(merchant, 2_000_000))).eligible).toBe(
      true,
    );
    const over = await newSession(merchant, 2_000_001);
    expect((await eligibility(customer, over)).reason).toBe('insufficient_trust_tier');
    const refused = await confirm(customer, over, methodId);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/₦50,000/);
  });

  it('on-time payments raise the score: a completed plan takes a customer from Bronze (450) to Silver (520), which a Silver merchant accepts; live credit is untouched by sandbox plans and sandbox verification', async () => {
    const customer = await createTestCustomer(t);
    const { methodId } = await addCard(customer);
    const silverSession = await newSession(silverMerchant);
    expect((await eligibility(customer, silverSession)).reason).toBe('tier_restricted');

    const plan = await confirm(customer, await newSession(merchant, 40_000), methodId);
    expect(plan.status).toBe(201);
    const installments = plan.body.data.plan.installments as { id: string }[];
    expect(installments).toHaveLength(4);
    let previous = 450;
    for (const installment of installments) {
      expect(['paid', 'nothing_to_do']).toContain(await collectInstallment(t.ctx, installment.id));
      expect(await installmentStatus(installment.id)).toBe('paid');
      const score = (
        await t.http.get('/api/v1/customers/me/trust?livemode=false', {
          token: customer.accessToken,
        })
      ).body.data.score as number;
      expect(score).toBeGreaterThan(previous);
      previous = score;
    }
    expect(previous).toBe(450 + 4 * 10 + 30);
    expect(await eligibility(customer, silverSession)).toEqual({
      eligible: true,
      reason: null,
      customer_score: 520,
      customer_tier: 'Tranche Silver',
      required_tier: 'Tranche Silver',
    });
    expect((await confirm(customer, silverSession, methodId)).status).toBe(201);
    const live = await t.http.get('/api/v1/customers/me/trust', { token: customer.accessToken });
    // Live: no plans, and a sandbox-provider verification does not count for live credit.
    expect(live.body.data).toMatchObject({
      livemode: true,
      identity_verified: false,
      score: 300,
      tier: 'Tranche Bronze',
    });
  });
});

describe('customer routes refuse the wrong callers', () => {
  let sessionToken: string;
  beforeAll(async () => {
    sessionToken = await newSession(merchant);
  });
  const f = {
    t: () => t,
    merchantKey: () => merchant.testKey,
    customerToken: () => securityCustomerToken,
  };
  customerRouteSecuritySuite(
    {
      name: 'GET /checkout/sessions/{token}/eligibility',
      send: (token) =>
        t.http.get(`/api/v1/checkout/sessions/${sessionToken}/eligibility`, {
          ...(token && { token }),
        }),
    },
    f,
  );
  customerRouteSecuritySuite(
    {
      name: 'POST /customers/me/identity',
      send: (token) =>
        t.http.post(
          '/api/v1/customers/me/identity',
          { bvn: freshTestBvn(), date_of_birth: TEST_BVN_DATE_OF_BIRTH, consent: SANDBOX_CONSENT },
          { ...(token && { token }) },
        ),
    },
    f,
  );
  customerRouteSecuritySuite(
    {
      name: 'GET /customers/me/identity',
      send: (token) => t.http.get('/api/v1/customers/me/identity', { ...(token && { token }) }),
    },
    f,
  );
  customerRouteSecuritySuite(
    {
      name: 'GET /customers/me/trust',
      send: (token) => t.http.get('/api/v1/customers/me/trust', { ...(token && { token }) }),
    },
    f,
  );

  it('another customer sees only their own answer, never the first customer’s', async () => {
    const a = await createTestCustomer(t);
    await addCard(a);
    const b = await createTestCustomer(t, { verified: false });
    const token = await newSession(merchant);
    expect((await eligibility(a, token)).eligible).toBe(true);
    expect(await eligibility(b, token)).toMatchObject({
      eligible: false,
      reason: 'insufficient_trust_tier',
      customer_score: 300,
    });
    expect(
      (await t.http.get('/api/v1/customers/me/identity', { token: b.accessToken })).body.data,
    ).toMatchObject({ status: 'unverified', bvn_last4: null });
  });
});
