import { DAY_MS, LAGOS_UTC_OFFSET_MS, lagosDateOf, lagosWallClockToUtc } from './lagos-time.ts';

/**
 * When a customer notification may go out (decision 0017). Pure: every function takes the
 * instant it reasons about; none reads the clock.
 *
 * - Quiet hours: no e-mail or SMS from 21:00 to 08:00 Lagos time. Something that falls in them waits
 *   until 08:00. In-app notices are never held: nothing buzzes, the customer reads them when they
 *   open the app, and the notice list is the record of what happened to their money.
 * - Reminders: 3 days before each installment's due date. Due dates are 09:00 Lagos, so the
 *   reminder goes at 09:00 Lagos three days earlier, inside working hours, with three days (a
 *   weekend, often) to top up or change the payment method.
 */

export type ChannelName = 'email' | 'in_app' | 'sms';

/** Quiet hours, Lagos wall clock: [21:00, 08:00). */
export const QUIET_HOURS_START_LAGOS = 21;
export const QUIET_HOURS_END_LAGOS = 8;

export const REMINDER_LEAD_DAYS = 3;

/** Hour of the Lagos day (0–23) at `at`. */
function lagosHour(at: Date): number {
  return new Date(at.getTime() + LAGOS_UTC_OFFSET_MS).getUTCHours();
}

export function isQuietHour(at: Date): boolean {
  const hour = lagosHour(at);
  return hour >= QUIET_HOURS_START_LAGOS || hour < QUIET_HOURS_END_LAGOS;
}

/**
 * The first instant at or after `at` at which `channel` may deliver: `at` itself outside quiet
 * hours (and always for in-app), else 08:00 Lagos the morning after.
 */
export function sendableAt(channel: ChannelName, at: Date): Date {
  if (channel === 'in_app' || !isQuietHour(at)) return at;
  const today = lagosDateOf(at);
  const morning = lagosWallClockToUtc(today, QUIET_HOURS_END_LAGOS);
  // Before 08:00 it is this morning; from 21:00 it is tomorrow's.
  return morning.getTime() > at.getTime() ? morning : new Date(morning.getTime() + DAY_MS);
}

/** The instant a reminder is meant for: exactly REMINDER_LEAD_DAYS before the due instant. */
export function reminderTargetAt(dueAt: Date): Date {
  return new Date(dueAt.getTime() - REMINDER_LEAD_DAYS * DAY_MS);
}

/**
 * When to send the reminder of an installment due at `dueAt`, seen at `now`: its target time, or
 * now when that has passed (a reminder late is better than none, while it still comes before the
 * debit), moved out of quiet hours. Null when no reminder can arrive before the debit.
 */
export function reminderSendAt(channel: ChannelName, dueAt: Date, now: Date): Date | null {
  const wanted = new Date(Math.max(reminderTargetAt(dueAt).getTime(), now.getTime()));
  const at = sendableAt(channel, wanted);
  return at.getTime() < dueAt.getTime() ? at : null;
}

/**
 * Back-off after a failed delivery attempt (a transient one: an SMTP server down, a 4xx reply):
 * 1, 2, 4, … minutes, at most an hour apart, outside quiet hours for e-mail; after
 * MAX_DELIVERY_ATTEMPTS attempts (about 4 hours of trying) the notification is given up.
 */
export const MAX_DELIVERY_ATTEMPTS = 9;
const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_GAP_MS = 60 * 60_000;

export function retryAfterFailure(
  channel: ChannelName,
  attemptsSoFar: number,
  failedAt: Date,
): Date | null {
  const at = retryAfterGap(attemptsSoFar, failedAt);
  return at && sendableAt(channel, at);
}

/**
 * The same back-off without quiet hours: merchant e-mails (decision 0067) are business mail,
 * sent whenever they are due.
 */
export function retryAfterGap(attemptsSoFar: number, failedAt: Date): Date | null {
  if (!Number.isSafeInteger(attemptsSoFar) || attemptsSoFar < 1) {
    throw new RangeError('attemptsSoFar must be a whole number of at least 1');
  }
  if (attemptsSoFar >= MAX_DELIVERY_ATTEMPTS) return null;
  const gapMs = Math.min(FIRST_RETRY_MS * 2 ** (attemptsSoFar - 1), MAX_RETRY_GAP_MS);
  return new Date(failedAt.getTime() + gapMs);
}
