import { join } from 'node:path';

import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { waitFor } from '../harness/e2e.ts';
import {
  DESKTOP,
  PHONE,
  SCREENSHOT_DIR,
  screenshots,
  seriousA11yViolations,
} from './support/browser.ts';
import {
  apiCustomer,
  checkoutIn,
  continueToSignIn,
  createSession,
  recordedCalls,
  signIn,
} from './support/checkout.ts';
import { browserSuite } from './support/suite.ts';

/**
 * A bank mandate through Paystack's Direct Debit API (decision 0044) against the sandbox gateway
 * `tranche start` runs: the checkout opens the gateway's consent page, says honestly that the
 * mandate is pending activation, and goes on to the plan only once the bank activated it (the
 * sandbox activates after its default delay of a few seconds); the plan is confirmed on it. The
 * customer dashboard shows a mandate the bank never activates as "Pending activation".
 */
const suite = browserSuite({
  merchantName: 'Direct Debit Shop',
  // 20 s of "pending activation": long enough to see and check it under load, short enough to wait.
  env: () => ({ BANK_MANDATE_API: 'direct_debit', SANDBOX_MANDATE_ACTIVATION_MS: '20000' }),
});

async function atPaymentMethods(email: string): Promise<{ page: Page; ui: FrameLocator }> {
  const { token } = await createSession(suite.stack.api, suite.merchant, { amount: 900_000 });
  const page = await suite.browser.newPage({ viewport: DESKTOP });
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto(`${suite.shop.url}/?token=${token}`);
  await page.click('#pay');
  const { ui } = checkoutIn(page);
  await continueToSignIn(ui);
  await signIn(ui, email);
  await ui.getByRole('heading', { name: 'How you will pay' }).waitFor();
  return { page, ui };
}

async function startMandate(ui: FrameLocator, bankCode: string, account: string) {
  await ui.getByRole('button', { name: 'Add a bank account (direct debit)' }).click();
  await ui.getByLabel('Bank').selectOption(bankCode);
  await ui.getByLabel('Account number').fill(account);
  await ui.getByRole('button', { name: 'Continue' }).click();
}

describe('bank mandate through Direct Debit', () => {
  it('in the checkout: consent page → pending activation → active → plan confirmed on the mandate', async () => {
    const customer = await apiCustomer(suite.stack.api, { verified: true });
    const { page, ui } = await atPaymentMethods(customer.email);
    await startMandate(ui, '057', '0000000010');
    const open = ui.getByRole('link', { name: "Open your bank's approval page" });
    await open.waitFor();
    expect(
      await ui
        .getByText(/up to 24 hours/)
        .first()
        .isVisible(),
    ).toBe(true);
    await screenshots(page, 'checkout-dd-01-open-mandate-page');

    const popupOpened = page.waitForEvent('popup');
    await open.click();
    const popup = await popupOpened;
    await popup.getByRole('button', { name: 'Authorize direct debit' }).waitFor();
    await screenshots(popup, 'checkout-dd-02-consent-page');
    await popup.getByRole('button', { name: 'Authorize direct debit' }).click();
    await popup.getByRole('heading', { name: 'Direct debit authorized' }).waitFor();
    await popup.close();

    // Approved is not usable yet: the checkout says so and waits for the bank.
    await ui
      .getByText(/pending activation/)
      .first()
      .waitFor({ timeout: 15_000 });
    expect(await ui.getByRole('button', { name: 'Pay with a card instead' }).isVisible()).toBe(
      true,
    );
    expect(await seriousA11yViolations(checkoutIn(page).frame())).toEqual([]);
    await screenshots(page, 'checkout-dd-03-pending-activation');

    // Still pending: the plan cannot be confirmed on it yet (decision 0044).
    expect(await ui.getByRole('heading', { name: 'Review and confirm' }).count()).toBe(0);
    await ui.getByRole('heading', { name: 'Review and confirm' }).waitFor({ timeout: 60_000 });
    expect(
      await ui
        .getByText(/Zenith Bank/)
        .first()
        .isVisible(),
    ).toBe(true);
    await screenshots(page, 'checkout-dd-04-review');
    await ui.getByRole('checkbox').check();
    // The widget closes itself moments after the confirmation: both sizes are taken at once,
    // the phone first (screenshots() would resize between them and could miss it).
    await page.setViewportSize(PHONE);
    await ui.getByRole('button', { name: /Confirm and pay/ }).click();
    await ui.getByRole('heading', { name: 'Your plan is confirmed' }).waitFor();
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'checkout-dd-05-confirmed-375x667.png') });
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'checkout-dd-05-confirmed-1280x800.png') });
    await waitFor(
      async () => (await recordedCalls(page)).some((call) => call[0] === 'success'),
      15_000,
      () => suite.stack.output(),
    );

    const plans = await suite.stack.sql<{ type: string; status: string; label: string }>(
      `SELECT m.type, m.status, m.label FROM payment_plans p
         JOIN payment_methods m ON m.id = p.payment_method_id
        WHERE p.customer_id = $1`,
      [customer.customerId],
    );
    expect(plans).toEqual([{ type: 'bank', status: 'active', label: 'Zenith Bank ******0010' }]);
    await page.close();
  }, 120_000);

  it('in the dashboard: a mandate the bank does not activate is shown as pending activation', async () => {
    const customer = await apiCustomer(suite.stack.api, { verified: true });
    const page = await suite.browser.newPage({ viewport: DESKTOP });
    page.on('pageerror', (error) => {
      throw error;
    });
    await page.goto(`${suite.stack.apiUrl}/dashboard/methods`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await signIn(page, customer.email);
    await page.getByRole('button', { name: 'Add a bank account (direct debit)' }).click();
    await page.getByLabel('Bank').selectOption('058');
    await page.getByLabel('Account number').fill('0000000011');
    await page.getByRole('button', { name: 'Continue' }).click();
    const open = page.getByRole('link', { name: "Open your bank's approval page" });
    await open.waitFor();
    const popupOpened = page.waitForEvent('popup');
    await open.click();
    const popup = await popupOpened;
    await popup.getByRole('button', { name: 'Authorize direct debit' }).click();
    // Closed only once the bank's page says it is done: closing earlier can cancel the approval.
    await popup.getByRole('heading', { name: 'Direct debit authorized' }).waitFor();
    await popup.close();
    await page.getByText('Pending activation').first().waitFor({ timeout: 15_000 });
    expect(
      await page
        .getByText(/your bank is activating it/)
        .first()
        .isVisible(),
    ).toBe(true);
    expect(await seriousA11yViolations(page.mainFrame())).toEqual([]);
    await screenshots(page, 'dashboard-dd-pending-activation');
    await page.close();
  }, 120_000);
});
