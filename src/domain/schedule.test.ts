import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { DomainError } from './errors.ts';
import { DAY_MS, daysInMonth, LAGOS_UTC_OFFSET_MS, lagosDateOf } from './lagos-time.ts';
import { splitPlatformFee } from './money.ts';
import {
  buildSchedule,
  depositFor,
  DUE_HOUR_LAGOS,
  installmentDueAt,
  type PlanConfiguration,
  splitEvenly,
  validatePlanConfiguration,
} from './schedule.ts';
import {
  CONSTRAINT_LIMITS,
  DEFAULT_SESSION_CONSTRAINTS,
  type Frequency,
  type SessionConstraints,
} from './session-constraints.ts';

const frequency = fc.constantFrom<Frequency>('weekly', 'monthly');
const startsAt = fc.date({
  min: new Date('2020-01-01T00:00:00Z'),
  max: new Date('2080-12-31T23:59:59Z'),
  noInvalidDate: true,
});

/** Any plan the arithmetic accepts: every count up to Tranche's largest limit, every percentage. */
const configFor = (f: Frequency): fc.Arbitrary<PlanConfiguration> =>
  fc.record({
    amountKobo: fc.oneof(
      fc.integer({ min: 1, max: 1_000 }),
      fc.integer({ min: 1, max: 1_000_000_000 }),
    ),
    frequency: fc.constant(f),
    installmentCount: fc.integer({
      min: 1,
      max:
        f === 'weekly' ? CONSTRAINT_LIMITS.maxWeeklyDuration : CONSTRAINT_LIMITS.maxMonthlyDuration,
    }),
    upfrontPct: fc.integer({ min: 0, max: 100 }),
    startsAt,
  });
const config = frequency.chain(configFor);

const restAfterDeposit = (c: PlanConfiguration): number =>
  c.amountKobo - depositFor(c.amountKobo, c.upfrontPct);
const isBuildable = (c: PlanConfiguration): boolean => restAfterDeposit(c) >= c.installmentCount;
const buildable = config.filter(isBuildable);

const lagosTimeOfDay = (at: Date): number => (at.getTime() + LAGOS_UTC_OFFSET_MS) % DAY_MS;

const iso = (at: Date): string => at.toISOString();

function plan(overrides: Partial<PlanConfiguration> = {}): PlanConfiguration {
  return {
    amountKobo: 2_500_000,
    frequency: 'monthly',
    installmentCount: 3,
    upfrontPct: 25,
    startsAt: new Date('2027-01-15T10:00:00Z'),
    ...overrides,
  };
}

