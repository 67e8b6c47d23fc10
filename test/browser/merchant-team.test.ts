import { randomUUID } from 'node:crypto';
import { join } from 'node:path';

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestSmtpServer, type TestSmtpServer } from '../harness/smtp.ts';
import {
  DESKTOP,
  PHONE,
  SCREENSHOT_DIR,
  screenshots,
  seriousA11yViolations,
} from './support/browser.ts';
import { registerInDashboard } from './support/merchant.ts';
import { browserSuite } from './support/suite.ts';

/**
 * Issue 28 Build 1 in the browser (decision 0064): the owner invites a support member from the
 * Team screen with the keyboard; the invitee joins through the e-mailed link; the support member
 * cannot pay out (the Money screen says so and keeps the button disabled, and the API answers 403
 * naming what the role cannot do); the owner's audit log shows who did what.
 */
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(async () => smtp.close());

const suite = browserSuite({
  merchantName: 'Unused',
  env: () => ({ SMTP_URL: smtp.url, EMAIL_FROM: 'Tranche <notifications@tranche.test>' }),
});

async function expectAccessible(page: Page, screen: string) {
  const violations = await seriousA11yViolations(page.mainFrame());
  expect(violations, `${screen}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
}

async function waitFor(check: () => boolean, what: string) {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const sessionOf = (page: Page) =>
  page.evaluate(() => {
    const raw = sessionStorage.getItem('tranche.merchant.session');
    return raw ? (JSON.parse(raw) as { access: string; merchantId: string }) : undefined;
  });

describe('merchant dashboard: team members and roles', () => {
  it('a support-role member cannot pay out: the dashboard refuses it and the API answers 403', async () => {
    const owner = await suite.browser.newPage({ viewport: DESKTOP });
    const merchant = await registerInDashboard(owner, suite.stack.apiUrl, {
      email: `owner-${randomUUID()}@fabrics.ng`,
    });
    await owner.getByRole('link', { name: 'Team' }).click();
    await owner.getByRole('heading', { name: 'Invite a team member' }).waitFor();
    await expectAccessible(owner, 'team');

    // The invitation, by keyboard only.
    const email = `support-${randomUUID().slice(0, 8)}@fabrics.ng`;
    await owner.getByLabel('Name').focus();
    await owner.keyboard.type('Chiamaka Support');
    await owner.keyboard.press('Tab');
    await owner.keyboard.type(email);
    await owner.keyboard.press('Tab');
    await owner.getByLabel('Role', { exact: true }).selectOption('support');
    await owner.getByLabel('Role', { exact: true }).focus();
    await owner.keyboard.press('Tab');
    await owner.keyboard.press('Enter');
    await owner
      .getByRole('status')
      .filter({ hasText: `Invitation sent to ${email}` })
      .waitFor();
    await owner
      .getByRole('cell', { name: /Chiamaka Support/ })
      .first()
      .waitFor();
    await screenshots(owner, 'merchant-team');

    await waitFor(() => smtp.received.some((m) => m.recipients.includes(email)), 'the invitation');
    const mail = smtp.received.find((m) => m.recipients.includes(email));
    expect(mail?.parsed.subject).toBe(
      'You are invited to the Balogun Market Fabrics team on Tranche',
    );
    const link = /(http\S+\/merchant\/accept-invitation#token=\S+)/.exec(
      mail?.parsed.text ?? '',
    )?.[1];
    expect(link).toBeDefined();

    // The invitee, in a browser of its own.
    const context = await suite.browser.newContext({ viewport: DESKTOP });
    const support = await context.newPage();
    await support.goto(link ?? '');
    await support.getByRole('heading', { name: 'Join the team' }).waitFor();
    expect(support.url()).toBe(`${suite.stack.apiUrl}/merchant/accept-invitation`);
    await expectAccessible(support, 'accept invitation');
    await screenshots(support, 'merchant-accept-invitation');
    await support.getByLabel('Password', { exact: true }).fill('support password 1');
    await support.getByLabel('The same password again').fill('support password 1');
    await support.keyboard.press('Enter');
    await support.getByRole('navigation', { name: 'Dashboard' }).waitFor();
    await support.getByText('Chiamaka Support (support)').waitFor();
    // Owners' and admins' Audit log is not in a support member's navigation.
    expect(await support.getByRole('link', { name: 'Audit log' }).count()).toBe(0);

    // The dashboard refuses the payout, and says why.
    await support.getByRole('link', { name: 'Money' }).click();
    const payOut = support.getByRole('button', { name: 'Pay out now…' });
    await payOut.waitFor();
    await support
      .getByText('Your role (support) cannot pay out: an owner, an admin or a finance member can.')
      .waitFor();
    expect(await payOut.isDisabled()).toBe(true);
    await expectAccessible(support, 'money as support');
    for (const size of [DESKTOP, PHONE]) {
      await support.setViewportSize(size);
      await support
        .locator('#payouts-title')
        .evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await support.screenshot({
        path: join(SCREENSHOT_DIR, `merchant-money-support-role-${size.width}x${size.height}.png`),
      });
    }
    await support.setViewportSize(DESKTOP);

    // The API answers 403 for the same member's token, naming what the role cannot do.
    const session = await sessionOf(support);
    expect(session?.merchantId).toBe(merchant.id);
    const refused = await suite.stack.api.post(
      `/api/v1/merchant/${merchant.id}/payouts`,
      { amount: 10_000 },
      { token: session?.access ?? '', headers: { 'idempotency-key': randomUUID() } },
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      ok: false,
      code: 'forbidden',
      detail:
        'A support member cannot pay out from the wallet: ask a team member whose role is one of owner, admin, finance.',
    });

    // The owner's audit log: the owner invited; the support member's refused payout is no change.
    await owner.getByRole('link', { name: 'Audit log' }).click();
    await owner.getByRole('heading', { name: 'Audit log' }).waitFor();
    const invited = owner
      .getByRole('row')
      .filter({ hasText: 'invite, change or remove team members' });
    await invited.first().waitFor();
    expect(await invited.first().innerText()).toContain('owner');
    expect(await owner.getByRole('row').filter({ hasText: 'pay out' }).count()).toBe(0);
    await expectAccessible(owner, 'audit log');
    await screenshots(owner, 'merchant-audit-log');
    await context.close();
  });
});
