import { randomUUID } from 'node:crypto';

import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { waitFor } from '../harness/e2e.ts';
import { DESKTOP, screenshots, seriousA11yViolations } from './support/browser.ts';
import {
  apiCustomer,
  checkoutIn,
  continueToSignIn,
  createSession,
  detailedCalls,
  recordedCalls,
  registerMerchant,
  signIn,
} from './support/checkout.ts';
import { browserSuite } from './support/suite.ts';

/**
 * The edges of the checkout journey (issue 27): every refusal has a next step and is reported to
 * the shop's page (`onEvent` `refused`, `onCancel({ reason, refusal })`); a wrong bank code can be
 * typed again; the session warns before it ends, and a new session for the same order opens on
 * the plan chosen before.
 */
const suite = browserSuite({ merchantName: 'Edges Shop' });

async function openWidget(token: string): Promise<{ page: Page; ui: FrameLocator }> {
  const page = await suite.browser.newPage({ viewport: DESKTOP });
  await page.goto(`${suite.shop.url}/?token=${encodeURIComponent(token)}`);
  await page.click('#pay');
  const { ui } = checkoutIn(page);
  await continueToSignIn(ui);
  return { page, ui };
}

describe('refusals: a next step, and the shop told why', () => {
  it('below the shop’s minimum tier: what raises it, the shop’s contact, the way back; onEvent refused and onCancel not_eligible', async () => {
    const merchant = await registerMerchant(suite.stack.api, 'Gold Only Shop');
    const settings = await suite.stack.api.patch(
      `/api/v1/merchant/${merchant.id}/settings`,
      {
        min_customer_tier: 'Tranche Gold',
        support_contact: { email: 'help@gold.example', website: 'https://gold.example' },
      },
      { token: merchant.key },
    );
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const customer = await apiCustomer(suite.stack.api, { verified: true });
    const { token } = await createSession(suite.stack.api, merchant);
    const { page, ui } = await openWidget(token);
    await signIn(ui, customer.email);
    await ui.getByRole('heading', { name: 'This shop needs Tranche Gold or higher' }).waitFor();
    const raise = ui.getByRole('link', { name: /See your score and what raises it/ });
    expect(await raise.getAttribute('href')).toBe('/dashboard/account');
    expect(await raise.getAttribute('target')).toBe('_blank');
    expect(
      await ui.getByRole('heading', { name: 'Pay Gold Only Shop another way' }).isVisible(),
    ).toBe(true);
    // The shop's own contact, from its settings.
    const contact = ui.getByRole('list', { name: 'Contact Gold Only Shop' });
    expect(
      await contact.getByRole('link', { name: 'help@gold.example' }).getAttribute('href'),
    ).toBe('mailto:help@gold.example');
    expect(
      await contact.getByRole('link', { name: 'gold.example', exact: true }).getAttribute('href'),
    ).toBe('https://gold.example/');
    expect(await seriousA11yViolations(checkoutIn(page).frame())).toEqual([]);
    await screenshots(page, 'checkout-16-below-minimum-tier');
    await ui.getByRole('button', { name: 'Back to Gold Only Shop' }).click();
    await page.locator('[data-tranche-connect]').waitFor({ state: 'detached' });
    const detailed = await detailedCalls(page);
    expect(detailed).toContainEqual(['event', { type: 'refused', reason: 'below_minimum_tier' }]);
    expect(detailed.filter(([kind]) => kind === 'cancel')).toEqual([
      ['cancel', { reason: 'not_eligible', refusal: 'below_minimum_tier' }],
    ]);
    expect((await recordedCalls(page)).filter(([kind]) => kind === 'close')).toEqual([
      ['close', 'cancel'],
    ]);
  });

  it('a missed installment: Pay now links to that plan on the dashboard; check again; closing says delinquent', async () => {
    const customer = await apiCustomer(suite.stack.api, { verified: true, card: 'success' });
    const [authorization] = await suite.stack.sql<{ code: string }>(
      `SELECT a.authorization_code AS code FROM sandbox_gateway.authorizations a
         JOIN sandbox_gateway.customers c ON c.id = a.customer_id WHERE c.email = $1`,
      [customer.email],
    );
    const drained = await fetch(
      `${suite.stack.sandboxUrl}/_sandbox/authorizations/${authorization?.code}`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${suite.stack.gatewayKey}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ behaviour: 'insufficient_funds' }),
      },
    );
    expect(drained.status).toBe(200);
    const first = await createSession(suite.stack.api, suite.merchant, { amount: 500_000 });
    const confirmed = await suite.stack.api.post(
      `/api/v1/checkout/sessions/${first.token}/confirm`,
      {
        frequency: 'monthly',
        installment_count: 2,
        upfront_pct: 25,
        payment_method_id: customer.methodId,
      },
      { token: customer.token },
    );
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    const planId = confirmed.body.data.payment_plan_id as string;
    const second = await createSession(suite.stack.api, suite.merchant, { amount: 500_000 });
    await waitFor(
      async () =>
        (
          await suite.stack.api.get(`/api/v1/checkout/sessions/${second.token}/eligibility`, {
            token: customer.token,
          })
        ).body.data.reason === 'delinquent',
      20_000,
      () => suite.stack.output(),
    );
    const { page, ui } = await openWidget(second.token);
    await signIn(ui, customer.email);
    await ui.getByRole('heading', { name: 'You have a missed payment' }).waitFor();
    const payNow = ui.getByRole('link', { name: /Pay the missed installment now/ });
    await expect.poll(() => payNow.getAttribute('href')).toBe(`/dashboard/plans/${planId}`);
    // Checking again while still unpaid keeps the customer on the same screen, refused again.
    await ui.getByRole('button', { name: 'I have paid, check again' }).click();
    await ui.getByRole('heading', { name: 'You have a missed payment' }).waitFor();
    expect(await seriousA11yViolations(checkoutIn(page).frame())).toEqual([]);
    await screenshots(page, 'checkout-17-missed-payment');
    await page.getByRole('button', { name: 'Close checkout' }).click();
    await page.locator('[data-tranche-connect]').waitFor({ state: 'detached' });
    const detailed = await detailedCalls(page);
    expect(detailed).toContainEqual(['event', { type: 'refused', reason: 'delinquent' }]);
    expect(detailed.filter(([kind]) => kind === 'cancel')).toEqual([
      ['cancel', { reason: 'not_eligible', refusal: 'delinquent' }],
    ]);
  });

  it('a payment link (full page): the refusal offers Return to the shop, which goes back to the shop’s page', async () => {
    const merchant = await registerMerchant(suite.stack.api, 'Platinum Fabrics');
    await suite.stack.api.patch(
      `/api/v1/merchant/${merchant.id}/settings`,
      { min_customer_tier: 'Tranche Platinum' },
      { token: merchant.key },
    );
    const link = await suite.stack.api.post(
      `/api/v1/merchant/${merchant.id}/payment-links`,
      { title: 'Aso-oke, 4 yards', amount: 450_000 },
      { token: merchant.key },
    );
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    const customer = await apiCustomer(suite.stack.api, { verified: true });
    const page = await suite.browser.newPage({ viewport: DESKTOP });
    // The shop's page first, then the link (as a shopper following it from there).
    await page.goto(`${suite.shop.url}/other`);
    await page.goto(link.body.data.url as string);
    await continueToSignIn(page);
    await signIn(page, customer.email);
    await page
      .getByRole('heading', { name: 'This shop needs Tranche Platinum or higher' })
      .waitFor();
    expect(
      await page.getByRole('heading', { name: 'Pay Platinum Fabrics another way' }).isVisible(),
    ).toBe(true);
    expect(await seriousA11yViolations(page.mainFrame())).toEqual([]);
    await screenshots(page, 'checkout-20-payment-link-refused');
    await page.getByRole('button', { name: 'Return to the shop' }).click();
    await page.waitForURL(`${suite.shop.url}/other`);
    await page.close();
  });

  it('identity not verified is a refusal until verified; then eligible clears it and closing is customer_closed', async () => {
    const customer = await apiCustomer(suite.stack.api, { verified: false });
    const { token } = await createSession(suite.stack.api, suite.merchant);
    const { page, ui } = await openWidget(token);
    await signIn(ui, customer.email);
    await ui.getByRole('heading', { name: 'Verify your identity' }).waitFor();
    await expect
      .poll(async () => (await detailedCalls(page)).map(([, e]) => e.reason ?? e.type))
      .toContain('identity_not_verified');
    await ui.getByRole('button', { name: 'Fill in a test BVN' }).click();
    await ui.getByRole('checkbox', { name: /I agree to this identity check/ }).check();
    await ui.getByRole('button', { name: 'Verify' }).click();
    // The plan chosen before signing in stands: on to the payment method.
    await ui.getByRole('heading', { name: 'How you will pay' }).waitFor();
    await page.getByRole('button', { name: 'Close checkout' }).click();
    await page.locator('[data-tranche-connect]').waitFor({ state: 'detached' });
    const detailed = await detailedCalls(page);
    expect(detailed.filter(([kind]) => kind === 'event').map(([, e]) => e.type)).toEqual([
      'opened',
      'loaded',
      'plan_chosen',
      'signed_in',
      'refused',
      'identity_verified',
      'eligible',
      'closed',
    ]);
    expect(detailed.filter(([kind]) => kind === 'cancel')).toEqual([
      ['cancel', { reason: 'customer_closed' }],
    ]);
  });

  it('a customer who just closes: onCancel customer_closed; the page’s close(): closed_by_page', async () => {
    const { token } = await createSession(suite.stack.api, suite.merchant);
    const { page } = await openWidget(token);
    await page.getByRole('button', { name: 'Close checkout' }).click();
    await page.locator('[data-tranche-connect]').waitFor({ state: 'detached' });
    expect((await detailedCalls(page)).filter(([kind]) => kind === 'cancel')).toEqual([
      ['cancel', { reason: 'customer_closed' }],
    ]);
    const other = await createSession(suite.stack.api, suite.merchant);
    const byPage = await page.evaluate(
      (sessionToken) =>
        new Promise<unknown>((resolve) => {
          const connect = (
            window as unknown as {
              TrancheConnect: {
                init(): {
                  openCheckout(o: object): void;
                  close(): void;
                };
              };
            }
          ).TrancheConnect.init();
          connect.openCheckout({ sessionToken, onCancel: resolve });
          connect.close();
        }),
      other.token,
    );
    expect(byPage).toEqual({ reason: 'closed_by_page' });
  });
});

