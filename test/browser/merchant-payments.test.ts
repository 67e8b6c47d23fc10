import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';

import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';

import { nairaInWords } from '../../src/domain/naira-words.ts';
import { formatNaira } from '../../web/shared/format.ts';
import {
  DESKTOP,
  PHONE,
  SCREENSHOT_DIR,
  screenshots,
  seriousA11yViolations,
} from './support/browser.ts';
import {
  apiCustomer,
  type ApiMerchant,
  createSession,
  registerMerchant,
} from './support/checkout.ts';
import { registerInDashboard } from './support/merchant.ts';
import { browserSuite } from './support/suite.ts';

/**
 * The merchant dashboard's Payments and Getting started (issue 12): a real sandbox plan made
 * through the API appears in Payments, is found by its order reference, and is walked to
 * `completed` with the time-travel buttons; the checklist ticks itself from the account's test
 * mode; another merchant's plan id in the URL shows nothing of it.
 */
const suite = browserSuite({ merchantName: 'Unused' });

async function expectAccessible(page: Page, screen: string) {
  const violations = await seriousA11yViolations(page.mainFrame());
  expect(violations, `${screen}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
}

/** A merchant registered through the dashboard, signed in; its test key read off the keys screen. */
type Customer = Awaited<ReturnType<typeof apiCustomer>>;
const newCustomer = () => apiCustomer(suite.stack.api, { verified: true, card: 'success' });

/** A confirmed sandbox plan: a verified customer with a test card, a session, confirm. */
async function sandboxPlan(
  merchant: ApiMerchant,
  orderReference: string,
  options: { customer?: Customer; amount?: number } = {},
): Promise<{ id: string; customerId: string; installments: number }> {
  const customer = options.customer ?? (await newCustomer());
  const session = await createSession(suite.stack.api, merchant, {
    amount: options.amount ?? 2_000_000,
    order_reference: orderReference,
  });
  const confirmed = await suite.stack.api.post(
    `/api/v1/checkout/sessions/${session.token}/confirm`,
    {
      frequency: 'weekly',
      installment_count: 2,
      upfront_pct: 25,
      payment_method_id: customer.methodId,
    },
    { token: customer.token },
  );
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
  const plan = confirmed.body.data.plan as { id: string; installments: unknown[] };
  return { id: plan.id, customerId: customer.customerId, installments: plan.installments.length };
}

/** The plan as the API answers the merchant's test key. */
async function planStatus(merchant: ApiMerchant, planId: string): Promise<string> {
  const res = await suite.stack.api.get(`/api/v1/merchant/${merchant.id}/plans/${planId}`, {
    token: merchant.key,
  });
  return res.body.data.status as string;
}

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 20_000) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A phone-size screenshot scrolled to `selector` (what `screenshots` leaves below the fold). */
async function phoneShotAt(page: Page, name: string, selector: string): Promise<void> {
  await page.setViewportSize(PHONE);
  await page.locator(selector).first().scrollIntoViewIfNeeded();
  await page.waitForTimeout(120);
  await page.screenshot({
    path: join(SCREENSHOT_DIR, `${name}-${PHONE.width}x${PHONE.height}.png`),
  });
  await page.setViewportSize(DESKTOP);
}

/** The value next to a label in the plan's summary. */
const fact = (page: Page, label: string) =>
  page.locator('dl.pay-facts dt', { hasText: new RegExp(`^${label}$`) }).locator('+ dd');

/** A checklist step's heading, which says whether it is done. */
const step = (page: Page, title: string) =>
  page.getByRole('heading', { name: new RegExp(`^${title} (Done|To do)$`) });

const receivers: Server[] = [];
afterAll(async () => {
  for (const receiver of receivers) {
    await new Promise<void>((resolve) => {
      receiver.close(() => resolve());
      receiver.closeAllConnections();
    });
  }
});

/** A webhook endpoint on 127.0.0.1 that accepts everything and counts what it got. */
async function webhookReceiver(): Promise<{ url: string; received: string[] }> {
  const received: string[] = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push(body);
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receivers.push(receiver);
  const address = receiver.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/tranche`, received };
}

