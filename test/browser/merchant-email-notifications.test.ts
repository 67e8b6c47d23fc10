import { randomUUID } from 'node:crypto';
import { join } from 'node:path';

import type { Page } from 'playwright-core';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestSmtpServer, type TestSmtpServer } from '../harness/smtp.ts';
import { DESKTOP, PHONE, SCREENSHOT_DIR, seriousA11yViolations } from './support/browser.ts';
import { provideBusinessDetails, registerInDashboard } from './support/merchant.ts';
import { browserSuite } from './support/suite.ts';

/**
 * Issue 28 fix 7 in the browser: the merchant chooses in Settings which e-mails it gets and
 * where, with the keyboard only; the stack's worker then e-mails its approval to that address.
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

/**
 * The card at both sizes (as `screenshots` does), scrolled to its top at each: the settings page
 * is long, and a resize alone leaves the card out of the phone's view.
 */
async function cardScreenshots(page: Page, card: Locator, name: string) {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await card.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await page.waitForTimeout(120);
    await page.screenshot({
      path: join(SCREENSHOT_DIR, `${name}-${size.width}x${size.height}.png`),
    });
    // Nothing wider than the screen (issue 28 fix 5).
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${name} at ${size.width}px`).toBeLessThanOrEqual(size.width);
  }
  await page.setViewportSize(DESKTOP);
}

async function waitFor(check: () => boolean, what: string) {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('merchant dashboard: e-mail notifications in Settings', () => {
  it('sets the address and the topics with the keyboard; the approval e-mail goes there', async () => {
    const page = await suite.browser.newPage({ viewport: DESKTOP });
    const accountEmail = `owner-${randomUUID()}@fabrics.ng`;
    const merchant = await registerInDashboard(page, suite.stack.apiUrl, { email: accountEmail });
    await page.getByRole('link', { name: 'Settings' }).click();
    const card = page.getByRole('region', { name: 'E-mail notifications' });
    await card.getByRole('checkbox', { name: /Payouts/ }).waitFor();
    expect(await card.innerText()).toContain(
      `Leave empty to use your account e-mail, ${accountEmail}.`,
    );
    for (const topic of [/Your account/, /Payouts/, /Webhooks failing/, /Disputes/]) {
      expect(await card.getByRole('checkbox', { name: topic }).isChecked()).toBe(true);
    }
    await expectAccessible(page, 'settings, e-mail notifications');
    await cardScreenshots(page, card, 'merchant-settings-email-notifications');

    // Keyboard only: the address field, then Tab to each switch, Space to turn one off.
    const address = card.getByLabel('Send them to');
    await address.focus();
    await page.keyboard.type('ops@fabrics.ng');
    await page.keyboard.press('Tab'); // Your account
    await page.keyboard.press('Tab'); // Payouts
    await page.keyboard.press('Tab'); // Webhooks failing
    const focused = await page.evaluate(() => document.activeElement?.closest('label')?.innerText);
    expect(focused).toMatch(/^Webhooks failing/);
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab'); // Disputes
    await page.keyboard.press('Tab'); // Save
    await page.keyboard.press('Enter');
    await card.getByText('Saved. E-mails go to ops@fabrics.ng.').waitFor();
    expect(await card.getByRole('checkbox', { name: /Webhooks failing/ }).isChecked()).toBe(false);
    await expectAccessible(page, 'settings, e-mail notifications saved');
    await cardScreenshots(page, card, 'merchant-settings-email-notifications-saved');

    // The API says the same, and a reload shows it.
    const stored = await suite.stack.api.get(
      `/api/v1/merchant/${merchant.id}/notification-preferences`,
      { token: merchant.key },
    );
    expect(stored.body.data).toMatchObject({
      email: 'ops@fabrics.ng',
      sends_to: 'ops@fabrics.ng',
      account: true,
      payouts: true,
      webhooks: false,
      disputes: true,
    });
    await page.reload();
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect
      .poll(() => card.getByLabel('Send them to').inputValue(), { timeout: 20_000 })
      .toBe('ops@fabrics.ng');

    // A refusal is shown beside the button, in the API's words.
    await card.getByLabel('Send them to').fill('not an address');
    await card.getByRole('button', { name: 'Save e-mail settings' }).click();
    await card
      .getByText(/e-mail address/)
      .first()
      .waitFor();
    await card.getByLabel('Send them to').fill('ops@fabrics.ng');

    // The operator approves the account: the worker e-mails the chosen address.
    await provideBusinessDetails(page, suite.stack.api, merchant.id);
    const approved = await suite.stack.api.post(
      `/api/v1/admin/merchants/${merchant.id}/approve`,
      {},
      { token: await suite.stack.operatorToken() },
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    await waitFor(
      () => smtp.received.some((m) => m.recipients.includes('ops@fabrics.ng')),
      'the approval e-mail',
    );
    const mail = smtp.received.find((m) => m.recipients.includes('ops@fabrics.ng'));
    expect(mail?.parsed.subject).toBe(
      'Balogun Market Fabrics is approved: you can take live payments',
    );
    expect(smtp.received.some((m) => m.recipients.includes(accountEmail))).toBe(false);
    await page.close();
  });
});
