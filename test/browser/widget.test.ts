import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { DESKTOP, screenshots, seriousA11yViolations } from './support/browser.ts';
import {
  apiCustomer,
  checkoutIn,
  continueToSignIn,
  createSession,
  recordedCalls,
  registerMerchant,
  signIn,
} from './support/checkout.ts';
import { browserSuite } from './support/suite.ts';

/**
 * The widget's protocol (connect.js ⇄ checkout iframe), with the merchant page on 127.0.0.1
 * and the checkout on localhost, so every origin check is a real cross-origin one.
 */
const suite = browserSuite({ merchantName: 'Widget Shop' });

async function openShop(token: string): Promise<Page> {
  const page = await suite.browser.newPage({ viewport: DESKTOP });
  await page.goto(`${suite.shop.url}/?token=${encodeURIComponent(token)}`);
  return page;
}

async function openCheckout(page: Page): Promise<void> {
  await page.click('#pay');
  // The first screen: the plans and their schedule, before any sign-in (decision 0068).
  await checkoutIn(page).ui.getByRole('heading', { name: 'Choose your plan' }).waitFor();
}

const finalCalls = (calls: unknown[][]) =>
  calls.filter(([kind]) => kind === 'success' || kind === 'cancel' || kind === 'error');

async function expectClosedAndRestored(page: Page): Promise<void> {
  expect(await page.locator('[data-tranche-connect]').count()).toBe(0);
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('pay');
  expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('');
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
  expect(await page.evaluate(() => document.querySelector('main')?.inert)).toBe(false);
}