describe('merchant dashboard: payments and getting started', () => {
  it('a sandbox plan is listed, found by its order reference and walked to completed; the checklist ticks itself', async () => {
    const page = await suite.browser.newPage({ viewport: DESKTOP });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const merchant = await registerInDashboard(page, suite.stack.apiUrl, {
      businessName: 'Balogun Market Fabrics',
    });
    const app = (path: string) => page.goto(`${suite.stack.apiUrl}${path}`);

    // A new account: a test key, nothing else yet.
    await app('/merchant/getting-started');
    await page.getByRole('heading', { name: /Your sandbox: 1 of 4 done/ }).waitFor();
    await step(page, 'Get a test secret key').waitFor();
    expect(await step(page, 'Get a test secret key').innerText()).toMatch(/Done$/);
    for (const title of [
      'Set a test webhook URL',
      'Receive a test event',
      'Take a first sandbox checkout',
    ]) {
      expect(await step(page, title).innerText(), title).toMatch(/To do$/);
    }
    expect(await page.getByText('That probe is not kept in the delivery log').count()).toBe(1);
    await expectAccessible(page, 'getting started (new)');
    await screenshots(page, 'merchant-payments-getting-started-new');

    // No plan yet: an empty state.
    await app('/merchant/payments');
    await page.getByText('No test plans yet').waitFor();
    await expectAccessible(page, 'payments (empty)');
    await screenshots(page, 'merchant-payments-empty');

    // The webhook address through Developers, then a real sandbox checkout through the API.
    const hook = await webhookReceiver();
    await app('/merchant/developers');
    await page.getByLabel('Endpoint URL').fill(hook.url);
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.getByText('Saved.').waitFor();
    const reference = `order-${randomUUID().slice(0, 8)}`;
    const plan = await sandboxPlan(merchant, reference);
    expect(plan.installments).toBe(3); // the deposit and two weekly installments
    await waitUntil('the deposit', async () => (await planStatus(merchant, plan.id)) === 'active');

    // Listed, newest first, with a link to its page.
    await app('/merchant/payments');
    const row = page.getByRole('row', { name: new RegExp(reference) });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/₦20,000\.00/);
    expect(await row.innerText()).toMatch(/Active/);
    await expectAccessible(page, 'payments list');
    await screenshots(page, 'merchant-payments-list');
    await phoneShotAt(page, 'merchant-payments-list-rows', 'table.pay-table');

    // Search by order reference: exact, found; a wrong one: an empty state.
    await page.getByLabel('Order reference').fill(reference);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('button', { name: 'Clear search' }).waitFor();
    expect(await page.getByRole('link', { name: reference }).count()).toBe(1);
    await page.getByLabel('Order reference').fill('order-that-does-not-exist');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('No test plan has the order reference').waitFor();
    expect(await page.getByRole('link', { name: reference }).count()).toBe(0);
    await expectAccessible(page, 'payments search (nothing)');
    await screenshots(page, 'merchant-payments-search-empty');
    await page.getByRole('button', { name: 'Clear search' }).click();

    // Its page: the installments, the totals, time travel.
    await page.getByRole('link', { name: reference }).click();
    // Named by what was bought (issue 27 fix 9); the reference is the secondary line.
    await page.getByRole('heading', { name: 'Samsung Galaxy A15', exact: true }).waitFor();
    await page.getByText(`Order ${reference} ·`).waitFor();
    expect(page.url()).toBe(`${suite.stack.apiUrl}/merchant/payments/${plan.id}`);
    const rows = page.locator('section[aria-labelledby="installments-title"] table tbody tr');
    expect(await rows.count()).toBe(3);
    expect(await rows.nth(0).innerText()).toMatch(/Deposit[\s\S]*₦5,000\.00[\s\S]*Paid/);
    expect(await rows.nth(1).innerText()).toMatch(/Installment 1[\s\S]*₦7,500\.00[\s\S]*Scheduled/);
    expect(await fact(page, 'Customer').innerText()).toBe('Ada Obi');
    expect(await fact(page, 'Customer ID').innerText()).toBe(plan.customerId);
    expect(await fact(page, 'Order reference').innerText()).toBe(reference);
    expect(await fact(page, 'Paid').innerText()).toBe('₦5,000.00');
    expect(await fact(page, 'Still to collect').innerText()).toBe('₦15,000.00');
    await expectAccessible(page, 'plan');
    await screenshots(page, 'merchant-payments-plan');
    await phoneShotAt(page, 'merchant-payments-plan-installments', 'table.pay-table');

    // Advance N days: the due dates move earlier; 3 days bring nothing of a weekly plan due.
    const dueBefore = await rows.nth(1).locator('td').first().innerText();
    await page.getByLabel('Days').fill('3');
    await page.getByRole('button', { name: 'Advance 3 days' }).click();
    await page.getByText('No installment changed state yet').waitFor({ timeout: 15_000 });
    expect(await rows.nth(1).locator('td').first().innerText()).not.toBe(dueBefore);
    expect(await rows.nth(1).innerText()).toMatch(/Scheduled/);

    // Collect the next installment now, until nothing is left.
    for (const sequence of [1, 2]) {
      await page.getByRole('button', { name: 'Collect the next installment now' }).click();
      await page
        .getByText(new RegExp(`^Installment ${sequence}: paid`))
        .waitFor({ timeout: 15_000 });
      expect(await rows.nth(sequence).innerText()).toMatch(/Paid/);
      if (sequence === 1) {
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await screenshots(page, 'merchant-payments-collected');
        await phoneShotAt(page, 'merchant-payments-collected-outcome', '.pay-travel-outcome');
      }
    }
    expect(await fact(page, 'Status').innerText()).toMatch(/^Completed/);
    expect(await fact(page, 'Paid').innerText()).toBe('₦20,000.00');
    expect(await fact(page, 'Still to collect').innerText()).toBe('₦0.00');
    expect(await planStatus(merchant, plan.id)).toBe('completed');
    // Nothing left: the API says so.
    await page.getByRole('button', { name: 'Collect the next installment now' }).click();
    await page.getByRole('alert').filter({ hasText: 'Nothing to collect' }).waitFor();
    // What happened: three collected charges with their fees, and the events sent about it.
    const charges = page.locator('section[aria-labelledby="charges-title"] table tbody tr');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await waitUntil('three charges', async () => (await charges.count()) === 3);
    expect(await charges.nth(0).innerText()).toMatch(
      /Deposit[\s\S]*₦5,000\.00[\s\S]*₦125\.00[\s\S]*Collected/,
    );
    await page
      .locator('section[aria-labelledby="plan-events-title"]')
      .getByText('payment_plan.completed')
      .waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expectAccessible(page, 'plan completed');
    await screenshots(page, 'merchant-payments-plan-completed');

    // The list's status filter.
    await app('/merchant/payments');
    await page.getByLabel('Status').selectOption('completed');
    await page.getByRole('link', { name: reference }).waitFor();
    await page.getByLabel('Status').selectOption('defaulted');
    await page.getByText('No test plan has this status').waitFor();

    // The checklist ticks from the real state: the address, a delivered event, the plan.
    await waitUntil('a delivered webhook', async () => hook.received.length > 0);
    await app('/merchant/getting-started');
    await page.getByRole('heading', { name: /Your sandbox: 4 of 4 done/ }).waitFor();
    expect(await step(page, 'Take a first sandbox checkout').innerText()).toMatch(/Done$/);
    expect(await page.getByRole('link', { name: reference }).getAttribute('href')).toBe(
      `/merchant/payments/${plan.id}`,
    );
    await expectAccessible(page, 'getting started (done)');
    await screenshots(page, 'merchant-payments-getting-started-done');
    expect(errors).toEqual([]);
  }, 120_000);

  it("another merchant's plan id in the URL shows a not-found message and nothing of it", async () => {
    const other = await registerMerchant(suite.stack.api, 'Other Shop');
    const reference = `theirs-${randomUUID().slice(0, 8)}`;
    const theirs = await sandboxPlan(other, reference);

    const page = await suite.browser.newPage({ viewport: DESKTOP });
    await registerInDashboard(page, suite.stack.apiUrl, { businessName: 'Ikeja Phones' });
    await page.goto(`${suite.stack.apiUrl}/merchant/payments/${theirs.id}`);
    await page.getByRole('heading', { name: 'Payment not found' }).waitFor();
    const text = await page.locator('main').innerText();
    expect(text).not.toContain(reference);
    expect(text).not.toContain(theirs.customerId);
    expect(text).not.toMatch(/₦/);
    expect(await page.getByRole('button', { name: /Collect the next installment/ }).count()).toBe(
      0,
    );
    await expectAccessible(page, 'plan not found');
    await screenshots(page, 'merchant-payments-not-found');

    // Nor does it show in this merchant's list or search.
    await page.goto(`${suite.stack.apiUrl}/merchant/payments`);
    await page.getByText('No test plans yet').waitFor();
    await page.getByLabel('Order reference').fill(reference);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('No test plan has the order reference').waitFor();
  });

  it('"Load more" pages through the plans with the cursor, newest first', async () => {
    const page = await suite.browser.newPage({ viewport: DESKTOP });
    const merchant = await registerInDashboard(page, suite.stack.apiUrl, {
      businessName: 'Yaba Books',
    });
    // One page is 20 plans: 21 small ones (well inside the customer's spending limit).
    const customer = await newCustomer();
    const references: string[] = [];
    for (let i = 1; i <= 21; i++) {
      const reference = `book-${String(i).padStart(2, '0')}-${randomUUID().slice(0, 6)}`;
      await sandboxPlan(merchant, reference, { customer, amount: 100_000 });
      references.push(reference);
    }
    await page.goto(`${suite.stack.apiUrl}/merchant/payments`);
    // Each row links what was bought, its order reference the link's second line.
    const links = page.locator('table.pay-table tbody a .pay-secondary');
    await page.getByRole('button', { name: 'Load more' }).waitFor();
    expect(await links.allInnerTexts()).toEqual(references.slice(1).reverse());
    await page.getByRole('button', { name: 'Load more' }).click();
    await page.getByRole('link', { name: references[0] }).waitFor();
    expect(await links.count()).toBe(21);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    await expectAccessible(page, 'payments, two pages');
  }, 120_000);
  it("a refund and a cancellation from a plan's page, as the API decides them", async () => {
    const page = await suite.browser.newPage({ viewport: DESKTOP });
    const merchant = await registerInDashboard(page, suite.stack.apiUrl, {
      businessName: 'Ikeja Phones',
    });
    const reference = `order-${randomUUID().slice(0, 8)}`;
    const plan = await sandboxPlan(merchant, reference);
    await waitUntil('the deposit', async () => (await planStatus(merchant, plan.id)) === 'active');
    await page.goto(`${suite.stack.apiUrl}/merchant/payments/${plan.id}`);
    await page.getByText(`Order ${reference} ·`).waitFor();
    await page.getByText('No refunds on this plan.').waitFor();

    // The amount is chosen, never assumed: "Refund…" with no choice refunds nothing.
    await page.getByRole('button', { name: 'Refund…', exact: true }).click();
    await page.getByText('Choose how much to refund.').waitFor();
    // ₦1,000.00 back: all of it comes off the last installment, nothing moves.
    await page.getByLabel('An amount').check();
    await page.getByLabel('Amount (₦)').fill('1,000');
    await page.getByLabel('Reason (optional)').first().fill('one case returned');
    await page.getByRole('button', { name: 'Refund…', exact: true }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByRole('heading').innerText()).toBe(
      `Refund ₦1,000.00 (one thousand naira) on order ${reference}?`,
    );
    await expectAccessible(page, 'plan page: refund confirmation');
    await phoneShotAt(page, 'merchant-plan-refund-confirm', 'dialog');
    await dialog.getByRole('button', { name: 'Refund ₦1,000.00' }).click();
    await page
      .getByText(
        'Refund of ₦1,000.00: ₦1,000.00 off what the customer owes, ₦0.00 back to their card or account.',
      )
      .waitFor();
    const refundRow = page.getByRole('row', { name: /one case returned/ });
    await refundRow.waitFor();
    expect(await refundRow.innerText()).toMatch(/Refunded/);
    await page.getByRole('row', { name: /Installment 2[\s\S]*₦6,500\.00/ }).waitFor();

    // More than the plan holds: the API's words, nothing changes.
    await page.getByLabel('An amount').check();
    await page.getByLabel('Amount (₦)').fill('1000000');
    await page.getByRole('button', { name: 'Refund…', exact: true }).click();
    await dialog.getByRole('button', { name: 'Refund ₦1,000,000.00' }).click();
    await dialog.getByText(/this plan can still refund/).waitFor();
    await dialog.getByRole('button', { name: 'Go back' }).click();
    // "Everything left" names the API's figure (…/refundable), in figures and words.
    const left = (
      await suite.stack.api.get(`/api/v1/merchant/${merchant.id}/plans/${plan.id}/refundable`, {
        token: merchant.key,
      })
    ).body.data as { amount: number };
    await page.getByLabel('Everything left').check();
    await page.getByRole('button', { name: 'Refund…', exact: true }).click();
    expect(await dialog.getByRole('heading').innerText()).toBe(
      `Refund ${formatNaira(left.amount)} (${nairaInWords(left.amount)}) on order ${reference}?`,
    );
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Cancel with a refund of what was paid (the ₦5,000.00 deposit): the worker pays it back.
    await page.getByRole('button', { name: 'Cancel this plan…' }).click();
    // The refund that comes with it is named in figures and words (the deposit, collected).
    await page
      .getByText('Also refund what the customer has paid: ₦5,000.00 (five thousand naira)')
      .waitFor();
    await expectAccessible(page, 'plan page: cancel confirmation');
    await screenshots(page, 'merchant-plan-refunds');
    await phoneShotAt(page, 'merchant-plan-refunds-section', '#refunds-title');
    await page.getByRole('button', { name: 'Cancel the plan' }).click();
    await page.getByText('Cancelled', { exact: true }).first().waitFor();
    await waitUntil('the refund of the deposit', async () => {
      const res = await suite.stack.api.get(
        `/api/v1/merchant/${merchant.id}/plans/${plan.id}/refunds`,
        { token: merchant.key },
      );
      return res.body.data[0]?.status === 'processed' && res.body.data[0]?.cash_amount === 500_000;
    });
    expect(await planStatus(merchant, plan.id)).toBe('cancelled');
    await page.close();
  });
});
