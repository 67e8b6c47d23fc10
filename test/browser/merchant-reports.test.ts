import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { formatNaira } from '../../web/shared/format.ts';
import { csvObjects } from '../harness/csv.ts';
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
 * Search and reports (issue 28 Build 3, decision 0066): plans found from the Payments search bar,
 * a CSV export downloaded and opened whose sums match the wallet the page shows, and a payout's
 * settlement report adding up to the payout.
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

/** Screenshots at both sizes with `selector` scrolled to the top of the view at each. */
async function sectionShots(page: Page, name: string, selector: string) {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.locator(selector).evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await page.screenshot({
      path: join(SCREENSHOT_DIR, `${name}-${size.width}x${size.height}.png`),
    });
  }
  await page.setViewportSize(DESKTOP);
}

/** Clicks a download button and opens the file the browser saved. */
async function download(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const path = await file.path();
  const name = file.suggestedFilename();
  // The page says what it saved once the browser has the file.
  await page.getByText(`Downloaded ${name}`).waitFor();
  return { name, text: await readFile(path, 'utf8') };
}

/** Kobo from a naira column, digit by digit (no float sums). */
const koboOf = (naira: string) => {
  const [whole = '0', cents = '00'] = naira.replace('-', '').split('.');
  return (naira.startsWith('-') ? -1 : 1) * (Number(whole) * 100 + Number(cents));
};

