import { createHmac, randomUUID } from 'node:crypto';

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startWebhookReceiver, type WebhookReceiver } from '../harness/webhook-receiver.ts';
import { DESKTOP, PHONE, screenshots, seriousA11yViolations } from './support/browser.ts';
import { apiCustomer, continueToSignIn, createSession, signIn } from './support/checkout.ts';
import { registerInDashboard } from './support/merchant.ts';
import { browserSuite } from './support/suite.ts';

/**
 * Who bought and what (issue 28 fixes 2 and 3, issue 27 fix 9; decisions 0051 and 0052): a
 * merchant asks for a delivery address and phone on a payment link in the dashboard; a buyer
 * answers them on the link's page and pays; the merchant's plan page and the signed webhook
 * carry the buyer's name, phone and address; the customer dashboard names the plan by what was
 * bought and the shop.
 */
const suite = browserSuite({ merchantName: 'Unused' });
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => receiver.close());

async function expectAccessible(page: Page, screen: string) {
  const violations = await seriousA11yViolations(page.mainFrame());
  expect(violations, `${screen}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
}

async function expectFitsPhone(page: Page, screen: string) {
  const original = page.viewportSize() ?? DESKTOP;
  await page.setViewportSize(PHONE);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${screen}: page width at ${PHONE.width} px`).toBeLessThanOrEqual(PHONE.width);
  await page.setViewportSize(original);
}

interface PlanPayload {
  id: string;
  title: string;
  customer: { id: string; name: string; email: string; phone: string };
  customer_fields: { key: string; label: string; value: string }[] | null;
}

