import type { FrameLocator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import {
  SIMULATOR_BVNS,
  SIMULATOR_OTP_CODE,
} from '../../src/identity/dojah-simulator/test-bvns.ts';
import { waitFor } from '../harness/e2e.ts';
import { freePort } from '../harness/sandbox.ts';
import { DESKTOP, screenshots, seriousA11yViolations } from './support/browser.ts';
import { checkoutIn, continueToSignIn, CUSTOMER_PASSWORD } from './support/checkout.ts';
import { browserSuite } from './support/suite.ts';

/**
 * The journey a newcomer sees after `npm start`: the demo store (its own origin) opens the
 * widget, a brand-new customer registers, verifies identity, picks a plan, links a test card on
 * the gateway's page and confirms; the store learns the order is paid from the webhook.
 */
// As `npm start` runs it: identity checks through the Dojah adapter and the Dojah simulator.
let dojahSimulatorPort = '';
beforeAll(async () => {
  dojahSimulatorPort = String(await freePort());
});
const suite = browserSuite({
  demoStore: true,
  merchantName: 'Demo',
  env: () => ({ IDENTITY_PROVIDER: 'dojah', DOJAH_SIMULATOR_PORT: dojahSimulatorPort }),
});

async function expectAccessible(page: Page, screen: string): Promise<void> {
  const violations = await seriousA11yViolations(checkoutIn(page).frame());
  expect(violations, `${screen}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
}

async function screen(page: Page, ui: FrameLocator, heading: string, name: string) {
  await ui.getByRole('heading', { name: heading }).waitFor();
  await expectAccessible(page, name);
  await screenshots(page, name);
}

describe('checkout journey through the demo store', () => {
  it('a new customer registers, verifies, picks a plan, links a card and confirms; the order is paid from the webhook', async () => {
    expect(suite.stack.storeUrl, suite.stack.output()).toBeDefined();
    const storeUrl = suite.stack.storeUrl ?? '';
    const page = await suite.browser.newPage({ viewport: DESKTOP });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(storeUrl);
    await screenshots(page, 'store-product');
    await page.click('#pay-installments');
    const { ui } = checkoutIn(page);
    // The plans and the schedule first, from the session alone: nobody is signed in yet.
    await ui.getByRole('heading', { name: 'Choose your plan' }).waitFor();
    await ui.getByRole('radio', { name: 'Weekly' }).check();
    await ui.getByLabel('Payments after the deposit').selectOption('4');
    await ui.getByLabel('Deposit today').selectOption('30');
    // The schedule shown is the preview API's: the deposit and four weekly rows.
    await expect
      .poll(async () => ui.locator('table.schedule tbody tr').count(), { timeout: 10_000 })
      .toBe(5);
    const preview = await suite.stack.api.post('/api/v1/checkout/preview', {
      session_token: await newestPendingSessionToken(),
      frequency: 'weekly',
      installment_count: 4,
      upfront_pct: 30,
    });
    const depositText = await ui.locator('table.schedule tbody tr').first().innerText();
    expect(depositText.replace(/\s+/g, ' ')).toContain(
      nairaText(preview.body.data.deposit.amount as number),
    );
    await screen(page, ui, 'Choose your plan', 'checkout-01-plan');
    await ui.getByRole('button', { name: 'Continue' }).click();

    await screen(page, ui, 'Sign in', 'checkout-01b-sign-in');
    expect(
      await ui
        .getByText(
          /^Sign in or create an account to confirm ₦[\d,.]+ today, then 4 weekly payments of/,
        )
        .count(),
    ).toBe(1);
    // The shop's page behind the modal cannot be reached, and does not scroll.
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('hidden');

    await ui.getByRole('button', { name: 'New to Tranche? Create an account' }).click();
    const email = `new-${Date.now()}@mail.test`;
    await ui.getByLabel('First name').fill('Ngozi');
    await ui.getByLabel('Last name').fill('Adeyemi');
    // Mistyped: every field at fault is marked at once, in plain words, the first one focused.
    await ui.getByLabel('Email').fill('ngozi-at-mail');
    await ui.getByLabel('Phone number').fill('0803');
    await ui.getByLabel('Password').fill(CUSTOMER_PASSWORD);
    await ui.getByRole('button', { name: 'Create account' }).click();
    await ui
      .getByRole('alert')
      .filter({ hasText: 'Please check the 2 fields marked below.' })
      .waitFor();
    await expect
      .poll(() => ui.locator(':focus').getAttribute('type'), { timeout: 10_000 })
      .toBe('email');
    const emailField = ui.getByLabel('Email');
    await expect.poll(() => emailField.getAttribute('aria-invalid')).toBe('true');
    expect(await ui.getByText('Enter an email address, such as name@example.com.').count()).toBe(1);
    expect(await ui.getByText('Enter at least 10 characters.').count()).toBe(1);
    await screen(page, ui, 'Create your Tranche account', 'checkout-02-register-errors');
    await ui.getByLabel('Email').fill(email);
    await ui.getByLabel('Phone number').fill('08031234567');
    expect(await ui.locator('[aria-invalid="true"]').count()).toBe(0);
    await screen(page, ui, 'Create your Tranche account', 'checkout-02-register');
    await ui.getByRole('button', { name: 'Create account' }).click();

    await screen(page, ui, 'Verify your identity', 'checkout-03-identity');
    await ui.getByRole('button', { name: 'Fill in a test BVN' }).click();
    // The consent text is shown before the BVN can be sent; without the tick nothing is sent.
    await expect.poll(() => ui.locator('.consent-text').innerText()).toMatch(/Dojah Inc\./);
    await ui.getByRole('button', { name: 'Verify' }).click();
    await ui.getByText('Tick the box to agree to the identity check').waitFor();
    await ui.getByRole('checkbox', { name: /I agree to this identity check/ }).check();
    await ui.getByRole('button', { name: 'Verify' }).click();

    // The simulator's record has a phone (0803 + the BVN's last 7 digits): a code goes to it.
    await screen(page, ui, 'Enter the code', 'checkout-03b-phone-code');
    await ui.getByText(/We sent a code to 0803 \*\*\* \d{4}/).waitFor();
    await ui.getByLabel('Code').fill('111111');
    await ui.getByRole('button', { name: 'Confirm' }).click();
    await ui.getByText(/That code is not right\. 4 tries left\./).waitFor();
    await ui.getByLabel('Code').fill(SIMULATOR_OTP_CODE);
    await ui.getByRole('button', { name: 'Confirm' }).click();

    // The plan chosen before registering stands: straight on to the payment method.
    await screen(page, ui, 'How you will pay', 'checkout-05-method');
    await ui.getByRole('button', { name: 'Add a debit card' }).click();
    await screen(page, ui, 'Add a debit card', 'checkout-06-add-card');
    const popupOpened = page.waitForEvent('popup');
    await ui.getByRole('button', { name: 'Open the secure card page' }).click();
    const popup = await popupOpened;
    await popup.getByLabel('Card number').fill('4084084084084081');
    await popup.getByLabel('Expiry (MM/YY)').fill('12/30');
    await popup.getByLabel('CVV').fill('408');
    await popup.getByRole('button', { name: /^Pay/ }).click();

    await screen(page, ui, 'Review and confirm', 'checkout-07-review');
    await ui.getByRole('checkbox').check();
    await ui.getByRole('button', { name: /Confirm and pay/ }).click();

    // onSuccess: the store sends the shopper to the order page with the plan id.
    await page.waitForURL(/\/orders\/ord_[^?]+\?plan=plan_/, { timeout: 15_000 });
    const planId = new URL(page.url()).searchParams.get('plan');
    const orderId = /\/orders\/([^?]+)/.exec(page.url())?.[1] ?? '';
    const plans = await suite.stack.sql<{ id: string; order_reference: string }>(
      'SELECT id, order_reference FROM payment_plans',
    );
    expect(plans).toEqual([{ id: planId, order_reference: orderId }]);
    // The plan chosen before registering is the plan confirmed.
    const chosen = await suite.stack.sql(
      'SELECT frequency, installment_count, upfront_pct FROM payment_plans',
    );
    expect(chosen).toEqual([{ frequency: 'weekly', installment_count: 4, upfront_pct: 30 }]);

    // The deposit is collected by the worker; payment.success reaches the store's webhook.
    await waitFor(
      async () => {
        await page.reload();
        return (
          (await page.locator(`[data-order-id="${orderId}"]`).getAttribute('data-state')) === 'paid'
        );
      },
      30_000,
      () => suite.stack.output(),
    );
    await screenshots(page, 'store-order-paid');
    expect(errors).toEqual([]);
  }, 120_000);
});

describe('identity refusals in the checkout name the true reason', () => {
  it('a date of birth that does not match, and the identity service down, each say so', async () => {
    const storeUrl = suite.stack.storeUrl ?? '';
    const page = await suite.browser.newPage({ viewport: DESKTOP });
    await page.goto(storeUrl);
    await page.click('#pay-installments');
    const { ui } = checkoutIn(page);
    await continueToSignIn(ui);
    await ui.getByRole('button', { name: 'New to Tranche? Create an account' }).click();
    await ui.getByLabel('First name').fill('Tunde');
    await ui.getByLabel('Last name').fill('Bakare');
    await ui.getByLabel('Email').fill(`refused-${Date.now()}@mail.test`);
    await ui.getByLabel('Phone number').fill('08031234567');
    await ui.getByLabel('Password').fill(CUSTOMER_PASSWORD);
    await ui.getByRole('button', { name: 'Create account' }).click();
    await ui.getByRole('heading', { name: 'Verify your identity' }).waitFor();
    await ui.getByRole('checkbox', { name: /I agree to this identity check/ }).check();

    // 2231…: the simulator's record is born 1990-01-15.
    await ui.getByLabel('BVN').fill(SIMULATOR_BVNS.match('0004242'));
    await ui.getByLabel('Date of birth').fill('1991-01-01');
    await ui.getByRole('button', { name: 'Verify' }).click();
    await ui.getByText('The date of birth does not match this BVN.').waitFor();
    await expectAccessible(page, 'checkout-identity-dob-mismatch');
    await screenshots(page, 'checkout-identity-dob-mismatch');

    // 22350000000: Dojah's upstream (NIBSS) failed; a retry later, never a "mismatch".
    await ui.getByLabel('BVN').fill(SIMULATOR_BVNS.upstreamFailed);
    await ui.getByLabel('Date of birth').fill('1990-01-15');
    await ui.getByRole('button', { name: 'Verify' }).click();
    await ui.getByText(/could not reach the identity service just now/).waitFor();
    await screenshots(page, 'checkout-identity-provider-down');
    await page.close();
  }, 120_000);
});

describe('the demo store falls back when Tranche cannot offer installments', () => {
  it('a shopper who leaves at identity verification is offered the store’s other ways to pay (onCancel not_eligible)', async () => {
    const storeUrl = suite.stack.storeUrl ?? '';
    const page = await suite.browser.newPage({ viewport: DESKTOP });
    await page.goto(storeUrl);
    await page.click('#pay-installments');
    const { ui } = checkoutIn(page);
    await continueToSignIn(ui);
    await ui.getByRole('button', { name: 'New to Tranche? Create an account' }).click();
    await ui.getByLabel('First name').fill('Kemi');
    await ui.getByLabel('Last name').fill('Ade');
    await ui.getByLabel('Email').fill(`leaves-${Date.now()}@mail.test`);
    await ui.getByLabel('Phone number').fill('08031234567');
    await ui.getByLabel('Password').fill(CUSTOMER_PASSWORD);
    await ui.getByRole('button', { name: 'Create account' }).click();
    await ui.getByRole('heading', { name: 'Verify your identity' }).waitFor();
    expect(await page.locator('#other-ways').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Close checkout' }).click();
    await page.locator('[data-tranche-connect]').waitFor({ state: 'detached' });
    const otherWays = page.getByRole('region', { name: 'Other ways to pay' });
    await otherWays.waitFor();
    expect(await otherWays.innerText()).toMatch(/Installments need a verified identity\./);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('other-ways-title');
    await screenshots(page, 'store-other-ways-to-pay');
    await page.close();
  });
});

/** The session token the store's server created for this checkout. */
async function newestPendingSessionToken(): Promise<string> {
  const rows = await suite.stack.sql<{ token: string }>(
    "SELECT token FROM checkout_sessions WHERE status = 'pending' ORDER BY created_at DESC LIMIT 1",
  );
  return rows[0]?.token ?? '';
}

function nairaText(kobo: number): string {
  const naira = Math.floor(kobo / 100);
  return `₦${naira.toLocaleString('en-NG')}.${String(kobo % 100).padStart(2, '0')}`;
}
