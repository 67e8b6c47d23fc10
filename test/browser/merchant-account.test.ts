import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { DESKTOP, screenshots, seriousA11yViolations } from './support/browser.ts';
import { apiCustomer, createSession } from './support/checkout.ts';
import { provideBusinessDetails, registerInDashboard } from './support/merchant.ts';
import { browserSuite } from './support/suite.ts';

/**
 * The merchant dashboard (/merchant): register, the keys shown once, the pending banner, the
 * operator's approval unlocking live mode; rolling a key and using the new one; the webhook's
 * test event delivered and then not.
 */
const suite = browserSuite({ merchantName: 'Unused' });

async function expectAccessible(page: Page, screen: string) {
  const violations = await seriousA11yViolations(page.mainFrame());
  expect(violations, `${screen}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
}

/** Registers through the dashboard (looking at its screens), then opens Developers. */
async function register(
  page: Page,
  email: string,
): Promise<{ testKey: string; merchantId: string }> {
  const merchant = await registerInDashboard(page, suite.stack.apiUrl, {
    email,
    atForm: async () => {
      await screenshots(page, 'merchant-register');
      await expectAccessible(page, 'register');
    },
    atKeys: () => screenshots(page, 'merchant-keys-once'),
  });
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Developers' })
    .click();
  await page.getByRole('heading', { name: 'Developers' }).waitFor();
  return { testKey: merchant.key, merchantId: merchant.id };
}

describe('merchant dashboard: account and developers', () => {
  it('register → pending banner → approved by the operator → live switch unlocks', async () => {
    const page = await suite.browser.newPage({ viewport: DESKTOP });
    const email = `owner-${randomUUID()}@fabrics.ng`;
    await register(page, email);
    expect(await page.getByText('Waiting for approval').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Live', exact: true }).isDisabled()).toBe(true);
    await expectAccessible(page, 'developers (pending)');
    await screenshots(page, 'merchant-developers-pending');

    const merchants = await suite.stack.api.get('/api/v1/admin/merchants?status=pending_approval', {
      token: await suite.stack.operatorToken(),
    });
    const mine = (merchants.body.data as { id: string; email: string }[]).find(
      (m) => m.email === email,
    );
    expect(mine).toBeDefined();
    await provideBusinessDetails(page, suite.stack.api, mine?.id ?? '');
    const approved = await suite.stack.api.post(
      `/api/v1/admin/merchants/${mine?.id}/approve`,
      {},
      { token: await suite.stack.operatorToken() },
    );
    expect(approved.status).toBe(200);

    // A reload keeps the session and shows the new state.
    await page.reload();
    await page.getByRole('navigation', { name: 'Dashboard' }).waitFor();
    expect(await page.getByText('Waiting for approval').count()).toBe(0);
    const live = page.getByRole('button', { name: 'Live', exact: true });
    expect(await live.isDisabled()).toBe(false);
    await live.click();
    expect(await live.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('heading', { name: 'Webhook (live)' }).waitFor();
    await screenshots(page, 'merchant-developers-live');
  });

  it('a rolled key works against the API; the old one stops at once when no overlap is chosen', async () => {
    const page = await suite.browser.newPage({ viewport: DESKTOP });
    const { testKey } = await register(page, `keys-${randomUUID()}@shop.ng`);
    await page.getByLabel('Old keys keep working for').selectOption('0');
    await page.getByRole('button', { name: 'Roll test key' }).click();
    // In the secret keys' card: the publishable key's card below shows its (public) key too.
    const fresh = page.getByRole('region', { name: 'Secret keys' }).locator('code.secret').first();
    await fresh.waitFor();
    const newKey = (await fresh.innerText()).trim();
    expect(newKey).toMatch(/^sk_test_/);
    expect(newKey).not.toBe(testKey);
    const merchantId = await page.evaluate(() => {
      const raw = sessionStorage.getItem('tranche.merchant.session');
      return raw ? (JSON.parse(raw) as { merchantId: string }).merchantId : '';
    });
    const withNew = await suite.stack.api.get(`/api/v1/merchant/${merchantId}/keys`, {
      token: newKey,
    });
    expect(withNew.status).toBe(200);
    const withOld = await suite.stack.api.get(`/api/v1/merchant/${merchantId}/keys`, {
      token: testKey,
    });
    expect(withOld.status).toBe(401);
    await screenshots(page, 'merchant-key-rolled');
  });

  it('a webhook address in test mode: the test event is delivered, then not, with the error', async () => {
    const received: string[] = [];
    const receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push(body);
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const address = receiver.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const page = await suite.browser.newPage({ viewport: DESKTOP });
    await register(page, `hooks-${randomUUID()}@shop.ng`);
    await page.getByLabel('Endpoint URL').fill(`http://127.0.0.1:${port}/tranche`);
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.getByText('Saved.').waitFor();
    await page.getByRole('button', { name: 'Send test event' }).click();
    await page.getByText(/Delivered: your endpoint answered 200/).waitFor();
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0] ?? '{}')).toMatchObject({ event: 'webhook.test' });
    await screenshots(page, 'merchant-webhook-delivered');
    await new Promise<void>((resolve) => {
      receiver.close(() => resolve());
      receiver.closeAllConnections();
    });
    await page.getByRole('button', { name: 'Send test event' }).click();
    const refused = page.getByRole('alert');
    await refused.waitFor();
    expect(await refused.innerText()).toMatch(/^Not delivered: /);
    await expectAccessible(page, 'webhook not delivered');
    await screenshots(page, 'merchant-webhook-failed');
  });

  it('a failed delivery resent from the log arrives with the same event id', async () => {
    let failing = true;
    const received: { id: string; event: string }[] = [];
    const receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        if (failing) return response.writeHead(500).end('down');
        received.push(JSON.parse(body) as { id: string; event: string });
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const address = receiver.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const page = await suite.browser.newPage({ viewport: DESKTOP });
      const { testKey } = await register(page, `log-${randomUUID()}@shop.ng`);
      await page.getByLabel('Endpoint URL').fill(`http://127.0.0.1:${port}/tranche`);
      await page.getByRole('button', { name: 'Save address' }).click();
      await page.getByText('Saved.').waitFor();
      // A real event: a plan confirmed on this merchant's session sends debit.scheduled and more.
      const merchantId = await page.evaluate(() => {
        const raw = sessionStorage.getItem('tranche.merchant.session');
        return raw ? (JSON.parse(raw) as { merchantId: string }).merchantId : '';
      });
      const customer = await apiCustomer(suite.stack.api, { verified: true, card: 'success' });
      const session = await createSession(
        suite.stack.api,
        { id: merchantId, key: testKey },
        { amount: 400_000 },
      );
      const confirmed = await suite.stack.api.post(
        `/api/v1/checkout/sessions/${session.token}/confirm`,
        {
          frequency: 'monthly',
          installment_count: 2,
          upfront_pct: 50,
          payment_method_id: customer.methodId,
        },
        { token: customer.token },
      );
      expect(confirmed.status).toBe(201);
      const retrying = page.locator('tr', { hasText: 'Retrying' }).first();
      await expect
        .poll(
          async () => {
            await page.getByRole('button', { name: 'Refresh' }).click();
            await page.waitForTimeout(300);
            return retrying.count();
          },
          { timeout: 20_000 },
        )
        .toBeGreaterThan(0);
      const eventId = (await retrying.getAttribute('data-event-id')) ?? '';
      expect(await retrying.innerText()).toContain('500');
      await retrying.getByRole('button', { name: /^payment|^debit|^goods|^installment/ }).click();
      await page.getByRole('region', { name: `Attempts of ${eventId}` }).waitFor();
      await screenshots(page, 'merchant-delivery-log');
      await expectAccessible(page, 'delivery log');
      failing = false;
      await retrying.getByRole('button', { name: `Resend ${eventId}` }).click();
      await expect.poll(() => received.map((e) => e.id), { timeout: 15_000 }).toContain(eventId);
    } finally {
      await new Promise<void>((resolve) => {
        receiver.close(() => resolve());
        receiver.closeAllConnections();
      });
    }
  });

  it('Sign out ends the dashboard login on the server: the tab’s refresh and access tokens stop working', async () => {
    const page = await suite.browser.newPage({ viewport: DESKTOP });
    const { merchantId } = await register(page, `out-${randomUUID()}@shop.ng`);
    const held = await page.evaluate(() => sessionStorage.getItem('tranche.merchant.session'));
    const tokens = JSON.parse(held ?? 'null') as { access: string; refresh: string };
    expect(tokens.refresh).toMatch(/^rft_/);
    const signOut = page.waitForResponse((r) => r.url().endsWith('/api/v1/merchant/logout'));
    await page.getByRole('button', { name: 'Sign out' }).click();
    const answered = await signOut;
    expect(answered.status()).toBe(200);
    expect(answered.request().postDataJSON()).toEqual({ refresh_token: tokens.refresh });
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(
      await page.evaluate(() => sessionStorage.getItem('tranche.merchant.session')),
    ).toBeNull();
    await screenshots(page, 'merchant-signed-out');
    const refreshed = await suite.stack.api.post('/api/v1/merchant/token/refresh', {
      refresh_token: tokens.refresh,
    });
    expect(refreshed.status).toBe(401);
    const read = await suite.stack.api.get(`/api/v1/merchant/${merchantId}`, {
      token: tokens.access,
    });
    expect(read.status).toBe(401);
    await page.close();
  });

  it('password change; a deactivated account is told why at sign-in', async () => {
    const page = await suite.browser.newPage({ viewport: DESKTOP });
    const email = `pw-${randomUUID()}@shop.ng`;
    const { merchantId } = await register(page, email);
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await page.getByLabel('Current password').fill('a long merchant password');
    await page.getByLabel('New password').fill('an even longer password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed.').waitFor();
    await expectAccessible(page, 'settings');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a long merchant password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Email or password is incorrect.').waitFor();
    await page.getByLabel('Password').fill('an even longer password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Dashboard' }).waitFor();

    const deactivated = await suite.stack.api.post(
      `/api/v1/admin/merchants/${merchantId}/deactivate`,
      { reason: 'Identity documents expired' },
      { token: await suite.stack.operatorToken() },
    );
    expect(deactivated.status).toBe(200);
    await page.reload();
    const notice = page.getByRole('alert');
    await notice.waitFor();
    expect(await notice.innerText()).toMatch(/deactivated: its keys are refused/);
    // The operator's reason reaches the merchant.
    expect(await notice.innerText()).toMatch(/Identity documents expired/);
    await screenshots(page, 'merchant-deactivated');
  });
});
