import { randomUUID } from 'node:crypto';
import { join } from 'node:path';

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import {
  DESKTOP,
  PHONE,
  SCREENSHOT_DIR,
  screenshots,
  seriousA11yViolations,
} from './support/browser.ts';
import { apiCustomer, type ApiMerchant, createSession, signIn } from './support/checkout.ts';
import { registerInDashboard } from './support/merchant.ts';
import { browserSuite } from './support/suite.ts';

/**
 * Hardship requests (decision 0072) in both dashboards over the running stack: the customer asks
 * in /dashboard to move a payment (and, on another plan, to spread the rest); the merchant, in
 * /merchant/hardship, approves one and declines the other with the keyboard; the customer's page
 * then shows the new schedule. Every screen axe-clean, fitting 375 px, shot at both sizes.
 */
const suite = browserSuite({ merchantName: 'Unused' });

async function expectAccessible(page: Page, screen: string) {
  const violations = await seriousA11yViolations(page.mainFrame());
  expect(violations, `${screen}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
}

async function expectFitsPhone(page: Page, screen: string) {
  await page.setViewportSize(PHONE);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${screen} at 375 px`).toBeLessThanOrEqual(PHONE.width);
  await page.setViewportSize(DESKTOP);
}

/** Both sizes, each scrolled to the hardship card (the page's top is the plan's summary). */
async function cardShots(page: Page, name: string) {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.getByRole('heading', { name: 'Can’t pay on time?' }).evaluate((h) => {
      h.scrollIntoView({ block: 'start' });
    });
    await page.waitForTimeout(120);
    await page.screenshot({
      path: join(SCREENSHOT_DIR, `${name}-${size.width}x${size.height}.png`),
    });
  }
  await page.setViewportSize(DESKTOP);
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${what}\n${suite.stack.output().slice(-3000)}`);
}

interface MerchantPlan {
  status: string;
  installment_count: number;
  installments: { id: string; sequence: number; due_at: string; amount: number }[];
}

async function merchantPlan(merchant: ApiMerchant, planId: string): Promise<MerchantPlan> {
  const res = await suite.stack.api.get(`/api/v1/merchant/${merchant.id}/plans/${planId}`, {
    token: merchant.key,
  });
  return res.body.data as MerchantPlan;
}

/** A weekly plan confirmed through the API, its deposit collected by the worker. */
async function planFor(
  merchant: ApiMerchant,
  customer: { token: string; methodId?: string },
  orderReference: string,
) {
  const session = await createSession(suite.stack.api, merchant, {
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
  await waitFor(
    async () => (await merchantPlan(merchant, planId)).status === 'active',
    'the deposit',
  );
  return planId;
}

async function openCustomerPlan(email: string, planId: string): Promise<Page> {
  const page = await suite.browser.newPage({ viewport: DESKTOP });
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto(`${suite.stack.apiUrl}/dashboard`);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await signIn(page, email);
  await page.getByRole('heading', { name: 'Your plans' }).waitFor();
  await page.goto(`${suite.stack.apiUrl}/dashboard/plans/${planId}`);
  await page.getByRole('heading', { name: 'Can’t pay on time?' }).waitFor();
  return page;
}

const dayAfter = (iso: string, days: number) =>
  new Date(new Date(iso).getTime() + days * 86_400_000 + 3_600_000).toISOString().slice(0, 10);

describe('hardship requests in the dashboards', () => {
  it('the customer asks to move a payment and to spread another plan; the merchant approves one and declines the other; the customer sees the new schedule', async () => {
    const merchantPage = await suite.browser.newPage({ viewport: DESKTOP });
    merchantPage.on('pageerror', (error) => {
      throw error;
    });
    const merchant = await registerInDashboard(merchantPage, suite.stack.apiUrl, {
      email: `hardship-${randomUUID()}@fabrics.ng`,
    });
    const customer = await apiCustomer(suite.stack.api, { verified: true, card: 'success' });
    const movePlan = await planFor(merchant, customer, 'order-move-1');
    const spreadPlan = await planFor(merchant, customer, 'order-spread-1');
    const before = await merchantPlan(merchant, movePlan);
    const first = before.installments[1]!;
    const newDay = dayAfter(first.due_at, 5);

    // ── The customer asks, in the customer dashboard ─────────────────────────────────────
    const page = await openCustomerPlan(customer.email, movePlan);
    const card = page.locator('section', {
      has: page.getByRole('heading', { name: 'Can’t pay on time?' }),
    });
    await expectAccessible(page, 'customer hardship form');
    await expectFitsPhone(page, 'customer hardship form');
    await cardShots(page, 'dashboard-hardship-form');

    // With the keyboard: the choice of kind is a radio group (arrow keys), the rest fields.
    await card.getByRole('radio', { name: /Move one payment later/ }).focus();
    expect(await card.getByRole('radio', { name: /Move one payment later/ }).isChecked()).toBe(
      true,
    );
    await card.getByLabel('Payment to move').focus();
    await card.getByLabel('New due date').fill(newDay);
    await card.getByLabel('Why (optional)').fill('Salary is paid late this month');
    await page.keyboard.press('Enter');
    await card.getByText(/Sent\. The shop has 3 days to answer/).waitFor();
    await card.getByText('Waiting for the shop’s answer').waitFor();
    await expectAccessible(page, 'customer hardship requested');
    await expectFitsPhone(page, 'customer hardship requested');
    await cardShots(page, 'dashboard-hardship-requested');

    // The other plan: spread the rest over two more installments.
    await page.goto(`${suite.stack.apiUrl}/dashboard/plans/${spreadPlan}`);
    const spreadCard = page.locator('section', {
      has: page.getByRole('heading', { name: 'Can’t pay on time?' }),
    });
    await spreadCard.getByRole('radio', { name: /Move one payment later/ }).focus();
    await page.keyboard.press('ArrowDown');
    expect(await spreadCard.getByRole('radio', { name: /Spread what is left/ }).isChecked()).toBe(
      true,
    );
    await spreadCard.getByLabel('How many more installments').selectOption('2');
    await spreadCard.getByRole('button', { name: 'Ask the shop' }).focus();
    await page.keyboard.press('Enter');
    await spreadCard
      .getByText('You asked to spread what is left over 2 more installments.')
      .waitFor();

    // ── The merchant decides, in the merchant dashboard ──────────────────────────────────
    await merchantPage.getByRole('link', { name: 'Hardship' }).click();
    await merchantPage.getByRole('heading', { name: 'Hardship requests', exact: true }).waitFor();
    expect(new URL(merchantPage.url()).pathname).toBe('/merchant/hardship');
    await merchantPage.getByText('“Salary is paid late this month”').waitFor();
    await expectAccessible(merchantPage, 'merchant hardship list');
    await expectFitsPhone(merchantPage, 'merchant hardship list');
    await screenshots(merchantPage, 'merchant-hardship-list');

    const approve = merchantPage.getByRole('button', { name: /^Approve the request: Move/ });
    await approve.focus();
    await merchantPage.keyboard.press('Enter');
    await merchantPage.getByText('Approved: the schedule has changed').waitFor();
    const decline = merchantPage.getByRole('button', { name: /^Decline the request: Spread/ });
    const spreadItem = merchantPage.locator('li.hardship-item', {
      has: merchantPage.getByRole('heading', { name: /Spread the rest/ }),
    });
    await spreadItem.getByLabel('Note to the customer (optional)').fill('Please pay as agreed');
    await decline.focus();
    await merchantPage.keyboard.press('Enter');
    await merchantPage.getByText('Declined: the schedule stays as it was.').waitFor();
    await expectAccessible(merchantPage, 'merchant hardship decided');
    await expectFitsPhone(merchantPage, 'merchant hardship decided');
    await screenshots(merchantPage, 'merchant-hardship-decided');

    // What the API says now: the move happened, the spread did not.
    const moved = await merchantPlan(merchant, movePlan);
    expect(moved.installments[1]?.due_at).toBe(
      new Date(new Date(first.due_at).getTime() + 5 * 86_400_000).toISOString(),
    );
    expect((await merchantPlan(merchant, spreadPlan)).installment_count).toBe(3);

    // The limits, changed with the keyboard by the owner.
    const days = merchantPage.getByLabel('Days a payment may move (0–30)');
    await days.fill('7');
    await merchantPage.getByRole('checkbox', { name: /Approve every request/ }).focus();
    await merchantPage.keyboard.press('Space');
    await merchantPage.getByRole('button', { name: 'Save limits' }).focus();
    await merchantPage.keyboard.press('Enter');
    await merchantPage.getByText('Saved: new requests follow these limits.').waitFor();
    const settings = await suite.stack.api.get(
      `/api/v1/merchant/${merchant.id}/hardship-settings`,
      {
        token: merchant.key,
      },
    );
    expect(settings.body.data).toEqual({
      max_move_days: 7,
      max_extra_installments: 3,
      auto_approve: true,
    });

    // ── The customer sees the answers ────────────────────────────────────────────────────
    await page.goto(`${suite.stack.apiUrl}/dashboard/plans/${movePlan}`);
    await page.getByText('Approved: your schedule has changed').waitFor();
    await page
      .locator('table.plan-schedule')
      .getByText(
        new Intl.DateTimeFormat('en-NG', {
          timeZone: 'Africa/Lagos',
          day: 'numeric',
          month: 'short',
          year: 'numeric',
        }).format(new Date(moved.installments[1]?.due_at ?? '')),
      )
      .waitFor();
    await expectAccessible(page, 'customer hardship approved');
    await expectFitsPhone(page, 'customer hardship approved');
    await cardShots(page, 'dashboard-hardship-approved');
    await page.goto(`${suite.stack.apiUrl}/dashboard/plans/${spreadPlan}`);
    await page.getByText('Declined: your schedule stays as it was').waitFor();
    await page.getByText('The shop says: “Please pay as agreed”').waitFor();
    await expectAccessible(page, 'customer hardship declined');
    await cardShots(page, 'dashboard-hardship-declined');
    await page.close();
    await merchantPage.close();
  });
});
