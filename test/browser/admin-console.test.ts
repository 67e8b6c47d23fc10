import { randomUUID } from 'node:crypto';

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import type { TestOperator } from '../harness/operators.ts';
import { DESKTOP, PHONE, screenshots, seriousA11yViolations } from './support/browser.ts';
import { apiCustomer, createSession, registerMerchant } from './support/checkout.ts';
import { provideBusinessDetails, registerInDashboard } from './support/merchant.ts';
import { browserSuite } from './support/suite.ts';

/**
 * The operator console (/admin, issue 13): an operator signs in with their own account (email,
 * password, authenticator code; decision 0035); a merchant registered in the merchant dashboard
 * is approved in the console and its live key then works; deactivated with a reason, its calls
 * get 403 and its dashboard says why; the audit log shows both actions with who and why. Every
 * screen is checked with axe and photographed at desktop and phone sizes.
 */
const suite = browserSuite({ merchantName: 'Unused' });

async function expectAccessible(page: Page, screen: string) {
  const violations = await seriousA11yViolations(page.mainFrame());
  expect(violations, `${screen}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
}

/** Looked at (axe, both sizes) and readable at 375 px without sideways scrolling. */
async function lookAt(page: Page, name: string) {
  await expectAccessible(page, name);
  await screenshots(page, name);
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(100);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${name} scrolls sideways at 375 px`).toBeLessThanOrEqual(0);
  await expectAccessible(page, `${name} (phone)`);
  await page.setViewportSize(DESKTOP);
}

/** A code the app does not show now (nor one step either side). */
function wrongCode(operator: TestOperator): string {
  const now = Date.now() / 1000;
  const near = [-30, 0, 30, 60].map((d) => operator.code(now + d));
  return ['000000', '111111', '222222'].find((c) => !near.includes(c)) ?? '333333';
}

const nav = (page: Page, section: string) =>
  page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: section }).click();

