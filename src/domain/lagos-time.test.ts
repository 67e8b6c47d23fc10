import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  addDays,
  addMonthsClamped,
  DAY_MS,
  daysInMonth,
  formatCalendarDate,
  lagosDateOf,
  lagosWallClockToUtc,
} from './lagos-time.ts';

const instant = fc.date({
  min: new Date('2000-01-01T00:00:00Z'),
  max: new Date('2100-12-31T23:59:59Z'),
  noInvalidDate: true,
});

describe('Lagos calendar (UTC+1, no DST)', () => {
  it('a Lagos day starts at 23:00 UTC the day before', () => {
    expect(lagosDateOf(new Date('2027-01-31T22:59:59.999Z'))).toEqual({
      year: 2027,
      month: 1,
      day: 31,
    });
    expect(lagosDateOf(new Date('2027-01-31T23:00:00Z'))).toEqual({ year: 2027, month: 2, day: 1 });
    expect(lagosDateOf(new Date('2026-12-31T23:30:00Z'))).toEqual({ year: 2027, month: 1, day: 1 });
  });

  it('wall-clock time converts back to UTC one hour earlier, every day of the year', () => {
    expect(lagosWallClockToUtc({ year: 2027, month: 7, day: 1 }, 9).toISOString()).toBe(
      '2027-07-01T08:00:00.000Z',
    );
    expect(lagosWallClockToUtc({ year: 2027, month: 1, day: 1 }, 0, 30).toISOString()).toBe(
      '2026-12-31T23:30:00.000Z',
    );
  });

  it('lagosDateOf and lagosWallClockToUtc agree for every instant', () => {
    fc.assert(
      fc.property(instant, (at) => {
        const day = lagosDateOf(at);
        const midnight = lagosWallClockToUtc(day, 0).getTime();
        expect(at.getTime()).toBeGreaterThanOrEqual(midnight);
        expect(at.getTime()).toBeLessThan(midnight + DAY_MS);
      }),
      { numRuns: 2_000 },
    );
  });

  it.each([
    [2027, 2, 28],
    [2028, 2, 29],
    [2000, 2, 29],
    [2100, 2, 28],
    [2027, 4, 30],
    [2027, 12, 31],
  ])('%i-%i has %i days', (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days);
  });

  it('adds days across month and year ends', () => {
    expect(addDays({ year: 2027, month: 12, day: 28 }, 7)).toEqual({
      year: 2028,
      month: 1,
      day: 4,
    });
    expect(addDays({ year: 2028, month: 2, day: 26 }, 7)).toEqual({ year: 2028, month: 3, day: 4 });
  });

  it('adds months from the anchor, clamped to the month end, never drifting', () => {
    const jan31 = { year: 2027, month: 1, day: 31 };
    expect(
      [1, 2, 3, 11, 12, 13].map((m) => formatCalendarDate(addMonthsClamped(jan31, m))),
    ).toEqual(['2027-02-28', '2027-03-31', '2027-04-30', '2027-12-31', '2028-01-31', '2028-02-29']);
  });

  it('month arithmetic: day = min(anchor day, days in month) for every anchor and offset', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 1_200 }), (at, months) => {
        const anchor = lagosDateOf(at);
        const due = addMonthsClamped(anchor, months);
        const monthIndex = anchor.year * 12 + anchor.month - 1 + months;
        expect(due.year * 12 + due.month - 1).toBe(monthIndex);
        expect(due.day).toBe(Math.min(anchor.day, daysInMonth(due.year, due.month)));
      }),
      { numRuns: 2_000 },
    );
  });

  it('formats YYYY-MM-DD', () => {
    expect(formatCalendarDate({ year: 2027, month: 3, day: 5 })).toBe('2027-03-05');
  });

  it('refuses invalid dates', () => {
    expect(() => lagosDateOf(new Date(Number.NaN))).toThrow(RangeError);
  });
});
