import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { DomainError } from './errors.ts';
import {
  DEFAULT_HARDSHIP_SETTINGS,
  effectiveHardshipStatus,
  hardshipExpiresAt,
  type HardshipInstallment,
  type HardshipPlan,
  hardshipStatusAfter,
  parseCalendarDate,
  planDueDateMove,
  planSpread,
  validateHardshipSettings,
} from './hardship.ts';
import { DAY_MS, lagosDateOf } from './lagos-time.ts';
import { buildSchedule } from './schedule.ts';

const NOW = new Date('2027-01-10T10:00:00Z');
const settings = DEFAULT_HARDSHIP_SETTINGS;

/** A monthly plan confirmed on NOW: deposit paid, three installments scheduled. */
function plan(overrides: Partial<HardshipPlan> = {}, amountKobo = 100_000): HardshipPlan {
  const schedule = buildSchedule({
    amountKobo,
    frequency: 'monthly',
    installmentCount: 3,
    upfrontPct: 25,
    startsAt: NOW,
  });
  const installments: HardshipInstallment[] = [
    { id: 'i0', sequence: 0, status: 'paid', amountKobo: schedule.depositKobo, dueAt: NOW },
    ...schedule.installments.map((i) => ({
      id: `i${i.sequence}`,
      sequence: i.sequence,
      status: 'scheduled' as const,
      amountKobo: i.amountKobo,
      dueAt: i.dueAt,
    })),
  ];
  return { status: 'active', frequency: 'monthly', installments, ...overrides };
}

const code = (fn: () => unknown): string | undefined => {
  try {
    fn();
    return undefined;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a DomainError';
  }
};

