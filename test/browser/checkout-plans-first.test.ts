import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { DESKTOP, PHONE, screenshots, seriousA11yViolations } from './support/browser.ts';
import {
  apiCustomer,
  checkoutIn,
  continueToSignIn,
  createSession,
  CUSTOMER_PASSWORD,
  registerMerchant,
  signIn,
} from './support/checkout.ts';
import { browserSuite } from './support/suite.ts';

/**
 * Plans before sign-in (decision 0068): the checkout opens on the plans and their schedule, read
 * with the session token alone; signing in or registering is asked only to confirm, the plan
 * chosen stands through it, and a customer the shop cannot offer installments to is told why,
 * with the plan they chose named and a next step.
 */
const suite = browserSuite({ merchantName: 'Plans First Shop' });

/** The shop's page opens the widget; every API call the checkout makes is recorded. */
async function openWidget(
  token: string,
): Promise<{ page: Page; ui: FrameLocator; calls: string[] }> {
  const page = await suite.browser.newPage({ viewport: DESKTOP });
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/v1/')) calls.push(`${request.method()} ${url.pathname}`);
  });
  await page.goto(`${suite.shop.url}/?token=${encodeURIComponent(token)}`);
  await page.click('#pay');
  return { page, ui: checkoutIn(page).ui, calls };
}

