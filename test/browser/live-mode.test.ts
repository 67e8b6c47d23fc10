import { randomUUID } from 'node:crypto';

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import {
  SIMULATOR_DATE_OF_BIRTH,
  SIMULATOR_OTP_CODE,
} from '../../src/identity/dojah-simulator/test-bvns.ts';
import { waitFor } from '../harness/e2e.ts';
import { type LiveStack, startLiveStack } from '../harness/live-stack.ts';
import { enrolTwoFactor, STEP_MS } from '../harness/two-factor.ts';
import { DESKTOP, launchBrowser, screenshots, seriousA11yViolations } from './support/browser.ts';
import { CUSTOMER_PASSWORD } from './support/checkout.ts';

/**
 * Live mode end to end (issue 25 item 4) in production's configuration against the providers'
 * simulators over HTTP (test/harness/live-stack.ts): an approved merchant's live key opens a
 * session; a new customer consents to and passes the identity check (BVN, then the code sent to
 * the BVN's phone), consents to the credit check, links a card on the gateway's page and
 * confirms; the worker collects the deposit and writes `payment.success` for the live endpoint.
 * Then each refusal the customer can meet says its true reason in the checkout: a BVN whose date
 * of birth does not match, a credit bureau that cannot be reached, a delinquent credit report.
 */
vi.setConfig({ testTimeout: 180_000 });

let stack: LiveStack;
let browser: Browser;
type LiveMerchant = { id: string; liveKey: string; email: string };
const MERCHANT_PASSWORD = 'a long merchant password';
/** Approved in beforeAll: the refusal journeys' shop. */
let merchant: LiveMerchant;

