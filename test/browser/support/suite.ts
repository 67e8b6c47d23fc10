import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, vi } from 'vitest';

import { type Stack, startStack } from '../../harness/stack.ts';
import { type ApiMerchant, registerMerchant } from './checkout.ts';
import { launchBrowser } from './launch.ts';
import { type MerchantPage, startMerchantPage } from './merchant-page.ts';

/** What a browser test file works with: the running service, Chromium, a shop page, a merchant. */
export interface BrowserSuite {
  stack: Stack;
  browser: Browser;
  /** The bare merchant test page (127.0.0.1), loading the widget from the stack (localhost). */
  shop: MerchantPage;
  merchant: ApiMerchant;
}

/**
 * Registers the file's set-up and tear-down: `tranche start` over a fresh database, Chromium,
 * the merchant test page and a merchant. The returned object is filled in by `beforeAll`; the
 * tear-down undoes whatever part of the set-up succeeded, in reverse order.
 */
export function browserSuite(options: {
  demoStore?: boolean;
  merchantName: string;
  /** More settings for the stack, read when it starts (after the file's earlier beforeAll). */
  env?: () => Record<string, string>;
}): BrowserSuite {
  // A browser test is a whole journey (API calls, the worker collecting, sign-ins, an axe scan,
  // screenshots at two sizes). 30 s was not enough on a loaded CI machine (the dashboard's
  // "another customer's plan" test ran out once at load ~20); a hang still fails, at 90 s
  // (decision 0039: timeouts that are not the subject are long). Set before the file's `it`s,
  // which read the default when they are declared; tests that name their own keep it.
  vi.setConfig({ testTimeout: 90_000 });
  const suite: Partial<BrowserSuite> = {};
  const cleanup: (() => Promise<unknown>)[] = [];
  beforeAll(async () => {
    const stack = await startStack({
      demoStore: options.demoStore ?? false,
      ...(options.env && { env: options.env() }),
    });
    cleanup.push(() => stack.stop());
    const browser = await launchBrowser();
    cleanup.push(() => browser.close());
    const shop = await startMerchantPage(`${stack.apiUrl}/sdk/v1/connect.js`);
    cleanup.push(() => shop.close());
    const merchant = await registerMerchant(stack.api, options.merchantName);
    Object.assign(suite, { stack, browser, shop, merchant });
  }, 120_000);
  afterAll(async () => {
    for (const undo of cleanup.reverse()) await undo();
  });
  const get = <K extends keyof BrowserSuite>(key: K): BrowserSuite[K] => {
    const value = suite[key];
    if (value === undefined) throw new Error(`browserSuite: no ${key} (did beforeAll fail?)`);
    return value;
  };
  return {
    get stack() {
      return get('stack');
    },
    get browser() {
      return get('browser');
    },
    get shop() {
      return get('shop');
    },
    get merchant() {
      return get('merchant');
    },
  };
}
