import { randomUUID } from 'node:crypto';

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestSmtpServer, type TestSmtpServer } from '../harness/smtp.ts';
import { DESKTOP, screenshots, seriousA11yViolations } from './support/browser.ts';
import { registerInDashboard } from './support/merchant.ts';
import { browserSuite } from './support/suite.ts';

/**
 * Issue 28 items 1 and 6 in the browser: the merchant ID copied from the dashboard is the one a
 * checkout session needs; a merchant with no password (as `tranche merchants create` makes one)
 * sets one by e-mail from the sign-in page's "Forgot password?" and lands in its dashboard.
 */
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(async () => smtp.close());

const suite = browserSuite({
  merchantName: 'Unused',
  env: () => ({ SMTP_URL: smtp.url, EMAIL_FROM: 'Tranche <notifications@tranche.test>' }),
});

async function expectAccessible(page: Page, screen: string) {
  const violations = await seriousA11yViolations(page.mainFrame());
  expect(violations, `${screen}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
}

async function waitFor(check: () => Promise<boolean> | boolean, what: string) {
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('merchant dashboard: the merchant ID and a password by e-mail', () => {
  it('the merchant ID copied from Developers (keyboard: Copy focused, Enter) creates a checkout session', async () => {
    const context = await suite.browser.newContext({ viewport: DESKTOP });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: suite.stack.apiUrl,
    });
    const page = await context.newPage();
    const merchant = await registerInDashboard(page, suite.stack.apiUrl, {
      email: `id-${randomUUID()}@fabrics.ng`,
    });
    await page.getByRole('link', { name: 'Developers' }).click();
    const idField = page.locator('code.merchant-id');
    await idField.waitFor();
    const shown = (await idField.innerText()).trim();
    expect(shown).toBe(merchant.id);
    // Keyboard only: focus the Copy button next to the ID and press Enter.
    const copy = page.locator('code.merchant-id + button');
    await copy.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Copied merchant id' }).waitFor();
    expect(await copy.innerText()).toBe('Copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(merchant.id);
    await expectAccessible(page, 'developers with the merchant ID');
    await screenshots(page, 'merchant-developers-merchant-id');

    const session = await suite.stack.api.post(
      '/api/v1/checkout/sessions',
      {
        merchant_id: copied,
        amount: 2_500_000,
        currency: 'NGN',
        title: 'Samsung Galaxy A15',
        order_reference: `order-${randomUUID()}`,
      },
      { token: merchant.key, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(session.status, JSON.stringify(session.body)).toBe(201);
    expect(session.body.data).toMatchObject({ merchant_id: merchant.id, status: 'pending' });

    // Getting started shows the same ID.
    await page.getByRole('link', { name: 'Getting started' }).click();
    await page.getByRole('heading', { name: /Your sandbox/ }).waitFor();
    expect((await page.locator('code.merchant-id').innerText()).trim()).toBe(merchant.id);
    await context.close();
  });

  it('a merchant with no password (as the CLI makes one) sets one from "Forgot password?" and is signed in', async () => {
    const email = `nopass-${randomUUID()}@fabrics.ng`;
    const registered = await suite.stack.api.post('/api/v1/merchant/register', {
      business_name: 'Made By The CLI',
      email,
      password: 'a password to take away',
    });
    expect(registered.status).toBe(201);
    // What `tranche merchants create` without --password leaves: no dashboard password.
    await suite.stack.sql('UPDATE merchants SET password_hash = NULL WHERE id = $1', [
      registered.body.data.merchant.id,
    ]);

    const page = await suite.browser.newPage({ viewport: DESKTOP });
    await page.goto(`${suite.stack.apiUrl}/merchant`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Set your password' }).waitFor();
    await expectAccessible(page, 'merchant forgot password');
    await screenshots(page, 'merchant-forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    expect(await page.locator('body').innerText()).toContain(
      `If ${email} has a Tranche merchant account`,
    );

    await waitFor(() => smtp.received.some((m) => m.recipients.includes(email)), 'the e-mail');
    const mail = smtp.received.find((m) => m.recipients.includes(email));
    expect(mail?.parsed.subject).toBe('Set your Tranche merchant dashboard password');
    const link = /(http\S+\/merchant\/reset-password#token=\S+)/.exec(mail?.parsed.text ?? '')?.[1];
    expect(link).toBeDefined();

    await page.goto(link ?? '');
    await page.getByRole('heading', { name: 'Choose a password' }).waitFor();
    // The token left the address bar.
    expect(page.url()).toBe(`${suite.stack.apiUrl}/merchant/reset-password`);
    await expectAccessible(page, 'merchant reset password');
    await screenshots(page, 'merchant-reset-password');
    await page.getByLabel('New password').fill('my first merchant password');
    await page.getByLabel('The same password again').fill('my first merchant password');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await page.getByRole('navigation', { name: 'Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/merchant/getting-started');

    const login = await suite.stack.api.post('/api/v1/merchant/login', {
      email,
      password: 'my first merchant password',
    });
    expect(login.status).toBe(200);
    // The link worked once.
    await page.goto(link ?? '');
    await page.getByRole('heading', { name: 'Choose a password' }).waitFor();
    await page.getByLabel('New password').fill('a second try with it');
    await page.getByLabel('The same password again').fill('a second try with it');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await page.getByRole('heading', { name: 'This link no longer works' }).waitFor();
  });
});