async function registerLiveMerchant(name: string): Promise<LiveMerchant> {
  const email = `live-${randomUUID()}@shop.test`;
  const registered = await stack.api.post('/api/v1/merchant/register', {
    business_name: name,
    email,
    password: MERCHANT_PASSWORD,
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  return {
    id: registered.body.data.merchant.id as string,
    liveKey: registered.body.data.secret_keys.live as string,
    email,
  };
}

/**
 * Due diligence as a live shop does it from its dashboard (decision 0074): the owner signs in,
 * turns two-factor sign-in on (a settlement-account change needs it, decision 0065), sets the
 * settlement account (the gateway names it), and submits the business details, whose director's
 * BVN the Dojah adapter checks against the simulator over HTTP.
 */
async function submitDueDiligence(m: LiveMerchant): Promise<void> {
  const login = await stack.api.post('/api/v1/merchant/login', {
    email: m.email,
    password: MERCHANT_PASSWORD,
  });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  const token = login.body.data.access_token as string;
  const { authenticator } = await enrolTwoFactor(stack.api, m.id, token);
  // A code is good once: the settlement change takes the next step's.
  await new Promise((resolve) => setTimeout(resolve, STEP_MS));
  const settled = await stack.api.patch(
    `/api/v1/merchant/${m.id}/settings`,
    {
      settlement_account: { bank_code: '058', account_number: '0123456789' },
      password: MERCHANT_PASSWORD,
    },
    { token, headers: { 'two-factor-code': await authenticator.code() } },
  );
  expect(settled.status, JSON.stringify(settled.body)).toBe(200);
  const shown = await stack.api.get(`/api/v1/merchant/${m.id}/business-details`, { token });
  expect(shown.status, JSON.stringify(shown.body)).toBe(200);
  const submitted = await stack.api.put(
    `/api/v1/merchant/${m.id}/business-details`,
    {
      registered_name: 'Ikeja Phones Limited',
      registration_number: 'RC1234567',
      address: { street: '3 Computer Village Road', city: 'Ikeja', state: 'Lagos' },
      director: {
        first_name: 'Emeka',
        last_name: 'Nwosu',
        date_of_birth: SIMULATOR_DATE_OF_BIRTH,
        bvn: liveBvn('01'),
      },
      consent: { text_version: shown.body.data.director_consent.version as string, agreed: true },
    },
    { token },
  );
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
}

async function approve(m: LiveMerchant): Promise<void> {
  const approved = await stack.api.post(
    `/api/v1/admin/merchants/${m.id}/approve`,
    { reason: 'documents checked' },
    { token: await stack.operatorToken() },
  );
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
}

beforeAll(async () => {
  stack = await startLiveStack();
  browser = await launchBrowser();
  merchant = await registerLiveMerchant('Yaba Gadgets');
  await submitDueDiligence(merchant);
  await approve(merchant);
}, 240_000);

afterAll(async () => {
  await (browser as Browser | undefined)?.close();
  await (stack as LiveStack | undefined)?.stop();
});

/** A live BVN of the simulators: Dojah's `2231…` (a phone on record), the bureau's profile last. */
function liveBvn(profile: '01' | '51' | '53'): string {
  const middle = String(Math.floor(Math.random() * 100_000)).padStart(5, '0');
  return `2231${middle}${profile}`;
}

async function liveSession(shop: LiveMerchant = merchant): Promise<string> {
  const created = await stack.api.post(
    '/api/v1/checkout/sessions',
    {
      merchant_id: shop.id,
      amount: 2_000_000,
      currency: 'NGN',
      title: 'Tecno Spark 20',
      order_reference: `live-${randomUUID()}`,
    },
    { token: shop.liveKey, headers: { 'idempotency-key': randomUUID() } },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body.data.livemode).toBe(true);
  const url = created.body.data.checkout_url as string;
  expect(url.startsWith(stack.publicUrl)).toBe(true);
  return url;
}

async function accessible(page: Page, screen: string): Promise<void> {
  const violations = await seriousA11yViolations(page.mainFrame());
  expect(violations, `${screen}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
}

let lastEmail = '';

/** A new customer from the plan step to the identity step, through TLS as a browser does. */
async function toIdentityStep(checkoutUrl: string): Promise<Page> {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto(checkoutUrl);
  await page.getByRole('heading', { name: 'Choose your plan' }).waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'New to Tranche? Create an account' }).click();
  await page.getByLabel('First name').fill('Chiamaka');
  await page.getByLabel('Last name').fill('Okafor');
  lastEmail = `live-${randomUUID()}@mail.test`;
  await page.getByLabel('Email').fill(lastEmail);
  await page.getByLabel('Phone number').fill('08031234567');
  await page.getByLabel('Password').fill(CUSTOMER_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Verify your identity' }).waitFor();
  return page;
}

async function verifyIdentity(page: Page, bvn: string, dateOfBirth = SIMULATOR_DATE_OF_BIRTH) {
  await page.getByLabel('BVN').fill(bvn);
  await page.getByLabel('Date of birth').fill(dateOfBirth);
  await page.getByRole('checkbox', { name: /I agree to this identity check/ }).check();
  await page.getByRole('button', { name: 'Verify' }).click();
}

async function passIdentity(page: Page, bvn: string) {
  await verifyIdentity(page, bvn);
  await page.getByRole('heading', { name: 'Enter the code' }).waitFor();
  await page.getByLabel('Code').fill(SIMULATOR_OTP_CODE);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('heading', { name: 'Allow a credit check' }).waitFor();
}

describe('live mode, production configuration, providers simulated over HTTP', () => {
  it('an approved merchant’s live session is confirmed by a live-verified, credit-checked customer; the deposit is collected and payment.success written', async () => {
    // A new shop: before approval its live key is refused; the operator approves it.
    const shop = await registerLiveMerchant('Ikeja Phones');
    const early = await stack.api.post(
      '/api/v1/checkout/sessions',
      {
        merchant_id: shop.id,
        amount: 2_000_000,
        currency: 'NGN',
        title: 'x',
        order_reference: 'early',
      },
      { token: shop.liveKey, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(early.status).toBe(403);
    // Approval waits for due diligence: refused, naming what is missing, until it is done.
    const refused = await stack.api.post(
      `/api/v1/admin/merchants/${shop.id}/approve`,
      { reason: 'too early' },
      { token: await stack.operatorToken() },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('business_details_incomplete');
    await submitDueDiligence(shop);
    await approve(shop);

    const page = await toIdentityStep(await liveSession(shop));
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // Live: no test hints, no "Fill in a test BVN".
    expect(await page.getByRole('button', { name: 'Fill in a test BVN' }).count()).toBe(0);
    await accessible(page, 'live identity');
    await screenshots(page, 'live-01-identity');
    const bvn = liveBvn('01');
    await passIdentity(page, bvn);

    // The credit check: its consent text in full, the BVN just verified filled in (memory only).
    await page.getByText(/obtain my credit report from CRC Credit Bureau/).waitFor();
    expect(await page.getByLabel('BVN').inputValue()).toBe(bvn);
    await accessible(page, 'live credit check');
    await screenshots(page, 'live-02-credit-check');
    await page.getByRole('button', { name: 'Run the credit check' }).click();
    await page.getByText(/Tick the box to agree to the credit check/).waitFor();
    await page.getByRole('checkbox', { name: 'I agree to this credit check.' }).check();
    await page.getByRole('button', { name: 'Run the credit check' }).click();

    await page.getByRole('heading', { name: 'How you will pay' }).waitFor();
    await page.getByRole('button', { name: 'Add a debit card' }).click();
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Open the secure card page' }).click();
    const popup = await popupOpened;
    await popup.getByLabel('Card number').fill('4084084084084081');
    await popup.getByLabel('Expiry (MM/YY)').fill('12/30');
    await popup.getByLabel('CVV').fill('408');
    await popup.getByRole('button', { name: /^Pay/ }).click();
    await page.getByRole('heading', { name: 'Review and confirm' }).waitFor();
    await screenshots(page, 'live-03-review');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: /Confirm and pay/ }).click();
    await page.getByRole('heading', { name: /confirmed|all set|set up/i }).waitFor();
    await screenshots(page, 'live-04-confirmed');

    // What live means in the records: the identity by `dojah`, the credit check by the bureau's
    // adapter (not `sandbox`), a live plan, the deposit collected by the worker, payment.success.
    const [identity] = await stack.sql<{ provider: string }>(
      'SELECT provider FROM customer_identities ORDER BY verified_at DESC LIMIT 1',
    );
    expect(identity?.provider).toBe('dojah');
    const [credit] = await stack.sql<{ provider: string; outcome: string }>(
      'SELECT provider, outcome FROM credit_checks ORDER BY checked_at DESC LIMIT 1',
    );
    expect(credit).toMatchObject({ outcome: 'report' });
    expect(credit?.provider).not.toBe('sandbox');
    await waitFor(
      async () =>
        (
          await stack.sql(
            "SELECT 1 FROM webhook_events WHERE merchant_id = $1 AND livemode AND type = 'payment.success'",
            [shop.id],
          )
        ).length === 1,
      60_000,
      () => stack.output(),
    );
    const [plan] = await stack.sql<{ livemode: boolean; status: string }>(
      'SELECT livemode, status FROM payment_plans WHERE merchant_id = $1',
      [shop.id],
    );
    expect(plan).toEqual({ livemode: true, status: 'active' });
    expect(errors).toEqual([]);

    // What is held about them (issue 25 item 6): the credit summary in their account, and the
    // consent withdrawn in one press, as its text promised.
    const email = lastEmail;
    const dashboard = await page.context().newPage();
    await dashboard.goto(`${stack.publicUrl}/dashboard/account`);
    await dashboard.getByRole('heading', { name: 'Sign in' }).waitFor();
    await dashboard.getByLabel('Email').fill(email);
    await dashboard.getByLabel('Password').fill(CUSTOMER_PASSWORD);
    await dashboard.getByRole('button', { name: 'Sign in' }).click();
    await dashboard.getByRole('link', { name: 'Identity and limit' }).click();
    const card = dashboard.locator('section', {
      has: dashboard.getByRole('heading', { name: 'Credit check' }),
    });
    await card.getByText('720 (good)').waitFor();
    expect(await card.innerText()).toMatch(/CRC Credit Bureau, FirstCentral Credit Bureau/);
    await accessible(dashboard, 'account with credit check');
    await card.scrollIntoViewIfNeeded();
    await screenshots(dashboard, 'live-08-account-credit-check');
    await card.getByRole('button', { name: 'Withdraw consent to credit checks' }).click();
    await card.getByText(/Consent withdrawn: no credit check is made or used/).waitFor();
    const [withdrawn] = await stack.sql<{ consent_withdrawn_at: Date | null }>(
      'SELECT consent_withdrawn_at FROM credit_checks ORDER BY checked_at DESC LIMIT 1',
    );
    expect(withdrawn?.consent_withdrawn_at).not.toBeNull();
    await page.context().close();
  });

  it('a date of birth that does not match the BVN says so on the identity step', async () => {
    const page = await toIdentityStep(await liveSession());
    await verifyIdentity(page, liveBvn('01'), '1991-02-03');
    await page.getByText('The date of birth does not match this BVN.').waitFor();
    await screenshots(page, 'live-05-bvn-mismatch');
    await page.context().close();
  });

  it('a credit bureau that cannot be reached is not a refusal: try again, nothing recorded', async () => {
    const page = await toIdentityStep(await liveSession());
    await passIdentity(page, liveBvn('53'));
    await page.getByRole('checkbox', { name: 'I agree to this credit check.' }).check();
    await page.getByRole('button', { name: 'Run the credit check' }).click();
    await page.getByText(/We could not reach the credit bureaus just now/).waitFor();
    expect(await page.getByText(/not a refusal/).count()).toBe(1);
    await screenshots(page, 'live-06-bureau-down');
    await page.context().close();
  });

  it('a delinquent credit report is named as the reason, with the bureaus to ask', async () => {
    const page = await toIdentityStep(await liveSession());
    await passIdentity(page, liveBvn('51'));
    // By keyboard alone: the box ticked with Space, the button reached with Tab, Enter sends.
    await page.getByRole('checkbox', { name: 'I agree to this credit check.' }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Run the credit check');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Your credit report' }).waitFor();
    const text = await page.locator('main').innerText();
    expect(text).toMatch(/credit report/i);
    expect(text).toMatch(/CRC Credit Bureau/);
    expect(text).not.toMatch(/above your current limit/);
    await accessible(page, 'live credit refusal');
    await screenshots(page, 'live-07-credit-refused');
    await page.context().close();
  });
});
