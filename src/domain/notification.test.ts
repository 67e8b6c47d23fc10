import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  CHANNELS,
  decideDelivery,
  defaultPreferences,
  firstDueAt,
  type NotificationKind,
  type ReminderSubject,
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
      }),
    ).toEqual({ action: 'wait', until: lagos('2027-03-10T08:00:00') });
    expect(
      decideDelivery({
        kind: 'payment_failed',
        channel: 'in_app',
        now,
        preferences: defaultPreferences(),
      }),
    ).toEqual({ action: 'send' });
  });

  it('skips what the customer switched off, on that channel only', () => {
    const preferences = defaultPreferences();
    preferences.email.receipts = false;
    const decide = (kind: NotificationKind, channel: 'email' | 'in_app') =>
      decideDelivery({ kind, channel, now: lagos('2027-03-09T10:00:00'), preferences }).action;
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
