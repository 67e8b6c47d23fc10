import { join } from 'node:path';

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestSmtpServer, type TestSmtpServer } from '../harness/smtp.ts';
import {
  DESKTOP,
  PHONE,
  SCREENSHOT_DIR,
  screenshots,
  seriousA11yViolations,
} from './support/browser.ts';
import { apiCustomer, createSession, signIn } from './support/checkout.ts';
import { browserSuite } from './support/suite.ts';

/**
 * The customer dashboard (/dashboard) over the running stack: a failed installment paid with
 * another card, a method that backs a plan refused deletion with the way out, early payoff, and
 * another customer's plan id showing nothing. (Landing there after a payment link's checkout:
 * payment-link.test.ts.)
 */
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(async () => smtp.close());
const suite = browserSuite({
  merchantName: 'Dashboard Shop',
  // The worker e-mails through a real SMTP server, where the reset test reads its link.
  env: () => ({ SMTP_URL: smtp.url, EMAIL_FROM: 'Tranche <notifications@tranche.test>' }),
});

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${what}\n${suite.stack.output().slice(-3000)}`);
}

/** A confirmed plan through the API, its deposit collected by the worker. */
async function planFor(customer: { token: string; methodId?: string }, orderReference: string) {
  const session = await createSession(suite.stack.api, suite.merchant, {
    amount: 400_000,
    order_reference: orderReference,
  });
  const confirmed = await suite.stack.api.post(
    `/api/v1/checkout/sessions/${session.token}/confirm`,
    {
      frequency: 'weekly',
      installment_count: 3,
      upfront_pct: 25,
      payment_method_id: customer.methodId,
    },
    { token: customer.token },
  );
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
  const planId = confirmed.body.data.payment_plan_id as string;
  await waitFor(async () => (await merchantPlan(planId)).status === 'active', 'the deposit');
  return planId;
}

async function merchantPlan(planId: string) {
  const res = await suite.stack.api.get(`/api/v1/merchant/${suite.merchant.id}/plans/${planId}`, {
    token: suite.merchant.key,
  });
  return res.body.data as { status: string; installments: { id: string; status: string }[] };
}

/** The sandbox's control: the card's later charges fail for lack of funds. */
async function drainCardOf(email: string) {
  const [row] = await suite.stack.sql<{ code: string }>(
    `SELECT a.authorization_code AS code FROM sandbox_gateway.authorizations a
       JOIN sandbox_gateway.customers c ON c.id = a.customer_id WHERE c.email = $1`,
    [email],
  );
  const res = await fetch(`${suite.stack.sandboxUrl}/_sandbox/authorizations/${row?.code}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${suite.stack.gatewayKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ behaviour: 'insufficient_funds' }),
  });
  expect(res.status).toBe(200);
}

async function eligibility(token: string) {
  const session = await createSession(suite.stack.api, suite.merchant, { amount: 10_000 });
  const res = await suite.stack.api.get(`/api/v1/checkout/sessions/${session.token}/eligibility`, {
    token,
  });
  return res.body.data as { eligible: boolean; reason: string | null };
}

async function openDashboard(email: string): Promise<Page> {
  const page = await suite.browser.newPage({ viewport: DESKTOP });
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto(`${suite.stack.apiUrl}/dashboard`);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await signIn(page, email);
  await page.getByRole('heading', { name: 'Your plans' }).waitFor();
  return page;
}

async function addCardInPopup(page: Page, open: () => Promise<void>) {
  const popupOpened = page.waitForEvent('popup');
  await open();
  const popup = await popupOpened;
  await popup.getByLabel('Card number').fill('4084084084084081');
  await popup.getByLabel('Expiry (MM/YY)').fill('12/30');
  await popup.getByLabel('CVV').fill('408');
  await popup.getByRole('button', { name: /^Pay/ }).click();
}

/** The card runs out of funds and time travel collects installment 1, which fails. */
async function failInstallmentOne(email: string, planId: string) {
  await drainCardOf(email);
  const advanced = await suite.stack.api.post(
    `/api/v1/merchant/${suite.merchant.id}/plans/${planId}/advance`,
    undefined,
    { token: suite.merchant.key },
  );
  expect(advanced.status, JSON.stringify(advanced.body)).toBe(200);
  await waitFor(
    async () => (await merchantPlan(planId)).installments[1]?.status === 'failed',
    'the failed installment',
  );
}

