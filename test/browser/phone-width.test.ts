import { randomUUID } from 'node:crypto';
import { join } from 'node:path';

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { DESKTOP, PHONE, SCREENSHOT_DIR, seriousA11yViolations } from './support/browser.ts';
import { apiCustomer, createSession, signIn } from './support/checkout.ts';
import { registerInDashboard } from './support/merchant.ts';
import { browserSuite } from './support/suite.ts';

/**
 * Every page of the merchant and customer dashboards fits a 375 px phone (issue 28 item 5): no
 * sideways scroll, signed in, with data on the page (keys, a plan with an unbreakable payment-link
 * reference, a webhook URL). A page wider than the screen fails and names its widest elements.
 */
const suite = browserSuite({ merchantName: 'Unused' });

/** What overflows: the documentElement's width, and the elements sticking out past the screen. */
async function sidewaysScroll(page: Page): Promise<{ width: number; culprits: string[] }> {
  return page.evaluate(() => {
    const limit = window.innerWidth;
    const culprits = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > limit + 0.5)
      // Not what a scrolling box (the section tabs) holds inside itself.
      .filter((el) => {
        for (let up = el.parentElement; up; up = up.parentElement) {
          const style = getComputedStyle(up);
          if (style.overflowX !== 'visible' && up.getBoundingClientRect().right <= limit + 0.5) {
            return false;
          }
        }
        return true;
      })
      // The innermost ones: what sticks out, not every box around it.
      .filter(
        (el) =>
          ![...el.children].some((child) => child.getBoundingClientRect().right > limit + 0.5),
      )
      .map((el) => {
        const id = el.id ? `#${el.id}` : '';
        const cls =
          typeof el.className === 'string' && el.className
            ? `.${el.className.split(' ').join('.')}`
            : '';
        return `${el.tagName.toLowerCase()}${id}${cls} → ${Math.round(el.getBoundingClientRect().right)}`;
      })
      .slice(0, 8);
    return { width: document.documentElement.scrollWidth, culprits };
  });
}

