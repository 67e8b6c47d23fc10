import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { DAY_MS, lagosDateOf, lagosWallClockToUtc } from './lagos-time.ts';
import {
  isQuietHour,
  MAX_DELIVERY_ATTEMPTS,
  reminderSendAt,
  retryAfterFailure,
  sendableAt,
} from './notification-timing.ts';
import { installmentDueAt } from './schedule.ts';

const instant = fc.date({
  min: new Date('2020-01-01T00:00:00Z'),
  max: new Date('2060-12-31T23:59:59Z'),
  noInvalidDate: true,
});
const lagos = (iso: string) => new Date(`${iso}+01:00`);

describe('quiet hours (21:00–08:00 Lagos)', () => {
  it('are Lagos wall-clock hours, one hour ahead of UTC', () => {
    expect(isQuietHour(lagos('2027-03-09T20:59:59'))).toBe(false);
    expect(isQuietHour(lagos('2027-03-09T21:00:00'))).toBe(true);
    expect(isQuietHour(lagos('2027-03-10T07:59:59'))).toBe(true);
    expect(isQuietHour(lagos('2027-03-10T08:00:00'))).toBe(false);
    // 07:30 UTC is 08:30 in Lagos: awake.
    expect(isQuietHour(new Date('2027-03-10T07:30:00Z'))).toBe(false);
  });

  it('an e-mail falling in them waits until 08:00 Lagos; in-app never waits', () => {
    expect(sendableAt('email', lagos('2027-03-09T22:15:00'))).toEqual(lagos('2027-03-10T08:00:00'));
    expect(sendableAt('email', lagos('2027-03-10T00:30:00'))).toEqual(lagos('2027-03-10T08:00:00'));
    expect(sendableAt('email', lagos('2027-12-31T23:59:00'))).toEqual(lagos('2028-01-01T08:00:00'));
    expect(sendableAt('email', lagos('2027-03-10T12:00:00'))).toEqual(lagos('2027-03-10T12:00:00'));
    expect(sendableAt('in_app', lagos('2027-03-09T22:15:00'))).toEqual(
      lagos('2027-03-09T22:15:00'),
    );
  });

  it('for every instant: never earlier, never in quiet hours, and at most 11 hours later', () => {
    fc.assert(
      fc.property(instant, (at) => {
        const sent = sendableAt('email', at);
        expect(sent.getTime()).toBeGreaterThanOrEqual(at.getTime());
        expect(isQuietHour(sent)).toBe(false);
        expect(sent.getTime() - at.getTime()).toBeLessThanOrEqual(11 * 60 * 60_000);
        if (!isQuietHour(at)) expect(sent).toEqual(at);
        // Held e-mails all go at 08:00 sharp.
        else expect(sent).toEqual(lagosWallClockToUtc(lagosDateOf(sent), 8));
      }),
    );
  });
});

describe('reminders: 09:00 Lagos three days before each due date', () => {
  it('a 09:00 due date gets its reminder at 09:00 Lagos three days before', () => {
    const due = lagos('2027-03-12T09:00:00');
    expect(reminderSendAt('email', due, lagos('2027-02-12T14:20:00'))).toEqual(
      lagos('2027-03-09T09:00:00'),
    );
    expect(reminderSendAt('in_app', due, lagos('2027-02-12T14:20:00'))).toEqual(
      lagos('2027-03-09T09:00:00'),
    );
  });

  it('for every schedule, every installment’s reminder is exactly 3 days before, at 09:00 Lagos', () => {
    fc.assert(
      fc.property(
        instant,
        fc.constantFrom('weekly' as const, 'monthly' as const),
        fc.integer({ min: 1, max: 24 }),
        (confirmedAt, frequency, sequence) => {
          const due = installmentDueAt(frequency, confirmedAt, sequence);
          const at = reminderSendAt('email', due, confirmedAt);
          expect(at).toEqual(new Date(due.getTime() - 3 * DAY_MS));
          expect(at && lagosWallClockToUtc(lagosDateOf(at), 9)).toEqual(at);
        },
      ),
    );
  });

  it('late (the reminder time has passed): now, outside quiet hours, and only before the debit', () => {
    const due = lagos('2027-03-12T09:00:00');
    expect(reminderSendAt('email', due, lagos('2027-03-10T15:00:00'))).toEqual(
      lagos('2027-03-10T15:00:00'),
    );
    expect(reminderSendAt('email', due, lagos('2027-03-11T23:00:00'))).toEqual(
      lagos('2027-03-12T08:00:00'),
    );
    expect(reminderSendAt('email', due, lagos('2027-03-12T08:30:00'))).toEqual(
      lagos('2027-03-12T08:30:00'),
    );
    expect(reminderSendAt('email', due, lagos('2027-03-12T09:00:00'))).toBeNull();
    // A due date inside quiet hours (sandbox time travel) leaves no e-mail slot before it.
    expect(
      reminderSendAt('email', lagos('2027-03-12T07:00:00'), lagos('2027-03-11T22:00:00')),
    ).toBeNull();
    expect(
      reminderSendAt('in_app', lagos('2027-03-12T07:00:00'), lagos('2027-03-11T22:00:00')),
    ).toEqual(lagos('2027-03-11T22:00:00'));
  });

  it('for every due date and moment: never before target, never after the debit, never in quiet hours', () => {
    fc.assert(
      fc.property(instant, instant, (due, now) => {
        const at = reminderSendAt('email', due, now);
        if (at === null) return;
        expect(at.getTime()).toBeGreaterThanOrEqual(due.getTime() - 3 * DAY_MS);
        expect(at.getTime()).toBeGreaterThanOrEqual(now.getTime());
        expect(at.getTime()).toBeLessThan(due.getTime());
        expect(isQuietHour(at)).toBe(false);
      }),
    );
  });
});

describe('retries after a transient delivery failure', () => {
  it('1, 2, 4 … minutes apart, at most an hour, then given up', () => {
    const failedAt = lagos('2027-03-10T12:00:00');
    const gaps = [1, 2, 3, 4, 5, 6, 7, 8].map(
      (n) =>
        ((retryAfterFailure('email', n, failedAt)?.getTime() ?? 0) - failedAt.getTime()) / 60_000,
    );
    expect(gaps).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
    expect(retryAfterFailure('email', MAX_DELIVERY_ATTEMPTS, failedAt)).toBeNull();
  });

  it('an e-mail retry that would land in quiet hours waits for the morning', () => {
    expect(retryAfterFailure('email', 7, lagos('2027-03-10T20:30:00'))).toEqual(
      lagos('2027-03-11T08:00:00'),
    );
    expect(retryAfterFailure('in_app', 7, lagos('2027-03-10T20:30:00'))).toEqual(
      lagos('2027-03-10T21:30:00'),
    );
  });
});