describe('TrancheConnect widget', () => {
  it('closing with the close button: onCancel once, focus back on the opening button, scroll and page restored', async () => {
    const { token } = await createSession(suite.stack.api, suite.merchant);
    const page = await openShop(token);
    await page.evaluate(() => window.scrollTo(0, 400));
    await openCheckout(page);
    const scrolledTo = await page.evaluate(() => window.scrollY);
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('hidden');
    expect(await page.evaluate(() => document.querySelector('main')?.inert)).toBe(true);
    await page.getByRole('button', { name: 'Close checkout' }).click();
    await expectClosedAndRestored(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolledTo);
    const calls = await recordedCalls(page);
    expect(finalCalls(calls)).toEqual([['cancel']]);
    expect(calls.filter(([kind]) => kind === 'close')).toEqual([['close', 'cancel']]);
    expect(calls.filter(([kind]) => kind === 'event').map(([, name]) => name)).toEqual([
      'opened',
      'loaded',
      'closed',
    ]);
  });

  it('closing with Escape pressed inside the checkout: onCancel once, focus restored', async () => {
    const { token } = await createSession(suite.stack.api, suite.merchant);
    const page = await openShop(token);
    await openCheckout(page);
    const { ui, frame } = checkoutIn(page);
    await ui.getByLabel('Deposit today').focus();
    // The key event is dispatched in the checkout's own document. A real key press into this
    // cross-origin (out-of-process) frame is routed by the browser to the frame it believes
    // focused, which headless Chromium 156 learns late or not at all under CPU load: the press
    // was lost in 1 of 3 full CI runs. What this test guards is the checkout's Escape handling
    // and the loader's close path, which the dispatched event exercises exactly.
    await frame().evaluate(() =>
      (document.activeElement ?? document.body).dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }),
      ),
    );
    await page.locator('[data-tranche-connect]').waitFor({ state: 'detached' });
    await expectClosedAndRestored(page);
    expect(finalCalls(await recordedCalls(page))).toEqual([['cancel']]);
  });

  it('a double click opens one checkout; loading the script twice keeps one TrancheConnect', async () => {
    const { token } = await createSession(suite.stack.api, suite.merchant);
    const page = await openShop(token);
    const first = await page.evaluate(() => window.TrancheConnect);
    await page.evaluate(
      (src) =>
        new Promise<void>((resolve) => {
          const script = document.createElement('script');
          script.src = src;
          script.onload = () => resolve();
          document.body.append(script);
        }),
      `${suite.stack.apiUrl}/sdk/v1/connect.js`,
    );
    expect(await page.evaluate(() => window.TrancheConnect)).toEqual(first);
    await page.dblclick('#pay');
    await checkoutIn(page).ui.getByRole('heading', { name: 'Choose your plan' }).waitFor();
    expect(await page.locator('iframe[title="Tranche checkout"]').count()).toBe(1);
    const opened = (await recordedCalls(page)).filter(([, name]) => name === 'opened');
    expect(opened).toHaveLength(1);
  });

  it('messages from a foreign origin, or from another window of the checkout origin, change nothing', async () => {
    const { token } = await createSession(suite.stack.api, suite.merchant);
    const page = await openShop(token);
    await openCheckout(page);
    // Two intruders on the merchant page: another origin, and our own origin in another frame.
    const foreignOrigin = suite.shop.url.replace('127.0.0.1', 'localhost');
    for (const src of [`${foreignOrigin}/other`, `${suite.stack.apiUrl}/healthz`]) {
      await page.evaluate((url) => {
        const frame = document.createElement('iframe');
        frame.src = url;
        frame.title = 'intruder';
        document.body.append(frame);
      }, src);
    }
    await expect.poll(() => page.frames().length).toBe(4);
    const forged = [
      { channel: 'tranche-connect', v: 1, type: 'success', paymentPlanId: 'plan_forged' },
      { channel: 'tranche-connect', v: 1, type: 'close' },
      { channel: 'tranche-connect', v: 1, type: 'fatal', message: 'forged', code: 'x' },
    ];
    for (const frame of page.frames()) {
      const url = frame.url();
      if (!url.endsWith('/other') && !url.endsWith('/healthz')) continue;
      await frame.evaluate((messages) => {
        for (const message of messages) window.parent.postMessage(message, '*');
      }, forged);
    }
    await page.waitForTimeout(300);
    expect(await page.locator('[data-tranche-connect]').count()).toBe(1);
    expect(finalCalls(await recordedCalls(page))).toEqual([]);
    // The real checkout still works: its close is obeyed, once.
    await page.getByRole('button', { name: 'Close checkout' }).click();
    expect(finalCalls(await recordedCalls(page))).toEqual([['cancel']]);
  });

  it('an expired session gets its own screen; closing it reports onError with session_expired', async () => {
    const { token, id } = await createSession(suite.stack.api, suite.merchant);
    await suite.stack.sql(
      "UPDATE checkout_sessions SET expires_at = now() - interval '1 minute' WHERE id = $1",
      [id],
    );
    const page = await openShop(token);
    await page.click('#pay');
    const { ui, frame } = checkoutIn(page);
    await ui.getByRole('heading', { name: 'This checkout has expired' }).waitFor();
    expect(await seriousA11yViolations(frame())).toEqual([]);
    await screenshots(page, 'checkout-closed-expired');
    await ui.getByRole('button', { name: 'Back to the shop' }).click();
    await page.locator('[data-tranche-connect]').waitFor({ state: 'detached' });
    const calls = await recordedCalls(page);
    expect(finalCalls(calls)).toHaveLength(1);
    expect(finalCalls(calls)[0]?.[0]).toBe('error');
    expect(finalCalls(calls)[0]?.[2]).toBe('session_expired');
    expect(calls).toContainEqual(['close', 'error']);
  });

  it('a checkout that never answers ends in onError with the timeout reason, never a blank modal', async () => {
    const { token } = await createSession(suite.stack.api, suite.merchant);
    const page = await openShop(token);
    await page.evaluate((sessionToken) => {
      const calls = (window as unknown as { calls: unknown[][] }).calls;
      window.TrancheConnect?.init().openCheckout({
        sessionToken,
        loadTimeoutMs: 1,
        onError: (error) => calls.push(['error', error.message]),
        onClose: (reason) => calls.push(['close', reason]),
      });
    }, token);
    await page.locator('[data-tranche-connect]').waitFor({ state: 'detached' });
    const calls = await recordedCalls(page);
    expect(calls).toEqual([
      ['error', 'The checkout did not load. Check your connection and try again.'],
      ['close', 'timeout'],
    ]);
  });

  it("a merchant's allowed origins are enforced by the browser: another site's widget cannot show the checkout", async () => {
    const restricted = await registerMerchant(suite.stack.api, 'Restricted Shop');
    const elsewhere = await suite.stack.api.patch(
      `/api/v1/merchant/${restricted.id}/settings`,
      { allowed_checkout_origins: ['https://shop.example'] },
      { token: restricted.key },
    );
    expect(elsewhere.status).toBe(200);
    const blocked = await createSession(suite.stack.api, restricted);
    const page = await openShop(blocked.token);
    await page.evaluate((sessionToken) => {
      const calls = (window as unknown as { calls: unknown[][] }).calls;
      window.TrancheConnect?.init().openCheckout({
        sessionToken,
        loadTimeoutMs: 3000,
        onError: (error) => calls.push(['error', error.message]),
        onClose: (reason) => calls.push(['close', reason]),
      });
    }, blocked.token);
    await page.locator('[data-tranche-connect]').waitFor({ state: 'detached', timeout: 10_000 });
    expect(await recordedCalls(page)).toContainEqual(['close', 'timeout']);

    // Allowed: the same merchant's checkout opens on this page.
    await suite.stack.api.patch(
      `/api/v1/merchant/${restricted.id}/settings`,
      { allowed_checkout_origins: [suite.shop.url] },
      { token: restricted.key },
    );
    const allowed = await createSession(suite.stack.api, restricted);
    const again = await openShop(allowed.token);
    await openCheckout(again);
  });

  it('a lost connection at confirm says so; once back, the same confirm goes through', async () => {
    const customer = await apiCustomer(suite.stack.api, { verified: true, card: 'success' });
    const { token, id } = await createSession(suite.stack.api, suite.merchant, { amount: 600_000 });
    const page = await openShop(token);
    await openCheckout(page);
    const { ui } = checkoutIn(page);
    await continueToSignIn(ui);
    await signIn(ui, customer.email);
    await ui.getByRole('heading', { name: 'How you will pay' }).waitFor();
    await ui.getByRole('button', { name: 'Continue' }).click();
    await ui.getByRole('checkbox').check();
    await page.context().setOffline(true);
    await ui.getByRole('button', { name: /Confirm and pay/ }).click();
    const alert = ui.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(/connection dropped.*never be charged twice/);
    expect(await ui.getByText('You are offline').isVisible()).toBe(true);
    await screenshots(page, 'checkout-offline');
    await page.context().setOffline(false);
    await ui.getByRole('button', { name: /Confirm and pay/ }).click();
    await page.locator('[data-tranche-connect]').waitFor({ state: 'detached' });
    const plans = await suite.stack.sql(
      'SELECT id FROM payment_plans WHERE checkout_session_id = $1',
      [id],
    );
    expect(plans).toHaveLength(1);
    expect(finalCalls(await recordedCalls(page))).toEqual([['success', plans[0]?.id]]);
  });

  it('a double click on confirm creates one plan; onSuccess fires once with its id', async () => {
    const customer = await apiCustomer(suite.stack.api, { verified: true, card: 'success' });
    const { token, id } = await createSession(suite.stack.api, suite.merchant, {
      amount: 1_200_000,
    });
    const page = await openShop(token);
    await openCheckout(page);
    const { ui } = checkoutIn(page);
    await continueToSignIn(ui);
    await signIn(ui, customer.email);
    await ui.getByRole('heading', { name: 'How you will pay' }).waitFor();
    expect(await ui.getByRole('radio', { name: /Visa Card/ }).isChecked()).toBe(true);
    await ui.getByRole('button', { name: 'Continue' }).click();
    await ui.getByRole('heading', { name: 'Review and confirm' }).waitFor();
    await ui.getByRole('checkbox').check();
    await ui.getByRole('button', { name: /Confirm and pay/ }).dblclick();
    await ui.getByRole('heading', { name: 'Your plan is confirmed' }).waitFor();
    await screenshots(page, 'checkout-08-confirmed');
    await page.locator('[data-tranche-connect]').waitFor({ state: 'detached' });
    const plans = await suite.stack.sql<{ id: string }>(
      'SELECT id FROM payment_plans WHERE checkout_session_id = $1',
      [id],
    );
    expect(plans).toHaveLength(1);
    const calls = await recordedCalls(page);
    expect(finalCalls(calls)).toEqual([['success', plans[0]?.id]]);
    expect(calls.filter(([kind]) => kind === 'close')).toEqual([['close', 'success']]);
    expect(calls.filter(([kind]) => kind === 'event').map(([, name]) => name)).toEqual([
      'opened',
      'loaded',
      'plan_chosen',
      'signed_in',
      'eligible',
      'confirmed',
      'closed',
    ]);
    await expectClosedAndRestored(page);
  });
});

declare global {
  interface Window {
    TrancheConnect?: {
      init(): {
        openCheckout(options: {
          sessionToken: string;
          loadTimeoutMs?: number;
          onError?: (error: { message: string }) => void;
          onClose?: (reason: string) => void;
        }): void;
      };
    };
  }
}