async function expectFits(page: Page, path: string, ready: () => Promise<unknown>) {
  await page.goto(`${suite.stack.apiUrl}${path}`);
  await ready();
  // Fonts and late answers settle the layout.
  await page.waitForLoadState('networkidle');
  const { width, culprits } = await sidewaysScroll(page);
  const innerWidth = await page.evaluate(() => window.innerWidth);
  expect(
    width,
    `${path} at ${PHONE.width} px is ${width} px wide: ${culprits.join('; ')}`,
  ).toBeLessThanOrEqual(innerWidth);
  const violations = await seriousA11yViolations(page.mainFrame());
  expect(violations, `${path}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
  const name = `phone-width${path.replace(/[/]+/g, '-').replace(/-(plan|pln)_[A-Za-z0-9]+/, '-plan')}`;
  await page.screenshot({
    path: join(SCREENSHOT_DIR, `${name}-${PHONE.width}x${PHONE.height}.png`),
  });
}

const anyHeading = (page: Page) => () => page.locator('h2').first().waitFor();

/** An id as a payment link makes it: `<link id>.<random>`, one unbreakable word. */
const linkLikeReference = () =>
  `plink_${randomUUID().replace(/-/g, '')}.${randomUUID().slice(0, 12)}`;

describe('every dashboard page fits a 375 px phone', () => {
  it('merchant dashboard: every section, a plan, and the signed-out pages', async () => {
    const page = await suite.browser.newPage({ viewport: DESKTOP });
    const merchant = await registerInDashboard(page, suite.stack.apiUrl, {
      email: `width-${randomUUID()}@fabrics.ng`,
    });
    await suite.stack.api.patch(
      `/api/v1/merchant/${merchant.id}/settings`,
      { webhook_url: 'http://localhost:4999/webhooks/a-rather-long-path/for-tranche-events' },
      { token: merchant.key },
    );
    const customer = await apiCustomer(suite.stack.api, { verified: true, card: 'success' });
    const session = await createSession(suite.stack.api, merchant, {
      amount: 450_000,
      order_reference: linkLikeReference(),
      title: 'Ankara-fabric-6-yards-with-matching-headwrap-and-a-very-long-name',
    });
    const confirmed = await suite.stack.api.post(
      `/api/v1/checkout/sessions/${session.token}/confirm`,
      {
        frequency: 'weekly',
        installment_count: 3,
        upfront_pct: 25,
        payment_method_id: customer.methodId,
      },
      { token: customer.token },
    );
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    const planId = confirmed.body.data.payment_plan_id as string;

    await page.setViewportSize(PHONE);
    const heading = (name: string) => () =>
      page.getByRole('heading', { name, exact: true }).first().waitFor();
    await expectFits(page, '/merchant/getting-started', () =>
      page.getByRole('heading', { name: /Your sandbox: \d of 4 done/ }).waitFor(),
    );
    await expectFits(page, '/merchant/payments', () =>
      page
        .getByRole('link', { name: /plink_/ })
        .first()
        .waitFor(),
    );
    await expectFits(page, `/merchant/payments/${planId}`, () =>
      page.getByRole('heading', { name: 'Refunds' }).waitFor(),
    );
    await expectFits(page, '/merchant/payment-links', anyHeading(page));
    await expectFits(page, '/merchant/money', () =>
      page.getByRole('heading', { name: /^Balances/ }).waitFor(),
    );
    await expectFits(page, '/merchant/disputes', () =>
      page.getByRole('heading', { name: /disputes$/ }).waitFor(),
    );
    await expectFits(page, '/merchant/hardship', heading('Your limits'));
    await expectFits(page, '/merchant/developers', () =>
      page.getByRole('button', { name: 'Roll test key' }).waitFor(),
    );
    await expectFits(page, '/merchant/settings', anyHeading(page));
    await expectFits(page, '/merchant/business-details', () =>
      page.getByRole('heading', { name: 'Your business' }).waitFor(),
    );
    await expectFits(page, '/merchant/team', () =>
      page.getByRole('heading', { name: 'Invite a team member' }).waitFor(),
    );
    await expectFits(page, '/merchant/audit-log', heading('Audit log'));
    // Signed out.
    await page.evaluate(() => sessionStorage.clear());
    await expectFits(page, '/merchant', heading('Sign in'));
    await expectFits(page, '/merchant/register', heading('Create a merchant account'));
    await expectFits(page, '/merchant/forgot-password', heading('Set your password'));
    await expectFits(page, '/merchant/reset-password', heading('This link no longer works'));
    await expectFits(
      page,
      '/merchant/accept-invitation',
      heading('This invitation no longer works'),
    );

    // The customer dashboard, with that plan.
    const customerPage = await suite.browser.newPage({ viewport: PHONE });
    await customerPage.goto(`${suite.stack.apiUrl}/dashboard`);
    await customerPage.getByRole('heading', { name: 'Sign in' }).waitFor();
    await signIn(customerPage, customer.email);
    await customerPage.getByRole('heading', { name: 'Your plans' }).waitFor();
    await expectFits(customerPage, '/dashboard', anyHeading(customerPage));
    await expectFits(customerPage, `/dashboard/plans/${planId}`, anyHeading(customerPage));
    await expectFits(customerPage, '/dashboard/methods', anyHeading(customerPage));
    await expectFits(customerPage, '/dashboard/account', anyHeading(customerPage));
    await expectFits(customerPage, '/dashboard/notices', anyHeading(customerPage));
    await customerPage.evaluate(() => sessionStorage.clear());
    await expectFits(customerPage, '/dashboard/register', anyHeading(customerPage));
    await expectFits(customerPage, '/dashboard/forgot-password', anyHeading(customerPage));
  }, 180_000);
});
