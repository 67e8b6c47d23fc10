import { randomUUID } from 'node:crypto';

import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { DESKTOP, PHONE, screenshots, seriousA11yViolations } from './support/browser.ts';
import { apiCustomer, continueToSignIn, signIn } from './support/checkout.ts';
import { registerInDashboard } from './support/merchant.ts';
import { browserSuite } from './support/suite.ts';

/**
 * The merchant dashboard's Payment links and Settings (/merchant/payment-links,
 * /merchant/settings): a link made in the page, its copied address paid through the full-page
 * checkout up to its redirect URL, deactivated (410 page), reactivated and renamed; the shared
 * settings saved (a new session carries the new minimum deposit), an origin refused with the
 * API's words.
 */
const suite = browserSuite({ merchantName: 'Unused' });

async function expectAccessible(page: Page, screen: string) {
  const violations = await seriousA11yViolations(page.mainFrame());
  expect(violations, `${screen}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
}

/** At phone width nothing pushes the page sideways (long URLs and API details wrap). */
async function expectFitsPhone(page: Page, screen: string) {
  const original = page.viewportSize() ?? DESKTOP;
  await page.setViewportSize(PHONE);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${screen}: page width at ${PHONE.width} px`).toBeLessThanOrEqual(PHONE.width);
  await page.setViewportSize(original);
}

/** A merchant registered in the dashboard (test mode works before approval). */
/** A dashboard section by its address; the tab's session survives the navigation. */
async function openSection(page: Page, path: string, heading: string) {
  await page.goto(`${suite.stack.apiUrl}${path}`);
  await page.getByRole('heading', { name: heading, exact: true }).waitFor();
}

const itemOf = (page: Page, title: string): Locator =>
  page.locator('li.link-item').filter({ has: page.getByRole('heading', { name: title }) });

