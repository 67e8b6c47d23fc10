import { randomUUID } from 'node:crypto';

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { enrolTwoFactor } from '../harness/two-factor.ts';
import { DESKTOP, PHONE, screenshots, seriousA11yViolations } from './support/browser.ts';
import { MERCHANT_PASSWORD, registerInDashboard } from './support/merchant.ts';
import { browserSuite } from './support/suite.ts';

/**
 * Merchant due diligence (issue 25 item 5, decision 0074): the owner fills in the business
 * details in the dashboard (the director's BVN checked by the sandbox identity provider), sets
 * the settlement account, and the operator sees all of it beside the Approve button, then
 * approves. Each screen is checked with axe and photographed at desktop and phone sizes.
 */
const suite = browserSuite({ merchantName: 'Unused' });

async function expectAccessible(page: Page, screen: string) {
  const violations = await seriousA11yViolations(page.mainFrame());
  expect(violations, `${screen}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
}

/** Looked at (axe, both sizes) and readable at 375 px without sideways scrolling. */
async function lookAt(page: Page, name: string) {
  await expectAccessible(page, name);
  await screenshots(page, name);
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(100);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${name} scrolls sideways at 375 px`).toBeLessThanOrEqual(0);
  await expectAccessible(page, `${name} (phone)`);
  await page.setViewportSize(DESKTOP);
}

const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!active) return undefined;
    if (active.id) {
      const label = document.querySelector(`label[for="${active.id}"]`)?.textContent;
      if (label) return label;
    }
    return active.closest('label')?.textContent ?? active.textContent;
  });

