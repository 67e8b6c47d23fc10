import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { waitFor } from '../harness/e2e.ts';
import { DESKTOP, PHONE, screenshots, seriousA11yViolations } from './support/browser.ts';
import { apiCustomer, continueToSignIn, createSession, signIn } from './support/checkout.ts';
import { browserSuite } from './support/suite.ts';

/**
 * Faster return visits (issue 27, build item 3; decisions 0053 and 0054): a returning customer
 * signs in at the checkout with a code texted to their verified phone, read back from the Termii
 * simulator `tranche start` runs, ticks "remember this device", and on the next checkout of the
 * same shop continues in one tap; another browser (another device) still has to sign in.
 */
const suite = browserSuite({ merchantName: 'Ade Stores' });

interface Texted {
  sms: string;
  sent_at: string;
}

async function textsTo(phone: string): Promise<Texted[]> {
  const smsUrl = suite.stack.smsUrl;
  expect(smsUrl, suite.stack.output()).toBeDefined();
  const res = await fetch(`${smsUrl}/simulator/messages?to=${encodeURIComponent(phone)}`);
  return ((await res.json()) as { messages: Texted[] }).messages;
}

/** Waits for the worker to text a new code to `phone` (one more than `before`) and reads it. */
async function nextCodeTo(phone: string, before: number): Promise<string> {
  let texts: Texted[] = [];
  await waitFor(
    async () => (texts = await textsTo(phone)).length > before,
    20_000,
    () => `no new SMS to ${phone}`,
  );
  const match = /^(\d{6}) is your Tranche code/.exec(texts[0]?.sms ?? '');
  if (!match?.[1]) throw new Error(`no code in ${texts[0]?.sms}`);
  return match[1];
}

