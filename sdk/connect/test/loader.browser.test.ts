import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { stripTypeScriptTypes } from 'node:module';
import type { AddressInfo } from 'node:net';

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DESKTOP } from '../../../test/browser/support/browser.ts';
import { checkoutIn, createSession } from '../../../test/browser/support/checkout.ts';
import { browserSuite } from '../../../test/browser/support/suite.ts';
import type { loadTrancheConnect } from '../src/index.ts';

/**
 * @tranche/connect in Chromium: the loader (its TypeScript source with the types stripped, as
 * a bundler would ship it) on a merchant page at 127.0.0.1, the widget and checkout from the
 * real `tranche start` at localhost.
 */
const suite = browserSuite({ merchantName: 'Loader Shop' });
let pages: Server;
let pagesUrl: string;

const loaderJs = stripTypeScriptTypes(
  readFileSync(new URL('../src/index.ts', import.meta.url), 'utf8'),
);

/** A page that exposes the loader as window.load; `?static=1` also has its own widget tag. */
function merchantPage(staticScript: string | null): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Loader page</title>
${staticScript ? `<script src="${staticScript}"></script>` : ''}
<script type="module">
  import { loadTrancheConnect } from '/loader.js';
  window.load = loadTrancheConnect;
  window.loaderReady = true;
</script></head><body><main><h1>Shop</h1></main></body></html>`;
}

beforeAll(async () => {
  pages = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://page.test');
    if (url.pathname === '/loader.js') {
      response.setHeader('content-type', 'text/javascript; charset=utf-8');
      return response.end(loaderJs);
    }
    response.setHeader('content-type', 'text/html; charset=utf-8');
    const withTag = url.searchParams.get('static') === '1';
    response.end(merchantPage(withTag ? `${suite.stack.apiUrl}/sdk/v1/connect.js` : null));
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  pagesUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
});
afterAll(async () => {
  pages.closeAllConnections();
  await new Promise((resolve) => pages.close(resolve));
});

declare global {
  interface Window {
    load: typeof loadTrancheConnect;
    loaderReady?: boolean;
  }
}

/** Opens the page and counts the browser's requests for connect.js. */
async function openPage(query = ''): Promise<{ page: Page; scriptRequests: string[] }> {
  const page = await suite.browser.newPage({ viewport: DESKTOP });
  const scriptRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/sdk/v1/connect.js')) scriptRequests.push(request.url());
  });
  await page.goto(`${pagesUrl}/${query}`);
  await page.waitForFunction(() => window.loaderReady === true);
  return { page, scriptRequests };
}

const widgetTags = (page: Page) =>
  page.evaluate(() => document.querySelectorAll('script[src$="/sdk/v1/connect.js"]').length);

describe('loadTrancheConnect in a browser', () => {
  it('concurrent and later calls share one load: one script tag, one request, one TrancheConnect', async () => {
    const { page, scriptRequests } = await openPage();
    expect(await page.evaluate(() => typeof window.TrancheConnect)).toBe('undefined');
    const result = await page.evaluate(async (baseUrl) => {
      const [a, b] = await Promise.all([window.load({ baseUrl }), window.load({ baseUrl })]);
      const c = await window.load({ baseUrl });
      return { same: a === b && b === c && a === window.TrancheConnect, version: a?.version };
    }, suite.stack.apiUrl);
    expect(result).toEqual({ same: true, version: '1' });
    expect(await widgetTags(page)).toBe(1);
    expect(scriptRequests).toEqual([`${suite.stack.apiUrl}/sdk/v1/connect.js`]);
    await page.close();
  });

  it('reuses the TrancheConnect a page already loaded with its own tag', async () => {
    const { page, scriptRequests } = await openPage('?static=1');
    const same = await page.evaluate(async (baseUrl) => {
      const before = window.TrancheConnect;
      return before !== undefined && (await window.load({ baseUrl })) === before;
    }, suite.stack.apiUrl);
    expect(same).toBe(true);
    expect(await widgetTags(page)).toBe(1);
    expect(scriptRequests).toHaveLength(1);
    await page.close();
  });

  it('a failed load rejects and removes its tag; the next call loads it', async () => {
    const { page, scriptRequests } = await openPage();
    const failed = await page.evaluate(async (baseUrl) => {
      try {
        await window.load({ baseUrl });
        return 'resolved';
      } catch (error) {
        return (error as Error).message;
      }
    }, `${suite.stack.apiUrl}/not-here`);
    expect(failed).toMatch(/could not be loaded/);
    expect(failed).toContain('/not-here/sdk/v1/connect.js');
    expect(await widgetTags(page)).toBe(0);
    expect(await page.evaluate(() => typeof window.TrancheConnect)).toBe('undefined');

    const version = await page.evaluate(
      async (baseUrl) => (await window.load({ baseUrl }))?.version,
      suite.stack.apiUrl,
    );
    expect(version).toBe('1');
    expect(await widgetTags(page)).toBe(1);
    expect(scriptRequests).toEqual([
      `${suite.stack.apiUrl}/not-here/sdk/v1/connect.js`,
      `${suite.stack.apiUrl}/sdk/v1/connect.js`,
    ]);
    await page.close();
  });

  it('opens a real checkout for a session through the loaded widget', async () => {
    const { token } = await createSession(suite.stack.api, suite.merchant);
    const { page } = await openPage();
    await page.evaluate(
      async ({ baseUrl, sessionToken }) => {
        const connect = await window.load({ baseUrl });
        if (!connect) throw new Error('no TrancheConnect');
        connect.init().openCheckout({ sessionToken });
      },
      { baseUrl: suite.stack.apiUrl, sessionToken: token },
    );
    await checkoutIn(page).ui.getByRole('heading', { name: 'Choose your plan' }).waitFor();
    expect(await page.locator('iframe[title="Tranche checkout"]').count()).toBe(1);
    await page.close();
  });
});
