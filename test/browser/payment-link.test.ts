import { describe, expect, it } from 'vitest';

import { DESKTOP, PHONE, screenshots, seriousA11yViolations } from './support/browser.ts';
import { apiCustomer, continueToSignIn, signIn } from './support/checkout.ts';
import { browserSuite } from './support/suite.ts';

/**
 * A payment link end to end in the browser: /pay/{id} → the checkout as a full page → a plan →
 * the link's redirect_url. Also the full-page checkout at phone size, and its security headers.
 */
const suite = browserSuite({ merchantName: 'Link Shop' });

describe('payment link checkout', () => {
  it('/pay/{id} opens the full-page checkout; a confirmed plan ends at the link’s redirect_url', async () => {
    const link = await suite.stack.api.post(
      `/api/v1/merchant/${suite.merchant.id}/payment-links`,
      {
        title: 'Ankara fabric, 6 yards',
        amount: 450_000,
        redirect_url: `${suite.shop.url}/thanks`,
      },
      { token: suite.merchant.key },
    );
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    const customer = await apiCustomer(suite.stack.api, { verified: true, card: 'success' });

    const page = await suite.browser.newPage({ viewport: PHONE });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const response = await page.goto(link.body.data.url as string);
    // The 303 landed on the checkout, whose address no longer shows the session token.
    expect(page.url()).toBe(`${suite.stack.apiUrl}/checkout/`);
    const headers = response?.headers() ?? {};
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['content-security-policy']).toContain('frame-ancestors *');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');

    // The plans and their schedule first, before any sign-in (decision 0068).
    await page.getByRole('heading', { name: 'Choose your plan' }).waitFor();
    await page.locator('table.schedule').waitFor();
    expect(await page.getByText('Ankara fabric, 6 yards').isVisible()).toBe(true);
    expect(await seriousA11yViolations(page.mainFrame())).toEqual([]);
    await screenshots(page, 'checkout-full-page-plan');
    // A reload keeps the checkout (the token stays in this tab's session storage).
    await page.reload();
    await continueToSignIn(page);
    await page.setViewportSize(DESKTOP);
    expect(await seriousA11yViolations(page.mainFrame())).toEqual([]);
    await screenshots(page, 'checkout-full-page-sign-in');

    await signIn(page, customer.email);
    await page.getByRole('heading', { name: 'How you will pay' }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Review and confirm' }).waitFor();
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: /Confirm and pay/ }).click();
    await page.getByRole('heading', { name: 'Your plan is confirmed' }).waitFor();
    await page.waitForURL(`${suite.shop.url}/thanks`, { timeout: 10_000 });

    const plans = await suite.stack.api.get(`/api/v1/merchant/${suite.merchant.id}/plans`, {
      token: suite.merchant.key,
    });
    expect(plans.body.data).toHaveLength(1);
    expect(plans.body.data[0].order_reference).toMatch(new RegExp(`^${link.body.data.id}\\.`));
    expect(errors).toEqual([]);
  });

  it('without a redirect_url the customer lands on /dashboard, signed in, and sees the plan', async () => {
    const link = await suite.stack.api.post(
      `/api/v1/merchant/${suite.merchant.id}/payment-links`,
      { title: 'Sewing machine', amount: 300_000 },
      { token: suite.merchant.key },
    );
    const customer = await apiCustomer(suite.stack.api, { verified: true, card: 'success' });
    const page = await suite.browser.newPage({ viewport: DESKTOP });
    await page.goto(link.body.data.url as string);
    await continueToSignIn(page);
    await signIn(page, customer.email);
    await page.getByRole('heading', { name: 'How you will pay' }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: /Confirm and pay/ }).click();
    await page.waitForURL(`${suite.stack.apiUrl}/dashboard`, { timeout: 10_000 });
    // The full-page checkout handed its session to the tab (decision 0021): no second sign-in.
    await page.getByRole('heading', { name: 'Your plans' }).waitFor();
    const plan = page.getByRole('link', { name: new RegExp(`${link.body.data.id}\\.`) });
    await plan.waitFor();
    expect(await seriousA11yViolations(page.mainFrame())).toEqual([]);
    await screenshots(page, 'dashboard-after-payment-link');
    await plan.click();
    await page.locator('table.plan-schedule').waitFor();
    expect(await page.getByRole('heading', { name: 'Schedule' }).isVisible()).toBe(true);
    await screenshots(page, 'dashboard-plan-after-payment-link');
    // A reload keeps the session (this tab's storage).
    await page.reload();
    await page.locator('table.plan-schedule').waitFor();
  });
});
