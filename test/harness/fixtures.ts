import { randomInt, randomUUID } from 'node:crypto';

import {
  approveMerchant,
  createMerchant,
  getBusinessDetails,
  submitBusinessDetails,
} from '../../src/features/merchants/index.ts';
import { randomBase62 } from '../../src/platform/ids.ts';
import type { TestApp } from './test-app.ts';

export interface TestMerchant {
  id: string;
  testKey: string;
  liveKey: string;
  /** The messaging element's public keys (decision 0055). */
  publishableKeys: { test: string; live: string };
  /** The test mode's webhook secret (what test events are signed with). */
  webhookSecret: string;
  /** Each mode's webhook secret (decision 0015). */
  webhookSecrets: { test: string; live: string };
  email: string;
  password: string;
}

export async function createTestMerchant(
  t: TestApp,
  options: { approve?: boolean } = {},
): Promise<TestMerchant> {
  const email = `m_${randomBase62(8).toLowerCase()}@shop.test`;
  const password = 'correct horse battery';
  const created = await createMerchant(t.ctx, { businessName: 'Ade Stores', email, password });
  if (options.approve) {
    await provideBusinessDetails(t, created.merchant.id);
    await approveMerchant(t.ctx, created.merchant.id, { name: 'test-fixture' });
  }
  return {
    id: created.merchant.id,
    testKey: created.secret_keys.test,
    liveKey: created.secret_keys.live,
    publishableKeys: created.publishable_keys,
    webhookSecret: created.webhook_secrets.test,
    webhookSecrets: created.webhook_secrets,
    email,
    password,
  };
}

/**
 * What approval needs (decision 0074): business details through the same use case as the
 * dashboard, its director a BVN the app's identity provider verifies (its `test_values`), and a
 * named settlement account. Most test apps have no gateway to resolve the account's name, so an
 * account the test has not set is written as the sandbox gateway would have named it; the
 * resolve itself is tested in test/integration/business-details.test.ts.
 */
export async function provideBusinessDetails(t: TestApp, merchantId: string): Promise<void> {
  const shown = await getBusinessDetails(t.ctx, merchantId);
  const director = shown.test_values;
  if (!director) throw new Error('provideBusinessDetails needs a test identity provider');
  await submitBusinessDetails(
    t.ctx,
    merchantId,
    {
      registeredName: 'Ade Stores Limited',
      registrationNumber: 'RC1234567',
      street: '12 Allen Avenue',
      city: 'Ikeja',
      state: 'Lagos',
      director: {
        firstName: 'Adebayo',
        lastName: 'Ogunleye',
        dateOfBirth: director.date_of_birth,
        bvn: director.director_bvn,
      },
      consent: { textVersion: shown.director_consent.version, agreed: true },
    },
    { submittedBy: 'test-fixture', ip: '127.0.0.1', userAgent: 'test-fixture' },
    (error) => {
      throw error;
    },
  );
  await t.ctx.db
    .updateTable('merchants')
    .set({
      settlement_bank_code: '058',
      settlement_account_number: '0123456789',
      settlement_account_name: 'ADE STORES LIMITED',
    })
    .where('id', '=', merchantId)
    .where('settlement_account_number', 'is', null)
    .execute();
}

export function sessionBody(merchantId: string, overrides: Record<string, unknown> = {}) {
  return {
    merchant_id: merchantId,
    amount: 2_500_000,
    currency: 'NGN',
    title: 'Samsung Galaxy A15',
    order_reference: `ord_${randomBase62(10)}`,
    customer_email: 'ada@example.ng',
    ...overrides,
  };
}

export const newIdempotencyKey = () => randomUUID();

/** A sandbox BVN no other test customer has (docs/sandbox.md, "Test BVNs": 221 + any 8 digits). */
export const freshTestBvn = () => `221${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
export const TEST_BVN_DATE_OF_BIRTH = '1990-01-15';
/** The consent the in-process sandbox provider's text asks for (decision 0046). */
export const SANDBOX_CONSENT = {
  text_version: 'identity-2026-11-27-sandbox',
  agreed: true,
} as const;
/** The Dojah simulator's (and Dojah's) consent text version. */
export const DOJAH_CONSENT = { text_version: 'identity-2026-11-27-dojah', agreed: true } as const;

/**
 * A registered customer, identity verified unless `verified: false` (an unverified customer is
 * below the trust tier any plan needs).
 */
export async function createTestCustomer(t: TestApp, options: { verified?: boolean } = {}) {
  const email = `c_${randomBase62(8).toLowerCase()}@mail.test`;
  const password = 'a long customer password';
  const res = await t.http.post('/api/v1/customers/register', {
    email,
    password,
    first_name: 'Ada',
    last_name: 'Obi',
    phone: '08031234567',
  });
  if (res.status !== 201) {
    throw new Error(`customer registration failed: ${JSON.stringify(res.body)}`);
  }
  if (options.verified ?? true) {
    const verified = await t.http.post(
      '/api/v1/customers/me/identity',
      { bvn: freshTestBvn(), date_of_birth: TEST_BVN_DATE_OF_BIRTH, consent: SANDBOX_CONSENT },
      { token: res.body.data.access_token as string },
    );
    if (verified.status !== 200) {
      throw new Error(`identity verification failed: ${JSON.stringify(verified.body)}`);
    }
  }
  return {
    id: res.body.data.customer.id as string,
    email,
    password,
    accessToken: res.body.data.access_token as string,
    refreshToken: res.body.data.refresh_token as string,
  };
}