describe('schedule amounts', () => {
  it('₦25,000.00, 25% upfront, 3 monthly installments', () => {
    const schedule = buildSchedule(plan());
    expect(schedule.depositKobo).toBe(625_000);
    expect(schedule.installments.map((i) => i.amountKobo)).toEqual([625_000, 625_000, 625_000]);
    expect(schedule.totalKobo).toBe(2_500_000);
  });

  it.each([
    // amount, pct, n, deposit, installments
    [10_000, 30, 3, 3_000, [2_334, 2_333, 2_333]],
    [999, 25, 4, 250, [188, 187, 187, 187]], // 249.75 → 250
    [1_000_001, 25, 3, 250_001, [250_000, 250_000, 250_000]], // 250,000.25 → 250,001
    [2_500_050, 33, 4, 825_017, [418_759, 418_758, 418_758, 418_758]], // 825,016.5 → 825,017
    [7, 0, 3, 0, [3, 2, 2]],
    [4, 1, 3, 1, [1, 1, 1]], // any pct > 0 gives at least 1 kobo
  ])(
    '%i kobo at %i%% over %i: deposit %i, then %j',
    (amountKobo, upfrontPct, n, deposit, parts) => {
      const schedule = buildSchedule(plan({ amountKobo, upfrontPct, installmentCount: n }));
      expect(schedule.depositKobo).toBe(deposit);
      expect(schedule.installments.map((i) => i.amountKobo)).toEqual(parts);
    },
  );

  it('deposit + installments = amount; parts differ by at most 1 kobo, larger first', () => {
    fc.assert(
      fc.property(buildable, (c) => {
        const { depositKobo, installments, totalKobo } = buildSchedule(c);
        const amounts = installments.map((i) => i.amountKobo);
        expect(totalKobo).toBe(c.amountKobo);
        expect(depositKobo + amounts.reduce((a, b) => a + b, 0)).toBe(c.amountKobo);
        expect(amounts).toHaveLength(c.installmentCount);
        expect(installments.map((i) => i.sequence)).toEqual(amounts.map((_, i) => i + 1));
        expect(amounts.every((a) => Number.isSafeInteger(a) && a >= 1)).toBe(true);
        expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(1);
        expect(amounts.every((a, i) => i === 0 || a <= (amounts[i - 1] ?? 0))).toBe(true);
      }),
      { numRuns: 5_000 },
    );
  });

  it('the deposit is the smallest whole kobo ≥ amount × pct / 100 (exact, in integers)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        (amountKobo, pct) => {
          const deposit = depositFor(amountKobo, pct);
          expect(100 * deposit).toBeGreaterThanOrEqual(amountKobo * pct);
          expect(100 * (deposit - 1)).toBeLessThan(amountKobo * pct);
          if (pct > 0) expect(deposit).toBeGreaterThanOrEqual(1);
        },
      ),
      { numRuns: 10_000 },
    );
  });

  it('splitEvenly gives the first (total mod n) parts the extra kobo', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.integer({ min: 1, max: 52 }),
        (t, n) => {
          const parts = splitEvenly(t, n);
          const base = Math.floor(t / n);
          expect(parts.filter((p) => p === base + 1)).toHaveLength(t % n);
          expect(parts.slice(0, t % n).every((p) => p === base + 1)).toBe(true);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('fee per payment vs fee on the whole amount drifts by at most ⌊k/2⌋ kobo (k payments)', () => {
    fc.assert(
      fc.property(buildable, (c) => {
        const { depositKobo, installments } = buildSchedule(c);
        const payments = [depositKobo, ...installments.map((i) => i.amountKobo)].filter(
          (p) => p > 0,
        );
        const feePerPayment = payments.reduce((sum, p) => sum + splitPlatformFee(p).feeKobo, 0);
        const drift = Math.abs(feePerPayment - splitPlatformFee(c.amountKobo).feeKobo);
        expect(drift).toBeLessThanOrEqual(Math.floor(payments.length / 2));
      }),
      { numRuns: 5_000 },
    );
  });

  it('refuses a plan whose installments would be 0 kobo, whatever the amount', () => {
    fc.assert(
      fc.property(
        config.filter((c) => restAfterDeposit(c) < c.installmentCount),
        (c) => {
          expect(() => buildSchedule(c)).toThrow(/too little for/);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('due dates', () => {
  it('every installment falls due at 09:00 Lagos (08:00 UTC), strictly after the one before', () => {
    fc.assert(
      fc.property(buildable, (c) => {
        const { installments } = buildSchedule(c);
        const dues = [c.startsAt, ...installments.map((i) => i.dueAt)].map((d) => d.getTime());
        expect(dues.every((due, i) => i === 0 || due > (dues[i - 1] ?? 0))).toBe(true);
        expect(
          installments.every((i) => lagosTimeOfDay(i.dueAt) === DUE_HOUR_LAGOS * 3_600_000),
        ).toBe(true);
      }),
      { numRuns: 3_000 },
    );
  });

  it('weekly: the first is 7 Lagos days after confirmation, then exactly 7 days apart', () => {
    fc.assert(
      fc.property(configFor('weekly').filter(isBuildable), (c) => {
        const dues = buildSchedule(c).installments.map((i) => i.dueAt.getTime());
        const anchorMidnight = lagosMidnightOf(c.startsAt);
        expect(dues[0]).toBe(anchorMidnight + 7 * DAY_MS + DUE_HOUR_LAGOS * 3_600_000);
        expect(dues.every((due, i) => i === 0 || due - (dues[i - 1] ?? 0) === 7 * DAY_MS)).toBe(
          true,
        );
      }),
      { numRuns: 2_000 },
    );
  });

  it('monthly: the Lagos day of the month is min(anchor day, days in that month), month after month', () => {
    fc.assert(
      fc.property(startsAt, fc.integer({ min: 1, max: 24 }), (at, count) => {
        const anchor = lagosDateOf(at);
        for (let sequence = 1; sequence <= count; sequence++) {
          const due = lagosDateOf(installmentDueAt('monthly', at, sequence));
          const months = (due.year - anchor.year) * 12 + (due.month - anchor.month);
          expect(months).toBe(sequence);
          expect(due.day).toBe(Math.min(anchor.day, daysInMonth(due.year, due.month)));
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('31 Jan 2027 anchor: 28 Feb, 31 Mar, 30 Apr, 31 May, 30 Jun (the anchor day comes back)', () => {
    const { installments } = buildSchedule(
      plan({ startsAt: new Date('2027-01-31T14:20:00Z'), installmentCount: 5 }),
    );
    expect(installments.map((i) => iso(i.dueAt))).toEqual([
      '2027-02-28T08:00:00.000Z',
      '2027-03-31T08:00:00.000Z',
      '2027-04-30T08:00:00.000Z',
      '2027-05-31T08:00:00.000Z',
      '2027-06-30T08:00:00.000Z',
    ]);
  });

  it('29 Feb 2028 (leap) anchor: the 29th each month, 28 Feb in 2029, the 29th again after', () => {
    const at = new Date('2028-02-29T09:00:00Z');
    expect(iso(installmentDueAt('monthly', at, 1))).toBe('2028-03-29T08:00:00.000Z');
    expect(iso(installmentDueAt('monthly', at, 12))).toBe('2029-02-28T08:00:00.000Z');
    expect(iso(installmentDueAt('monthly', at, 13))).toBe('2029-03-29T08:00:00.000Z');
    expect(iso(installmentDueAt('monthly', at, 24))).toBe('2030-02-28T08:00:00.000Z');
  });

  it('30 Nov anchor: 30 Dec, 30 Jan, 28 Feb, 30 Mar', () => {
    const { installments } = buildSchedule(
      plan({ startsAt: new Date('2026-11-30T12:00:00Z'), installmentCount: 4 }),
    );
    expect(installments.map((i) => iso(i.dueAt))).toEqual([
      '2026-12-30T08:00:00.000Z',
      '2027-01-30T08:00:00.000Z',
      '2027-02-28T08:00:00.000Z',
      '2027-03-30T08:00:00.000Z',
    ]);
  });

  it('23:30 UTC on 31 Jan is 00:30 on 1 Feb in Lagos: the anchor is the 1st', () => {
    const at = new Date('2027-01-31T23:30:00Z');
    const monthly = buildSchedule(plan({ startsAt: at, installmentCount: 2 }));
    expect(monthly.installments.map((i) => iso(i.dueAt))).toEqual([
      '2027-03-01T08:00:00.000Z',
      '2027-04-01T08:00:00.000Z',
    ]);
    const weekly = buildSchedule(plan({ startsAt: at, frequency: 'weekly', installmentCount: 2 }));
    expect(weekly.installments.map((i) => iso(i.dueAt))).toEqual([
      '2027-02-08T08:00:00.000Z',
      '2027-02-15T08:00:00.000Z',
    ]);
    // One hour earlier it is still the 31st in Lagos.
    expect(iso(installmentDueAt('monthly', new Date('2027-01-31T22:30:00Z'), 1))).toBe(
      '2027-02-28T08:00:00.000Z',
    );
  });

  it('weekly plans cross month and year ends by calendar days', () => {
    const at = new Date('2027-12-28T20:00:00Z');
    expect(iso(installmentDueAt('weekly', at, 1))).toBe('2028-01-04T08:00:00.000Z');
  });
});

describe('plan validation against the checkout constraints', () => {
  const constraints: SessionConstraints = {
    allowedFrequencies: ['weekly', 'monthly'],
    maxWeeklyDuration: 12,
    maxMonthlyDuration: 6,
    minUpfrontPct: 25,
    allowedScheduleTypes: ['installment'],
  };

  const refusal = (c: PlanConfiguration, s: SessionConstraints = constraints): string => {
    try {
      validatePlanConfiguration(c, s);
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      const domainError = error as DomainError;
      expect(domainError.code).toBe('invalid_request');
      return domainError.detail;
    }
    throw new Error('expected a refusal');
  };

  it('accepts a plan inside every limit, limits included', () => {
    expect(() =>
      validatePlanConfiguration(plan({ installmentCount: 6 }), constraints),
    ).not.toThrow();
    expect(() =>
      validatePlanConfiguration(plan({ frequency: 'weekly', installmentCount: 12 }), constraints),
    ).not.toThrow();
    expect(() =>
      validatePlanConfiguration(plan({ upfrontPct: 25 }), DEFAULT_SESSION_CONSTRAINTS),
    ).not.toThrow();
  });

  it('lists every frequency the checkout offers', () => {
    expect(
      refusal(plan({ frequency: 'weekly' }), {
        ...constraints,
        allowedFrequencies: ['monthly', 'monthly'],
      }),
    ).toBe(
      'frequency "weekly" is not offered by this checkout (allowed_frequencies: monthly, monthly).',
    );
  });

  it('names a frequency the checkout does not offer', () => {
    expect(
      refusal(plan({ frequency: 'weekly' }), { ...constraints, allowedFrequencies: ['monthly'] }),
    ).toBe('frequency "weekly" is not offered by this checkout (allowed_frequencies: monthly).');
  });

  it('names the duration limit of the chosen frequency', () => {
    expect(refusal(plan({ frequency: 'weekly', installmentCount: 13 }))).toBe(
      "installment_count 13 is above this checkout's max_weekly_duration of 12.",
    );
    expect(refusal(plan({ frequency: 'monthly', installmentCount: 7 }))).toBe(
      "installment_count 7 is above this checkout's max_monthly_duration of 6.",
    );
  });

  it.each([0, -1, 2.5, Number.NaN])('refuses installment_count %s', (installmentCount) => {
    expect(refusal(plan({ installmentCount }))).toBe(
      'installment_count must be a whole number of at least 1.',
    );
  });

  it('names the checkout limit even far above Tranche-wide limits', () => {
    expect(refusal(plan({ frequency: 'weekly', installmentCount: 60 }))).toBe(
      "installment_count 60 is above this checkout's max_weekly_duration of 12.",
    );
  });

  it('names the minimum deposit', () => {
    expect(refusal(plan({ upfrontPct: 24 }))).toBe(
      "upfront_pct 24 is below this checkout's min_upfront_pct of 25.",
    );
  });

  it.each([101, -5, 12.5])('refuses upfront_pct %s', (upfrontPct) => {
    expect(refusal(plan({ upfrontPct }), { ...constraints, minUpfrontPct: 0 })).toBe(
      'upfront_pct must be a whole number between 0 and 100.',
    );
  });

  it('refuses a schedule type the checkout does not offer', () => {
    expect(refusal(plan(), { ...constraints, allowedScheduleTypes: [] })).toBe(
      'schedule_type "installment" is not offered by this checkout (allowed_schedule_types: ).',
    );
  });

  it.each([0, -100, 1.5, 1_000_000_001])('refuses amount %s', (amountKobo) => {
    expect(refusal(plan({ amountKobo }))).toBe(
      'amount must be a whole number of kobo between 1 and 1000000000.',
    );
  });

  it('refuses installments of 0 kobo with the numbers that explain why', () => {
    expect(refusal(plan({ amountKobo: 5, upfrontPct: 25, installmentCount: 6 }))).toBe(
      'amount 5 kobo leaves 3 kobo after the 25% deposit: too little for 6 installments of at least 1 kobo each. ' +
        'Choose fewer installments or a smaller deposit.',
    );
    expect(refusal(plan({ upfrontPct: 100 }))).toMatch(/leaves 0 kobo after the 100% deposit/);
  });

  it('buildSchedule alone applies the arithmetic rules and Tranche-wide limits', () => {
    expect(() => buildSchedule(plan({ installmentCount: 25 }))).toThrow(
      /above the longest monthly plan Tranche offers \(24\)/,
    );
    expect(() => buildSchedule(plan({ startsAt: new Date(Number.NaN) }))).toThrow(
      new RangeError('startsAt must be a valid date'),
    );
    expect(() => installmentDueAt('weekly', new Date(Number.NaN), 1)).toThrow(
      new RangeError('startsAt must be a valid date'),
    );
    // Without these checks a 0-installment plan would build an empty schedule, a 101% deposit
    // a negative rest, and a 0-kobo amount a plan of nothing.
    expect(() => buildSchedule(plan({ installmentCount: 0 }))).toThrow(
      'installment_count must be a whole number of at least 1.',
    );
    expect(() => buildSchedule(plan({ upfrontPct: 101 }))).toThrow(
      'upfront_pct must be a whole number between 0 and 100.',
    );
    expect(() => buildSchedule(plan({ amountKobo: 1_000_000_001 }))).toThrow(
      'amount must be a whole number of kobo between 1 and 1000000000.',
    );
  });
});

function lagosMidnightOf(at: Date): number {
  const ms = at.getTime() + LAGOS_UTC_OFFSET_MS;
  return ms - (ms % DAY_MS) - LAGOS_UTC_OFFSET_MS;
}
