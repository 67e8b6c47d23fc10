import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { waitFor } from '../harness/e2e.ts';
import { DESKTOP, screenshots, seriousA11yViolations } from './support/browser.ts';
import {
  apiCustomer,
  checkoutIn,
  continueToSignIn,
  createSession,
  CUSTOMER_PASSWORD,
  signIn,
} from './support/checkout.ts';
import { browserSuite } from './support/suite.ts';

/**
 * Linking a method inside the checkout: every bank-mandate `next_action` path, a declined card,
 * a card refused after its ₦50 check was taken (the refund said and made), a wrong OTP, and a
 * customer the eligibility check turns away. One path is driven by the keyboard alone.
 */
const suite = browserSuite({ merchantName: 'Methods Shop' });

/** A verified customer without a method, signed in and past the plan step. */
async function atPaymentMethods(): Promise<{ page: Page; ui: FrameLocator }> {
  const customer = await apiCustomer(suite.stack.api, { verified: true });
  const { token } = await createSession(suite.stack.api, suite.merchant, { amount: 900_000 });
  const page = await suite.browser.newPage({ viewport: DESKTOP });
  await page.goto(`${suite.shop.url}/?token=${token}`);
  await page.click('#pay');
  const { ui } = checkoutIn(page);
  await continueToSignIn(ui);
  await signIn(ui, customer.email);
  await ui.getByRole('heading', { name: 'How you will pay' }).waitFor();
  return { page, ui };
}

async function startMandate(ui: FrameLocator, bankCode: string, account: string) {
  await ui.getByRole('button', { name: 'Add a bank account (direct debit)' }).click();
  await ui.getByLabel('Bank').selectOption(bankCode);
  await ui.getByLabel('Account number').fill(account);
  await ui.getByRole('button', { name: 'Continue' }).click();
}

async function answer(ui: FrameLocator, label: string, value: string) {
  await ui.getByLabel(label).fill(value);
  await ui.getByRole('button', { name: 'Continue' }).click();
}

async function expectLinkedBank(page: Page, ui: FrameLocator, bankName: RegExp) {
  await ui.getByRole('heading', { name: 'Review and confirm' }).waitFor({ timeout: 15_000 });
  expect(await ui.getByText(bankName).first().isVisible()).toBe(true);
  await page.close();
}

