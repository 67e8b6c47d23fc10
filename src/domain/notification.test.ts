import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  CHANNELS,
  decideDelivery,
  defaultPreferences,
  type FailureSubject,
  firstDueAt,
  type NotificationKind,
  type ReminderSubject,
  staleFailureReason,
  TOPIC_OF,
} from './notification.ts';
import { isQuietHour } from './notification-timing.ts';

const lagos = (iso: string) => new Date(`${iso}+01:00`);
const DUE = lagos('2027-03-12T09:00:00');
const waiting: ReminderSubject = {
  installmentStatus: 'scheduled',
  planStatus: 'active',
  dueAt: DUE,
};
/** A failure notice written with a retry ahead, nothing having happened since. */
const stillFailed: FailureSubject = {
  installmentStatus: 'failed',
  planStatus: 'active',
  planStatusWhenFailed: 'active',
  laterCharge: null,
};

describe('decideDelivery', () => {
  it('sends a reminder at its time, to both channels', () => {
    for (const channel of CHANNELS) {
      expect(
        decideDelivery({
          kind: 'payment_reminder',
          channel,
          now: lagos('2027-03-09T09:00:00'),
          preferences: defaultPreferences(),
          reminder: waiting,
        }),
      ).toEqual({ action: 'send' });
    }
  });

  it('skips a reminder whose installment no longer waits, or whose plan stopped', () => {
    const now = lagos('2027-03-09T09:00:00');
    const decide = (reminder: ReminderSubject) =>
      decideDelivery({
        kind: 'payment_reminder',
        channel: 'email',
        now,
        preferences: defaultPreferences(),
        reminder,
      });
    for (const installmentStatus of ['paid', 'cancelled', 'processing', 'failed'] as const) {
      expect(decide({ ...waiting, installmentStatus })).toEqual({
        action: 'skip',
        reason: `the installment is ${installmentStatus}`,
      });
    }
    expect(decide({ ...waiting, planStatus: 'cancelled' })).toEqual({
      action: 'skip',
      reason: 'the plan is cancelled',
    });
    expect(decide({ ...waiting, dueAt: lagos('2027-03-09T09:00:00') })).toEqual({
      action: 'skip',
      reason: 'the due date has passed',
    });
  });

  it('holds a reminder that is early (its due date moved later) until 3 days before', () => {
    expect(
      decideDelivery({
        kind: 'payment_reminder',
        channel: 'email',
        now: lagos('2027-03-01T09:00:00'),
        preferences: defaultPreferences(),
        reminder: waiting,
      }),
    ).toEqual({ action: 'wait', until: lagos('2027-03-09T09:00:00') });
  });

  it('holds e-mail in quiet hours until 08:00; in-app goes at once', () => {
    const now = lagos('2027-03-09T23:10:00');
    expect(
      decideDelivery({
        kind: 'payment_failed',
        channel: 'email',
        now,
        preferences: defaultPreferences(),
        failure: stillFailed,
      }),
    ).toEqual({ action: 'wait', until: lagos('2027-03-10T08:00:00') });
    expect(
      decideDelivery({
        kind: 'payment_failed',
        channel: 'in_app',
        now,
        preferences: defaultPreferences(),
        failure: stillFailed,
      }),
    ).toEqual({ action: 'send' });
  });

  it('skips what the customer switched off, on that channel only', () => {
    const preferences = defaultPreferences();
    preferences.email.receipts = false;
    const decide = (kind: NotificationKind, channel: 'email' | 'in_app') =>
      decideDelivery({
        kind,
        channel,
        now: lagos('2027-03-09T10:00:00'),
        preferences,
        failure: stillFailed,
      }).action;
    expect(decide('payment_receipt', 'email')).toBe('skip');
    expect(decide('refund_receipt', 'email')).toBe('skip');
    expect(decide('payment_receipt', 'in_app')).toBe('send');
    expect(decide('payment_failed', 'email')).toBe('send');
  });

  it('never sends e-mail in quiet hours, and never a reminder early or after the debit', () => {
    const kinds = Object.keys(TOPIC_OF) as NotificationKind[];
    fc.assert(
      fc.property(
        fc.date({
          min: lagos('2027-03-01T00:00:00'),
          max: lagos('2027-03-15T00:00:00'),
          noInvalidDate: true,
        }),
        fc.constantFrom(...kinds),
        fc.constantFrom(...CHANNELS),
        (now, kind, channel) => {
          const decision = decideDelivery({
            kind,
            channel,
            now,
            preferences: defaultPreferences(),
            reminder: waiting,
            failure: stillFailed,
          });
          if (decision.action === 'send') {
            if (channel === 'email') expect(isQuietHour(now)).toBe(false);
            if (kind === 'payment_reminder') {
              expect(now.getTime()).toBeGreaterThanOrEqual(lagos('2027-03-09T09:00:00').getTime());
              expect(now.getTime()).toBeLessThan(DUE.getTime());
            }
          }
          if (decision.action === 'wait') {
            expect(decision.until.getTime()).toBeGreaterThan(now.getTime());
          }
        },
      ),
    );
  });
});