describe('a wrong bank code', () => {
  it('asks again in our words with the tries left, offers a new code, and the right code links the account', async () => {
    const customer = await apiCustomer(suite.stack.api, { verified: true });
    const { token } = await createSession(suite.stack.api, suite.merchant, { amount: 900_000 });
    const { page, ui } = await openWidget(token);
    await signIn(ui, customer.email);
    await ui.getByRole('heading', { name: 'How you will pay' }).waitFor();
    await ui.getByRole('button', { name: 'Add a bank account (direct debit)' }).click();
    await ui.getByLabel('Bank').selectOption('057');
    await ui.getByLabel('Account number').fill('0000000000');
    await ui.getByRole('button', { name: 'Continue' }).click();
    const prompt = ui.getByRole('status').filter({ hasText: /one-time code|code did not match/ });
    await expect
      .poll(() => prompt.innerText())
      .toBe(
        'Enter the one-time code your bank sent by text message to the phone number 080****0000.',
      );
    await ui.getByLabel('Code from your bank').fill('000000');
    await ui.getByRole('button', { name: 'Continue' }).click();
    await expect
      .poll(() => prompt.innerText())
      .toBe(
        'That code did not match. Enter the newest code your bank sent to the phone number 080****0000 (2 tries left).',
      );
    // Still the code step: the set-up was not reset to the bank choice, and no alert ran on.
    expect(await ui.getByLabel('Code from your bank').inputValue()).toBe('');
    expect(
      await ui
        .getByRole('alert')
        .filter({ hasText: /stopped/ })
        .count(),
    ).toBe(0);
    await screenshots(page, 'checkout-19-otp-try-again');
    // A new code: a new set-up on the same account, back at the first prompt.
    await ui.getByRole('button', { name: /Send a new code/ }).click();
    await expect.poll(() => prompt.innerText()).toMatch(/^Enter the one-time code/);
    await ui.getByLabel('Code from your bank').fill('123456');
    await ui.getByRole('button', { name: 'Continue' }).click();
    await ui.getByRole('heading', { name: 'Review and confirm' }).waitFor({ timeout: 15_000 });
  });
});