describe('payment methods in the checkout', () => {
  it('bank mandate, OTP only (Zenith), with the keyboard alone', async () => {
    const customer = await apiCustomer(suite.stack.api, { verified: true });
    const { token } = await createSession(suite.stack.api, suite.merchant, { amount: 900_000 });
    const page = await suite.browser.newPage({ viewport: DESKTOP });
    await page.goto(`${suite.shop.url}/?token=${token}`);
    // The merchant's button, reached and pressed from the keyboard.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('pay');
    await page.keyboard.press('Enter');
    const { ui } = checkoutIn(page);
    // The plans first (decision 0068): the suggested plan, continued from the keyboard.
    await ui.getByRole('heading', { name: 'Choose your plan' }).waitFor();
    await ui.locator('table.schedule').waitFor();
    const tabTo = async (name: RegExp) => {
      for (let i = 0; i < 30; i += 1) {
        await page.keyboard.press('Tab');
        const focused = await focusedName(page);
        if (name.test(focused)) return;
      }
      throw new Error(`${String(name)} not reachable with Tab`);
    };
    await tabTo(/^Continue$/);
    await page.keyboard.press('Enter');
    await ui.getByRole('heading', { name: 'Sign in' }).waitFor();
    await tabTo(/^Email$/);
    await page.keyboard.type(customer.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(CUSTOMER_PASSWORD);
    await page.keyboard.press('Enter');
    await ui.getByRole('heading', { name: 'How you will pay' }).waitFor();
    await tabTo(/^Add a bank account/);
    await page.keyboard.press('Enter');
    await ui.getByRole('heading', { name: 'Add a bank account' }).waitFor();
    await expect.poll(() => ui.locator('#bank option').count()).toBeGreaterThan(1);
    await screenshots(page, 'checkout-09-bank-account');
    expect(await seriousA11yViolations(checkoutIn(page).frame())).toEqual([]);
    await tabTo(/^Bank$/);
    await ui.getByLabel('Bank').selectOption('057'); // a select's own keys differ by platform
    await page.keyboard.press('Tab');
    await page.keyboard.type('0000000000');
    await page.keyboard.press('Enter');
    await ui.getByLabel('Code from your bank').waitFor();
    await screenshots(page, 'checkout-10-bank-otp');
    expect(await seriousA11yViolations(checkoutIn(page).frame())).toEqual([]);
    await tabTo(/^Code from your bank$/);
    await page.keyboard.type('123456');
    await page.keyboard.press('Enter');
    await ui.getByRole('heading', { name: 'Review and confirm' }).waitFor();
    await tabTo(/I agree/);
    await page.keyboard.press('Space');
    await tabTo(/^Confirm and pay/);
    await page.keyboard.press('Enter');
    await page.locator('[data-tranche-connect]').waitFor({ state: 'detached' });
    const calls = await page.evaluate(() => (window as unknown as { calls: unknown[][] }).calls);
    expect(calls.filter(([kind]) => kind === 'success')).toHaveLength(1);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('pay');
  });

  it('bank mandate, OTP then birthday (GTBank)', async () => {
    const { page, ui } = await atPaymentMethods();
    await startMandate(ui, '058', '0000000001');
    await answer(ui, 'Code from your bank', '123456');
    await ui.getByLabel('Your date of birth').waitFor();
    await screenshots(page, 'checkout-11-bank-birthday');
    await answer(ui, 'Your date of birth', '2006-09-06');
    await expectLinkedBank(page, ui, /Guaranty Trust Bank|GTBank/);
  });

  it('bank mandate, OTP then phone (UBA)', async () => {
    const { page, ui } = await atPaymentMethods();
    await startMandate(ui, '033', '0000000002');
    await answer(ui, 'Code from your bank', '123456');
    await ui.getByLabel('Phone number on the account').waitFor();
    await answer(ui, 'Phone number on the account', '08031234567');
    await expectLinkedBank(page, ui, /United Bank|UBA/i);
  });

  it("bank mandate, open_url (Access): the bank's page in a popup, then the checkout carries on", async () => {
    const { page, ui } = await atPaymentMethods();
    await startMandate(ui, '044', '0000000003');
    const approve = ui.getByRole('link', { name: "Open your bank's approval page" });
    await approve.waitFor();
    await screenshots(page, 'checkout-12-bank-open-url');
    const popupOpened = page.waitForEvent('popup');
    await approve.click();
    const popup = await popupOpened;
    await popup.getByRole('button', { name: 'Approve' }).click();
    await expectLinkedBank(page, ui, /Access Bank/);
  });

  it('bank mandate, pending: the checkout waits for the bank, then carries on', async () => {
    const { page, ui } = await atPaymentMethods();
    await startMandate(ui, '035', '0000000004');
    await ui.getByText(/Waiting for your bank to confirm/).waitFor();
    await expectLinkedBank(page, ui, /Wema/);
  });

  it('three wrong OTPs stop the mandate with a clear message; bank and account stay filled in', async () => {
    const { page, ui } = await atPaymentMethods();
    await startMandate(ui, '057', '0000000000');
    for (const [code, left] of [
      ['000000', '2 tries left'],
      ['111111', '1 try left'],
    ] as const) {
      await answer(ui, 'Code from your bank', code);
      await ui.getByText(left).waitFor();
    }
    await answer(ui, 'Code from your bank', '222222');
    const alert = ui.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toBe(
      'The bank did not approve the mandate: Invalid OTP. Your bank and account number are still filled in: press Continue to start again, or choose another account.',
    );
    expect(await ui.getByLabel('Account number').inputValue()).toBe('0000000000');
    await screenshots(page, 'checkout-13-wrong-otp');
  });

  it('a declined card: nothing linked, the reason shown, another card can be tried', async () => {
    const { page, ui } = await atPaymentMethods();
    await ui.getByRole('button', { name: 'Add a debit card' }).click();
    const popupOpened = page.waitForEvent('popup');
    await ui.getByRole('button', { name: 'Open the secure card page' }).click();
    const popup = await popupOpened;
    await popup.getByLabel('Card number').fill('4084080000005408');
    await popup.getByLabel('Expiry (MM/YY)').fill('12/30');
    await popup.getByLabel('CVV').fill('001');
    await popup.getByRole('button', { name: /^Pay/ }).click();
    const alert = ui.getByRole('alert');
    await alert.waitFor({ timeout: 15_000 });
    expect(await alert.innerText()).toMatch(/Your card was not added: .*Declined/);
    expect(await ui.getByRole('button', { name: 'Try another card' }).isVisible()).toBe(true);
    expect(await seriousA11yViolations(checkoutIn(page).frame())).toEqual([]);
    await screenshots(page, 'checkout-14-card-declined');
  });

  it('a card charged ₦50 then refused (not reusable): the checkout says the ₦50 comes back, and it does (decision 0042)', async () => {
    // No sandbox card is charged and then left non-reusable; this trigger makes the next card
    // authorization so, as Paystack can answer (dropped at the end).
    await suite.stack.sql(`
      CREATE FUNCTION sandbox_gateway.not_reusable() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN NEW.reusable := false; RETURN NEW; END $$;
      CREATE TRIGGER not_reusable BEFORE INSERT ON sandbox_gateway.authorizations
        FOR EACH ROW WHEN (NEW.channel = 'card') EXECUTE FUNCTION sandbox_gateway.not_reusable()`);
    try {
      const { page, ui } = await atPaymentMethods();
      await ui.getByRole('button', { name: 'Add a debit card' }).click();
      const popupOpened = page.waitForEvent('popup');
      await ui.getByRole('button', { name: 'Open the secure card page' }).click();
      const popup = await popupOpened;
      await popup.getByLabel('Card number').fill('4084084084084081');
      await popup.getByLabel('Expiry (MM/YY)').fill('12/30');
      await popup.getByLabel('CVV').fill('408');
      await popup.getByRole('button', { name: /^Pay/ }).click();
      const alert = ui.getByRole('alert');
      await alert.waitFor({ timeout: 15_000 });
      const text = await alert.innerText();
      expect(text).toMatch(/Your card was not added\. .*cannot be used for automatic debits/);
      expect(text).toMatch(
        /The ₦50 verification charge will be refunded to your card automatically/,
      );
      expect(text).not.toMatch(/Nothing was charged/);
      expect(await ui.getByRole('button', { name: 'Try another card' }).isVisible()).toBe(true);
      expect(await seriousA11yViolations(checkoutIn(page).frame())).toEqual([]);
      await screenshots(page, 'checkout-14b-card-refused-refunded');
      // The worker's refund_verification_charge job gives the ₦50 back at the gateway.
      await waitFor(async () => {
        const rows = await suite.stack.sql(
          `SELECT 1 FROM sandbox_gateway.refunds r
             JOIN sandbox_gateway.transactions g ON g.id = r.transaction_id
             JOIN payment_method_setups s ON s.reference = g.reference
            WHERE s.status = 'failed' AND s.verification_refund_queued_at IS NOT NULL
              AND r.amount = 5000`,
        );
        return rows.length === 1;
      }, 20_000);
      await page.close();
    } finally {
      await suite.stack.sql(`DROP TRIGGER not_reusable ON sandbox_gateway.authorizations;
        DROP FUNCTION sandbox_gateway.not_reusable()`);
    }
  });

  it('a customer with a missed payment is told why and what to do; no plan is offered', async () => {
    // A plan whose deposit fails (the card runs out of funds) leaves the customer delinquent.
    const customer = await apiCustomer(suite.stack.api, { verified: true, card: 'success' });
    const [authorization] = await suite.stack.sql<{ code: string }>(
      `SELECT a.authorization_code AS code FROM sandbox_gateway.authorizations a
         JOIN sandbox_gateway.customers c ON c.id = a.customer_id WHERE c.email = $1`,
      [customer.email],
    );
    const drained = await fetch(
      `${suite.stack.sandboxUrl}/_sandbox/authorizations/${authorization?.code}`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${suite.stack.gatewayKey}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ behaviour: 'insufficient_funds' }),
      },
    );
    expect(drained.status).toBe(200);
    const first = await createSession(suite.stack.api, suite.merchant, { amount: 500_000 });
    const confirmed = await suite.stack.api.post(
      `/api/v1/checkout/sessions/${first.token}/confirm`,
      {
        frequency: 'monthly',
        installment_count: 2,
        upfront_pct: 25,
        payment_method_id: customer.methodId,
      },
      { token: customer.token },
    );
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    const second = await createSession(suite.stack.api, suite.merchant, { amount: 500_000 });
    await waitFor(
      async () =>
        (
          await suite.stack.api.get(`/api/v1/checkout/sessions/${second.token}/eligibility`, {
            token: customer.token,
          })
        ).body.data.reason === 'delinquent',
      20_000,
      () => suite.stack.output(),
    );
    const page = await suite.browser.newPage({ viewport: DESKTOP });
    await page.goto(`${suite.shop.url}/?token=${second.token}`);
    await page.click('#pay');
    const { ui, frame } = checkoutIn(page);
    await continueToSignIn(ui);
    await signIn(ui, customer.email);
    await ui.getByRole('heading', { name: 'You have a missed payment' }).waitFor();
    expect(await ui.getByText(/We also retry it automatically/).isVisible()).toBe(true);
    expect(await ui.getByRole('link', { name: /Pay the missed installment now/ }).isVisible()).toBe(
      true,
    );
    // The plan chosen before signing in is named, and another plan would not help.
    expect(
      await ui.getByText(/The plan you chose \(.+\) cannot be set up for you now/).count(),
    ).toBe(1);
    expect(await ui.getByRole('heading', { name: 'Choose your plan' }).count()).toBe(0);
    expect(await seriousA11yViolations(frame())).toEqual([]);
    await screenshots(page, 'checkout-15-not-eligible');
  });
});

/** The accessible name of the focused element inside the checkout iframe (label or text). */
async function focusedName(page: Page): Promise<string> {
  const frame = checkoutIn(page).frame();
  return frame.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return '';
    const id = el.getAttribute('id');
    const label = id ? document.querySelector(`label[for="${id}"]`)?.textContent : null;
    const wrapping = el.closest('label')?.textContent;
    return (label ?? wrapping ?? el.textContent).trim();
  });
}