describe('merchant dashboard: search and reports', () => {
  it('finds plans by e-mail and title; a downloaded export sums to the wallet shown; a payout’s settlement report adds up', async () => {
    const api = suite.stack.api;
    const page = await suite.browser.newPage({ viewport: DESKTOP, acceptDownloads: true });
    const { id: merchantId, key } = await registerInDashboard(page, suite.stack.apiUrl, {
      email: `reports-${randomUUID()}@fabrics.ng`,
    });
    const m = (path: string) => `/api/v1/merchant/${merchantId}${path}`;
    const settings = await api.patch(
      m('/settings'),
      { settlement_account: { bank_code: '058', account_number: '0123456789' } },
      { token: key },
    );
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);

    // Two sandbox plans collected to the end, for two buyers, one with a formula for a title.
    const titles = ['Ankara fabric, 6 yards', '=1+1 "Aso oke" bundle'];
    const buyers: { email: string; planId: string }[] = [];
    for (const [index, title] of titles.entries()) {
      const customer = await apiCustomer(api, { verified: true, card: 'success' });
      const session = await createSession(
        api,
        { id: merchantId, key },
        {
          amount: 150_001 + index * 100_000,
          title,
        },
      );
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
      const planId = confirmed.body.data.payment_plan_id as string;
      const paid = async () =>
        (
          (await api.get(m(`/plans/${planId}`), { token: key })).body.data as {
            installments: { status: string }[];
          }
        ).installments.filter((i) => i.status === 'paid').length;
      await expect.poll(paid, { timeout: 20_000, interval: 500 }).toBe(1);
      const advanced = await api.post(m(`/plans/${planId}/advance`), undefined, { token: key });
      expect(advanced.status, JSON.stringify(advanced.body)).toBe(200);
      await expect.poll(paid, { timeout: 20_000, interval: 500 }).toBe(2);
      buyers.push({ email: customer.email, planId });
    }
    const [first, second] = buyers as [(typeof buyers)[0], (typeof buyers)[0]];
    // A refund, then a payout of part of the balance (the rest is carried to the next one).
    const refund = await api.post(
      m(`/plans/${second.planId}/refunds`),
      { amount: 10_000, reason: 'short, by half a yard' },
      { token: key, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    const payout = await api.post(m('/payouts'), { amount: 100_000 }, { token: key });
    expect(payout.status, JSON.stringify(payout.body)).toBe(201);

    // Payments: the search bar finds a buyer by e-mail, and a plan by part of its title.
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Payments' })
      .click();
    await page.getByRole('heading', { name: 'Payments', exact: true }).waitFor();
    const rows = page.locator('table tbody tr');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    await page.getByLabel('Search', { exact: true }).fill(first.email.toUpperCase());
    await page.getByLabel('Search', { exact: true }).press('Enter');
    await page.getByRole('button', { name: 'Clear search' }).waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain('Ankara fabric');
    await page.getByLabel('Search', { exact: true }).fill('aso OKE');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect
      .poll(
        async () =>
          (await rows.count()) === 1 && (await rows.first().innerText()).includes('Aso oke'),
      )
      .toBe(true);
    // An amount range in naira: nothing between ₦100 and ₦200 but the first plan.
    await page.getByLabel('Search', { exact: true }).fill('');
    await page.getByLabel('Amount from (₦)').fill('1,000');
    await page.getByLabel('Amount to (₦)').fill('2000');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect
      .poll(
        async () =>
          (await rows.count()) === 1 && (await rows.first().innerText()).includes('Ankara'),
      )
      .toBe(true);
    await page.getByLabel('Amount to (₦)').fill('1.000');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('Amount to is not an amount in naira').waitFor();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(() => rows.count()).toBe(2);
    await expectAccessible(page, 'payments with the search bar');
    await expectFitsPhone(page, 'payments with the search bar');
    await screenshots(page, 'merchant-reports-payments-search');
    await sectionShots(page, 'merchant-reports-payments-exports', '#plan-exports-title');

    // The collected payments, downloaded and opened: gross = fee + net on every line, and the
    // formula in the title is shown, not run.
    const charges = await download(page, 'Collected payments');
    expect(charges.name).toMatch(/^tranche-charges-test-\d{4}-\d{2}-\d{2}\.csv$/);
    const collected = csvObjects(charges.text);
    expect(collected).toHaveLength(4);
    for (const row of collected) {
      expect(koboOf(row.gross_naira ?? '')).toBe(Number(row.gross_kobo));
      expect(Number(row.gross_kobo)).toBe(Number(row.fee_kobo) + Number(row.net_kobo));
    }
    expect(collected.filter((r) => r.title === `'${titles[1]}`)).toHaveLength(2);
    const plansFile = await download(page, 'Plans');
    expect(
      csvObjects(plansFile.text)
        .map((r) => r.plan_id)
        .sort(),
    ).toEqual([first.planId, second.planId].sort());

    // Money: the wallet history downloaded; its available change sums to the balance shown.
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Money' })
      .click();
    await page.getByRole('heading', { name: 'Balances (sandbox money)' }).waitFor();
    const shown = await page.locator('[data-balance="Available"]').innerText();
    const wallet = (await api.get(m('/wallet'), { token: key })).body.data as { available: number };
    expect(shown).toBe(formatNaira(wallet.available));
    const history = await download(page, 'Wallet history (CSV)');
    const entries = csvObjects(history.text);
    const availableKobo = entries.reduce(
      (sum, r) => sum + koboOf(r.available_change_naira ?? ''),
      0,
    );
    expect(formatNaira(availableKobo)).toBe(shown);
    expect(entries.reduce((sum, r) => sum + Number(r.available_change_kobo), 0)).toBe(
      wallet.available,
    );
    // And it agrees with the other export: collected net, less the refund, less the payout.
    const net = collected.reduce((sum, r) => sum + Number(r.net_kobo), 0);
    const refundDebit = entries
      .filter((r) => r.type === 'refund_initiated')
      .reduce((sum, r) => sum + Number(r.available_change_kobo), 0);
    expect(net + refundDebit - 100_000).toBe(wallet.available);
    await expectAccessible(page, 'money with the wallet export');
    await sectionShots(page, 'merchant-reports-money', '#wallet-export-title');

    // The payout's settlement report: opened from the payout, its lines add up to the payout.
    const payoutRow = page.locator(`tr[data-payout="${payout.body.data.reference as string}"]`);
    await payoutRow.getByText('Settlement report').click();
    const report = payoutRow.getByRole('table', { name: /Settlement report of/ });
    await report.waitFor();
    expect(await report.locator('tr.total td').innerText()).toBe(formatNaira(100_000));
    expect(await report.innerText()).toContain('Left for the next payout');
    await expectAccessible(page, 'money with a settlement report open');
    await expectFitsPhone(page, 'money with a settlement report open');
    await sectionShots(
      page,
      'merchant-reports-settlement',
      `tr[data-payout="${payout.body.data.reference as string}"]`,
    );
    const reportFile = await download(page, 'Download report (CSV)');
    const lines = csvObjects(reportFile.text);
    expect(lines.reduce((sum, r) => sum + koboOf(r.amount_naira ?? ''), 0)).toBe(100_000);
    expect(lines.filter((r) => r.type === 'collection')).toHaveLength(4);
    await page.close();
  });
});
