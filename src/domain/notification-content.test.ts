import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import type { PaymentFailedFacts, ReceiptFacts, ReminderFacts } from './notification.ts';
import {
  formatLagosDay,
  formatLagosTime,
  GENERAL_FAILURE_REASON,
  plainFailureReason,
  renderNotification,
} from './notification-content.ts';

const plan = {
  planId: 'plan_1',
  merchantName: 'Ade Stores',
  orderReference: 'ord_42',
  livemode: true,
};
const ada = { firstName: 'Ada' };

describe('dates and times in Lagos', () => {
  it('names the Lagos day and time, not the UTC one', () => {
    expect(formatLagosDay('2027-03-12T08:00:00.000Z')).toBe('Friday 12 March 2027');
    expect(formatLagosTime('2027-03-12T08:00:00.000Z')).toBe('09:00');
    // 23:30 UTC on the 31st is already 1 February in Lagos.
    expect(formatLagosDay('2027-01-31T23:30:00.000Z')).toBe('Monday 1 February 2027');
    expect(formatLagosTime('2027-01-31T23:30:00.000Z')).toBe('00:30');
  });
});

describe('renderNotification', () => {
  const reminderFacts: ReminderFacts = {
    ...plan,
    installmentId: 'inst_1',
    sequence: 2,
    installmentCount: 3,
    amountKobo: 625_050,
    dueAt: '2027-03-12T08:00:00.000Z',
    methodLabel: 'Visa Card',
  };

  it('a reminder names the amount in naira, the Lagos due day and hour, and the method', () => {
    const r = renderNotification({ kind: 'payment_reminder', facts: reminderFacts }, ada);
    expect(r.subject).toBe('Reminder: ₦6,250.50 due on Friday 12 March 2027');
    expect(r.text).toContain('Hi Ada,');
    expect(r.text).toContain('installment 2 of 3 for order ord_42 at Ade Stores');
    expect(r.text).toContain('Due:        Friday 12 March 2027, 09:00 (Lagos time)');
    expect(r.summary).toBe(
      'Installment 2 of 3 of ₦6,250.50 for Ade Stores is due on Friday 12 March 2027. We will debit Visa Card at 09:00 (Lagos time).',
    );
  });

  it('names the order by what was bought when the plan has a title, its reference beside it (issue 27 fix 9)', () => {
    const titled = { ...reminderFacts, title: 'Samsung Galaxy A15' };
    const reminder = renderNotification({ kind: 'payment_reminder', facts: titled }, ada);
    expect(reminder.text).toContain('installment 2 of 3 for “Samsung Galaxy A15” at Ade Stores');
    expect(reminder.text).toContain('Order:      Samsung Galaxy A15 (ref. ord_42)');
    expect(reminder.text).not.toContain('for order ord_42');
    const refund = renderNotification(
      {
        kind: 'refund_receipt',
        facts: {
          ...plan,
          title: 'Samsung Galaxy A15',
          refundId: 'rf_1',
          amountKobo: 100_000,
          offBalanceKobo: 100_000,
          cashBackKobo: 0,
          outstandingKobo: 0,
          refundedAt: '2027-03-20T10:00:00.000Z',
        },
      },
      ada,
    );
    expect(refund.summary).toContain('Ade Stores refunded ₦1,000.00 on “Samsung Galaxy A15”.');
  });

  it('test-mode notices say so, in the subject and the body', () => {
    const r = renderNotification(
      { kind: 'payment_reminder', facts: { ...reminderFacts, livemode: false } },
      ada,
    );
    expect(r.subject).toMatch(/^\[Test\] Reminder/);
    expect(r.text).toContain('test-mode (sandbox) plan');
  });

  it('a receipt: amount, which payment, when, receipt number and what is left', () => {
    const facts: ReceiptFacts = {
      ...plan,
      sequence: 0,
      installmentCount: 3,
      chargeReference: 'chg-inst1-1',
      amountKobo: 2_500_000,
      paidAt: '2027-02-12T13:20:00.000Z',
      methodLabel: 'Visa Card',
      outstandingKobo: 7_500_000,
      nextPayment: { amountKobo: 2_500_000, dueAt: '2027-03-12T08:00:00.000Z' },
    };
    const r = renderNotification({ kind: 'payment_receipt', facts }, ada);
    expect(r.subject).toBe('Receipt: ₦25,000.00 paid to Ade Stores');
    expect(r.text).toContain('Payment:      deposit');
    expect(r.text).toContain('Paid on:      Friday 12 February 2027, 14:20 (Lagos time)');
    expect(r.text).toContain('Receipt no.:  chg-inst1-1');
    expect(r.text).toContain(
      'Left to pay: ₦75,000.00. Next payment: ₦25,000.00 on Friday 12 March 2027.',
    );
    const last = renderNotification(
      { kind: 'payment_receipt', facts: { ...facts, outstandingKobo: 0, nextPayment: null } },
      ada,
    );
    expect(last.summary).toContain('Your plan is fully paid.');
  });

  it('a failed debit says what happens next: the retry, default, or cancellation', () => {
    const facts: PaymentFailedFacts = {
      ...plan,
      sequence: 1,
      installmentCount: 3,
      chargeReference: 'chg-inst2-1',
      amountKobo: 625_000,
      attempt: 1,
      methodLabel: 'Visa Card',
      retryAt: '2027-03-13T08:00:00.000Z',
      planStatus: 'active',
    };
    const retry = renderNotification({ kind: 'payment_failed', facts }, ada);
    expect(retry.text).toContain(
      'What happens next: We will try again automatically on Saturday 13 March 2027 at 09:00 (Lagos time).',
    );
    const defaulted = renderNotification(
      {
        kind: 'payment_failed',
        facts: { ...facts, attempt: 4, retryAt: null, planStatus: 'defaulted' },
      },
      ada,
    );
    expect(defaulted.subject).toBe('Action needed: your ₦6,250.00 payment to Ade Stores failed');
    expect(defaulted.text).toContain('your plan is now in default');
    const cancelled = renderNotification(
      {
        kind: 'payment_failed',
        facts: { ...facts, sequence: 0, attempt: 4, retryAt: null, planStatus: 'cancelled' },
      },
      ada,
    );
    expect(cancelled.summary).toContain('the plan has been cancelled');
  });

  it('a failed debit says why, in plain words, in the e-mail and the in-app notice', () => {
    const facts: PaymentFailedFacts = {
      ...plan,
      sequence: 1,
      installmentCount: 3,
      chargeReference: 'chg-inst2-1',
      amountKobo: 625_000,
      attempt: 1,
      methodLabel: 'Visa Card',
      retryAt: '2027-03-13T08:00:00.000Z',
      planStatus: 'active',
      gatewayMessage: 'Insufficient Funds',
    };
    const r = renderNotification({ kind: 'payment_failed', facts }, ada);
    expect(r.text).toContain('Why: Your bank said there was not enough money in the account.');
    expect(r.summary).toBe(
      'Your installment 1 of 3 of ₦6,250.00 for Ade Stores could not be collected from Visa Card. Your bank said there was not enough money in the account. We will try again automatically on Saturday 13 March 2027 at 09:00 (Lagos time). Please make sure Visa Card has at least ₦6,250.00 available by then, or choose another payment method in your Tranche account.',
    );
    // A message we do not know is not repeated: it may be a bank's code or an internal string.
    const odd = renderNotification(
      { kind: 'payment_failed', facts: { ...facts, gatewayMessage: 'ERR_91 switch/NIBSS xx' } },
      ada,
    );
    expect(odd.text).toContain(`Why: ${GENERAL_FAILURE_REASON}`);
    expect(odd.text).not.toContain('ERR_91');
    expect(odd.summary).not.toContain('ERR_91');
    // A notice written before the message was kept says the general sentence.
    const older: PaymentFailedFacts = { ...facts };
    delete older.gatewayMessage;
    expect(renderNotification({ kind: 'payment_failed', facts: older }, ada).summary).toContain(
      GENERAL_FAILURE_REASON,
    );
  });

  it.each([
    ['Insufficient Funds', 'Your bank said there was not enough money in the account.'],
    ['Insufficient funds', 'Your bank said there was not enough money in the account.'],
    ['Not sufficient funds', 'Your bank said there was not enough money in the account.'],
    ['Declined', 'Your bank declined the payment.'],
    ['Do Not Honor', 'Your bank declined the payment without giving a reason.'],
    ['Do not honour', 'Your bank declined the payment without giving a reason.'],
    ['Expired Card', 'Your bank said the card has expired.'],
    ['Invalid Amount', 'Your bank did not accept the amount of the payment.'],
    [
      'Transaction not permitted to cardholder',
      'Your bank does not allow this card or account to make this kind of payment.',
    ],
    [
      'Exceeds Withdrawal Limit',
      'Your bank said the payment is over a spending limit on the card or account.',
    ],
    ['Timed out', 'Your bank did not answer in time.'],
    ['Issuer or Switch Inoperative', 'Your bank did not answer in time.'],
    [
      'Token Not Generated. Customer Not Registered on Token Platform',
      'Your bank has not enabled this card for automatic payments.',
    ],
    ['Lost Card, Pick-Up', GENERAL_FAILURE_REASON],
    ['Invalid OTP', GENERAL_FAILURE_REASON],
    ['  ', GENERAL_FAILURE_REASON],
    [null, GENERAL_FAILURE_REASON],
    [undefined, GENERAL_FAILURE_REASON],
  ])('the gateway said %j: %s', (said, sentence) => {
    expect(plainFailureReason(said)).toBe(sentence);
  });

  it('whatever the gateway says, the customer reads one of our sentences, never its text', () => {
    const ours = new Set([
      GENERAL_FAILURE_REASON,
      ...['Insufficient Funds', 'Declined', 'Do Not Honor', 'Expired Card', 'Invalid Amount']
        .concat(['not permitted', 'Exceeds Limit', 'Timed out', 'Token Not Generated'])
        .map(plainFailureReason),
    ]);
    fc.assert(
      fc.property(fc.string(), (said) => {
        expect(ours.has(plainFailureReason(said))).toBe(true);
      }),
    );
  });

  it('a refund receipt splits what came off the balance from what goes back to the card', () => {
    const r = renderNotification(
      {
        kind: 'refund_receipt',
        facts: {
          ...plan,
          refundId: 'rf_1',
          amountKobo: 1_500_000,
          offBalanceKobo: 1_250_000,
          cashBackKobo: 250_000,
          outstandingKobo: 0,
          refundedAt: '2027-03-20T10:00:00.000Z',
        },
      },
      ada,
    );
    expect(r.subject).toBe('Refund: ₦15,000.00 from Ade Stores');
    expect(r.text).toContain('₦12,500.00 was taken off what you still owe.');
    expect(r.text).toContain('₦2,500.00 is on its way back');
    expect(r.text).toContain('Nothing is left to pay on this plan.');
  });

  it('any amount in kobo shows as exact naira and kobo', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000_000 }), (amountKobo) => {
        const r = renderNotification(
          { kind: 'payment_reminder', facts: { ...reminderFacts, amountKobo } },
          ada,
        );
        const shown = /₦([\d,]+)\.(\d{2}) due/.exec(r.subject);
        expect(shown).not.toBeNull();
        expect(Number((shown?.[1] ?? '').replace(/,/g, '')) * 100 + Number(shown?.[2])).toBe(
          amountKobo,
        );
      }),
    );
  });
});