async function expectAccessible(page: Page, screen: string): Promise<void> {
  const violations = await seriousA11yViolations(page.mainFrame());
  expect(violations, `${screen}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
}

describe('signing in with a code at the checkout', () => {
  it('a code texted to the verified phone signs in; a remembered device continues in one tap at that shop only', async () => {
    const { stack, merchant, browser } = suite;
    const phone = '+2348031234567';
    const customer = await apiCustomer(stack.api, { verified: true });
    // The customer verified their phone in the dashboard once (the code read from the simulator).
    const asked = await stack.api.post('/api/v1/customers/me/phone/verification', undefined, {
      token: customer.token,
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    const confirmed = await stack.api.post(
      '/api/v1/customers/me/phone/verification/confirm',
      { code: await nextCodeTo(phone, 0) },
      { token: customer.token },
    );
    expect(confirmed.body.data?.phone_verified, JSON.stringify(confirmed.body)).toBe(true);

    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const first = await createSession(stack.api, merchant);
    await page.goto(first.checkoutUrl);
    await continueToSignIn(page);

    // Keyboard only: to the code button, type the number as people write it, tick, send.
    const codeButton = page.getByRole('button', { name: 'Send me a code instead' });
    await codeButton.focus();
    await page.keyboard.press('Enter');
    const to = page.getByLabel('Phone number or email');
    await to.waitFor();
    await to.fill('0803 123 4567');
    await screenshots(page, 'checkout-sign-in-code-01-ask');
    await expectAccessible(page, 'ask for a code');
    const textsBefore = (await textsTo(phone)).length;
    await to.press('Enter');
    const codeField = page.getByLabel('6-digit code');
    await codeField.waitFor();
    expect(await page.getByRole('status').textContent()).toContain(
      'If 0803 123 4567 belongs to a Tranche account, a 6-digit code is on its way.',
    );
    // Resending waits its minute.
    expect(await page.getByRole('button', { name: /Send a new code/ }).isDisabled()).toBe(true);
    const code = await nextCodeTo(phone, textsBefore);
    await page.getByLabel(/Remember this device for Ade Stores/).check();

    // A wrong code first: said in words, and the field keeps what was typed.
    await codeField.fill(code === '000000' ? '111111' : '000000');
    await codeField.press('Enter');
    await page
      .getByRole('alert')
      .filter({ hasText: 'That code is wrong or has expired' })
      .waitFor();
    // The resend wait counts down, second by second.
    await page.getByRole('button', { name: /^Send a new code \(in 5\d s\)$/ }).waitFor();
    await screenshots(page, 'checkout-sign-in-code-02-wrong');
    await expectAccessible(page, 'code entry');

    await codeField.fill(code);
    await codeField.press('Enter');
    // The plan chosen before signing in stands (decision 0068): on to the payment method.
    await page.getByRole('heading', { name: 'How you will pay' }).waitFor();

    // The device is remembered for this shop.
    const listed = await stack.api.get('/api/v1/customers/me/remembered-devices', {
      token: customer.token,
    });
    expect(listed.body.data).toEqual([
      expect.objectContaining({
        merchant_name: 'Ade Stores',
        label: expect.stringMatching(/ on /),
      }),
    ]);

    // The next checkout of the same shop in this browser: one tap from the plan step, no
    // sign-in screen (decisions 0054 and 0068).
    const second = await createSession(stack.api, merchant);
    await page.goto(second.checkoutUrl);
    await page.locator('table.schedule').waitFor();
    const again = page.getByRole('button', { name: 'Continue as Ada' });
    await again.waitFor();
    await page.setViewportSize(PHONE);
    await again.scrollIntoViewIfNeeded();
    await screenshots(page, 'checkout-sign-in-code-03-remembered');
    await expectAccessible(page, 'remembered device');
    await again.click();
    await page.getByRole('heading', { name: 'How you will pay' }).waitFor();

    // Another browser (a new device) is not remembered: it signs in as before.
    const elsewhere = await browser.newContext({ viewport: PHONE });
    const other = await elsewhere.newPage();
    const third = await createSession(stack.api, merchant);
    await other.goto(third.checkoutUrl);
    await continueToSignIn(other);
    await other.getByLabel('Password').waitFor();
    expect(await other.getByRole('button', { name: /Continue as/ }).count()).toBe(0);
    await elsewhere.close();

    // "Not you?" forgets this browser for the shop.
    const fourth = await createSession(stack.api, merchant);
    await page.goto(fourth.checkoutUrl);
    await page.getByRole('button', { name: 'Not Ada? Sign in another way' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    const forgotten = page.waitForResponse((r) => r.url().includes('/remembered-device/forget'));
    await page.getByRole('button', { name: 'Not you?' }).click();
    expect((await forgotten).status()).toBe(200);
    await page.reload();
    await continueToSignIn(page);
    await page.getByLabel('Password').waitFor();
    expect(await page.getByRole('button', { name: /Continue as/ }).count()).toBe(0);

    await context.close();
    expect(errors).toEqual([]);
  });

  it('the dashboard verifies the phone with a texted code, and lists and forgets remembered devices', async () => {
    const { stack, merchant, browser } = suite;
    const phone = '+2348031234567';
    const customer = await apiCustomer(stack.api, { verified: true });
    const session = await createSession(stack.api, merchant);
    const remembered = await stack.api.post(
      '/api/v1/customers/me/remembered-devices',
      { session_token: session.token },
      { token: customer.token },
    );
    expect(remembered.status).toBe(201);

    const page = await browser.newPage({ viewport: DESKTOP });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${stack.apiUrl}/dashboard`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await signIn(page, customer.email);
    await page.getByRole('heading', { name: 'Your plans' }).waitFor();
    await page.getByRole('link', { name: 'Identity and limit' }).click();
    await page.getByRole('heading', { name: 'Phone and devices' }).waitFor();
    const before = (await textsTo(phone)).length;
    await page.getByRole('button', { name: 'Text me a code' }).click();
    const code = await nextCodeTo(phone, before);
    await page.getByLabel('6-digit code').fill(code);
    await page.getByLabel('6-digit code').press('Enter');
    await page.getByText('+2348031234567 is verified').waitFor();
    await page.getByText('at Ade Stores').waitFor();
    await screenshots(page, 'dashboard-phone-and-devices');
    // At phone width, the card itself (the page scrolls back to the top when resized).
    await page.setViewportSize(PHONE);
    await page
      .locator('section', { has: page.getByRole('heading', { name: 'Phone and devices' }) })
      .screenshot({ path: 'test-artifacts/screenshots/dashboard-phone-and-devices-card-375.png' });
    await page.setViewportSize(DESKTOP);
    await expectAccessible(page, 'phone and devices');
    await page.getByRole('button', { name: 'Forget this device' }).click();
    await page.getByText('No device is remembered.').waitFor();
    const after = await stack.api.post(
      '/api/v1/customers/remembered-device/continue',
      { session_token: session.token },
      { headers: { cookie: remembered.headers.get('set-cookie')?.split(';')[0] ?? '' } },
    );
    expect(after.status).toBe(401);
    await page.close();
    expect(errors).toEqual([]);
  });
});
