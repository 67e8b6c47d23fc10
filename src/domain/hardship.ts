import { DomainError } from './errors.ts';
import {
  addDays,
  addMonthsClamped,
  type CalendarDate,
  DAY_MS,
  formatCalendarDate,
  lagosDateOf,
  lagosWallClockToUtc,
} from './lagos-time.ts';
import type { Kobo } from './money.ts';
import type { InstallmentStatus, PlanStatus } from './plan.ts';
import { DUE_HOUR_LAGOS, splitEvenly } from './schedule.ts';
import { CONSTRAINT_LIMITS, type Frequency } from './session-constraints.ts';

/**
 * Hardship requests (decision 0072, docs/money-rules.md §7): a customer who cannot pay on time
 * asks, once per plan, either to move one installment's due date a few days later or to spread
 * what is still scheduled over more installments. Pure rules: what may be asked, what the
 * schedule becomes, and the request's states.
 *
 * States of a request:
 *   requested ──approve (merchant, operator, or at once when the merchant auto-approves)──▶ approved
 *   requested ──decline (merchant or operator)──▶ declined
 *   requested ──cancel (the customer)──▶ cancelled
 *   requested ──(expires_at passes undecided)──▶ expired   derived from expires_at on every read
 * All four ends are terminal. A plan has at most one request that is requested, approved or
 * declined: cancelled and expired ones do not use the customer's one request.
 */

export const HARDSHIP_KINDS = ['move_due_date', 'spread'] as const;
export type HardshipKind = (typeof HARDSHIP_KINDS)[number];

export const HARDSHIP_STATUSES = [
  'requested',
  'approved',
  'declined',
  'expired',
  'cancelled',
] as const;
export type HardshipStatus = (typeof HARDSHIP_STATUSES)[number];

/** The statuses that use up a plan's one request. */
export const HARDSHIP_STATUSES_USING_THE_REQUEST: readonly HardshipStatus[] = [
  'requested',
  'approved',
  'declined',
];

export const HARDSHIP_LIMITS = {
  /** A merchant who set nothing lets a due date move up to two weeks. */
  defaultMaxMoveDays: 14,
  /** No merchant may allow more: past a month a move is a new plan, not a few days' grace. */
  maxMoveDaysCap: 30,
  defaultMaxExtraInstallments: 3,
  maxExtraInstallmentsCap: 6,
  /** An undecided request expires after three days (the customer may then ask again). */
  requestLifetimeMs: 3 * DAY_MS,
} as const;

export interface HardshipSettings {
  /** How many days later one due date may move; 0: moves are not offered. */
  maxMoveDays: number;
  /** How many installments a spread may add; 0: spreading is not offered. */
  maxExtraInstallments: number;
  /** Approve every request within the limits at once (self-serve, like Klarna's extension). */
  autoApprove: boolean;
}

export const DEFAULT_HARDSHIP_SETTINGS: HardshipSettings = {
  maxMoveDays: HARDSHIP_LIMITS.defaultMaxMoveDays,
  maxExtraInstallments: HARDSHIP_LIMITS.defaultMaxExtraInstallments,
  autoApprove: false,
};

/** Refuses (invalid_request) settings outside the caps. */
export function validateHardshipSettings(settings: HardshipSettings): void {
  const whole = (value: number, max: number) =>
    Number.isSafeInteger(value) && value >= 0 && value <= max;
  if (!whole(settings.maxMoveDays, HARDSHIP_LIMITS.maxMoveDaysCap)) {
    refuse(
      `max_move_days must be a whole number from 0 to ${HARDSHIP_LIMITS.maxMoveDaysCap}; got ${String(settings.maxMoveDays)}.`,
    );
  }
  if (!whole(settings.maxExtraInstallments, HARDSHIP_LIMITS.maxExtraInstallmentsCap)) {
    refuse(
      `max_extra_installments must be a whole number from 0 to ${HARDSHIP_LIMITS.maxExtraInstallmentsCap}; got ${String(settings.maxExtraInstallments)}.`,
    );
  }
}

// ── the plan as the rules see it ────────────────────────────────────────────────────────

export interface HardshipInstallment {
  id: string;
  /** 0 is the deposit. */
  sequence: number;
  status: InstallmentStatus;
  amountKobo: Kobo;
  dueAt: Date;
}