async function expectAccessible(page: Page, what: string): Promise<void> {
  const violations = await seriousA11yViolations(checkoutIn(page).frame());
  expect(violations, `${what}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
}

/** The accessible name of the focused element inside the checkout iframe. */
async function focusedName(page: Page): Promise<string> {
  return checkoutIn(page)
    .frame()
    .evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return '';
      const id = el.getAttribute('id');
      const label = id ? document.querySelector(`label[for="${id}"]`)?.textContent : null;
      const wrapping = el.closest('label')?.textContent;
      return (label ?? wrapping ?? el.textContent).trim();
    });
}

async function tabTo(page: Page, name: RegExp): Promise<void> {
  for (let i = 0; i < 30; i += 1) {
    await page.keyboard.press('Tab');
    if (name.test(await focusedName(page))) return;
  }
  throw new Error(`${String(name)} not reachable with Tab`);
}

describe('plans before sign-in', () => {
  it('shows the plans and schedule with no customer call; keyboard only, the chosen plan stands through sign-in and is the plan confirmed', async () => {
    const customer = await apiCustomer(suite.stack.api, { verified: true, card: 'success' });
    const { token, id } = await createSession(suite.stack.api, suite.merchant, {
      amount: 2_400_000,
    });
    const { page, ui, calls } = await openWidget(token);
    await ui.getByRole('heading', { name: 'Choose your plan' }).waitFor();
    await ui.getByRole('table', { name: 'Your payment schedule' }).waitFor();
    // The API's suggested plan: monthly, 3 payments, the shop's minimum deposit (25%).
    expect(await ui.getByRole('radio', { name: 'Monthly' }).isChecked()).toBe(true);
    expect(await ui.getByLabel('Payments after the deposit').inputValue()).toBe('3');
    expect(await ui.getByLabel('Deposit today').inputValue()).toBe('25');
    await ui.getByText('₦6,000.00 today, then 3 monthly payments.').waitFor();
    await ui.getByText(/Next you sign in or create a Tranche account to confirm/).waitFor();
    // Nothing about a customer was asked for: the session, its preview, and whether this browser
    // is remembered at the shop (a cookie only that call carries, decision 0054).
    expect(
      calls.filter(
        (c) =>
          !/checkout\/(sessions\/[^/]+|preview)$/.test(c) &&
          c !== 'GET /api/v1/customers/remembered-device',
      ),
    ).toEqual([]);
    await expectAccessible(page, 'plans before sign-in');
    await screenshots(page, 'checkout-plans-first-01-plans');

    // Keyboard only from here: weekly, 4 payments, then continue.
    await tabTo(page, /^Monthly$/);
    await page.keyboard.press('ArrowLeft');
    expect(await ui.getByRole('radio', { name: 'Weekly' }).isChecked()).toBe(true);
    await tabTo(page, /^Payments after the deposit/);
    await page.keyboard.press('ArrowDown');
    await ui.getByText(/today, then 4 weekly payments\./).waitFor();
    await tabTo(page, /^Continue$/);
    await page.keyboard.press('Enter');
    await ui.getByRole('heading', { name: 'Sign in' }).waitFor();
    await ui
      .getByText(
        'Sign in or create an account to confirm ₦6,000.00 today, then 4 weekly payments of ₦4,500.00.',
      )
      .waitFor();
    await expectAccessible(page, 'sign in to confirm');
    await screenshots(page, 'checkout-plans-first-02-sign-in');
    await tabTo(page, /^Email$/);
    await page.keyboard.type(customer.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(CUSTOMER_PASSWORD);
    await page.keyboard.press('Enter');

    // Signed in and eligible: on to the payment method, the plan not asked again.
    await ui.getByRole('heading', { name: 'How you will pay' }).waitFor();
    await tabTo(page, /^Continue$/);
    await page.keyboard.press('Enter');
    await ui.getByRole('heading', { name: 'Review and confirm' }).waitFor();
    await ui
      .getByText(/4 weekly payments/)
      .first()
      .waitFor();
    await tabTo(page, /I agree/);
    await page.keyboard.press('Space');
    await tabTo(page, /^Confirm and pay/);
    await page.keyboard.press('Enter');
    await page.locator('[data-tranche-connect]').waitFor({ state: 'detached' });
    const plans = await suite.stack.sql(
      'SELECT frequency, installment_count, upfront_pct FROM payment_plans WHERE checkout_session_id = $1',
      [id],
    );
    expect(plans).toEqual([{ frequency: 'weekly', installment_count: 4, upfront_pct: 25 }]);
    await page.close();
  });

  it('a new customer registers on the hosted checkout (phone size): the plan chosen before stands', async () => {
    const { checkoutUrl } = await createSession(suite.stack.api, suite.merchant, {
      amount: 1_800_000,
    });
    const page = await suite.browser.newPage({ viewport: PHONE });
    await page.goto(checkoutUrl);
    await continueToSignIn(page, async () => {
      await page.getByLabel('Payments after the deposit').selectOption('6');
      await page.getByLabel('Deposit today').selectOption('50');
      await page.getByText(/today, then 6 monthly payments\./).waitFor();
    });
    await page.getByRole('button', { name: 'New to Tranche? Create an account' }).click();
    await page.getByLabel('First name').fill('Chidi');
    await page.getByLabel('Last name').fill('Okeke');
    await page.getByLabel('Email').fill(`plans-first-${Date.now()}@mail.test`);
    await page.getByLabel('Phone number').fill('08031234567');
    await page.getByLabel('Password').fill(CUSTOMER_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Verify your identity' }).waitFor();
    await page.getByRole('button', { name: 'Fill in a test BVN' }).click();
    await page.getByRole('checkbox', { name: /I agree to this identity check/ }).check();
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'How you will pay' }).waitFor();
    // Back to the plan: the one chosen before registering, still chosen.
    await page.getByRole('button', { name: 'Back to the plan' }).click();
    await page.getByRole('heading', { name: 'Choose your plan' }).waitFor();
    expect(await page.getByLabel('Payments after the deposit').inputValue()).toBe('6');
    expect(await page.getByLabel('Deposit today').inputValue()).toBe('50');
    expect(await page.getByText(/Next you sign in/).count()).toBe(0);
    expect(await seriousA11yViolations(page.mainFrame())).toEqual([]);
    await page.close();
  });
});

describe('a plan the signed-in customer cannot take', () => {
  it('below the shop’s minimum level: the plan chosen is named, why another would not help, and the next steps', async () => {
    const merchant = await registerMerchant(suite.stack.api, 'Gold Plans Shop');
    await suite.stack.api.patch(
      `/api/v1/merchant/${merchant.id}/settings`,
      { min_customer_tier: 'Tranche Gold' },
      { token: merchant.key },
    );
    const customer = await apiCustomer(suite.stack.api, { verified: true });
    const { token } = await createSession(suite.stack.api, merchant, { amount: 1_200_000 });
    const { page, ui } = await openWidget(token);
    await continueToSignIn(ui);
    await signIn(ui, customer.email);
    await ui.getByRole('heading', { name: 'This shop needs Tranche Gold or higher' }).waitFor();
    await ui
      .getByText(
        'The plan you chose (₦3,000.00 today, then 3 monthly payments of ₦3,000.00) cannot be set up for you now. Another plan would not change this: the shop’s minimum level applies to every plan.',
      )
      .waitFor();
    expect(
      await ui.getByRole('link', { name: /See your score and what raises it/ }).isVisible(),
    ).toBe(true);
    expect(
      await ui.getByRole('heading', { name: 'Pay Gold Plans Shop another way' }).isVisible(),
    ).toBe(true);
    await expectAccessible(page, 'below the minimum level');
    await screenshots(page, 'checkout-plans-first-03-below-level');
    await page.close();
  });

  it('over the limit: the whole order counts, so the screen says so and offers to free up the limit', async () => {
    // A verified newcomer is Tranche Bronze: ₦50,000 owed across open plans at most.
    const customer = await apiCustomer(suite.stack.api, { verified: true });
    const { token } = await createSession(suite.stack.api, suite.merchant, { amount: 6_000_000 });
    const { page, ui } = await openWidget(token);
    await continueToSignIn(ui, async () => {
      await ui.getByLabel('Deposit today').selectOption('90');
      await ui.getByText('₦54,000.00 today, then 3 monthly payments.').waitFor();
    });
    await signIn(ui, customer.email);
    await ui.getByRole('heading', { name: 'This order is above your current limit' }).waitFor();
    await ui
      .getByText(
        /^The plan you chose \(₦54,000.00 today, then 3 monthly payments of ₦2,000.00\) cannot be set up for you now\. Another plan would not change this: every plan counts the whole order against your limit\.$/,
      )
      .waitFor();
    expect(await ui.getByRole('link', { name: /Pay off a plan early/ }).isVisible()).toBe(true);
    expect(await ui.getByRole('button', { name: 'I have paid, check again' }).isVisible()).toBe(
      true,
    );
    await expectAccessible(page, 'over the limit');
    await screenshots(page, 'checkout-plans-first-04-over-limit');
    await page.close();
  });
});
