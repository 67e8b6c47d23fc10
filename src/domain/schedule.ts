import { DomainError } from './errors.ts';
import {
  addDays,
  addMonthsClamped,
  assertValidDate,
  type CalendarDate,
  lagosDateOf,
  lagosWallClockToUtc,
} from './lagos-time.ts';
import { type Kobo, MAX_CHECKOUT_AMOUNT_KOBO } from './money.ts';
import {
  CONSTRAINT_LIMITS,
  type Frequency,
  type ScheduleType,
  type SessionConstraints,
} from './session-constraints.ts';

/**
 * Installment schedules (brief §5), the rules we publish in docs/money-rules.md:
 *
 * - Deposit = ceil(amount × upfront_pct / 100), in integers. Rounding up means the deposit is
 *   never below the percentage the merchant asked for, and any upfront_pct > 0 gives at least
 *   1 kobo.
 * - The rest is split into n installments that differ by at most 1 kobo: the first
 *   (rest mod n) installments carry one extra kobo, so the customer pays the odd kobo early
 *   and the merchant's exposure shrinks fastest. Deposit + installments = amount, exactly.
 * - Every installment is at least 1 kobo: a plan whose rest is smaller than n is refused.
 * - Due dates are Lagos calendar days (UTC+1, no DST). Weekly: 7, 14, 21 … days after the
 *   confirmation day. Monthly: the confirmation's day of the month, clamped to the month's last
 *   day and always counted from the anchor (31 Jan → 28/29 Feb → 31 Mar).
 * - Every installment falls due at 09:00 Lagos on its day, whatever time the plan was confirmed.
 *   A BNPL product debits on a day, not at an instant: a morning debit runs after overnight
 *   salary credits, on a banking day's working hours, when the customer can react to a failure
 *   (top up, change card) and support is awake; and a plan confirmed at 23:55 is not debited at
 *   midnight. One fixed hour also batches collections and keeps retries on the same hour.
 */

export const DUE_HOUR_LAGOS = 9;

export interface PlanConfiguration {
  amountKobo: Kobo;
  frequency: Frequency;
  /** Installments after the deposit: weeks for weekly plans, months for monthly plans. */
  installmentCount: number;
  /** Whole percent of the amount paid as the deposit, 0–100. */
  upfrontPct: number;
  /** When the customer confirmed the plan: the anchor of every due date. */
  startsAt: Date;
  /** Defaults to `installment`, the only type offered today. */
  scheduleType?: ScheduleType;
}

export interface ScheduledInstallment {
  /** 1 for the first installment after the deposit. */
  sequence: number;
  amountKobo: Kobo;
  dueAt: Date;
}

export interface Schedule {
  depositKobo: Kobo;
  installments: ScheduledInstallment[];
  totalKobo: Kobo;
}

/**
 * Checks a plan the customer picked against the checkout's constraints and the arithmetic rules.
 * Throws `invalid_request` naming the first broken limit.
 */
export function validatePlanConfiguration(
  config: PlanConfiguration,
  constraints: SessionConstraints,
): void {
  const scheduleType = config.scheduleType ?? 'installment';
  if (!constraints.allowedScheduleTypes.includes(scheduleType)) {
    refuse(
      `schedule_type "${scheduleType}" is not offered by this checkout ` +
        `(allowed_schedule_types: ${constraints.allowedScheduleTypes.join(', ')}).`,
    );
  }
  if (!constraints.allowedFrequencies.includes(config.frequency)) {
    refuse(
      `frequency "${config.frequency}" is not offered by this checkout ` +
        `(allowed_frequencies: ${constraints.allowedFrequencies.join(', ')}).`,
    );
  }
  checkWholeInstallmentCount(config);
  const { limitName, maxCount } = durationLimit(config.frequency, constraints);
  if (config.installmentCount > maxCount) {
    refuse(
      `installment_count ${config.installmentCount} is above this checkout's ${limitName} of ${maxCount}.`,
    );
  }
  checkUpfrontPct(config);
  if (config.upfrontPct < constraints.minUpfrontPct) {
    refuse(
      `upfront_pct ${config.upfrontPct} is below this checkout's min_upfront_pct of ${constraints.minUpfrontPct}.`,
    );
  }
  checkAmount(config);
  checkEveryInstallmentHasMoney(config);
}