describe('a payment link that asks for delivery details', () => {
  it('the buyer’s name, phone and address reach the merchant’s plan page and the webhook', async () => {
    const merchantPage = await suite.browser.newPage({ viewport: DESKTOP });
    const errors: string[] = [];
    merchantPage.on('pageerror', (error) => errors.push(error.message));
    const merchant = await registerInDashboard(merchantPage, suite.stack.apiUrl, {
      businessName: 'Yaba Shoe House',
    });
    const settings = await suite.stack.api.patch(
      `/api/v1/merchant/${merchant.id}/settings`,
      { webhook_url: `${receiver.url}/hooks` },
      { token: merchant.key },
    );
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    // The signing secret, as the merchant gets it from Developers (a roll shows it once).
    const rolled = await suite.stack.api.post(
      `/api/v1/merchant/${merchant.id}/webhook-secret/roll`,
      {},
      { token: merchant.key, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(rolled.status, JSON.stringify(rolled.body)).toBe(200);
    const webhookSecret = rolled.body.data.webhook_secret as string;

    // The merchant asks for a delivery address, a phone and a question of its own.
    await merchantPage.goto(`${suite.stack.apiUrl}/merchant/payment-links`);
    await merchantPage.getByRole('heading', { name: 'Payment links', exact: true }).waitFor();
    const form = merchantPage.getByRole('region', { name: 'New test link' });
    await form.getByLabel('Title').fill('Ankara sneakers, size to order');
    await form.getByLabel('Amount (₦)').fill('45,000');
    await form.getByLabel('Delivery address (required)').check();
    await form.getByLabel('Phone number for delivery (required)').check();
    await form.getByRole('button', { name: 'Add a question' }).click();
    await form.getByLabel('Your question 1').fill('Shoe size');
    await form.getByLabel('The buyer must answer').check();
    await form
      .getByRole('group', { name: 'Ask the buyer before they pay' })
      .scrollIntoViewIfNeeded();
    await expectAccessible(merchantPage, 'new link with questions');
    await screenshots(merchantPage, 'order-details-link-questions');
    await form.getByRole('button', { name: 'Create link' }).click();
    await merchantPage.getByText('Created “Ankara sneakers, size to order”').waitFor();
    await merchantPage
      .getByText('Delivery address, Phone number for delivery, Shoe size', { exact: true })
      .waitFor();
    const links = await suite.stack.api.get(`/api/v1/merchant/${merchant.id}/payment-links`, {
      token: merchant.key,
    });
    const link = links.body.data[0] as { url: string; customer_fields: { key: string }[] };
    expect(link.customer_fields.map((f) => f.key)).toEqual([
      'delivery_address',
      'delivery_phone',
      'shoe_size',
    ]);

    // The buyer answers on the link's page: first without the address, then in full.
    const buyer = await apiCustomer(suite.stack.api, { verified: true, card: 'success' });
    const page = await suite.browser.newPage({ viewport: PHONE });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(link.url);
    await page.getByRole('heading', { name: 'Ankara sneakers, size to order' }).waitFor();
    await expectAccessible(page, 'link questions');
    await screenshots(page, 'order-details-pay-page');
    await page.getByLabel('Phone number for delivery').fill('0803 555 0101');
    await page.getByLabel('Shoe size').fill('43');
    // The browser's own check would stop an empty required field; the server's must too.
    await page.evaluate(() => document.querySelector('form')?.setAttribute('novalidate', ''));
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByText('Please fill in “Delivery address”.').waitFor();
    expect(await page.getByLabel('Shoe size').inputValue()).toBe('43');
    await expectAccessible(page, 'link questions with a problem');
    await screenshots(page, 'order-details-pay-page-problem');
    await page.getByLabel('Delivery address').fill('14 Herbert Macaulay Way\nYaba, Lagos');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await continueToSignIn(page);
    expect(page.url()).toBe(`${suite.stack.apiUrl}/checkout/`);
    await signIn(page, buyer.email);
    await page.getByRole('heading', { name: 'How you will pay' }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Review and confirm' }).waitFor();
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: /Confirm and pay/ }).click();

    // The customer dashboard names the plan by what was bought and the shop.
    await page.waitForURL(`${suite.stack.apiUrl}/dashboard`, { timeout: 10_000 });
    const planLink = page.getByRole('link', { name: /Ankara sneakers, size to order/ });
    await planLink.waitFor();
    await page.getByText('From Yaba Shoe House').waitFor();
    await expectAccessible(page, 'customer plans');
    await expectFitsPhone(page, 'customer plans');
    await screenshots(page, 'order-details-customer-plans');
    await planLink.click();
    await page.getByRole('heading', { name: 'Ankara sneakers, size to order' }).waitFor();
    await page.getByText(/Bought from Yaba Shoe House · order /).waitFor();
    await page.getByRole('heading', { name: 'Your order' }).waitFor();
    await page.locator('table.plan-schedule').waitFor();
    await expectAccessible(page, 'customer plan');
    await expectFitsPhone(page, 'customer plan');
    await screenshots(page, 'order-details-customer-plan');

    // The webhook: signed, with the buyer and their answers.
    const paid = await waitForEvent('payment.success');
    const plan = paid.data.payment_plan;
    expect(plan.title).toBe('Ankara sneakers, size to order');
    expect(plan.customer).toMatchObject({
      id: buyer.customerId,
      name: 'Ada Obi',
      email: buyer.email,
      phone: '+2348031234567',
    });
    expect(plan.customer_fields).toEqual([
      {
        key: 'delivery_address',
        label: 'Delivery address',
        value: '14 Herbert Macaulay Way\nYaba, Lagos',
      },
      { key: 'delivery_phone', label: 'Phone number for delivery', value: '0803 555 0101' },
      { key: 'shoe_size', label: 'Shoe size', value: '43' },
    ]);

    // The merchant's plan page: who bought, and where it goes.
    await merchantPage.goto(`${suite.stack.apiUrl}/merchant/payments`);
    await merchantPage.getByRole('link', { name: /Ankara sneakers, size to order/ }).click();
    await merchantPage
      .getByRole('heading', { name: 'Ankara sneakers, size to order', exact: true })
      .waitFor();
    const buyerCard = merchantPage.getByRole('region', { name: 'Customer' });
    await buyerCard.getByText('Ada Obi').waitFor();
    const text = await buyerCard.innerText();
    expect(text).toContain(buyer.email);
    expect(text).toContain('+2348031234567');
    expect(text).toContain('0803 555 0101');
    expect(text).toContain('14 Herbert Macaulay Way\nYaba, Lagos');
    expect(text).toContain('43');
    await expectAccessible(merchantPage, 'merchant plan with buyer');
    await expectFitsPhone(merchantPage, 'merchant plan with buyer');
    await buyerCard.scrollIntoViewIfNeeded();
    await screenshots(merchantPage, 'order-details-merchant-plan');
    expect(errors).toEqual([]);

    async function waitForEvent(type: string): Promise<{ data: { payment_plan: PlanPayload } }> {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const found = receiver.received.find(
          (r) => (JSON.parse(r.body) as { event: string }).event === type,
        );
        if (found) {
          const expected = createHmac('sha512', webhookSecret).update(found.body).digest('hex');
          expect(found.headers['x-tranche-signature']).toBe(expected);
          return JSON.parse(found.body) as { data: { payment_plan: PlanPayload } };
        }
        if (Date.now() > deadline) {
          throw new Error(
            `no ${type} webhook; got ${receiver.received.map((r) => r.body.slice(0, 80)).join(' | ')}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  });
});

describe('a session with line items and metadata', () => {
  it('the customer sees what was bought, item by item; the merchant sees the items and its metadata', async () => {
    const merchantPage = await suite.browser.newPage({ viewport: DESKTOP });
    const merchant = await registerInDashboard(merchantPage, suite.stack.apiUrl, {
      businessName: 'Computer Village Gadgets',
    });
    const buyer = await apiCustomer(suite.stack.api, { verified: true, card: 'success' });
    const session = await createSession(suite.stack.api, merchant, {
      amount: 3_000_000,
      title: 'Tecno Spark 20 bundle',
      line_items: [
        { name: 'Tecno Spark 20', quantity: 1, unit_amount: 2_800_000 },
        { name: 'Screen protector', quantity: 2, unit_amount: 100_000 },
      ],
      metadata: { cart_id: 'cv-1042', channel: 'woocommerce' },
    });
    const confirmed = await suite.stack.api.post(
      `/api/v1/checkout/sessions/${session.token}/confirm`,
      {
        frequency: 'monthly',
        installment_count: 3,
        upfront_pct: 25,
        payment_method_id: buyer.methodId,
      },
      { token: buyer.token },
    );
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    const planId = confirmed.body.data.payment_plan_id as string;

    const page = await suite.browser.newPage({ viewport: DESKTOP });
    await page.goto(`${suite.stack.apiUrl}/dashboard`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await signIn(page, buyer.email);
    await page.getByRole('heading', { name: 'Your plans' }).waitFor();
    const card = page.locator('li.plan-card').filter({ hasText: 'Tecno Spark 20 bundle' });
    await card.getByText('From Computer Village Gadgets').waitFor();
    await card.getByText('1 × Tecno Spark 20, 2 × Screen protector').waitFor();
    expect(await page.locator('body').innerText()).not.toContain('cv-1042');
    await card.getByRole('link', { name: /Tecno Spark 20 bundle/ }).click();
    const order = page.getByRole('region', { name: 'Your order' });
    await order.getByText('2 × Screen protector').waitFor();
    expect(await order.innerText()).toMatch(/1 × Tecno Spark 20\s+₦28,000\.00/);
    await expectAccessible(page, 'customer plan with items');
    await expectFitsPhone(page, 'customer plan with items');
    await order.scrollIntoViewIfNeeded();
    await screenshots(page, 'order-details-customer-plan-items');

    await merchantPage.goto(`${suite.stack.apiUrl}/merchant/payments/${planId}`);
    await merchantPage
      .getByRole('heading', { name: 'Tecno Spark 20 bundle', exact: true })
      .waitFor();
    const items = merchantPage.getByRole('region', { name: 'Order' });
    await items
      .getByRole('row', { name: /Screen protector\s+2\s+₦1,000\.00\s+₦2,000\.00/ })
      .waitFor();
    expect(await items.innerText()).toContain('cv-1042');
    await expectAccessible(merchantPage, 'merchant plan with items');
    await expectFitsPhone(merchantPage, 'merchant plan with items');
    await items.scrollIntoViewIfNeeded();
    await screenshots(merchantPage, 'order-details-merchant-plan-items');
  });
});
