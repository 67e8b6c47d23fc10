import { randomUUID } from 'node:crypto';
import { join } from 'node:path';

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { formatNaira } from '../../web/shared/format.ts';
import { enrolTwoFactor } from '../harness/two-factor.ts';
import {
  DESKTOP,
  PHONE,
  SCREENSHOT_DIR,
  screenshots,
  seriousA11yViolations,
} from './support/browser.ts';
import { apiCustomer, createSession } from './support/checkout.ts';
import { registerInDashboard } from './support/merchant.ts';
import { browserSuite } from './support/suite.ts';

/**
 * The merchant dashboard's Money section (/merchant/money): the settlement account set in the
 * page, a sandbox plan collected to the end by time travel, the wallet's balances and history as
 * the API states them, then "Pay out now" (an amount, then everything) until the bank has paid
 * and the available balance is zero.
 */
const suite = browserSuite({ merchantName: 'Unused' });

interface WalletAnswer {
  livemode: boolean;
  available: number;
  pending: number;
  payouts_in_transit: number;
  refunds_in_transit: number;
  transactions: {
    type: string;
    gross: number | null;
    platform_fee: number | null;
    available_change: number;
    plan_id: string | null;
  }[];
}

async function expectAccessible(page: Page, screen: string) {
  const violations = await seriousA11yViolations(page.mainFrame());
  expect(violations, `${screen}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
}

/** Nothing wider than the phone's screen: no sideways scrolling at 375 px. */
async function expectFitsPhone(page: Page, screen: string) {
  await page.setViewportSize(PHONE);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${screen} at 375 px`).toBeLessThanOrEqual(PHONE.width);
  await page.setViewportSize(DESKTOP);
}

/** Registers in the dashboard (keys shown once), as merchant-account.test.ts does. */
/** Like screenshots(), with the part of the page that matters scrolled into view at each size. */
async function sectionShots(page: Page, name: string, selector: string) {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.locator(selector).evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await page.waitForTimeout(120);
    await page.screenshot({
      path: join(SCREENSHOT_DIR, `${name}-${size.width}x${size.height}.png`),
    });
  }
  await page.setViewportSize(DESKTOP);
}

const balance = (page: Page, label: string) =>
  page.locator(`[data-balance="${label}"]`).innerText();