describe('moving one due date', () => {
  it('moves a scheduled installment up to the limit, to 09:00 Lagos on the day asked', () => {
    // Installment 1 is due 2027-02-10 09:00 Lagos.
    const move = planDueDateMove(plan(), settings, 'i1', parseCalendarDate('2027-02-24'), NOW);
    expect(move.toDueAt.toISOString()).toBe('2027-02-24T08:00:00.000Z');
    expect(move.days).toBe(14);
    expect(move.fromDueAt.toISOString()).toBe('2027-02-10T08:00:00.000Z');
  });

  it('refuses a day past the limit, the same day or earlier, the past, and the deposit', () => {
    const p = plan();
    const at = (date: string, id = 'i1', now = NOW) =>
      code(() => planDueDateMove(p, settings, id, parseCalendarDate(date), now));
    expect(at('2027-02-25')).toBe('invalid_request');
    expect(at('2027-02-10')).toBe('invalid_request');
    expect(at('2027-02-01')).toBe('invalid_request');
    expect(at('2027-01-20', 'i0')).toBe('invalid_request');
    expect(at('2027-02-12', 'i1', new Date('2027-02-13T00:00:00Z'))).toBe('invalid_request');
    expect(at('2027-02-11', 'nope')).toBe('not_found');
    const tighter = { ...settings, maxMoveDays: 3 };
    expect(
      code(() => planDueDateMove(p, tighter, 'i1', parseCalendarDate('2027-02-14'), NOW)),
    ).toBe('invalid_request');
    expect(
      code(() =>
        planDueDateMove(
          p,
          { ...settings, maxMoveDays: 0 },
          'i1',
          parseCalendarDate('2027-02-11'),
          NOW,
        ),
      ),
    ).toBe('conflict');
  });

  it('moves a failed installment, not a paid or processing one, and only on an active plan', () => {
    const p = plan();
    const withStatus = (status: HardshipInstallment['status']) => ({
      ...p,
      installments: p.installments.map((i) => (i.id === 'i1' ? { ...i, status } : i)),
    });
    const day = parseCalendarDate('2027-02-15');
    expect(() => planDueDateMove(withStatus('failed'), settings, 'i1', day, NOW)).not.toThrow();
    expect(code(() => planDueDateMove(withStatus('paid'), settings, 'i1', day, NOW))).toBe(
      'conflict',
    );
    expect(code(() => planDueDateMove(withStatus('processing'), settings, 'i1', day, NOW))).toBe(
      'conflict',
    );
    for (const status of ['pending_deposit', 'defaulted', 'completed', 'cancelled'] as const) {
      expect(code(() => planDueDateMove(plan({ status }), settings, 'i1', day, NOW))).toBe(
        'conflict',
      );
    }
  });

  it('reads only real calendar days', () => {
    expect(parseCalendarDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    for (const bad of ['2027-02-29', '2027-04-31', '27-02-01', '2027-2-1', '', '2027-13-01']) {
      expect(
        code(() => parseCalendarDate(bad)),
        bad,
      ).toBe('invalid_request');
    }
  });
});

describe('spreading the rest', () => {
  it('keeps the sum, keeps the dates of the installments that stay, adds months after the last', () => {
    const spread = planSpread(plan(), settings, 2, NOW);
    // 75,000 kobo left over 3 installments becomes 5 of 15,000.
    expect(spread.totalKobo).toBe(75_000);
    expect(spread.changed.map((c) => c.amountKobo)).toEqual([15_000, 15_000, 15_000]);
    expect(spread.added.map((a) => [a.sequence, a.amountKobo, a.dueAt.toISOString()])).toEqual([
      [4, 15_000, '2027-05-10T08:00:00.000Z'],
      [5, 15_000, '2027-06-10T08:00:00.000Z'],
    ]);
  });

  it('refuses beyond the limit, beyond the longest plan, with a payment in progress, or nothing left', () => {
    expect(code(() => planSpread(plan(), settings, 4, NOW))).toBe('invalid_request');
    expect(code(() => planSpread(plan(), settings, 0, NOW))).toBe('invalid_request');
    expect(code(() => planSpread(plan(), { ...settings, maxExtraInstallments: 0 }, 1, NOW))).toBe(
      'conflict',
    );
    const p = plan();
    const busy = {
      ...p,
      installments: p.installments.map((i) =>
        i.id === 'i1' ? { ...i, status: 'processing' as const } : i,
      ),
    };
    expect(code(() => planSpread(busy, settings, 1, NOW))).toBe('conflict');
    const late = new Date('2027-05-01T00:00:00Z');
    expect(code(() => planSpread(p, settings, 1, late))).toBe('conflict');
    const long = {
      ...p,
      installments: Array.from({ length: 24 }, (_, k) => ({
        id: `x${k}`,
        sequence: k + 1,
        status: 'scheduled' as const,
        amountKobo: 100,
        dueAt: new Date(NOW.getTime() + (k + 1) * 30 * DAY_MS),
      })),
    };
    expect(code(() => planSpread(long, settings, 1, NOW))).toBe('invalid_request');
  });

  it('conserves the sum in integer kobo and never makes a zero installment (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 999_000_000 })),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom('weekly' as const, 'monthly' as const),
        fc.integer({ min: 0, max: 11 }),
        (amountKobo, count, extra, frequency, paidCount) => {
          const schedule = buildSchedule({
            amountKobo: amountKobo + count,
            frequency,
            installmentCount: count,
            upfrontPct: 0,
            startsAt: NOW,
          });
          const installments: HardshipInstallment[] = schedule.installments.map((i) => ({
            id: `i${i.sequence}`,
            sequence: i.sequence,
            status: i.sequence <= Math.min(paidCount, count - 1) ? 'paid' : 'scheduled',
            amountKobo: i.amountKobo,
            dueAt: i.dueAt,
          }));
          const p: HardshipPlan = { status: 'active', frequency, installments };
          const left = installments
            .filter((i) => i.status === 'scheduled')
            .reduce((s, i) => s + i.amountKobo, 0);
          const result = (() => {
            try {
              return planSpread(p, { ...settings, maxExtraInstallments: 6 }, extra, NOW);
            } catch (error) {
              // Only a rest too small for one kobo each is refused here.
              expect(error).toBeInstanceOf(DomainError);
              expect(left).toBeLessThan(
                installments.filter((i) => i.status === 'scheduled').length + extra,
              );
              return null;
            }
          })();
          if (!result) return;
          const amounts = [...result.changed, ...result.added].map((x) => x.amountKobo);
          expect(amounts.reduce((s, a) => s + a, 0)).toBe(left);
          for (const a of amounts) {
            expect(Number.isSafeInteger(a)).toBe(true);
            expect(a).toBeGreaterThanOrEqual(1);
          }
          expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(1);
          // Added ones come after the last, in order, at 09:00 Lagos.
          let previous = installments[installments.length - 1]?.dueAt.getTime() ?? 0;
          for (const a of result.added) {
            expect(a.dueAt.getTime()).toBeGreaterThan(previous);
            expect(a.dueAt.getUTCHours()).toBe(8);
            previous = a.dueAt.getTime();
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("a request's states", () => {
  it('is decided once; undecided past its expiry it reads expired', () => {
    expect(hardshipStatusAfter('requested', 'approve')).toBe('approved');
    expect(hardshipStatusAfter('requested', 'decline')).toBe('declined');
    expect(hardshipStatusAfter('requested', 'cancel')).toBe('cancelled');
    for (const done of ['approved', 'declined', 'expired', 'cancelled'] as const) {
      for (const event of ['approve', 'decline', 'cancel'] as const) {
        expect(code(() => hardshipStatusAfter(done, event))).toBe('conflict');
      }
    }
    const expires = hardshipExpiresAt(NOW);
    expect(expires.getTime() - NOW.getTime()).toBe(3 * DAY_MS);
    expect(effectiveHardshipStatus('requested', expires, new Date(expires.getTime() - 1))).toBe(
      'requested',
    );
    expect(effectiveHardshipStatus('requested', expires, expires)).toBe('expired');
    expect(effectiveHardshipStatus('approved', expires, expires)).toBe('approved');
  });

  it('checks the merchant settings against their caps', () => {
    expect(() => validateHardshipSettings(settings)).not.toThrow();
    for (const bad of [
      { ...settings, maxMoveDays: 31 },
      { ...settings, maxMoveDays: -1 },
      { ...settings, maxMoveDays: 1.5 },
      { ...settings, maxExtraInstallments: 7 },
    ]) {
      expect(code(() => validateHardshipSettings(bad))).toBe('invalid_request');
    }
    expect(lagosDateOf(NOW)).toEqual({ year: 2027, month: 1, day: 10 });
  });
});
