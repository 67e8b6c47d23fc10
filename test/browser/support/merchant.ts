import { randomUUID } from 'node:crypto';

import type { Page } from 'playwright-core';
import { expect } from 'vitest';

import type { HttpClient } from '../../harness/http-client.ts';
import { enrolTwoFactor } from '../../harness/two-factor.ts';
import type { ApiMerchant } from './checkout.ts';

/** The password registerInDashboard gives every merchant. */
export const MERCHANT_PASSWORD = 'a long merchant password';

/**
 * A merchant registered through the dashboard (/merchant/register), as a shop owner would:
 * the form, the keys shown once (the test key is read off that screen), then signed in.
 * `atForm` and `atKeys` let a test look at those screens (screenshots, axe) on the way.
 */
export async function registerInDashboard(
  page: Page,
  apiUrl: string,
  options: {
    businessName?: string;
    email?: string;
    atForm?: () => Promise<void>;
    atKeys?: () => Promise<void>;
  } = {},
): Promise<ApiMerchant> {
  await page.goto(`${apiUrl}/merchant/register`);
  await page.getByLabel('Business name').fill(options.businessName ?? 'Balogun Market Fabrics');
  await page.getByLabel('Email').fill(options.email ?? `owner-${randomUUID()}@shop.ng`);
  await page.getByLabel('Password').fill(MERCHANT_PASSWORD);
  await options.atForm?.();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Your keys' }).waitFor();
  const key = (await page.locator('code.secret').first().innerText()).trim();
  expect(key).toMatch(/^sk_test_/);
  await options.atKeys?.();
  await page.getByRole('button', { name: /I have saved them/ }).click();
  await page.getByRole('navigation', { name: 'Dashboard' }).waitFor();
  const id = await page.evaluate(() => {
    const raw = sessionStorage.getItem('tranche.merchant.session');
    return raw ? (JSON.parse(raw) as { merchantId: string }).merchantId : '';
  });
  expect(id).toMatch(/^mer_/);
  return { id, key };
}

/**
 * What approval needs (decision 0074), given through the API with the page's dashboard session:
 * business details whose director is the sandbox identity provider's test BVN, and a settlement
 * account the sandbox gateway names. For tests about something else than the form itself
 * (test/browser/merchant-business-details.test.ts fills it in).
 */
export async function provideBusinessDetails(
  page: Page,
  api: HttpClient,
  merchantId: string,
): Promise<void> {
  const token = await page.evaluate(() => {
    const raw = sessionStorage.getItem('tranche.merchant.session');
    return raw ? (JSON.parse(raw) as { access: string }).access : '';
  });
  const path = `/api/v1/merchant/${merchantId}/business-details`;
  const shown = await api.get(path, { token });
  expect(shown.status, JSON.stringify(shown.body)).toBe(200);
  const { test_values: director, director_consent: consent } = shown.body.data as {
    test_values: { director_bvn: string; date_of_birth: string };
    director_consent: { version: string };
  };
  const submitted = await api.put(
    path,
    {
      registered_name: 'Balogun Market Fabrics Ltd',
      registration_number: 'RC1234567',
      address: { street: '14 Balogun Street', city: 'Lagos Island', state: 'Lagos' },
      director: {
        first_name: 'Folake',
        last_name: 'Balogun',
        date_of_birth: director.date_of_birth,
        bvn: director.director_bvn,
      },
      consent: { text_version: consent.version, agreed: true },
    },
    { token },
  );
  expect(submitted.body.data?.submission?.director?.check, JSON.stringify(submitted.body)).toBe(
    'verified',
  );
  // A settlement-account change needs two-factor sign-in and a code (decision 0065): a recovery
  // code serves, so the test need not wait for the authenticator's next step.
  const { recoveryCodes } = await enrolTwoFactor(api, merchantId, token);
  const account = await api.patch(
    `/api/v1/merchant/${merchantId}/settings`,
    {
      settlement_account: { bank_code: '058', account_number: '0123456789' },
      password: MERCHANT_PASSWORD,
    },
    { token, headers: { 'two-factor-code': recoveryCodes[0] ?? '' } },
  );
  expect(account.status, JSON.stringify(account.body)).toBe(200);
}