export interface HardshipPlan {
  status: PlanStatus;
  frequency: Frequency;
  installments: readonly HardshipInstallment[];
}

/** Only a running plan: not before its deposit, not once defaulted, completed or cancelled. */
function assertPlanOpenToHardship(plan: HardshipPlan): void {
  if (plan.status !== 'active') {
    throw new DomainError(
      'conflict',
      `A plan that is ${plan.status} cannot be rescheduled: only an active plan (deposit paid, not defaulted) can.`,
    );
  }
}

// ── moving one due date ─────────────────────────────────────────────────────────────────

export interface DueDateMove {
  installmentId: string;
  fromDueAt: Date;
  toDueAt: Date;
  /** Lagos calendar days between the two due days. */
  days: number;
}

/** `YYYY-MM-DD` as a Lagos calendar day; invalid_request for anything else. */
export function parseCalendarDate(text: string): CalendarDate {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) refuse(`new_due_date must be a date written YYYY-MM-DD; got "${text}".`);
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  // A day that does not exist (31 April) comes back as another day.
  if (formatCalendarDate(addDays(date, 0)) !== text) refuse(`${text} is not a calendar day.`);
  return date;
}

/**
 * The move one installment may make: a scheduled or failed installment after the deposit, to a
 * later Lagos day at most `maxMoveDays` after its current due day, in the future, due at 09:00
 * Lagos like every installment.
 */
export function planDueDateMove(
  plan: HardshipPlan,
  settings: HardshipSettings,
  installmentId: string,
  newDueDate: CalendarDate,
  now: Date,
): DueDateMove {
  assertPlanOpenToHardship(plan);
  if (settings.maxMoveDays === 0) {
    throw new DomainError('conflict', 'This shop does not offer moving a due date.');
  }
  const installment = plan.installments.find((i) => i.id === installmentId);
  if (!installment) throw new DomainError('not_found', 'Installment was not found.');
  if (installment.sequence === 0) refuse('The deposit cannot be moved.');
  if (installment.status !== 'scheduled' && installment.status !== 'failed') {
    throw new DomainError(
      'conflict',
      `Installment ${installment.sequence} is ${installment.status}: only a scheduled or failed installment can be moved.`,
    );
  }
  const fromDay = lagosDateOf(installment.dueAt);
  const toDueAt = lagosWallClockToUtc(newDueDate, DUE_HOUR_LAGOS);
  const days = Math.round(
    (toDueAt.getTime() - lagosWallClockToUtc(fromDay, DUE_HOUR_LAGOS).getTime()) / DAY_MS,
  );
  if (days < 1) {
    refuse(`new_due_date must be after the installment's due date ${formatCalendarDate(fromDay)}.`);
  }
  if (days > settings.maxMoveDays) {
    refuse(
      `new_due_date is ${days} days after the due date ${formatCalendarDate(fromDay)}; this shop allows at most ${settings.maxMoveDays} (latest ${formatCalendarDate(addDays(fromDay, settings.maxMoveDays))}).`,
    );
  }
  if (toDueAt.getTime() <= now.getTime()) {
    refuse('new_due_date must be in the future (due at 09:00 Lagos on that day).');
  }
  return { installmentId, fromDueAt: installment.dueAt, toDueAt, days };
}

// ── spreading the rest ──────────────────────────────────────────────────────────────────

export interface Spread {
  /** The scheduled installments that stay, with their new amounts (same due dates). */
  changed: { id: string; amountKobo: Kobo }[];
  /** The installments added after the last one, at the plan's frequency. */
  added: { sequence: number; amountKobo: Kobo; dueAt: Date }[];
  /** What is spread: the scheduled installments' sum, before and after. */
  totalKobo: Kobo;
}

/**
 * Spreads what is still scheduled (every installment after the deposit that is `scheduled` and
 * not yet due) over `extraInstallments` more installments, with the schedule's own rounding
 * (money-rules.md §2: parts differ by at most 1 kobo, the larger first). The installments that
 * stay keep their due dates; the added ones fall one period apart after the last installment
 * (weekly: 7 days; monthly: the same day of the month, clamped, counted from the last due day).
 * A failed or overdue installment is not spread: that is what moving its date is for.
 */