/** The schedule for a plan; refuses (invalid_request) a plan the arithmetic cannot honour. */
export function buildSchedule(config: PlanConfiguration): Schedule {
  checkWholeInstallmentCount(config);
  checkLongestPlan(config);
  checkUpfrontPct(config);
  checkAmount(config);
  checkEveryInstallmentHasMoney(config);
  assertValidDate(config.startsAt, 'startsAt');

  const depositKobo = depositFor(config.amountKobo, config.upfrontPct);
  const anchor = lagosDateOf(config.startsAt);
  const amounts = splitEvenly(config.amountKobo - depositKobo, config.installmentCount);
  const installments = amounts.map((amountKobo, index) => ({
    sequence: index + 1,
    amountKobo,
    dueAt: dueAt(config.frequency, anchor, index + 1),
  }));
  return { depositKobo, installments, totalKobo: config.amountKobo };
}

/** ceil(amount × pct / 100) without leaving the integers. */
export function depositFor(amountKobo: Kobo, upfrontPct: number): Kobo {
  return ceilDiv(amountKobo * upfrontPct, 100);
}

/** `totalKobo` in `parts` amounts differing by at most 1 kobo, the larger ones first. */
export function splitEvenly(totalKobo: Kobo, parts: number): Kobo[] {
  const extraKobo = totalKobo % parts;
  const baseKobo = (totalKobo - extraKobo) / parts;
  return Array.from({ length: parts }, (_, index) => baseKobo + (index < extraKobo ? 1 : 0));
}

/** When installment `sequence` (1-based) of a plan confirmed at `startsAt` falls due. */
export function installmentDueAt(frequency: Frequency, startsAt: Date, sequence: number): Date {
  assertValidDate(startsAt, 'startsAt');
  return dueAt(frequency, lagosDateOf(startsAt), sequence);
}

function dueAt(frequency: Frequency, anchor: CalendarDate, sequence: number): Date {
  return lagosWallClockToUtc(dueDay(frequency, anchor, sequence), DUE_HOUR_LAGOS);
}

function dueDay(frequency: Frequency, anchor: CalendarDate, sequence: number): CalendarDate {
  switch (frequency) {
    case 'weekly':
      return addDays(anchor, 7 * sequence);
    case 'monthly':
      return addMonthsClamped(anchor, sequence);
  }
}

function ceilDiv(numerator: number, denominator: number): number {
  const remainder = numerator % denominator;
  return (numerator - remainder) / denominator + (remainder > 0 ? 1 : 0);
}

function durationLimit(
  frequency: Frequency,
  constraints: SessionConstraints,
): { limitName: string; maxCount: number } {
  switch (frequency) {
    case 'weekly':
      return { limitName: 'max_weekly_duration', maxCount: constraints.maxWeeklyDuration };
    case 'monthly':
      return { limitName: 'max_monthly_duration', maxCount: constraints.maxMonthlyDuration };
  }
}

function checkWholeInstallmentCount(config: PlanConfiguration): void {
  if (!Number.isSafeInteger(config.installmentCount) || config.installmentCount < 1) {
    refuse('installment_count must be a whole number of at least 1.');
  }
}

/** Beyond any checkout's limit; also bounds the work a single call can ask for. */
function checkLongestPlan(config: PlanConfiguration): void {
  const largest =
    config.frequency === 'weekly'
      ? CONSTRAINT_LIMITS.maxWeeklyDuration
      : CONSTRAINT_LIMITS.maxMonthlyDuration;
  if (config.installmentCount > largest) {
    refuse(
      `installment_count ${config.installmentCount} is above the longest ${config.frequency} plan Tranche offers (${largest}).`,
    );
  }
}

function checkUpfrontPct(config: PlanConfiguration): void {
  if (
    !Number.isSafeInteger(config.upfrontPct) ||
    config.upfrontPct < 0 ||
    config.upfrontPct > 100
  ) {
    refuse('upfront_pct must be a whole number between 0 and 100.');
  }
}

function checkAmount(config: PlanConfiguration): void {
  const { amountKobo } = config;
  if (
    !Number.isSafeInteger(amountKobo) ||
    amountKobo < 1 ||
    amountKobo > MAX_CHECKOUT_AMOUNT_KOBO
  ) {
    refuse(`amount must be a whole number of kobo between 1 and ${MAX_CHECKOUT_AMOUNT_KOBO}.`);
  }
}

function checkEveryInstallmentHasMoney(config: PlanConfiguration): void {
  const restKobo = config.amountKobo - depositFor(config.amountKobo, config.upfrontPct);
  if (restKobo < config.installmentCount) {
    refuse(
      `amount ${config.amountKobo} kobo leaves ${restKobo} kobo after the ${config.upfrontPct}% deposit: ` +
        `too little for ${config.installmentCount} installments of at least 1 kobo each. ` +
        'Choose fewer installments or a smaller deposit.',
    );
  }
}

function refuse(detail: string): never {
  throw new DomainError('invalid_request', detail);
}