describe('operator console', () => {
  it('approve a dashboard-registered merchant, deactivate it; its keys follow; the audit log shows both', async () => {
    const { stack, browser } = suite;
    const businessName = `Ikorodu Gadgets ${randomUUID().slice(0, 6)}`;

    // The merchant registers in the merchant dashboard; its live key is read off the keys screen.
    const shop = await browser.newPage({ viewport: DESKTOP });
    let liveKey = '';
    const merchant = await registerInDashboard(shop, stack.apiUrl, {
      businessName,
      atKeys: async () => {
        const secrets = await shop.locator('code.secret').allInnerTexts();
        liveKey = secrets.map((s) => s.trim()).find((s) => s.startsWith('sk_live_')) ?? '';
      },
    });
    expect(liveKey).toMatch(/^sk_live_/);
    const liveCall = () => stack.api.get(`/api/v1/merchant/${merchant.id}`, { token: liveKey });
    expect((await liveCall()).body.code).toBe('merchant_not_approved');
    // What approval needs (decision 0074); the form itself: merchant-business-details.test.ts.
    await provideBusinessDetails(shop, stack.api, merchant.id);

    // The operator signs in with their own account: email, password, authenticator code, all
    // by keyboard. A wrong code is refused and the field is cleared for the next one.
    const ada = await stack.addOperator('Ada Obi');
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${stack.apiUrl}/admin`);
    await page.getByRole('heading', { name: 'Operator console' }).waitFor();
    await lookAt(page, 'admin-sign-in');
    const label = () =>
      page.evaluate(() => {
        const id = document.activeElement?.id;
        return id ? document.querySelector(`label[for="${id}"]`)?.textContent : undefined;
      });
    await page.getByLabel('Email').focus();
    await page.keyboard.type(ada.email);
    await page.keyboard.press('Tab');
    expect(await label()).toBe('Password');
    await page.keyboard.type(ada.password);
    await page.keyboard.press('Tab');
    expect(await label()).toBe('Authenticator code');
    await page.keyboard.type(wrongCode(ada));
    await page.keyboard.press('Enter');
    await page.getByText('Email, password or authenticator code is incorrect').waitFor();
    await lookAt(page, 'admin-sign-in-refused');
    expect(await page.getByLabel('Authenticator code').inputValue()).toBe('');
    await page.getByLabel('Authenticator code').focus();
    await page.keyboard.type(ada.code(Date.now() / 1000));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Merchants', exact: true }).waitFor();
    expect(await page.getByText('Signed in as').innerText()).toContain('Ada Obi');

    // Pending approval first: the new merchant is in the first rows.
    const row = page.locator(`tr[data-merchant-id="${merchant.id}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain('Pending approval');
    await lookAt(page, 'admin-merchants');

    // Its overview, then approval with a reason.
    await row.getByRole('link', { name: businessName }).click();
    await page.getByRole('heading', { name: businessName }).waitFor();
    await page.getByRole('heading', { name: 'Webhook health' }).waitFor();
    await lookAt(page, 'admin-merchant-pending');
    await page.getByRole('button', { name: 'Approve…' }).click();
    await page.getByLabel('Reason (optional)').fill('KYC documents checked');
    await lookAt(page, 'admin-approve-confirm');
    await page.getByRole('button', { name: 'Approve merchant' }).click();
    await page.getByText(`${businessName} is now active. Recorded in the audit log.`).waitFor();
    expect((await liveCall()).status).toBe(200);

    // Deactivation, by keyboard: the reason is required and the API says so.
    const deactivate = page.getByRole('button', { name: 'Deactivate…' });
    await deactivate.focus();
    await page.keyboard.press('Enter');
    const reason = page.getByLabel('Reason (required; the merchant is shown it)');
    await reason.waitFor();
    // Focus moves there once the form has rendered: wait for it, not for a fixed moment.
    await expect.poll(() => reason.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page
      .getByRole('alert')
      .getByText(/reason is required/)
      .waitFor();
    await reason.focus();
    await page.keyboard.type('Customers report goods never delivered');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Deactivate merchant',
    );
    await page.keyboard.press('Enter');
    await page.getByText(`${businessName} is now deactivated.`).waitFor();
    await page.getByText(': Customers report goods never delivered').waitFor();
    await lookAt(page, 'admin-merchant-deactivated');

    // Its keys are refused, saying why; its dashboard says why too.
    for (const token of [liveKey, merchant.key]) {
      const refused = await stack.api.get(`/api/v1/merchant/${merchant.id}`, { token });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'merchant_inactive' });
      expect(refused.body.detail).toContain('Customers report goods never delivered');
    }
    await shop.reload();
    const notice = shop.getByRole('alert');
    await notice.waitFor();
    expect(await notice.innerText()).toContain('Customers report goods never delivered');
    await shop.close();

    // The audit log: both actions, who and why, newest first.
    await nav(page, 'Audit log');
    await page.getByRole('heading', { name: 'Operator actions' }).waitFor();
    const rows = page.locator('tr[data-audit-id]');
    await rows.first().waitFor();
    const mine = (await rows.allInnerTexts()).filter((text) => text.includes(businessName));
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatch(
      /Ada Obi[\s\S]*Deactivated[\s\S]*Customers report goods never delivered/,
    );
    expect(mine[1]).toMatch(/Ada Obi[\s\S]*Approved[\s\S]*KYC documents checked/);
    await lookAt(page, 'admin-audit-log');
    await page.close();
  });

  it('reconciliation, dead letters and the ledger check', async () => {
    const page = await suite.browser.newPage({ viewport: DESKTOP });
    const bola = await suite.stack.addOperator('Bola Ade');
    await page.goto(`${suite.stack.apiUrl}/admin`);
    await page.getByLabel('Email').fill(bola.email);
    await page.getByLabel('Password').fill(bola.password);
    await page.getByLabel('Authenticator code').fill(bola.code(Date.now() / 1000));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Merchants', exact: true }).waitFor();

    // A reload keeps the operator signed in (this tab's sessionStorage).
    await page.reload();
    await page.getByRole('heading', { name: 'Merchants', exact: true }).waitFor();

    await nav(page, 'Reconciliation');
    await page.getByRole('button', { name: 'Run reconciliation' }).click();
    await page.getByRole('heading', { name: 'No differences' }).waitFor();
    await lookAt(page, 'admin-reconciliation');

    await nav(page, 'Dead letters');
    await page.getByRole('heading', { name: 'Dead-lettered webhook events' }).waitFor();
    await lookAt(page, 'admin-dead-letters');

    await nav(page, 'Ledger check');
    await page.getByRole('heading', { name: /^Balanced: the postings sum to ₦0\.00$/ }).waitFor();
    await lookAt(page, 'admin-ledger');

    // The run is in the audit log under this operator.
    await nav(page, 'Audit log');
    const run = page.locator('tr[data-audit-id]', { hasText: 'Ran reconciliation' }).first();
    await run.waitFor();
    expect(await run.innerText()).toContain('Bola Ade');

    const held = await page.evaluate(() => sessionStorage.getItem('tranche.admin.session'));
    const tokens = JSON.parse(held ?? 'null') as { access: string; refresh: string };
    expect(tokens.refresh).toMatch(/^rft_/);
    const signOut = page.waitForResponse((r) => r.url().endsWith('/api/v1/admin/logout'));
    await page.getByRole('button', { name: 'Sign out' }).click();
    const answered = await signOut;
    expect(answered.status()).toBe(200);
    expect(answered.request().postDataJSON()).toEqual({ refresh_token: tokens.refresh });
    await page.getByRole('heading', { name: 'Operator console' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('tranche.admin.session'))).toBeNull();
    // Sign-out ended the sign-in on the server: its refresh and access tokens no longer work.
    const refreshed = await suite.stack.api.post('/api/v1/admin/token/refresh', {
      refresh_token: tokens.refresh,
    });
    expect(refreshed.status).toBe(401);
    const read = await suite.stack.api.get('/api/v1/admin/merchants', { token: tokens.access });
    expect(read.status).toBe(401);
    await page.close();
  });

  it('a payout held for its transfer OTP: listed, a wrong OTP refused in words, the right one sends it (decision 0043)', async () => {
    const { stack, browser } = suite;
    const api = stack.api;
    const sandbox = (path: string, body: unknown) =>
      fetch(`${stack.sandboxUrl}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${stack.gatewayKey}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
    // A merchant with collected money (the worker collects the deposit) and a settlement account.
    const merchant = await registerMerchant(api, `Aba Textiles ${randomUUID().slice(0, 6)}`);
    await api.patch(
      `/api/v1/merchant/${merchant.id}/settings`,
      { settlement_account: { bank_code: '058', account_number: '0123456789' } },
      { token: merchant.key },
    );
    const customer = await apiCustomer(api, { verified: true, card: 'success' });
    const session = await createSession(api, merchant, { amount: 200_000 });
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
    const available = async () =>
      (await api.get(`/api/v1/merchant/${merchant.id}/wallet`, { token: merchant.key })).body.data
        .available as number;
    await expect.poll(available, { timeout: 30_000, interval: 500 }).toBe(97_500);

    // The gateway account now requires transfer OTPs: the payout the worker sends is held.
    expect((await sandbox('/_sandbox/transfer-otp', { required: true })).status).toBe(200);
    try {
      const payout = await api.post(
        `/api/v1/merchant/${merchant.id}/payouts`,
        {},
        { token: merchant.key },
      );
      expect(payout.status, JSON.stringify(payout.body)).toBe(201);
      const token = await stack.operatorToken();
      const held = async () =>
        (
          (await api.get('/api/v1/admin/payouts/awaiting-otp', { token })).body.data as {
            id: string;
          }[]
        ).some((p) => p.id === payout.body.data.id);
      await expect.poll(held, { timeout: 30_000, interval: 500 }).toBe(true);

      const chidi = await stack.addOperator('Chidi Eze');
      const page = await browser.newPage({ viewport: DESKTOP });
      await page.goto(`${stack.apiUrl}/admin`);
      await page.getByLabel('Email').fill(chidi.email);
      await page.getByLabel('Password').fill(chidi.password);
      await page.getByLabel('Authenticator code').fill(chidi.code(Date.now() / 1000));
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Merchants', exact: true }).waitFor();
      await nav(page, 'Payouts awaiting OTP');
      const card = page.locator('form', { hasText: 'Aba Textiles' });
      await card.getByRole('heading', { name: /₦975\.00 to Aba Textiles/ }).waitFor();
      await lookAt(page, 'admin-payouts-awaiting-otp');

      await card.getByLabel('Transfer OTP').fill('000000');
      await card.getByRole('button', { name: 'Send payout' }).click();
      expect(await card.getByRole('alert').innerText()).toMatch(/Invalid OTP.*still waits/);
      await lookAt(page, 'admin-payout-otp-refused');
      expect(await held()).toBe(true);

      await card.getByLabel('Transfer OTP').fill('123456');
      await card.getByRole('button', { name: 'Send payout' }).click();
      await page
        .locator('p.notice', { hasText: /^₦975\.00 to Aba Textiles \S+ sent \(/ })
        .waitFor();
      expect(await held()).toBe(false);
      await lookAt(page, 'admin-payout-otp-sent');
      const paid = async () =>
        (await api.get(`/api/v1/merchant/${merchant.id}/payouts`, { token: merchant.key })).body
          .data[0]?.status as string;
      await expect.poll(paid, { timeout: 30_000, interval: 500 }).toBe('paid');

      await nav(page, 'Audit log');
      const given = page.locator('tr[data-audit-id]', { hasText: 'transfer OTP' }).first();
      await given.waitFor();
      expect(await given.innerText()).toContain('Chidi Eze');
      await page.close();
    } finally {
      await sandbox('/_sandbox/transfer-otp', { required: false });
    }
  });
});