describe('merchant dashboard: money', () => {
  it('settlement account → a sandbox plan collected by time travel → the wallet as the API says → paid out to zero', async () => {
    const api = suite.stack.api;
    const page = await suite.browser.newPage({ viewport: DESKTOP });
    const { id: merchantId, key } = await registerInDashboard(page, suite.stack.apiUrl, {
      email: `money-${randomUUID()}@fabrics.ng`,
    });
    const wallet = async () =>
      (await api.get(`/api/v1/merchant/${merchantId}/wallet`, { token: key })).body
        .data as WalletAnswer;
    // Payouts and settlement-account changes need two-factor sign-in (decision 0065): the owner
    // turns it on through the API here (merchant-two-factor.test.ts does it in the page).
    const { authenticator } = await enrolTwoFactor(
      api,
      merchantId,
      await page.evaluate(() => {
        const raw = sessionStorage.getItem('tranche.merchant.session');
        return raw ? (JSON.parse(raw) as { access: string }).access : '';
      }),
    );
    await page.reload();
    await page.getByRole('navigation', { name: 'Dashboard' }).waitFor();

    await page.getByRole('link', { name: 'Money' }).click();
    await page.getByRole('heading', { name: 'Money', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/merchant/money');
    await page.getByRole('heading', { name: 'Balances (sandbox money)' }).waitFor();
    expect(await page.getByRole('note').innerText()).toMatch(/^Sandbox money\./);
    expect(await balance(page, 'Available')).toBe('₦0.00');
    const payOut = page.getByRole('button', { name: 'Pay out now' });
    expect(await payOut.isDisabled()).toBe(true);
    expect(await page.getByText('Add a settlement account first').isVisible()).toBe(true);
    await page.getByText('Nothing has moved yet').waitFor();
    await expectAccessible(page, 'money (new account)');
    await screenshots(page, 'merchant-money-empty');

    // The settlement account, typed in the page: GTBank, an account whose transfers succeed.
    await page.getByRole('button', { name: 'Save settlement account' }).click();
    await page.getByText('Choose your bank.').waitFor();
    await page.getByLabel('Bank', { exact: true }).selectOption({ label: 'Guaranty Trust Bank' });
    await page.getByLabel('Account number').fill('012345678');
    await page.getByRole('button', { name: 'Save settlement account' }).click();
    // The code is asked first (the API judges credentials before the request's fields).
    expect(await page.getByRole('alert').innerText()).toMatch(
      /needs a code from your authenticator app/,
    );
    // A number the bank cannot name says so before anything is saved.
    await page.getByLabel('Account number').fill('0123450404');
    await page.getByText('The bank knows no account 0123450404').waitFor();
    await page.getByLabel('Account number').fill('0123456789');
    // The bank's name for the account shows as soon as the number is whole, before saving.
    await page.getByText('Account name: BALOGUN MARKET FABRICS LTD').waitFor();
    // Where payouts go changes only with the password (decision 0057) and a two-factor code
    // (decision 0065), both checked by the API.
    await page.getByLabel('Two-factor code').fill(await authenticator.code());
    await page.getByRole('button', { name: 'Save settlement account' }).click();
    await page.getByText('needs your dashboard password').waitFor();
    await page.getByLabel('Your dashboard password').fill('not the password');
    await page.getByLabel('Two-factor code').fill(await authenticator.code());
    await page.getByRole('button', { name: 'Save settlement account' }).click();
    await page.getByText('The password is not correct').waitFor();
    await page.getByLabel('Your dashboard password').fill('a long merchant password');
    await page.getByLabel('Two-factor code').fill(await authenticator.code());
    await page.getByRole('button', { name: 'Save settlement account' }).click();
    const saved = page.getByText('Saved. Payouts now go to');
    await saved.waitFor();
    // The holder's name, from the gateway's account resolve (the sandbox's test account).
    expect(await saved.innerText()).toContain(
      'Guaranty Trust Bank ******6789 (BALOGUN MARKET FABRICS LTD)',
    );
    expect(await page.getByText('0123456789').count()).toBe(0);
    // "Change account" opens the form on the saved bank; Cancel leaves the account as it is.
    await page.getByRole('button', { name: 'Change account' }).click();
    expect(await page.getByLabel('Bank', { exact: true }).inputValue()).toBe('058');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByText(/^Payouts go to Guaranty Trust Bank \*{6}6789/).isVisible()).toBe(
      true,
    );
    const record = await api.get(`/api/v1/merchant/${merchantId}`, { token: key });
    expect(record.body.data.settlement_account).toEqual({
      bank_code: '058',
      account_number: '0123456789',
      account_name: 'BALOGUN MARKET FABRICS LTD',
    });
    // Still nothing to pay out, and the page says so.
    expect(await payOut.isDisabled()).toBe(true);
    expect(await page.getByText('Nothing to pay out').isVisible()).toBe(true);
    await expectAccessible(page, 'money (settlement account saved)');
    await sectionShots(page, 'merchant-money-account-saved', '#settlement-title');

    // A sandbox plan through the API: ₦3,999.99, half now, then two monthly installments
    // (odd kobo, so the fee rounds), collected to the end by time travel.
    const customer = await apiCustomer(api, { verified: true, card: 'success' });
    const session = await createSession(api, { id: merchantId, key }, { amount: 399_999 });
    const confirmed = await api.post(
      `/api/v1/checkout/sessions/${session.token}/confirm`,
      {
        frequency: 'monthly',
        installment_count: 2,
        upfront_pct: 50,
        payment_method_id: customer.methodId,
      },
      { token: customer.token },
    );
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    const planId = confirmed.body.data.payment_plan_id as string;
    const plan = async () =>
      (await api.get(`/api/v1/merchant/${merchantId}/plans/${planId}`, { token: key })).body
        .data as { status: string; installments: { status: string }[] };
    const paid = async () => (await plan()).installments.filter((i) => i.status === 'paid').length;
    // The worker collects the deposit by itself; each advance collects the next installment.
    await expect.poll(paid, { timeout: 20_000, interval: 500 }).toBe(1);
    for (const count of [2, 3]) {
      const advanced = await api.post(
        `/api/v1/merchant/${merchantId}/plans/${planId}/advance`,
        undefined,
        { token: key },
      );
      expect(advanced.status, JSON.stringify(advanced.body)).toBe(200);
      await expect.poll(paid, { timeout: 20_000, interval: 500 }).toBe(count);
    }
    expect((await plan()).status).toBe('completed');

    // The page shows what the API answers: balances, and each collected payment's net.
    const collected = await wallet();
    expect(collected.livemode).toBe(false);
    expect(collected.pending).toBe(0);
    const payments = collected.transactions.filter((t) => t.type === 'payment_collected');
    expect(payments).toHaveLength(3);
    for (const payment of payments) {
      expect(payment.plan_id).toBe(planId);
      expect(payment.available_change).toBe((payment.gross ?? 0) - (payment.platform_fee ?? 0));
    }
    expect(collected.available).toBe(payments.reduce((sum, p) => sum + p.available_change, 0));
    await page.reload();
    await page.getByRole('heading', { name: 'Balances (sandbox money)' }).waitFor();
    expect(await balance(page, 'Available')).toBe(formatNaira(collected.available));
    expect(await balance(page, 'Pending')).toBe(formatNaira(0));
    const rows = page.locator('tr[data-transaction="payment_collected"]');
    expect(await rows.count()).toBe(3);
    for (const [index, payment] of payments.entries()) {
      const row = rows.nth(index);
      expect(await row.locator('td[data-label="What"]').innerText()).toBe('Payment collected');
      expect(await row.locator('td[data-label="Gross"]').innerText()).toBe(
        formatNaira(payment.gross ?? 0),
      );
      expect(await row.locator('td[data-label="Fee"]').innerText()).toBe(
        formatNaira(payment.platform_fee ?? 0),
      );
      expect(await row.locator('td[data-label="Net change"]').innerText()).toBe(
        `+${formatNaira(payment.available_change)}`,
      );
      expect(await row.getByRole('link').innerText()).toContain(planId);
      expect(await row.getByRole('link').getAttribute('href')).toBe(`/merchant/payments/${planId}`);
    }
    expect(
      await page.locator('tr[data-transaction="plan_confirmed"] td[data-label="What"]').innerText(),
    ).toBe('Plan confirmed');
    expect(await payOut.isDisabled()).toBe(false);
    await expectAccessible(page, 'money (plan collected)');
    await expectFitsPhone(page, 'money (plan collected)');
    await sectionShots(page, 'merchant-money-collected', '#history-title');

    // Pay out an amount typed in naira (Enter in the field submits), after one the page refuses.
    await page.getByLabel('An amount').check();
    const amount = page.getByLabel('Amount to pay out (₦)');
    await amount.fill('1,000.505');
    await amount.press('Enter');
    await page.getByText('Enter an amount in naira').waitFor();
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    await amount.fill('1,000.50');
    await amount.press('Enter');
    // Nothing moves before the amount is confirmed, in figures and in words.
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').innerText()).toBe(
      'Pay out ₦1,000.50 (one thousand naira and fifty kobo) to Guaranty Trust Bank ******6789 (BALOGUN MARKET FABRICS LTD)?',
    );
    await expectAccessible(page, 'money (payout confirmation)');
    await sectionShots(page, 'merchant-money-payout-confirm', 'dialog');
    // Escape goes back; no payout was asked for.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(
      (await api.get(`/api/v1/merchant/${merchantId}/payouts`, { token: key })).body.data,
    ).toEqual([]);
    await amount.press('Enter');
    await dialog.getByLabel('Two-factor code').fill(await authenticator.code());
    await dialog.getByRole('button', { name: 'Pay out ₦1,000.50' }).click();
    await page.getByText(/^Payout of ₦1,000\.50 (started|paid)/).waitFor();
    const firstPayout = (await api.get(`/api/v1/merchant/${merchantId}/payouts`, { token: key }))
      .body.data[0] as { reference: string; amount: number };
    expect(firstPayout.amount).toBe(100_050);
    const firstRow = page.locator(`tr[data-payout="${firstPayout.reference}"]`);
    // The sandbox settles a transfer after about a second; the page watches until it is paid.
    await expect
      .poll(() => firstRow.locator('td[data-label="Status"] .money-status').innerText(), {
        timeout: 20_000,
      })
      .toBe('Paid');
    expect(await balance(page, 'Available')).toBe(formatNaira(collected.available - 100_050));
    expect(await page.getByText(/^Payout of ₦1,000\.50 paid/).isVisible()).toBe(true);

    // Then everything that is left.
    await page.getByLabel('Everything available').check();
    await payOut.click();
    const rest = formatNaira(collected.available - 100_050);
    await dialog.getByLabel('Two-factor code').fill(await authenticator.code());
    await dialog.getByRole('button', { name: `Pay out ${rest}` }).click();
    await page.getByText(`Payout of ${rest} started`).waitFor();
    const payouts = (await api.get(`/api/v1/merchant/${merchantId}/payouts`, { token: key })).body
      .data as { reference: string; amount: number; status: string }[];
    expect(payouts.map((p) => p.amount)).toEqual([collected.available - 100_050, 100_050]);
    await sectionShots(page, 'merchant-money-payout-started', '#payouts-title');
    const lastRow = page.locator(`tr[data-payout="${payouts[0]?.reference}"]`);
    await expect
      .poll(() => lastRow.locator('td[data-label="Status"] .money-status').innerText(), {
        timeout: 20_000,
      })
      .toBe('Paid');
    await expect.poll(() => balance(page, 'Available'), { timeout: 10_000 }).toBe('₦0.00');
    expect(await balance(page, 'Payouts in transit')).toBe('₦0.00');
    const after = await wallet();
    expect(after).toMatchObject({ available: 0, payouts_in_transit: 0, pending: 0 });
    expect(
      (await api.get(`/api/v1/merchant/${merchantId}/payouts`, { token: key })).body.data.map(
        (p: { status: string }) => p.status,
      ),
    ).toEqual(['paid', 'paid']);
    expect(await page.locator('tr[data-transaction="payout_succeeded"]').count()).toBe(2);
    expect(await payOut.isDisabled()).toBe(true);
    expect(await page.getByText('Nothing to pay out').isVisible()).toBe(true);
    await expectAccessible(page, 'money (paid out)');
    expect(await page.getByText(`Payout of ${rest} paid`).isVisible()).toBe(true);
    await expectFitsPhone(page, 'money (paid out)');
    await sectionShots(page, 'merchant-money-paid-out', '#payouts-title');
  }, 180_000);

  it('the history comes newest first, a page at a time: "Load more" adds the rest and moves focus to it', async () => {
    const api = suite.stack.api;
    const page = await suite.browser.newPage({ viewport: DESKTOP });
    const { id: merchantId, key } = await registerInDashboard(page, suite.stack.apiUrl, {
      email: `history-${randomUUID()}@fabrics.ng`,
    });
    // Eleven small plans: each is confirmed and has its deposit collected, two lines apiece.
    const customer = await apiCustomer(api, { verified: true, card: 'success' });
    for (let i = 0; i < 11; i++) {
      const session = await createSession(api, { id: merchantId, key }, { amount: 10_000 });
      const confirmed = await api.post(
        `/api/v1/checkout/sessions/${session.token}/confirm`,
        {
          frequency: 'monthly',
          installment_count: 1,
          upfront_pct: 50,
          payment_method_id: customer.methodId,
        },
        { token: customer.token },
      );
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    }
    const everything = async () =>
      (await api.get(`/api/v1/merchant/${merchantId}/wallet?limit=100`, { token: key })).body
        .data as WalletAnswer & { transactions: { id: string; type: string }[] };
    await expect
      .poll(async () => (await everything()).transactions.length, {
        timeout: 30_000,
        interval: 1_000,
      })
      .toBe(22);
    const lines = (await everything()).transactions;

    await page.getByRole('link', { name: 'Money' }).click();
    await page.getByRole('heading', { name: 'History', exact: true }).waitFor();
    const rows = page.locator('tr[data-transaction]');
    await expect.poll(() => rows.count()).toBe(20);
    const shownTypes = () =>
      rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-transaction')));
    expect(await shownTypes()).toEqual(lines.slice(0, 20).map((line) => line.type));
    const more = page.getByRole('button', { name: 'Load more' });
    await more.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => rows.count()).toBe(22);
    expect(await shownTypes()).toEqual(lines.map((line) => line.type));
    expect(await more.count()).toBe(0);
    const focused = await page.evaluate(() => {
      const active = document.activeElement;
      return active?.tagName === 'TR' ? active.getAttribute('data-transaction') : null;
    });
    expect(focused).toBe(lines[20]?.type);
    await expectAccessible(page, 'money (history, all loaded)');
    await sectionShots(page, 'merchant-money-history-more', 'tr[tabindex="-1"]');
  }, 120_000);
});