describe('merchant dashboard: payment links', () => {
  it('create a link → copy its address → a customer pays it → deactivate (410) → reactivate → rename and set its own limits', async () => {
    const page = await suite.browser.newPage({
      viewport: DESKTOP,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const merchant = await registerInDashboard(page, suite.stack.apiUrl);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await openSection(page, '/merchant/payment-links', 'Payment links');
    await page.getByText('No test links yet.').waitFor();
    await expectAccessible(page, 'payment links (empty)');
    await screenshots(page, 'merchant-links-empty');

    // A fixed-amount link with a redirect to the shop's thank-you page.
    const form = page.getByRole('region', { name: 'New test link' });
    await form.getByLabel('Title').fill('Ankara fabric, 6 yards');
    await form.getByLabel('Amount (₦)').fill('4,500.50');
    await form.getByLabel('Redirect URL (optional)').fill(`${suite.shop.url}/thanks`);
    await form.getByRole('button', { name: 'Create link' }).click();
    await page.getByText('Created “Ankara fabric, 6 yards”').waitFor();
    const item = itemOf(page, 'Ankara fabric, 6 yards');
    await item.getByText('₦4,500.50').waitFor();
    await item.getByText('Active', { exact: true }).waitFor();

    // Naira that is not an amount is caught before any request; the API's refusal is shown.
    await form.getByLabel('Title').fill('Lace, per yard');
    await form.getByText('Customer enters the amount').click();
    await form.getByLabel('Minimum (₦)').fill('1,000.505');
    await form.getByLabel('Maximum (₦)').fill('500');
    await form.getByRole('button', { name: 'Create link' }).click();
    await form.getByText(/at most 2 decimals/).waitFor();
    await form.getByLabel('Minimum (₦)').fill('1,000');
    await form.getByRole('button', { name: 'Create link' }).click();
    await form.getByRole('alert').getByText('min_amount must not be above max_amount.').waitFor();
    await expectAccessible(page, 'new link refused');
    await expectFitsPhone(page, 'new link refused');
    await screenshots(page, 'merchant-links-refused');
    // … and a link with its own plan limits.
    await form.getByLabel('Maximum (₦)').fill('50,000');
    await form.getByLabel(/Set this link’s own plan limits/).check();
    await form.getByLabel('Minimum deposit (%)').fill('40');
    await form.getByRole('button', { name: 'Create link' }).click();
    await page.getByText('Created “Lace, per yard”').waitFor();
    const lace = itemOf(page, 'Lace, per yard');
    await lace.getByText('Customer enters ₦1,000.00 to ₦50,000.00').waitFor();
    await lace.getByText(/deposit from 40%/).waitFor();

    // Copy the address: the button says so, the clipboard holds the link's URL.
    await item.getByRole('button', { name: /^Copy link/ }).click();
    await item.getByRole('button', { name: /^Copied/ }).waitFor();
    const url = await page.evaluate(() => navigator.clipboard.readText());
    expect(url).toMatch(new RegExp(`^${suite.stack.apiUrl}/pay/pl_\\w+$`));
    const linkId = url.split('/pay/')[1] ?? '';

    // The QR code: its library arrives only now, as its own script.
    const scriptsBefore = scripts.length;
    await item.getByRole('button', { name: /^QR code/ }).click();
    const qr = item.getByRole('img', { name: 'QR code for Ankara fabric, 6 yards' });
    await qr.waitFor();
    expect(scripts.length).toBeGreaterThan(scriptsBefore);
    expect(await qr.evaluate((svg) => svg.tagName.toLowerCase())).toBe('svg');
    expect(await item.getByRole('link', { name: /Download the QR code/ }).count()).toBe(1);
    await qr.scrollIntoViewIfNeeded();
    await expectAccessible(page, 'payment links with a QR code');
    await expectFitsPhone(page, 'payment links with a QR code');
    await screenshots(page, 'merchant-links-qr');
    // Keyboard: a QR toggle opens and closes with Enter.
    const laceQr = lace.getByRole('button', { name: /QR code for Lace/ });
    await laceQr.focus();
    await page.keyboard.press('Enter');
    await lace.getByRole('img', { name: 'QR code for Lace, per yard' }).waitFor();
    expect(await laceQr.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Enter');
    await lace.getByRole('img').waitFor({ state: 'detached' });

    // A customer pays through the copied address and ends at the redirect URL.
    const customer = await apiCustomer(suite.stack.api, { verified: true, card: 'success' });
    const shopper = await suite.browser.newPage({ viewport: PHONE });
    await shopper.goto(url);
    expect(shopper.url()).toBe(`${suite.stack.apiUrl}/checkout/`);
    await shopper.getByRole('heading', { name: 'Choose your plan' }).waitFor();
    expect(await shopper.getByText('Ankara fabric, 6 yards').isVisible()).toBe(true);
    await continueToSignIn(shopper);
    await signIn(shopper, customer.email);
    await shopper.getByRole('heading', { name: 'How you will pay' }).waitFor();
    await shopper.getByRole('button', { name: 'Continue' }).click();
    await shopper.getByRole('heading', { name: 'Review and confirm' }).waitFor();
    await shopper.getByRole('checkbox').check();
    await shopper.getByRole('button', { name: /Confirm and pay/ }).click();
    await shopper.waitForURL(`${suite.shop.url}/thanks`, { timeout: 15_000 });

    const plans = await suite.stack.api.get(`/api/v1/merchant/${merchant.id}/plans`, {
      token: merchant.key,
    });
    expect(plans.status).toBe(200);
    expect(plans.body.data).toHaveLength(1);
    expect(plans.body.data[0].order_reference).toMatch(new RegExp(`^${linkId}\\.`));
    expect(plans.body.data[0].amount).toBe(450_050);
    // …and in the dashboard's Payments list, under the link's order reference.
    const orderReference = plans.body.data[0].order_reference as string;
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Payments' })
      .click();
    await page.getByRole('link', { name: orderReference }).waitFor();
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Payment links' })
      .click();
    await page.getByRole('heading', { name: 'Payment links', exact: true }).waitFor();

    // Deactivated: the address shows the "no longer active" page.
    await item.getByRole('button', { name: /^Deactivate/ }).click();
    await item.getByText('Inactive', { exact: true }).waitFor();
    const gone = await shopper.goto(url);
    expect(gone?.status()).toBe(410);
    expect(await shopper.getByText('This payment link is no longer active.').isVisible()).toBe(
      true,
    );
    await expectAccessible(page, 'payment links, one inactive');
    await screenshots(page, 'merchant-links-inactive');

    // Reactivated: visits open checkout again.
    await item.getByRole('button', { name: /^Reactivate/ }).click();
    await item.getByText('Active', { exact: true }).waitFor();
    await shopper.goto(url);
    expect(shopper.url()).toBe(`${suite.stack.apiUrl}/checkout/`);

    // Renamed.
    await item.getByRole('button', { name: /^Edit/ }).click();
    const edit = item.locator('form');
    expect(await edit.getByLabel('Amount (₦)').inputValue()).toBe('4500.50');
    await edit.getByLabel('Title').fill('Ankara fabric, 12 yards');
    // Its own limits, set after creation: at least a 40% deposit.
    await edit.getByLabel(/own plan limits/).check();
    await edit.getByLabel('Minimum deposit (%)').fill('40');
    await expectAccessible(page, 'editing a link');
    await expectFitsPhone(page, 'editing a link');
    await screenshots(page, 'merchant-links-edit');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await itemOf(page, 'Ankara fabric, 12 yards').waitFor();
    const stored = await suite.stack.api.get(
      `/api/v1/merchant/${merchant.id}/payment-links/${linkId}`,
      { token: merchant.key },
    );
    expect(stored.body.data).toMatchObject({
      title: 'Ankara fabric, 12 yards',
      active: true,
      constraints: { min_upfront_pct: 40 },
    });

    // The filter narrows to the mode's inactive links.
    await page.getByLabel('Show links').selectOption('inactive');
    await page.getByText('No inactive test links.').waitFor();
    await page.getByLabel('Show links').selectOption('all');
    await itemOf(page, 'Lace, per yard').waitFor();
    expect(errors).toEqual([]);
  });
});

describe('merchant dashboard: settings', () => {
  it('minimum deposit saved → a new session carries it; tier and release rule; an origin refused with the API’s words', async () => {
    const page = await suite.browser.newPage({ viewport: DESKTOP });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const merchant = await registerInDashboard(page, suite.stack.apiUrl);
    await openSection(page, '/merchant/settings', 'Settings');
    await expectAccessible(page, 'settings');
    await screenshots(page, 'merchant-settings');

    const constraints = page.getByRole('region', { name: 'Default constraints' });
    expect(await constraints.getByLabel('Minimum deposit (%)').inputValue()).toBe('25');
    await constraints.getByLabel('Minimum deposit (%)').fill('30');
    await constraints.getByRole('button', { name: 'Save constraints' }).click();
    await constraints.getByText('Saved.').waitFor();
    const session = await suite.stack.api.post(
      '/api/v1/checkout/sessions',
      {
        merchant_id: merchant.id,
        amount: 2_500_000,
        currency: 'NGN',
        title: 'Samsung Galaxy A15',
        order_reference: `order-${randomUUID()}`,
      },
      { token: merchant.key, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(session.status, JSON.stringify(session.body)).toBe(201);
    expect(session.body.data.constraints.min_upfront_pct).toBe(30);

    // Out of the API's range: its detail beside the form, nothing saved.
    await constraints.getByLabel('Most weekly installments').fill('99');
    await constraints.getByRole('button', { name: 'Save constraints' }).click();
    await constraints.getByRole('alert').waitFor();
    const tier = page.getByRole('region', { name: 'Minimum customer tier' });
    await tier.getByLabel('Lowest tier that may check out').selectOption('Tranche Silver');
    await tier.getByRole('button', { name: 'Save tier' }).click();
    await tier.getByText('Saved.').waitFor();
    const release = page.getByRole('region', { name: 'When to release the goods' });
    await release.getByText('Part paid').click();
    await release.getByLabel('Percentage of the amount paid (%)').fill('40');
    await release.getByRole('button', { name: 'Save release rule' }).click();
    await release.getByText('Saved.').waitFor();
    const record = await suite.stack.api.get(`/api/v1/merchant/${merchant.id}`, {
      token: merchant.key,
    });
    expect(record.body.data).toMatchObject({
      min_customer_tier: 'Tranche Silver',
      goods_release_rule: { type: 'percentage_paid', percentage: 40 },
      default_constraints: { min_upfront_pct: 30, max_weekly_duration: 12 },
    });

    // Checkout origins: a path is refused with the API's own detail, shown next to the form.
    const origins = page.getByRole('region', { name: 'Sites that may embed your checkout' });
    await origins.getByText('Empty: any site may embed your checkout.').waitFor();
    const field = origins.getByLabel('Allowed origins, one per line');
    await field.fill('https://shop.example\nhttps://shop.example/checkout');
    await origins.getByRole('button', { name: 'Save sites' }).click();
    const refused = origins.getByRole('alert');
    await refused.waitFor();
    const direct = await suite.stack.api.patch(
      `/api/v1/merchant/${merchant.id}/settings`,
      { allowed_checkout_origins: ['https://shop.example', 'https://shop.example/checkout'] },
      { token: merchant.key },
    );
    expect(direct.status).toBe(400);
    expect((await refused.innerText()).trim()).toBe(direct.body.detail);
    await expectAccessible(page, 'settings, origin refused');
    await expectFitsPhone(page, 'settings, origin refused');
    await field.scrollIntoViewIfNeeded();
    await screenshots(page, 'merchant-settings-origin-refused');
    // Saved as stored: normalised.
    await field.fill('https://Shop.Example:443\nhttp://localhost:5173');
    await origins.getByRole('button', { name: 'Save sites' }).click();
    await origins.getByText('Saved.').waitFor();
    expect(await field.inputValue()).toBe('https://shop.example\nhttp://localhost:5173');
    // The contact the checkout shows to customers it cannot offer installments (issue 27).
    const support = page.getByRole('region', { name: 'Support contact' });
    await support.getByLabel('Support e-mail').fill('help@shop.example');
    await support.getByLabel('Support phone').fill('0803 123 4567');
    await support.getByRole('button', { name: 'Save contact' }).click();
    await support.getByText('Saved.').waitFor();
    const withContact = await suite.stack.api.get(`/api/v1/merchant/${merchant.id}`, {
      token: merchant.key,
    });
    expect(withContact.body.data.support_contact).toEqual({
      email: 'help@shop.example',
      phone: '08031234567',
      website: null,
    });
    await page.setViewportSize(PHONE);
    await expectAccessible(page, 'settings at phone size');
    expect(errors).toEqual([]);
  });
});
