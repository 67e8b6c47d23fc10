import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DojahIdentityProvider } from '../../src/identity/dojah/adapter.ts';
import {
  type DojahSimulator,
  startDojahSimulator,
} from '../../src/identity/dojah-simulator/server.ts';
import {
  SIMULATOR_BVNS,
  SIMULATOR_DATE_OF_BIRTH,
} from '../../src/identity/dojah-simulator/test-bvns.ts';
import { createTestMerchant, sessionBody, type TestMerchant } from '../harness/fixtures.ts';
import { operatorToken } from '../harness/operators.ts';
import { startTestAppWithSandbox, type TestAppWithSandbox } from '../harness/test-app.ts';
import { enrolTwoFactor, STEP_MS } from '../harness/two-factor.ts';

/**
 * Merchant due diligence before live approval (issue 25 item 5, decision 0074): the dashboard
 * submits the business details, the director's BVN goes to the Dojah simulator over real HTTP,
 * the settlement account is named by the sandbox gateway's account resolve over real HTTP, the
 * operator sees all of it, and approval is refused until it is complete and verified.
 */
let simulator: DojahSimulator;
let t: TestAppWithSandbox;

beforeAll(async () => {
  simulator = await startDojahSimulator({
    port: 0,
    appId: 'app_kyb',
    secretKey: 'test_sk_kyb',
    slowMs: 3_000,
  });
  t = await startTestAppWithSandbox({
    identity: new DojahIdentityProvider({
      baseUrl: simulator.url,
      appId: 'app_kyb',
      secretKey: 'test_sk_kyb',
      timeoutMs: 1_000,
      senderId: 'Tranche',
      channel: 'sms',
      name: 'dojah-simulator',
    }),
  });
});
afterAll(async () => {
  await t.close();
  await simulator.close();
});

const admin = async () => ({ token: await operatorToken(t) });
const GTBANK = { bank_code: '058', account_number: '0123456789' };

async function signedIn(m: TestMerchant) {
  const login = await t.http.post('/api/v1/merchant/login', {
    email: m.email,
    password: m.password,
  });
  expect(login.status).toBe(200);
  const token = login.body.data.access_token as string;
  const path = `/api/v1/merchant/${m.id}/business-details`;
  // A settlement-account change needs two-factor sign-in and a fresh code (decision 0065).
  const { authenticator } = await enrolTwoFactor(t.http, m.id, token, () => t.clock.now());
  return {
    token,
    read: () => t.http.get(path, { token }),
    submit: (body: Record<string, unknown>) => t.http.put(path, body, { token }),
    setAccount: async () => {
      t.clock.advance(STEP_MS);
      return t.http.patch(
        `/api/v1/merchant/${m.id}/settings`,
        { settlement_account: GTBANK, password: m.password },
        { token, headers: { 'two-factor-code': await authenticator.code() } },
      );
    },
  };
}

function details(overrides: Record<string, unknown> = {}, director: Record<string, unknown> = {}) {
  return {
    registered_name: 'Balogun Market Fabrics Ltd',
    registration_number: 'rc 123-4567',
    tax_id: '12345678-0001',
    address: { street: '14 Balogun Street', city: 'Lagos Island', state: 'lagos' },
    director: {
      first_name: 'Folake',
      last_name: 'Balogun',
      date_of_birth: SIMULATOR_DATE_OF_BIRTH,
      bvn: SIMULATOR_BVNS.match('0000451'),
      ...director,
    },
    consent: { text_version: 'director-2026-11-28-dojah', agreed: true },
    ...overrides,
  };
}

/** Named in test/integration/authz-route-table.test.ts (B31) as where these routes' cells are. */
const OWNERSHIP_CELLS =
  'a secret key reaches neither business-details route (401), another merchant’s dashboard token neither (404)';

const approve = async (merchantId: string) =>
  t.http.post(`/api/v1/admin/merchants/${merchantId}/approve`, {}, await admin());

