import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { DESKTOP, screenshots, seriousA11yViolations } from './support/browser.ts';
import { apiCustomer, createSession, signIn } from './support/checkout.ts';
import { browserSuite } from './support/suite.ts';

/**
 * Paying a plan by bank transfer from the customer dashboard (decision 0071): the plan shows the
 * customer's own account number, bank and the amount, each with a copy button, by keyboard; the
 * sandbox gateway then plays the customer's bank and the installment is paid.
 */
const suite = browserSuite({ merchantName: 'Transfer Shop' });

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${what}\n${suite.stack.output().slice(-3000)}`);
}

async function merchantPlan(planId: string) {
  const res = await suite.stack.api.get(`/api/v1/merchant/${suite.merchant.id}/plans/${planId}`, {
    token: suite.merchant.key,
  });
  return res.body.data as { status: string; installments: { id: string; status: string }[] };
}

async function activePlan(customer: { token: string; methodId?: string }, orderReference: string) {
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

async function openPlan(email: string, planId: string): Promise<Page> {
  const context = await suite.browser.newContext({ viewport: DESKTOP });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: suite.stack.apiUrl,
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto(`${suite.stack.apiUrl}/dashboard`);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await signIn(page, email);
  await page.getByRole('heading', { name: 'Your plans' }).waitFor();
  await page.goto(`${suite.stack.apiUrl}/dashboard/plans/${planId}`);
  await page.getByRole('heading', { name: 'Pay by bank transfer' }).waitFor();
  return page;
}

describe('pay by bank transfer (customer dashboard)', () => {
  it('shows the customer’s own account, bank and amount to copy, by keyboard; a transfer into it pays the installment', async () => {
    const customer = await apiCustomer(suite.stack.api, { verified: true, card: 'success' });
    const planId = await activePlan(customer, 'order-transfer-1');
    const page = await openPlan(customer.email, planId);
    const card = page.locator('section', {
      has: page.getByRole('heading', { name: 'Pay by bank transfer' }),
    });
    expect(await seriousA11yViolations(page.mainFrame())).toEqual([]);

    // By keyboard: focus the button and press Enter.
    const show = card.getByRole('button', { name: 'Show my account number' });
    await show.focus();
    await page.keyboard.press('Enter');
    await card.getByText('Account number').waitFor();
    const accountNumber = (await card.locator('.transfer-value').first().innerText()).trim();
    expect(accountNumber).toMatch(/^99\d{8}$/);
    await card.getByText('Test Bank').waitFor();
    await card.getByText('Next installment').waitFor();
    await card.getByText('₦1,000.00').first().waitFor();

    const copy = card.getByRole('button', { name: 'Copy' }).first();
    await copy.focus();
    await page.keyboard.press('Enter');
    await card.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(accountNumber);
    expect(await seriousA11yViolations(page.mainFrame())).toEqual([]);
    // The card at the top of the window, at both sizes, for the screenshots.
    await card.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await screenshots(page, 'dashboard-plan-pay-by-transfer');

    // The customer's bank sends the installment (₦1,000.00) to that account.
    const sent = await fetch(`${suite.stack.sandboxUrl}/_sandbox/dedicated_account/transfers`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${suite.stack.gatewayKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ account_number: accountNumber, amount: 100_000 }),
    });
    expect(sent.status).toBe(200);
    await waitFor(
      async () => (await merchantPlan(planId)).installments[1]?.status === 'paid',
      'the installment paid by transfer',
    );
    await page.reload();
    await page.locator('table.plan-schedule').getByText('Paid').nth(1).waitFor();
    await page.context().close();
  });
});
