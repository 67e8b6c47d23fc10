import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestApp, type TestApp } from '../harness/test-app.ts';
import { launchBrowser } from './support/launch.ts';

/**
 * The API reference at /docs under its Content-Security-Policy (decision 0037): the Swagger UI
 * renders every operation, opens one, and the browser reports no CSP violation or script error.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('/docs in a real browser', () => {
  it('renders the operations under the CSP, with no violation and no error', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
      });
      page.on('pageerror', (e) => problems.push(String(e)));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
        });
      });
      await page.goto(`${t.url}/docs/`);
      // Every tag of the document is listed (folded: decision in src/http/app.ts), and each
      // opens to its operations.
      const served = (await (await fetch(`${t.url}/docs/json`)).json()) as {
        paths: Record<string, Record<string, { tags?: string[] }>>;
      };
      const tags = new Set(
        Object.values(served.paths).flatMap((item) =>
          Object.values(item).flatMap((op) => op.tags ?? []),
        ),
      );
      expect(tags.size).toBeGreaterThan(10);
      await page.waitForSelector('.opblock-tag', { timeout: 20_000 });
      await expect
        .poll(() => page.locator('.opblock-tag').count(), { timeout: 20_000 })
        .toBeGreaterThanOrEqual(tags.size);
      let operations = 0;
      for (const tag of ['Checkout', 'Merchants', 'Disputes']) {
        await page.locator(`.opblock-tag[data-tag="${tag}"]`).click();
        await page
          .locator(`#operations-tag-${tag} + div .opblock, [data-tag="${tag}"] ~ div .opblock`)
          .first()
          .waitFor({ timeout: 10_000 });
      }
      operations = await page.locator('.opblock').count();
      expect(operations).toBeGreaterThan(40);
      await page.locator('.opblock-summary').first().click();
      await page.waitForSelector('.opblock-body', { timeout: 5_000 });
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