export function planSpread(
  plan: HardshipPlan,
  settings: HardshipSettings,
  extraInstallments: number,
  now: Date,
): Spread {
  assertPlanOpenToHardship(plan);
  if (settings.maxExtraInstallments === 0) {
    throw new DomainError(
      'conflict',
      'This shop does not offer spreading a plan over more installments.',
    );
  }
  if (!Number.isSafeInteger(extraInstallments) || extraInstallments < 1) {
    refuse('extra_installments must be a whole number of at least 1.');
  }
  if (extraInstallments > settings.maxExtraInstallments) {
    refuse(
      `extra_installments ${extraInstallments} is above this shop's limit of ${settings.maxExtraInstallments}.`,
    );
  }
  if (plan.installments.some((i) => i.status === 'processing')) {
    throw new DomainError(
      'conflict',
      'A payment of this plan is in progress: ask again once it has settled.',
    );
  }
  const after = plan.installments.filter((i) => i.sequence > 0);
  const longest =
    plan.frequency === 'weekly'
      ? CONSTRAINT_LIMITS.maxWeeklyDuration
      : CONSTRAINT_LIMITS.maxMonthlyDuration;
  if (after.length + extraInstallments > longest) {
    refuse(
      `The plan would have ${after.length + extraInstallments} installments, more than the longest ${plan.frequency} plan Tranche offers (${longest}).`,
    );
  }
  const spreadable = after
    .filter((i) => i.status === 'scheduled' && i.dueAt.getTime() > now.getTime())
    .sort((a, b) => a.sequence - b.sequence);
  if (spreadable.length === 0) {
    throw new DomainError(
      'conflict',
      'Nothing is left to spread: no installment of this plan is scheduled in the future.',
    );
  }
  const totalKobo = spreadable.reduce((sum, i) => sum + i.amountKobo, 0);
  const count = spreadable.length + extraInstallments;
  if (totalKobo < count) {
    refuse(
      `${totalKobo} kobo cannot be spread over ${count} installments of at least 1 kobo each.`,
    );
  }
  const amounts = splitEvenly(totalKobo, count);
  const changed = spreadable.map((i, index) => ({ id: i.id, amountKobo: amounts[index] ?? 0 }));
  const last = after.reduce((a, b) => (b.sequence > a.sequence ? b : a));
  const lastDay = lagosDateOf(last.dueAt);
  const added = Array.from({ length: extraInstallments }, (_, k) => ({
    sequence: last.sequence + k + 1,
    amountKobo: amounts[spreadable.length + k] ?? 0,
    dueAt: lagosWallClockToUtc(
      plan.frequency === 'weekly'
        ? addDays(lastDay, 7 * (k + 1))
        : addMonthsClamped(lastDay, k + 1),
      DUE_HOUR_LAGOS,
    ),
  }));
  return { changed, added, totalKobo };
}

// ── the request's states ────────────────────────────────────────────────────────────────

export type HardshipEvent = 'approve' | 'decline' | 'cancel';

/** The status a stored request has now: an undecided one past its expiry is expired. */
export function effectiveHardshipStatus(
  stored: HardshipStatus,
  expiresAt: Date,
  now: Date,
): HardshipStatus {
  return stored === 'requested' && now.getTime() >= expiresAt.getTime() ? 'expired' : stored;
}

/** The status after `event`, or a 409 naming the status the request is in. */
export function hardshipStatusAfter(current: HardshipStatus, event: HardshipEvent): HardshipStatus {
  if (current !== 'requested') {
    throw new DomainError(
      'conflict',
      `This request is already ${current}: only a request still waiting for an answer can be ${PAST[event]}.`,
    );
  }
  return TO[event];
}

const TO: Record<HardshipEvent, HardshipStatus> = {
  approve: 'approved',
  decline: 'declined',
  cancel: 'cancelled',
};
const PAST: Record<HardshipEvent, string> = {
  approve: 'approved',
  decline: 'declined',
  cancel: 'cancelled',
};

export function hardshipExpiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + HARDSHIP_LIMITS.requestLifetimeMs);
}

function refuse(detail: string): never {
  throw new DomainError('invalid_request', detail);
}