describe('customer dashboard', () => {
  it('a failed installment shows up; pay now with another card clears it and eligibility is back; the card backing the plan cannot be deleted; early payoff completes the plan and the merchant gets the events', async () => {
    const customer = await apiCustomer(suite.stack.api, { verified: true, card: 'success' });
    const planId = await planFor(customer, 'order-fail-1');

    // Installment 1 fails (the card ran out of funds), and its retry two days later too: the
    // customer is delinquent and a new checkout is refused.
    await failInstallmentOne(customer.email, planId);
    const clock = await suite.stack.api.post(
      `/api/v1/merchant/${suite.merchant.id}/plans/${planId}/advance-clock`,
      { days: 2 },
      { token: suite.merchant.key },
    );
    expect(clock.status, JSON.stringify(clock.body)).toBe(200);
    await waitFor(
      async () => (await eligibility(customer.token)).reason === 'delinquent',
      'delinquency',
    );

    const page = await openDashboard(customer.email);
    await page.getByText(/overdue\. Open the plan/).waitFor();
    expect(await seriousA11yViolations(page.mainFrame())).toEqual([]);
    await screenshots(page, 'dashboard-plans-overdue');

    await page.getByRole('link', { name: /order-fail-1/ }).click();
    await page.getByRole('heading', { name: 'A payment is overdue' }).waitFor();
    expect(page.url()).toBe(`${suite.stack.apiUrl}/dashboard/plans/${planId}`);
    await page.locator('table.plan-schedule').getByText('Failed').waitFor();
    expect(await seriousA11yViolations(page.mainFrame())).toEqual([]);
    await screenshots(page, 'dashboard-plan-overdue');

    // Pay now with another card, added right there.
    const overdue = page.locator('section', {
      has: page.getByRole('heading', { name: 'A payment is overdue' }),
    });
    await overdue.getByRole('button', { name: 'Use a new card' }).click();
    await addCardInPopup(page, () =>
      overdue.getByRole('button', { name: 'Open the secure card page' }).click(),
    );
    await overdue.getByText('This method also pays').waitFor({ timeout: 15_000 });
    await overdue.getByRole('button', { name: /^Pay ₦.* now$/ }).click();
    await page
      .getByRole('heading', { name: 'A payment is overdue' })
      .waitFor({ state: 'detached' });
    expect((await merchantPlan(planId)).installments[1]?.status).toBe('paid');
    expect(await eligibility(customer.token)).toMatchObject({ eligible: true, reason: null });
    await screenshots(page, 'dashboard-plan-after-pay-now');

    // The drained card no longer backs the plan (pay-now moved it); the new one does and stays.
    await page.getByRole('link', { name: 'Payment methods' }).click();
    await page.getByRole('heading', { name: 'Payment methods' }).waitFor();
    const cards = page.locator('li.method-card');
    await cards.nth(1).waitFor();
    await expect.poll(() => cards.count()).toBe(2);
    // The page lists them in the API's order: find the one the plan uses now.
    const planMethod = (
      await suite.stack.api.get(`/api/v1/customers/me/plans/${planId}`, { token: customer.token })
    ).body.data.payment_method_id as string;
    expect(planMethod).not.toBe(customer.methodId);
    const ids = await suite.stack.api.get(
      `/api/v1/payment-methods/customers/${customer.customerId}`,
      { token: customer.token },
    );
    const order = (ids.body.data as { id: string }[]).map((m) => m.id);
    await cards
      .nth(order.indexOf(planMethod))
      .getByRole('button', { name: /^Delete/ })
      .click();
    const refusal = page.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.innerText()).toMatch(/cannot be deleted yet/);
    expect(await refusal.innerText()).toMatch(/Plan order-fail-1/);
    expect(await seriousA11yViolations(page.mainFrame())).toEqual([]);
    await screenshots(page, 'dashboard-method-in-use');
    // The old card, which no longer pays anything, goes.
    await cards
      .nth(order.indexOf(customer.methodId ?? ''))
      .getByRole('button', { name: /^Delete/ })
      .click();
    await page.getByText('was removed').waitFor();
    await expect.poll(() => cards.count()).toBe(1);

    // Pay the rest off early.
    await page.goto(`${suite.stack.apiUrl}/dashboard/plans/${planId}`);
    await page.getByRole('heading', { name: 'Pay off early' }).waitFor();
    await page.getByRole('button', { name: 'Pay off early…' }).click();
    await page.getByRole('button', { name: /^Pay off ₦/ }).click();
    await page.getByRole('heading', { name: 'Pay off early' }).waitFor({ state: 'detached' });
    await page.getByText('Paid off').first().waitFor();
    expect((await merchantPlan(planId)).status).toBe('completed');
    await screenshots(page, 'dashboard-plan-paid-off');
    const events = await suite.stack.sql<{ type: string }>(
      `SELECT type FROM webhook_events WHERE merchant_id = $1 AND body LIKE $2 ORDER BY created_at`,
      [suite.merchant.id, `%${planId}%`],
    );
    const types = events.map((e) => e.type);
    expect(types).toContain('payment_plan.completed');
    // Installments 1 to 3 (the deposit is payment.success), the last two from the payoff.
    expect(types.filter((t) => t === 'payment_plan.installment_paid')).toHaveLength(3);
    expect(types).toContain('payment.success');

    // Receipts, the account and the notices pages.
    await page.getByRole('heading', { name: 'Receipts' }).scrollIntoViewIfNeeded();
    await page.getByRole('link', { name: 'Identity and limit' }).click();
    await page.getByRole('heading', { name: 'What raises your score and limit' }).waitFor();
    expect(await page.getByText('A payment is overdue').count()).toBe(0);
    expect(await seriousA11yViolations(page.mainFrame())).toEqual([]);
    await screenshots(page, 'dashboard-identity-and-limit');
    await page.getByRole('link', { name: 'Notices' }).click();
    await page.getByRole('heading', { name: 'Latest notices' }).waitFor();
    await page.getByRole('checkbox').first().uncheck();
    await page.getByText('Saved.').waitFor();
    expect(await seriousA11yViolations(page.mainFrame())).toEqual([]);
    await screenshots(page, 'dashboard-notices');
    await page.close();
  });

  it('a declined early payoff changes nothing and says why; a card added in one picker is offered by every picker, the plan’s method first; after paying with it, pay-off offers it first', async () => {
    const customer = await apiCustomer(suite.stack.api, { verified: true, card: 'success' });
    const planId = await planFor(customer, 'order-stale-2');
    await failInstallmentOne(customer.email, planId);
    const failedEvents = async () =>
      (
        await suite.stack.sql<{ type: string }>(
          `SELECT type FROM webhook_events WHERE merchant_id = $1 AND body LIKE $2 AND type = 'payment.failed'`,
          [suite.merchant.id, `%${planId}%`],
        )
      ).length;
    const trust = async () =>
      (await suite.stack.api.get('/api/v1/customers/me/trust', { token: customer.token })).body
        .data as { score: number; factors: { missed_installments: number } };
    const before = {
      plan: await merchantPlan(planId),
      failedEvents: await failedEvents(),
      trust: await trust(),
    };

    const page = await openDashboard(customer.email);
    await page.goto(`${suite.stack.apiUrl}/dashboard/plans/${planId}`);
    const payOff = page.locator('section', {
      has: page.getByRole('heading', { name: 'Pay off early' }),
    });
    const overdue = page.locator('section', {
      has: page.getByRole('heading', { name: 'A payment is overdue' }),
    });
    await payOff.getByRole('button', { name: 'Pay off early…' }).click();
    await payOff.getByRole('button', { name: /^Pay off ₦/ }).click();
    const declined = payOff.getByRole('alert');
    await declined.waitFor();
    expect(await declined.innerText()).toMatch(
      /did not go through: .*Nothing on your plan changed/,
    );
    await screenshots(page, 'dashboard-payoff-declined');
    // Nothing moved: the later installments are still scheduled, one missed payment as before,
    // no new payment.failed for the shop, the same score.
    expect(await merchantPlan(planId)).toEqual(before.plan);
    expect(await failedEvents()).toBe(before.failedEvents);
    expect(await trust()).toEqual(before.trust);
    expect(await page.locator('table.plan-schedule').getByText('Failed').count()).toBe(1);

    // A new card, added in the overdue card's picker, is offered by every picker at once; the
    // plan's own method stays first everywhere until a payment with the new one goes through.
    await overdue.getByRole('button', { name: 'Use a new card' }).click();
    await addCardInPopup(page, () =>
      overdue.getByRole('button', { name: 'Open the secure card page' }).click(),
    );
    await overdue.getByText('If this payment goes through').waitFor({ timeout: 15_000 });
    const newMethod = await overdue.getByLabel('Pay with').inputValue();
    expect(newMethod).not.toBe(customer.methodId);
    const optionValues = (picker: ReturnType<Page['getByLabel']>) =>
      picker
        .locator('option')
        .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    const planPicker = page.getByLabel('Debit the installments from');
    expect(await optionValues(planPicker)).toEqual([customer.methodId, newMethod]);
    expect(await planPicker.inputValue()).toBe(customer.methodId);

    await overdue.getByRole('button', { name: /^Pay ₦.* now$/ }).click();
    await page
      .getByRole('heading', { name: 'A payment is overdue' })
      .waitFor({ state: 'detached' });
    await expect
      .poll(async () => {
        const plan = await suite.stack.api.get(`/api/v1/customers/me/plans/${planId}`, {
          token: customer.token,
        });
        return plan.body.data.payment_method_id as string;
      })
      .toBe(newMethod);
    // The pay-off picker now offers the card that works, first and chosen.
    await payOff.getByRole('button', { name: 'Pay off early…' }).click();
    const payOffPicker = payOff.getByLabel('Pay off with');
    await expect.poll(() => optionValues(payOffPicker)).toEqual([newMethod, customer.methodId]);
    expect(await payOffPicker.inputValue()).toBe(newMethod);
    expect(await planPicker.inputValue()).toBe(newMethod);
    expect(await seriousA11yViolations(page.mainFrame())).toEqual([]);
    await page.setViewportSize(PHONE);
    await screenshots(page, 'dashboard-payoff-picker-current');
    await payOff.getByRole('button', { name: /^Pay off ₦/ }).click();
    await page.getByText('Paid off').first().waitFor();
    expect((await merchantPlan(planId)).status).toBe('completed');
    await page.close();
  });

  it('the notices page says why a debit failed, in plain words, never in the gateway’s', async () => {
    const customer = await apiCustomer(suite.stack.api, { verified: true, card: 'success' });
    const planId = await planFor(customer, 'order-why-3');
    await drainCardOf(customer.email);
    const advanced = await suite.stack.api.post(
      `/api/v1/merchant/${suite.merchant.id}/plans/${planId}/advance`,
      undefined,
      { token: suite.merchant.key },
    );
    expect(advanced.status, JSON.stringify(advanced.body)).toBe(200);
    // In-app notices are never held (no quiet hours): the worker writes it as soon as it runs.
    await waitFor(async () => {
      const res = await suite.stack.api.get('/api/v1/customers/me/notifications', {
        token: customer.token,
      });
      return (res.body.data as { kind: string }[]).some((n) => n.kind === 'payment_failed');
    }, 'the failure notice');

    const page = await openDashboard(customer.email);
    await page.getByRole('link', { name: 'Notices' }).click();
    await page.getByRole('heading', { name: 'Latest notices' }).waitFor();
    const notice = page.locator('ul.notice-list li', { hasText: 'could not be collected' });
    await notice.waitFor();
    expect(await notice.innerText()).toContain(
      'Your bank said there was not enough money in the account.',
    );
    expect(await page.locator('ul.notice-list').innerText()).not.toMatch(/Insufficient Funds/i);
    expect(await seriousA11yViolations(page.mainFrame())).toEqual([]);
    await screenshots(page, 'dashboard-notice-failure-reason');
    // At 375 px the list is below the switches: a picture of the notice itself.
    await page.setViewportSize(PHONE);
    await notice.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: join(SCREENSHOT_DIR, 'dashboard-notice-failure-reason-scrolled-375x667.png'),
    });
    await page.close();
  });

  it("another customer's plan id in the URL shows nothing of it", async () => {
    const owner = await apiCustomer(suite.stack.api, { verified: true, card: 'success' });
    const planId = await planFor(owner, 'order-private-7');
    const other = await apiCustomer(suite.stack.api, { verified: true });
    const page = await openDashboard(other.email);
    await page.goto(`${suite.stack.apiUrl}/dashboard/plans/${planId}`);
    await page.getByRole('heading', { name: 'Plan not found' }).waitFor();
    expect(await page.locator('body').innerText()).not.toContain('order-private-7');
    await page.setViewportSize(PHONE);
    expect(await seriousA11yViolations(page.mainFrame())).toEqual([]);
    await screenshots(page, 'dashboard-plan-not-found');
    // Signing out forgets the tab's session: a reload asks to sign in again.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.close();
  });

  it('Sign out ends the login on the server: the tab’s refresh and access tokens stop working', async () => {
    const customer = await apiCustomer(suite.stack.api, { verified: false });
    const page = await openDashboard(customer.email);
    const held = await page.evaluate(() => sessionStorage.getItem('tranche.customer.session'));
    const tokens = JSON.parse(held ?? 'null') as { access: string; refresh: string };
    expect(tokens.refresh).toMatch(/^rft_/);
    const signOut = page.waitForResponse((r) => r.url().endsWith('/api/v1/customers/logout'));
    await page.getByRole('button', { name: 'Sign out' }).click();
    const answered = await signOut;
    expect(answered.status()).toBe(200);
    expect(answered.request().postDataJSON()).toEqual({ refresh_token: tokens.refresh });
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(
      await page.evaluate(() => sessionStorage.getItem('tranche.customer.session')),
    ).toBeNull();
    await screenshots(page, 'dashboard-signed-out');
    const refreshed = await suite.stack.api.post('/api/v1/customers/token/refresh', {
      refresh_token: tokens.refresh,
    });
    expect(refreshed.status).toBe(401);
    const me = await suite.stack.api.get('/api/v1/customers/me', { token: tokens.access });
    expect(me.status).toBe(401);
    await page.close();
  });

  it('a forgotten password: the e-mailed link, used by keyboard alone, sets a new one and signs in; the link then no longer works', async () => {
    const customer = await apiCustomer(suite.stack.api, { verified: false });
    const page = await suite.browser.newPage({ viewport: PHONE });
    page.on('pageerror', (error) => {
      throw error;
    });
    await page.goto(`${suite.stack.apiUrl}/dashboard`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByRole('link', { name: 'Forgot your password?' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.type(customer.email);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    expect(await page.locator('body').innerText()).toContain(
      `If ${customer.email} has a Tranche account`,
    );
    expect(await seriousA11yViolations(page.mainFrame())).toEqual([]);
    await screenshots(page, 'dashboard-reset-requested');

    await waitFor(
      async () => smtp.received.some((m) => m.recipients.includes(customer.email)),
      'the reset e-mail',
    );
    const mail = smtp.received.find((m) => m.recipients.includes(customer.email));
    expect(mail?.parsed.subject).toBe('Reset your Tranche password');
    const link = /(http\S+\/dashboard\/reset-password#token=\S+)/.exec(
      mail?.parsed.text ?? '',
    )?.[1];
    expect(link).toBeDefined();

    await page.goto(link!);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    // The token left the address bar: it is not kept in history or bookmarks.
    expect(page.url()).toBe(`${suite.stack.apiUrl}/dashboard/reset-password`);
    await screenshots(page, 'dashboard-reset-password');
    await page.keyboard.press('Tab');
    await page.keyboard.type('my new dashboard password');
    await page.keyboard.press('Tab');
    await page.keyboard.type('my new dashboard password');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Your plans' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    const login = await suite.stack.api.post('/api/v1/customers/login', {
      email: customer.email,
      password: 'my new dashboard password',
    });
    expect(login.status).toBe(200);

    // The same link a second time: it says so and offers a new one.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.goto(link!);
    await page.getByLabel('New password', { exact: true }).fill('a third password here');
    await page.getByLabel('The same password again').fill('a third password here');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await page.getByRole('heading', { name: 'This link no longer works' }).waitFor();
    await page.setViewportSize(DESKTOP);
    expect(await seriousA11yViolations(page.mainFrame())).toEqual([]);
    await screenshots(page, 'dashboard-reset-link-used');
    await page.close();
  });
});
