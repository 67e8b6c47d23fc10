import { randomUUID } from 'node:crypto';

import type { Page } from 'playwright-core';
import { expect } from 'vitest';

import type { ApiMerchant } from './checkout.ts';

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
  await page.getByLabel('Password').fill('a long merchant password');
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
