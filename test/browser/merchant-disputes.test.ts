import { randomUUID } from 'node:crypto';

import pg from 'pg';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { DESKTOP, PHONE, screenshots, seriousA11yViolations } from './support/browser.ts';
import { apiCustomer, createSession } from './support/checkout.ts';
import { registerInDashboard } from './support/merchant.ts';
import { browserSuite } from './support/suite.ts';

/**
 * The merchant dashboard's Disputes section (/merchant/disputes, decision 0069): a sandbox plan
 * whose deposit is collected, a dispute the sandbox gateway opens on it (its signed webhook
 * reaching the service), then the answer in the page with the keyboard: evidence, a file,
 * a message, "Contest"; the bank (the sandbox) rules for the merchant and the page says the
 * money came back.
 */
const suite = browserSuite({ merchantName: 'Unused' });

async function expectAccessible(page: Page, screen: string) {
  const violations = await seriousA11yViolations(page.mainFrame());
  expect(violations, `${screen}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
}

async function expectFitsPhone(page: Page, screen: string) {
  await page.setViewportSize(PHONE);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${screen} at 375 px`).toBeLessThanOrEqual(PHONE.width);
  await page.setViewportSize(DESKTOP);
}

async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const found = await probe();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function sandbox(path: string, body: object) {
  const response = await fetch(`${suite.stack.sandboxUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${suite.stack.gatewayKey}`,
    },
    body: JSON.stringify(body),
  });
  expect(response.status, path).toBe(200);
  return (await response.json()) as { data: { id: number } };
}

describe('merchant dashboard: disputes', () => {
  it('a disputed deposit → evidence, a file and a contest in the page → won, the money back', async () => {
    const api = suite.stack.api;
    const page = await suite.browser.newPage({ viewport: DESKTOP });
    const { id: merchantId, key } = await registerInDashboard(page, suite.stack.apiUrl, {
      email: `disputes-${randomUUID()}@fabrics.ng`,
    });
    const customer = await apiCustomer(api, { verified: true, card: 'success' });
    const session = await createSession(api, { id: merchantId, key }, { amount: 400_000 });
    const confirmed = await api.post(
      `/api/v1/checkout/sessions/${session.token}/confirm`,
      {
        frequency: 'monthly',
        installment_count: 3,
        upfront_pct: 25,
        payment_method_id: customer.methodId,
      },
      { token: customer.token },
    );
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    const planId = confirmed.body.data.payment_plan_id as string;

    const db = new pg.Client({ connectionString: suite.stack.databaseUrl });
    await db.connect();
    let charge: string;
    try {
      charge = await until('the deposit collected', async () => {
        const { rows } = await db.query<{ reference: string }>(
          `SELECT reference FROM charges WHERE plan_id = $1 AND status = 'success'`,
          [planId],
        );
        return rows[0]?.reference;
      });
    } finally {
      await db.end();
    }
    const opened = await sandbox('/_sandbox/disputes', {
      transaction: charge,
      reason: 'I did not receive the fabric',
    });
    const disputes = async () =>
      (await api.get(`/api/v1/merchant/${merchantId}/disputes`, { token: key })).body.data as {
        status: string;
      }[];
    await until('the dispute at Tranche', async () =>
      (await disputes()).length > 0 ? true : undefined,
    );

    await page.getByRole('link', { name: 'Disputes' }).click();
    await page.getByRole('heading', { name: 'Disputes', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/merchant/disputes');
    await page.getByText('Needs your answer').waitFor();
    expect(await page.getByText('“I did not receive the fabric”').isVisible()).toBe(true);
    await expectAccessible(page, 'disputes (list)');
    await expectFitsPhone(page, 'disputes (list)');
    await screenshots(page, 'merchant-disputes-list');

    // The answer, with the keyboard: Tab to "Answer", Enter.
    const answer = page.getByRole('button', { name: /^Answer dispute of ₦1,000\.00/ });
    await answer.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Dispute of ₦1,000.00' }).waitFor();
    await page.getByLabel("Customer's email").fill('ada@example.com');
    await page.getByLabel("Customer's name").fill('Ada Obi');
    await page.getByLabel("Customer's phone").fill('08012345678');
    await page
      .getByLabel('What you sold and how it reached them')
      .fill('Four yards of ankara, delivered to her shop and signed for');
    await page.getByRole('button', { name: 'Send evidence' }).click();
    await page.getByText('Evidence sent.').waitFor();
    await page.getByLabel(/Receipt, delivery note or chat/).setInputFiles({
      name: 'delivery-note.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 signed delivery note'),
    });
    await page.getByRole('button', { name: 'Upload file' }).click();
    await page.getByText('delivery-note.pdf uploaded.').waitFor();
    await page
      .getByLabel('Message to the bank')
      .fill('Delivered on 20 November; signed note attached.');
    await expectAccessible(page, 'disputes (answering)');
    await screenshots(page, 'merchant-disputes-answer');
    await page.getByRole('button', { name: 'Contest (decline)' }).click();
    await page.getByText('You contested the dispute. The bank decides next.').waitFor();
    expect(await page.getByText('Bank deciding').first().isVisible()).toBe(true);
    expect((await disputes())[0]?.status).toBe('under_review');

    // The bank rules for the merchant: the page, opened again, says the money came back.
    await sandbox(`/_sandbox/disputes/${opened.data.id}/resolve`, { outcome: 'won' });
    await until('the resolution at Tranche', async () =>
      (await disputes())[0]?.status === 'won' ? true : undefined,
    );
    await page.reload();
    await page.getByRole('heading', { name: 'Disputes', exact: true }).waitFor();
    await page.getByRole('button', { name: /^View dispute of ₦1,000\.00/ }).click();
    await page.getByText('You won: ₦1,000.00 came back to your balance.').waitFor();
    await expectAccessible(page, 'disputes (won)');
    await expectFitsPhone(page, 'disputes (won)');
    await screenshots(page, 'merchant-disputes-won');
    await page.close();
  });
});