describe('staleFailureReason: is a failure notice still true when it is about to go?', () => {
  const cases: [string, Partial<FailureSubject>, string | null][] = [
    ['nothing happened since: still true', {}, null],
    ['the retry is not due yet (installment failed, plan active)', {}, null],
    [
      'the last attempt defaulted the plan, nothing since',
      { planStatus: 'defaulted', planStatusWhenFailed: 'defaulted' },
      null,
    ],
    [
      'the last deposit attempt cancelled the plan and its installments: that is the news',
      {
        installmentStatus: 'cancelled',
        planStatus: 'cancelled',
        planStatusWhenFailed: 'cancelled',
      },
      null,
    ],
    [
      'a deposit failure before the plan started, nothing since',
      { planStatus: 'pending_deposit', planStatusWhenFailed: 'pending_deposit' },
      null,
    ],
    [
      'the customer paid it since (pay now at 07:43)',
      {
        installmentStatus: 'paid',
        laterCharge: { reference: 'chg-x-c1', initiatedBy: 'customer' },
      },
      'the installment has been paid since',
    ],
    [
      'the automatic retry succeeded since',
      { installmentStatus: 'paid', laterCharge: { reference: 'chg-x-2', initiatedBy: 'schedule' } },
      'the installment has been paid since',
    ],
    [
      'paid the last installment: the plan is completed too',
      { installmentStatus: 'paid', planStatus: 'completed' },
      'the installment has been paid since',
    ],
    [
      'a later automatic attempt failed too (it has its own notice)',
      { laterCharge: { reference: 'chg-x-2', initiatedBy: 'schedule' } },
      'a later attempt (chg-x-2) superseded it',
    ],
    [
      'a later automatic attempt is pending (it will end in a receipt or its own notice)',
      {
        installmentStatus: 'processing',
        laterCharge: { reference: 'chg-x-2', initiatedBy: 'schedule' },
      },
      'a later attempt (chg-x-2) superseded it',
    ],
    [
      'the customer is paying now (pending)',
      {
        installmentStatus: 'processing',
        laterCharge: { reference: 'chg-x-c1', initiatedBy: 'customer' },
      },
      'a payment the customer started (chg-x-c1) superseded it',
    ],
    [
      'the plan was completed since (paid off)',
      { installmentStatus: 'failed', planStatus: 'completed' },
      'the plan has been completed since',
    ],
    [
      'the merchant cancelled the plan since',
      { installmentStatus: 'cancelled', planStatus: 'cancelled' },
      'the plan has been cancelled since',
    ],
    [
      'a defaulted plan cancelled since',
      { planStatus: 'cancelled', planStatusWhenFailed: 'defaulted' },
      'the plan has been cancelled since',
    ],
    [
      'the installment alone was cancelled since (a refund took it off)',
      { installmentStatus: 'cancelled' },
      'the installment has been cancelled since',
    ],
  ];
  it.each(cases)('%s', (_name, change, expected) => {
    expect(staleFailureReason({ ...stillFailed, ...change })).toBe(expected);
  });

  it('decideDelivery skips a stale failure notice on both channels, even in quiet hours', () => {
    for (const channel of CHANNELS) {
      expect(
        decideDelivery({
          kind: 'payment_failed',
          channel,
          now: lagos('2027-03-10T07:59:00'),
          preferences: defaultPreferences(),
          failure: { ...stillFailed, installmentStatus: 'paid' },
        }),
      ).toEqual({ action: 'skip', reason: 'the installment has been paid since' });
    }
  });
});

describe('firstDueAt', () => {
  it('a receipt is due at once (in-app) or out of quiet hours (e-mail)', () => {
    const content = {
      kind: 'payment_receipt' as const,
      facts: {
        planId: 'plan_1',
        merchantName: 'Ade Stores',
        orderReference: 'ord_1',
        livemode: false,
        sequence: 1,
        installmentCount: 3,
        chargeReference: 'chg-1',
        amountKobo: 625_000,
        paidAt: '2027-03-09T21:30:00.000Z',
        methodLabel: 'Visa Card',
        outstandingKobo: 0,
        nextPayment: null,
      },
    };
    const at = new Date('2027-03-09T21:30:00.000Z');
    expect(firstDueAt(content, 'in_app', at)).toEqual(at);
    expect(firstDueAt(content, 'email', at)).toEqual(lagos('2027-03-10T08:00:00'));
  });
});
