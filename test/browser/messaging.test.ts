import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { DESKTOP, PHONE, screenshots, seriousA11yViolations } from './support/browser.ts';
import { registerInDashboard } from './support/merchant.ts';
import { browserSuite } from './support/suite.ts';

/**
 * The messaging element (<tranche-messaging>, decision 0056) on the demo store's product page and
 * cart: the store on 127.0.0.1, Tranche on localhost, so its read of the plans is a real
 * cross-origin call under the store's CSP, authenticated by the publishable key in the page.
 */
const suite = browserSuite({ demoStore: true, merchantName: 'Messaging Shop' });

const HEADLINE = '₦12,125 today, then 3 monthly payments of ₦12,125 with Tranche.';

function storeUrl(): string {
  expect(suite.stack.storeUrl, suite.stack.output()).toBeDefined();
  return suite.stack.storeUrl ?? '';
}

/** The element's box and the top of what follows it, in CSS pixels. */
function boxes(page: Page) {
  return page.evaluate(() => {
    const element = document.querySelector('tranche-messaging');
    const next = element?.nextElementSibling;
    return {
      top: element?.getBoundingClientRect().top ?? -1,
      height: element?.getBoundingClientRect().height ?? -1,
      nextTop: next?.getBoundingClientRect().top ?? -1,
    };
  });
}

/** Every layout shift since the page started (the buffered entries included), summed. */
function layoutShiftTotal(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            total += (entry as unknown as { value: number }).value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        // Buffered entries are delivered in the observer's first callback, within a frame.
        requestAnimationFrame(() => setTimeout(() => resolve(total), 50));
      }),
  );
}

const messaging = (page: Page) => page.locator('tranche-messaging');

