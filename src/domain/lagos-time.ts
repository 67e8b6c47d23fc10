/**
 * Calendar arithmetic in Africa/Lagos (West Africa Time). Lagos is UTC+1 all year with no daylight
 * saving, so a fixed offset is exact and no time-zone database is needed: a Lagos wall-clock
 * moment is the UTC moment plus one hour. Customers read due dates as Lagos calendar days, so
 * schedules are computed on Lagos dates and only converted to UTC instants at the end (stored as
 * `timestamptz`).
 *
 * Every function here is integer arithmetic on `Date.UTC` day numbers; none reads the clock.
 */

export const LAGOS_UTC_OFFSET_MS = 60 * 60_000;
export const DAY_MS = 24 * 60 * 60_000;

/** A day on the Lagos calendar. `month` is 1–12, as people write it. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** The Lagos calendar day on which the instant `at` falls. */
export function lagosDateOf(at: Date): CalendarDate {
  assertValidDate(at, 'at');
  const lagos = new Date(at.getTime() + LAGOS_UTC_OFFSET_MS);
  return { year: lagos.getUTCFullYear(), month: lagos.getUTCMonth() + 1, day: lagos.getUTCDate() };
}

/** The UTC instant of `hour:minute` Lagos wall-clock time on `date`. */
export function lagosWallClockToUtc(date: CalendarDate, hour: number, minute = 0): Date {
  return new Date(
    Date.UTC(date.year, date.month - 1, date.day, hour, minute) - LAGOS_UTC_OFFSET_MS,
  );
}

export function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/**
 * The day `months` calendar months after `anchor`, on the anchor's day of the month or, when that
 * month is shorter, on its last day. Always computed from the anchor, never from the previous
 * result, so 31 Jan → 28 Feb → 31 Mar: a short month never drags later dates earlier.
 */
export function addMonthsClamped(anchor: CalendarDate, months: number): CalendarDate {
  const monthIndex = anchor.year * 12 + (anchor.month - 1) + months;
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex - year * 12 + 1;
  return { year, month, day: Math.min(anchor.day, daysInMonth(year, month)) };
}

/** `YYYY-MM-DD`, the form due dates take in reminders and the API. */
export function formatCalendarDate(date: CalendarDate): string {
  const pad = (value: number, width: number): string => String(value).padStart(width, '0');
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

export function assertValidDate(value: Date, what: string): void {
  if (Number.isNaN(value.getTime())) throw new RangeError(`${what} must be a valid date`);
}