describe('business details for live approval', () => {
  it('the owner fills them in by keyboard; a refusal names the field; the operator sees them beside Approve and approves', async () => {
    const { stack, browser } = suite;
    const businessName = `Balogun Fabrics ${randomUUID().slice(0, 6)}`;
    const page = await browser.newPage({ viewport: DESKTOP });
    const merchant = await registerInDashboard(page, stack.apiUrl, { businessName });

    // Getting started points to it while the account waits for approval.
    await page.getByRole('heading', { name: 'Going live' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Business details' }).click();
    await page.getByRole('heading', { name: 'Business details', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Not ready for review yet' }).waitFor();
    expect(
      await page.getByText('The merchant has not submitted its business details.').count(),
    ).toBe(1);
    await lookAt(page, 'merchant-business-details-empty');

    // By keyboard, field after field.
    await page.getByLabel('Registered business name').focus();
    await page.keyboard.type('Balogun Market Fabrics Ltd');
    await page.keyboard.press('Tab');
    expect(await focusedLabel(page)).toBe('CAC registration number');
    await page.keyboard.type('1234567');
    await page.keyboard.press('Tab');
    expect(await focusedLabel(page)).toBe('Tax identification number (optional)');
    await page.keyboard.press('Tab');
    expect(await focusedLabel(page)).toBe('Street address');
    await page.keyboard.type('14 Balogun Street');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Lagos Island');
    await page.keyboard.press('Tab');
    expect(await focusedLabel(page)).toBe('State');
    await page.getByLabel('State').selectOption('Lagos');
    // Test mode offers the sandbox's director BVN: a keyboard press fills it in.
    await page.keyboard.press('Tab');
    expect(await focusedLabel(page)).toBe('Fill in the test director');
    await page.keyboard.press('Enter');
    expect(await page.getByLabel('BVN', { exact: true }).inputValue()).toMatch(/^221\d{8}$/);
    await page.keyboard.press('Tab');
    expect(await focusedLabel(page)).toBe('First name, as on the BVN record');
    await page.keyboard.type('Folake');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Balogun');
    // The date of birth the record does not have: the check fails and says so.
    await page.getByLabel('Date of birth').fill('1991-01-15');

    // No consent ticked: nothing is sent.
    const submit = page.getByRole('button', { name: 'Submit for review' });
    await submit.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Tick the box once the director has agreed.').waitFor();
    const consent = page.getByRole('checkbox', { name: /The director agreed/ });
    await consent.focus();
    await page.keyboard.press('Space');
    expect(await consent.isChecked()).toBe(true);

    // A CAC number without its RC/BN/IT: the API refuses it and the form shows it beside it.
    await submit.focus();
    await page.keyboard.press('Enter');
    await page
      .getByText(/RC \(company\), BN \(business name\)/)
      .first()
      .waitFor();
    expect(await page.getByLabel('CAC registration number').getAttribute('aria-invalid')).toBe(
      'true',
    );
    await lookAt(page, 'merchant-business-details-refused');
    await page.getByLabel('CAC registration number').fill('RC 123 4567');
    await submit.click();
    await page.getByText('Submitted, but the director’s BVN check failed').waitFor();
    await page
      .getByText('The date of birth does not match the one on the BVN record.')
      .first()
      .waitFor();
    // The review card at the top says why, in the API's words.
    await page.evaluate(() => window.scrollTo(0, 0));
    await lookAt(page, 'merchant-business-details-check-failed');

    // Corrected: the BVN and date of birth are asked again (never kept), then verified.
    await page.getByRole('button', { name: 'Fill in the test director' }).click();
    await page.getByRole('checkbox', { name: /The director agreed/ }).check();
    await page.getByRole('button', { name: 'Submit the changes' }).click();
    await page.getByText('Submitted. The director’s BVN check passed.').waitFor();
    await page.getByText('The merchant has no settlement account.').waitFor();

    // The settlement account, set as the Money screen does (the password, a name from the bank).
    const token = await page.evaluate(() => {
      const raw = sessionStorage.getItem('tranche.merchant.session');
      return raw ? (JSON.parse(raw) as { access: string }).access : '';
    });
    // A settlement change needs two-factor sign-in and a code (decision 0065); a recovery code.
    const { recoveryCodes } = await enrolTwoFactor(stack.api, merchant.id, token);
    const account = await stack.api.patch(
      `/api/v1/merchant/${merchant.id}/settings`,
      {
        settlement_account: { bank_code: '058', account_number: '0123456789' },
        password: MERCHANT_PASSWORD,
      },
      { token, headers: { 'two-factor-code': recoveryCodes[0] ?? '' } },
    );
    expect(account.status).toBe(200);
    const accountName = account.body.data.settlement_account.account_name as string;
    expect(accountName).toMatch(/\S/);
    await page.reload();
    await page.getByRole('heading', { name: 'Ready for review' }).waitFor();
    await page.getByText(accountName).first().waitFor();
    await lookAt(page, 'merchant-business-details-ready');

    // The operator: the details beside the Approve button, then approval.
    const ada = await stack.addOperator('Ada Obi');
    const console = await browser.newPage({ viewport: DESKTOP });
    await console.goto(`${stack.apiUrl}/admin`);
    await console.getByLabel('Email').fill(ada.email);
    await console.getByLabel('Password').fill(ada.password);
    await console.getByLabel('Authenticator code').fill(ada.code(Date.now() / 1000));
    await console.keyboard.press('Enter');
    await console.getByRole('heading', { name: 'Merchants', exact: true }).waitFor();
    const row = console.locator(`tr[data-merchant-id="${merchant.id}"]`);
    await row.getByRole('link', { name: businessName }).click();
    await console.getByRole('heading', { name: businessName }).waitFor();
    const accountCard = console.locator('section', {
      has: console.getByRole('heading', { name: 'Account' }),
    });
    await accountCard.getByText('Ready for approval').waitFor();
    const facts = await accountCard.innerText();
    for (const shown of [
      'Balogun Market Fabrics Ltd',
      'RC1234567',
      '14 Balogun Street, Lagos Island, Lagos',
      'Folake Balogun',
      'Verified',
      accountName,
    ]) {
      expect(facts, shown).toContain(shown);
    }
    await lookAt(console, 'admin-merchant-business-details');
    const approve = accountCard.getByRole('button', { name: 'Approve…' });
    await approve.focus();
    await console.keyboard.press('Enter');
    await console.getByRole('button', { name: 'Approve merchant' }).click();
    await console.getByText(`${businessName} is now active. Recorded in the audit log.`).waitFor();
    expect(
      (await stack.api.get(`/api/v1/merchant/${merchant.id}/business-details`, { token })).body.data
        .submission.reviewed_at,
    ).toEqual(expect.any(String));

    await page.reload();
    await page.getByRole('heading', { name: 'Approved for live payments' }).waitFor();
    await console.close();
    await page.close();
  });
});