describe('business details before live approval', () => {
  it('submitted and verified, with a named settlement account: the operator sees it all and approval works; the live key then works', async () => {
    const m = await createTestMerchant(t);
    const dash = await signedIn(m);

    const before = await dash.read();
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({
      object: 'business_details',
      submission: null,
      settlement_account: null,
      ready_for_approval: false,
      director_consent: { version: 'director-2026-11-28-dojah' },
      test_values: { date_of_birth: SIMULATOR_DATE_OF_BIRTH },
    });

    const saved = await dash.submit(details());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.submission).toMatchObject({
      registered_name: 'Balogun Market Fabrics Ltd',
      registration_number: 'RC1234567',
      tax_id: '12345678-0001',
      address: { street: '14 Balogun Street', city: 'Lagos Island', state: 'Lagos' },
      director: {
        first_name: 'Folake',
        last_name: 'Balogun',
        bvn_last4: '0451',
        check: 'verified',
        provider: 'dojah-simulator',
      },
      reviewed_at: null,
    });
    // The settlement account is still missing: approval says so.
    expect(saved.body.data.blockers).toEqual(['The merchant has no settlement account.']);
    const early = await approve(m.id);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ ok: false, code: 'business_details_incomplete' });
    expect(early.body.detail).toContain('no settlement account');

    expect((await dash.setAccount()).status).toBe(200);
    const overview = await t.http.get(`/api/v1/admin/merchants/${m.id}`, await admin());
    expect(overview.status).toBe(200);
    expect(overview.body.data.business_details).toMatchObject({
      ready_for_approval: true,
      blockers: [],
      submission: { registration_number: 'RC1234567', director: { check: 'verified' } },
      // The name the sandbox gateway's account resolve gave (GET /bank/resolve over HTTP).
      settlement_account: { ...GTBANK, account_name: expect.stringMatching(/\S/) },
    });
    const named = overview.body.data.business_details.settlement_account.account_name;
    expect(overview.body.data.merchant.settlement_account.account_name).toBe(named);

    const live = () =>
      t.http.post('/api/v1/checkout/sessions', sessionBody(m.id), { token: m.liveKey });
    expect((await live()).status).toBe(403);
    const approved = await approve(m.id);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data.status).toBe('active');
    expect((await live()).status).toBe(201);
    const after = await dash.read();
    expect(after.body.data.submission.reviewed_at).toEqual(expect.any(String));
    expect(after.body.data.changed_since_approval).toBe(false);

    // Nothing but the digest and the last four digits of the BVN is stored; no date of birth.
    const row = await t.ctx.db
      .selectFrom('merchant_business_details')
      .selectAll()
      .where('merchant_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(SIMULATOR_BVNS.match('0000451'));
    expect(JSON.stringify(row)).not.toContain(SIMULATOR_DATE_OF_BIRTH);
    expect(row.director_check_reference).toEqual(expect.any(String));
    const consent = await t.ctx.db
      .selectFrom('director_consents')
      .selectAll()
      .where('id', '=', row.director_consent_id)
      .executeTakeFirstOrThrow();
    expect(consent).toMatchObject({ merchant_id: m.id, text_version: 'director-2026-11-28-dojah' });
    expect(consent.given_by).toMatch(/\(owner\)$/);

    // An edit after approval keeps the merchant active and shows the operator the change, until
    // an operator approves again.
    t.clock.advance(60_000);
    const edited = await dash.submit(
      details({ address: { street: '3 Marina', city: 'Lagos Island', state: 'Lagos' } }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body.data.changed_since_approval).toBe(true);
    expect((await live()).status).toBe(201);
    expect((await approve(m.id)).status).toBe(200);
    expect((await dash.read()).body.data.changed_since_approval).toBe(false);
  });

  it('refuses approval without submitted details, and with a failed director check', async () => {
    const m = await createTestMerchant(t);
    const dash = await signedIn(m);
    expect((await dash.setAccount()).status).toBe(200);

    const none = await approve(m.id);
    expect(none.status).toBe(409);
    expect(none.body.code).toBe('business_details_incomplete');
    expect(none.body.detail).toContain('has not submitted its business details');

    // The date of birth does not match the record: saved, shown, and approval refused.
    const wrongDate = await dash.submit(details({}, { date_of_birth: '1991-02-03' }));
    expect(wrongDate.status).toBe(200);
    expect(wrongDate.body.data.submission.director.check).toBe('dob_mismatch');
    expect(wrongDate.body.data.ready_for_approval).toBe(false);
    const refused = await approve(m.id);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain('date of birth does not match');
    const overview = await t.http.get(`/api/v1/admin/merchants/${m.id}`, await admin());
    expect(overview.body.data.business_details.submission.director.check).toBe('dob_mismatch');
    expect(overview.body.data.merchant.status).toBe('pending_approval');

    // The names differ from the record (the simulator's 2233… BVNs): a failed check too.
    const names = await dash.submit(details({}, { bvn: SIMULATOR_BVNS.nameMismatch('0000452') }));
    expect(names.body.data.submission.director.check).toBe('name_mismatch');
    expect((await approve(m.id)).status).toBe(409);

    const unknown = await dash.submit(details({}, { bvn: SIMULATOR_BVNS.notFound }));
    expect(unknown.body.data.submission.director.check).toBe('bvn_not_found');
    expect((await approve(m.id)).status).toBe(409);

    // Fixed: approved.
    expect((await dash.submit(details())).body.data.submission.director.check).toBe('verified');
    expect((await approve(m.id)).status).toBe(200);
  });

  it('bad input is 400 with a detail naming each field; no consent, nothing is sent', async () => {
    const m = await createTestMerchant(t);
    const dash = await signedIn(m);
    const bad = await dash.submit(
      details({
        registration_number: '1234567',
        address: { street: '1', city: 'Ikeja', state: 'Atlantis' },
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('invalid_request');
    expect(bad.body.detail).toContain('registration_number');
    expect(bad.body.detail).toContain('address.state');
    expect(bad.body.detail).toContain('address.street');
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'address.state',
      'address.street',
      'registration_number',
    ]);

    const shortBvn = await dash.submit(details({}, { bvn: '1234' }));
    expect(shortBvn.status).toBe(400);
    expect(shortBvn.body.detail).toMatch(/11 digits/);
    const badDate = await dash.submit(details({}, { date_of_birth: '30/06/1985' }));
    expect(badDate.status).toBe(400);
    expect(badDate.body.detail).toMatch(/YYYY-MM-DD/);
    const missing = await dash.submit({ registered_name: 'Only a name' });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toEqual(expect.any(String));

    const noConsent = await dash.submit(details({ consent: undefined }));
    expect(noConsent.status).toBe(400);
    expect(noConsent.body.code).toBe('consent_required');
    const oldText = await dash.submit(
      details({ consent: { text_version: 'director-1999', agreed: true } }),
    );
    expect(oldText.body.code).toBe('consent_text_outdated');
    expect((await dash.read()).body.data.submission).toBeNull();
    const consents = await t.ctx.db
      .selectFrom('director_consents')
      .select('id')
      .where('merchant_id', '=', m.id)
      .execute();
    expect(consents).toEqual([]);
  });

  it('an identity provider without an answer saves nothing (503)', async () => {
    const m = await createTestMerchant(t);
    const dash = await signedIn(m);
    const down = await dash.submit(details({}, { bvn: SIMULATOR_BVNS.upstreamFailed }));
    expect(down.status).toBe(503);
    expect(down.body.code).toBe('identity_provider_unavailable');
    expect((await dash.read()).body.data.submission).toBeNull();
  });

  it(OWNERSHIP_CELLS, async () => {
    const m = await createTestMerchant(t);
    const other = await signedIn(await createTestMerchant(t));
    const path = `/api/v1/merchant/${m.id}/business-details`;
    expect((await t.http.get(path, { token: m.testKey })).status).toBe(401);
    expect((await t.http.put(path, details(), { token: m.testKey })).status).toBe(401);
    expect((await t.http.get(path, { token: other.token })).status).toBe(404);
    expect((await t.http.put(path, details(), { token: other.token })).status).toBe(404);
    const none = await t.ctx.db
      .selectFrom('merchant_business_details')
      .select('merchant_id')
      .where('merchant_id', '=', m.id)
      .execute();
    expect(none).toEqual([]);
  });

  it('the fixture approves through the same rules (createTestMerchant({ approve: true }))', async () => {
    const m = await createTestMerchant(t, { approve: true });
    const overview = await t.http.get(`/api/v1/admin/merchants/${m.id}`, await admin());
    expect(overview.body.data.merchant.status).toBe('active');
    expect(overview.body.data.business_details.submission.director.check).toBe('verified');
  });
});
