import { randomUUID } from 'node:crypto';

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { formatNaira } from '../../web/shared/format.ts';
import { TestAuthenticator } from '../harness/two-factor.ts';
import { DESKTOP, PHONE, screenshots, seriousA11yViolations } from './support/browser.ts';
import { apiCustomer, createSession } from './support/checkout.ts';
import { registerInDashboard } from './support/merchant.ts';
import { browserSuite } from './support/suite.ts';

/**
 * Two-factor sign-in in the merchant dashboard (issue 28 Build 2, decision 0065): an owner is
 * told to turn it on, enrols on the Team screen with a code computed here from the key the page
 * shows (src/platform/totp.ts, as an authenticator app would), signs out, signs in needing the
 * code, and a payout is refused without a code and done with one.
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

const accessToken = (page: Page) =>
  page.evaluate(() => {
    const raw = sessionStorage.getItem('tranche.merchant.session');
    return raw ? (JSON.parse(raw) as { access: string }).access : '';
  });

describe('merchant dashboard: two-factor sign-in', () => {
  it('2FA required for a payout', async () => {
    const api = suite.stack.api;
    const page = await suite.browser.newPage({ viewport: DESKTOP });
    const email = `twofactor-${randomUUID()}@fabrics.ng`;
    const password = 'a long merchant password';
    const { id: merchantId, key } = await registerInDashboard(page, suite.stack.apiUrl, { email });

    // A new owner is told, on every screen, to turn it on.
    const notice = page.locator('.two-factor-notice');
    await notice.waitFor();
    expect(await notice.innerText()).toMatch(
      /^Owners must use two-factor sign-in: turn it on by \d+ \w+ \d{4}\. Payouts and settlement-account changes need it already\./,
    );

    // Where payouts go, set with the secret key (not this test's subject), and money to pay out:
    // a sandbox plan collected to the end, as merchant-money.test.ts does.
    const set = await api.patch(
      `/api/v1/merchant/${merchantId}/settings`,
      { settlement_account: { bank_code: '058', account_number: '0123456789' } },
      { token: key },
    );
    expect(set.status, JSON.stringify(set.body)).toBe(200);
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
    const paid = async () =>
      (
        (await api.get(`/api/v1/merchant/${merchantId}/plans/${planId}`, { token: key })).body
          .data as { installments: { status: string }[] }
      ).installments.filter((i) => i.status === 'paid').length;
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
    const available = async () =>
      (await api.get(`/api/v1/merchant/${merchantId}/wallet`, { token: key })).body.data
        .available as number;
    await expect.poll(available, { timeout: 10_000 }).toBeGreaterThan(0);

    // Before enrolling, the Money screen says why it cannot pay out.
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Money' })
      .click();
    await page.getByText('Paying out needs two-factor sign-in').waitFor();
    expect(await page.getByRole('button', { name: 'Pay out now' }).isDisabled()).toBe(true);

    // Enrolment on the Team screen, by keyboard: the notice's link, the button, the code, Enter.
    await notice.getByRole('link', { name: 'Set up two-factor sign-in' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).focus();
    await page.keyboard.press('Enter');
    const card = page.locator('section[aria-labelledby="two-factor-title"]');
    await card.getByRole('img', { name: /QR code of your two-factor key/ }).waitFor();
    const secret = (await card.locator('code.secret').first().innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectAccessible(page, 'two-factor enrolment');
    await expectFitsPhone(page, 'two-factor enrolment');
    await card.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await screenshots(page, 'merchant-two-factor-enrol');
    const app = new TestAuthenticator(secret);
    // A wrong code is refused and changes nothing.
    const codeField = page.getByLabel('Code from the app');
    await codeField.fill('000000');
    await codeField.press('Enter');
    await card.getByRole('alert').waitFor();
    expect(await card.getByRole('alert').innerText()).toMatch(/does not match/);
    await codeField.fill(await app.code());
    await codeField.press('Enter');
    await card.getByText('Two-factor sign-in is on.').waitFor();
    const recovery = await card.locator('.recovery-codes code').allInnerTexts();
    expect(recovery).toHaveLength(10);
    // The owners' notice is gone at once.
    await notice.waitFor({ state: 'detached' });
    await expectAccessible(page, 'two-factor recovery codes');
    await screenshots(page, 'merchant-two-factor-recovery-codes');
    await card.getByRole('button', { name: 'I have saved them' }).click();
    await card.getByText(/^On since .*10 recovery codes left\./).waitFor();

    // Sign out, then sign in: the password, then the code.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByLabel('Password').press('Enter');
    await page.getByRole('heading', { name: 'Two-factor code' }).waitFor();
    const signInCode = page.getByLabel('Code from your authenticator app');
    // The field has the focus: the code is typed straight away.
    expect(await signInCode.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectAccessible(page, 'sign-in code step');
    await expectFitsPhone(page, 'sign-in code step');
    await screenshots(page, 'merchant-two-factor-sign-in-code');
    await page.keyboard.type('000000');
    await page.keyboard.press('Enter');
    await page.getByText('Email, password or two-factor code is incorrect').waitFor();
    await page.keyboard.type(await app.code());
    await page.keyboard.press('Enter');
    await page.getByRole('navigation', { name: 'Dashboard' }).waitFor();

    // A payout without a code is refused by the API (the page always sends one it was given).
    const token = await accessToken(page);
    const refused = await api.post(
      `/api/v1/merchant/${merchantId}/payouts`,
      { amount: 100_00 },
      { token, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('step_up_required');

    // In the page: the confirmation asks for the code; a wrong one is refused, the right one pays.
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Money' })
      .click();
    await page.getByLabel('An amount').check();
    const amount = page.getByLabel('Amount to pay out (₦)');
    await amount.fill('100');
    await amount.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const payCode = dialog.getByLabel('Two-factor code');
    await payCode.fill('000000');
    await dialog.getByRole('button', { name: 'Pay out ₦100.00' }).click();
    await dialog.getByRole('alert').waitFor();
    expect(await dialog.getByRole('alert').innerText()).toMatch(/two-factor code is not right/);
    expect(
      (await api.get(`/api/v1/merchant/${merchantId}/payouts`, { token: key })).body.data,
    ).toEqual([]);
    await expectAccessible(page, 'payout confirmation with code');
    await screenshots(page, 'merchant-two-factor-payout-code');
    await payCode.fill(await app.code());
    await payCode.press('Enter');
    await page.getByText(/^Payout of ₦100\.00 (started|paid)/).waitFor();
    const payouts = (await api.get(`/api/v1/merchant/${merchantId}/payouts`, { token: key })).body
      .data as { amount: number }[];
    expect(payouts.map((p) => p.amount)).toEqual([100_00]);
    expect(formatNaira(payouts[0]?.amount ?? 0)).toBe('₦100.00');
    await page.close();
  }, 180_000);
});
