import { randomUUID } from 'node:crypto';

import type { Frame, FrameLocator, Page } from 'playwright-core';

import { freshTestBvn, SANDBOX_CONSENT, TEST_BVN_DATE_OF_BIRTH } from '../../harness/fixtures.ts';
import type { HttpClient } from '../../harness/http-client.ts';
import { payOnCardPage, TEST_CARDS } from '../../harness/sandbox.ts';

export const CUSTOMER_PASSWORD = 'a long customer password';

export interface ApiMerchant {
  id: string;
  key: string;
}

/** A merchant through the public API (test mode works before approval). */
export async function registerMerchant(
  api: HttpClient,
  name = 'Widget Test Shop',
): Promise<ApiMerchant> {
  const registered = await api.post('/api/v1/merchant/register', {
    business_name: name,
    email: `m-${randomUUID()}@shop.test`,
    password: 'a long merchant password',
  });
  if (registered.status !== 201) throw new Error(JSON.stringify(registered.body));
  return { id: registered.body.data.merchant.id, key: registered.body.data.secret_keys.test };
}

export async function createSession(
  api: HttpClient,
  merchant: ApiMerchant,
  overrides: Record<string, unknown> = {},
): Promise<{ token: string; id: string; checkoutUrl: string }> {
  const created = await api.post(
    '/api/v1/checkout/sessions',
    {
      merchant_id: merchant.id,
      amount: 3_000_000,
      currency: 'NGN',
      title: 'Samsung Galaxy A15',
      order_reference: `order-${randomUUID()}`,
      ...overrides,
    },
    { token: merchant.key, headers: { 'idempotency-key': randomUUID() } },
  );
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  const { token, id, checkout_url: checkoutUrl } = created.body.data;
  return { token, id, checkoutUrl };
}

/** A customer made through the API: registered, optionally verified and with a card. */
export async function apiCustomer(
  api: HttpClient,
  options: { verified: boolean; card?: keyof typeof TEST_CARDS },
): Promise<{ email: string; token: string; customerId: string; methodId?: string }> {
  const email = `c-${randomUUID()}@mail.test`;
  const registered = await api.post('/api/v1/customers/register', {
    email,
    password: CUSTOMER_PASSWORD,
    first_name: 'Ada',
    last_name: 'Obi',
    phone: '08031234567',
  });
  if (registered.status !== 201) throw new Error(JSON.stringify(registered.body));
  const token = registered.body.data.access_token as string;
  const customerId = registered.body.data.customer.id as string;
  if (options.verified) {
    const verified = await api.post(
      '/api/v1/customers/me/identity',
      { bvn: freshTestBvn(), date_of_birth: TEST_BVN_DATE_OF_BIRTH, consent: SANDBOX_CONSENT },
      { token },
    );
    if (verified.status !== 200) throw new Error(JSON.stringify(verified.body));
  }
  if (options.card === undefined) return { email, token, customerId };
  const init = await api.post(
    '/api/v1/payment-methods/initialize-card',
    { customer_id: customerId, callback_url: 'https://shop.example/back', is_default: true },
    { token },
  );
  await payOnCardPage(init.body.authorization_url, TEST_CARDS[options.card]);
  const verified = await api.post(
    '/api/v1/payment-methods/verify-card',
    { customer_id: customerId, reference: init.body.reference },
    { token },
  );
  if (verified.status !== 200) throw new Error(JSON.stringify(verified.body));
  return { email, token, customerId, methodId: verified.body.data.id };
}

/** The checkout inside the widget's iframe, as locators and as a Frame (for axe, evaluate). */
export function checkoutIn(page: Page): { ui: FrameLocator; frame: () => Frame } {
  return {
    ui: page.frameLocator('iframe[title="Tranche checkout"]'),
    frame: () => {
      const frame = page.frames().find((f) => f.url().includes('/checkout/'));
      if (!frame) throw new Error('no checkout frame');
      return frame;
    },
  };
}

/**
 * From the checkout's first screen (the plans and their schedule, decision 0068) to signing in:
 * the suggested plan is kept as it is, unless `pick` changes it first.
 */
export async function continueToSignIn(
  ui: FrameLocator | Page,
  pick?: () => Promise<void>,
): Promise<void> {
  await ui.getByRole('heading', { name: 'Choose your plan' }).waitFor();
  if (pick) await pick();
  await ui.getByRole('table', { name: 'Your payment schedule' }).waitFor();
  await ui.getByRole('button', { name: 'Continue', exact: true }).click();
  await ui.getByRole('heading', { name: 'Sign in' }).waitFor();
}

/** Signs in on the checkout's sign-in step. */
export async function signIn(ui: FrameLocator | Page, email: string): Promise<void> {
  await ui.getByLabel('Email').fill(email);
  await ui.getByLabel('Password').fill(CUSTOMER_PASSWORD);
  await ui.getByRole('button', { name: 'Sign in' }).click();
}

/** The calls the merchant test page recorded (`window.calls`). */
export function recordedCalls(page: Page): Promise<unknown[][]> {
  return page.evaluate(() => (window as unknown as { calls: unknown[][] }).calls);
}

/** What onCancel and onEvent received on the merchant test page (`window.detailed`). */
export function detailedCalls(page: Page): Promise<[string, Record<string, unknown>][]> {
  return page.evaluate(
    () => (window as unknown as { detailed: [string, Record<string, unknown>][] }).detailed,
  );
}