describe('the messaging element on the demo store', () => {
  it('shows ₦12,125 today, then 3 monthly payments of ₦12,125 on the product page, without moving anything', async () => {
    const page = await suite.browser.newPage({ viewport: DESKTOP });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    // Hold the plans' answer: the box must already have its final height while it waits.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/messaging/plans?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(storeUrl());
    await expect.poll(() => messaging(page).getAttribute('data-url')).toContain('amount=4850000');
    const waiting = await boxes(page);
    expect(waiting.height).toBeGreaterThan(40);
    release();
    await expect.poll(() => messaging(page).getAttribute('data-state')).toBe('shown');
    expect((await messaging(page).locator('p').textContent())?.replace(/\s+/g, ' ').trim()).toBe(
      `${HEADLINE} Learn more`,
    );
    expect(await boxes(page)).toEqual(waiting);
    expect(await layoutShiftTotal(page)).toBe(0);
    expect(await seriousA11yViolations(page.mainFrame())).toEqual([]);
    // The product card alone, for docs/images/messaging-element.png (README, docs/widget.md).
    await page
      .locator('article.product')
      .screenshot({ path: 'test-artifacts/screenshots/messaging-product-card.png' });
    await screenshots(page, 'messaging-product');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the cart shows it too; a new amount re-renders in the same box, and an amount above every limit shows nothing', async () => {
    const page = await suite.browser.newPage({ viewport: PHONE });
    await page.goto(`${storeUrl()}/cart`);
    await expect.poll(() => messaging(page).getAttribute('data-state')).toBe('shown');
    expect(await messaging(page).getByText(HEADLINE).count()).toBe(1);
    const before = await boxes(page);

    await messaging(page).evaluate((element) => element.setAttribute('amount', '10000002'));
    await messaging(page)
      .getByText('₦25,000.01 today, then 3 monthly payments of up to ₦25,000.01 with Tranche.')
      .waitFor();
    expect(await boxes(page)).toEqual(before);

    await messaging(page).evaluate((element) => element.setAttribute('amount', '100000001'));
    await expect.poll(() => messaging(page).getAttribute('data-state')).toBe('empty');
    expect(await messaging(page).locator('p').count()).toBe(0);
    expect(await boxes(page)).toEqual(before);
    // Nothing moved, from the first paint on (screenshots resize the page, so they come last).
    expect(await layoutShiftTotal(page)).toBe(0);
    await messaging(page).evaluate((element) => element.setAttribute('amount', '4850000'));
    await messaging(page).getByText(HEADLINE).waitFor();
    await screenshots(page, 'messaging-cart');
    await page.close();
  });

  it('“Learn more” works by keyboard: Enter opens the plans, Tab stays inside, Escape closes and gives focus back', async () => {
    const page = await suite.browser.newPage({ viewport: DESKTOP });
    await page.goto(storeUrl());
    const learnMore = messaging(page).getByRole('button', { name: 'Learn more' });
    await learnMore.waitFor();
    // From the top of the page, by Tab alone: skip link, logo, the three links, then Learn more.
    await page.keyboard.press('Tab');
    let tabs = 1;
    while (!(await learnMore.evaluate((button) => button.matches(':focus'))) && tabs < 10) {
      await page.keyboard.press('Tab');
      tabs += 1;
    }
    expect(tabs).toBeLessThan(10);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /in parts with Tranche/ });
    await dialog.waitFor();
    const close = dialog.getByRole('button', { name: 'Close' });
    await expect.poll(() => close.evaluate((button) => button.matches(':focus'))).toBe(true);
    // The deposit once, then every plan at the shop's smallest deposit: 6 monthly and 12 weekly rows.
    expect(await dialog.getByText('Pay ₦12,125 today (a 25% deposit), then the rest').count()).toBe(
      1,
    );
    expect(await dialog.getByRole('row').count()).toBe(18);
    expect(await dialog.getByRole('row', { name: /^3 months/ }).textContent()).toBe(
      '3 months₦12,125 a month',
    );
    expect(await dialog.getByRole('row', { name: /^4 weeks/ }).textContent()).toBe(
      '4 weeks₦9,093.75 a week',
    );
    // Tab goes to the plans (a scrolling region), Tab again back to Close, Shift+Tab likewise:
    // focus never leaves the dialog.
    const plans = dialog.getByRole('region', { name: 'Plans' });
    const focused = (locator: typeof close) => locator.evaluate((el) => el.matches(':focus'));
    for (const [key, expected] of [
      ['Tab', plans],
      ['Tab', close],
      ['Shift+Tab', plans],
      ['Shift+Tab', close],
    ] as const) {
      await page.keyboard.press(key);
      expect(await focused(expected), key).toBe(true);
    }
    // The heading and Close stay in view while the plans scroll.
    expect(await dialog.getByRole('heading', { name: /in parts with Tranche/ }).isVisible()).toBe(
      true,
    );
    expect(await close.isVisible()).toBe(true);
    expect(await seriousA11yViolations(page.mainFrame())).toEqual([]);
    await screenshots(page, 'messaging-learn-more');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await learnMore.evaluate((button) => button.matches(':focus'))).toBe(true);
    // And again with Space, closed with the Close button's Enter.
    await page.keyboard.press('Space');
    await dialog.waitFor();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    expect(await learnMore.evaluate((button) => button.matches(':focus'))).toBe(true);
    await page.close();
  });

  it('the publishable key the page carries cannot create a session or read a plan', async () => {
    const page = await suite.browser.newPage({ viewport: DESKTOP });
    await page.goto(storeUrl());
    const key = (await messaging(page).getAttribute('publishable-key')) ?? '';
    expect(key).toMatch(/^pk_test_/);
    await page.close();
    const api = suite.stack.api;
    const session = await api.post(
      '/api/v1/checkout/sessions',
      {
        merchant_id: 'mer_x',
        amount: 4_850_000,
        currency: 'NGN',
        title: 'itel A70',
        order_reference: 'ord-pk',
      },
      { token: key },
    );
    expect(session.status).toBe(401);
    expect(session.body.detail).toMatch(/publishable key \(pk_…\) only reads/);
    for (const path of ['/api/v1/merchant/me', '/api/v1/merchant/mer_x/plans']) {
      const read = await api.get(path, { token: key });
      expect(read.status, path).toBe(401);
    }
    const plans = await api.get(`/api/v1/messaging/plans?amount=4850000&key=${key}`);
    expect(plans.status).toBe(200);
  });

  it('the dashboard shows the publishable key with the snippet, rolls it, and the new key works at once', async () => {
    const page = await suite.browser.newPage({ viewport: DESKTOP });
    let onceScreen: string[] = [];
    await registerInDashboard(page, suite.stack.apiUrl, {
      atKeys: async () => {
        onceScreen = await page.locator('code.secret').allInnerTexts();
      },
    });
    expect(onceScreen.filter((key) => /^pk_(test|live)_/.test(key))).toHaveLength(2);
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Developers' })
      .click();
    const card = page.getByRole('region', { name: 'Publishable key' });
    await card.waitFor();
    const first = (await card.locator('code.secret').first().innerText()).trim();
    expect(first).toBe(onceScreen.find((key) => key.startsWith('pk_test_')));
    expect(await card.getByText(`publishable-key="${first}"`).count()).toBe(1);
    await card.screenshot({ path: 'test-artifacts/screenshots/messaging-dashboard-key.png' });
    await card.getByLabel('The old key keeps working for').selectOption('60');
    await card.getByRole('button', { name: 'Roll test publishable key' }).click();
    await card.getByText(/stops working/).waitFor();
    const rolled = (await card.locator('code.secret').first().innerText()).trim();
    expect(rolled).toMatch(/^pk_test_/);
    expect(rolled).not.toBe(first);
    for (const key of [rolled, first]) {
      const plans = await suite.stack.api.get(`/api/v1/messaging/plans?amount=4850000&key=${key}`);
      expect(plans.status, key).toBe(200);
    }
    await page.close();
  });
});