describe('the session’s last minutes, on the page’s clock', () => {
  it('warns at 5 and 1 minutes (live regions, onEvent), expires, and a new session for the order opens on the plan chosen', async () => {
    const customer = await apiCustomer(suite.stack.api, { verified: true });
    const order = `order-${randomUUID()}`;
    const { token } = await createSession(suite.stack.api, suite.merchant, {
      order_reference: order,
    });
    const page = await suite.browser.newPage({ viewport: DESKTOP });
    // The browser's clock, in the page and in the checkout's frame, moved by the test.
    await page.clock.install();
    await page.goto(`${suite.shop.url}/?token=${encodeURIComponent(token)}`);
    await page.click('#pay');
    const { ui } = checkoutIn(page);
    // The plan is chosen before signing in (decision 0068), and kept through it.
    await continueToSignIn(ui, async () => {
      await ui.getByLabel('Weekly').check();
      await ui.getByLabel('Payments after the deposit').selectOption('6');
      await ui.getByLabel('Deposit today').selectOption('40');
      await ui.getByText(/then 6 weekly payments/).waitFor();
    });
    await signIn(ui, customer.email);
    await ui.getByRole('heading', { name: 'How you will pay' }).waitFor();

    await page.clock.fastForward('25:01');
    const status = ui.locator('[aria-live="polite"]').filter({ hasText: 'minutes left' });
    await status.waitFor();
    expect(await status.innerText()).toMatch(/^About 5 minutes left to finish this checkout\./);
    await screenshots(page, 'checkout-18-expiry-warning');
    await page.clock.fastForward('04:00');
    const alert = ui.locator('[aria-live="assertive"]').filter({ hasText: 'About 1 minute left' });
    await alert.waitFor();
    await page.clock.fastForward('01:00');
    await ui.getByRole('heading', { name: 'This checkout has expired' }).waitFor();
    expect(await ui.getByText(/a plan you chose is kept for this order/).isVisible()).toBe(true);
    const events = (await detailedCalls(page)).filter(([kind]) => kind === 'event');
    const expiring = events.filter(([, e]) => e.type === 'session_expiring').map(([, e]) => e);
    expect(expiring).toHaveLength(2);
    expect(Number(expiring[0]?.secondsLeft)).toBeGreaterThan(240);
    expect(Number(expiring[0]?.secondsLeft)).toBeLessThanOrEqual(300);
    expect(Number(expiring[1]?.secondsLeft)).toBeLessThanOrEqual(60);
    expect(events).toContainEqual(['event', { type: 'refused', reason: 'session_expired' }]);
    expect(events).toContainEqual(['event', { type: 'eligible' }]);
    await page.getByRole('button', { name: 'Close checkout' }).click();
    await page.locator('[data-tranche-connect]').waitFor({ state: 'detached' });
    const finals = (await recordedCalls(page)).filter(([kind]) => kind === 'error');
    expect(finals).toEqual([['error', expect.stringMatching(/expired/), 'session_expired']]);

    // The shop opens a new session for the same order (the page's clock back to the real time):
    // the customer, who left the suggested plan as it was, is offered the plan chosen before.
    const again = await createSession(suite.stack.api, suite.merchant, { order_reference: order });
    await page.clock.setSystemTime(new Date());
    await page.goto(`${suite.shop.url}/?token=${encodeURIComponent(again.token)}`);
    await page.click('#pay');
    const nextUi = checkoutIn(page).ui;
    await continueToSignIn(nextUi);
    await signIn(nextUi, customer.email);
    await nextUi.getByText('This is the plan you chose for this order before.').waitFor();
    await nextUi.getByText(/then 6 weekly payments/).waitFor();
    expect(await nextUi.getByLabel('Weekly').isChecked()).toBe(true);
    expect(await nextUi.getByLabel('Payments after the deposit').inputValue()).toBe('6');
    expect(await nextUi.getByLabel('Deposit today').inputValue()).toBe('40');
    await page.close();
  });
});
