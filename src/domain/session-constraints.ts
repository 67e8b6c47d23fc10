import { DomainError } from './errors.ts';

/**
 * What plans a checkout may offer (spec §2.4). Durations count installments after the deposit:
 * weeks for weekly plans, months for monthly plans.
 */
export type Frequency = 'weekly' | 'monthly';
export type ScheduleType = 'installment';

export interface SessionConstraints {
  allowedFrequencies: Frequency[];
  maxWeeklyDuration: number;
  maxMonthlyDuration: number;
  minUpfrontPct: number;
  allowedScheduleTypes: ScheduleType[];
}

export const DEFAULT_SESSION_CONSTRAINTS: SessionConstraints = {
  allowedFrequencies: ['weekly', 'monthly'],
  maxWeeklyDuration: 12,
  maxMonthlyDuration: 6,
  minUpfrontPct: 25,
  allowedScheduleTypes: ['installment'],
};

export const CONSTRAINT_LIMITS = { maxWeeklyDuration: 52, maxMonthlyDuration: 24 } as const;

export function validateConstraints(c: SessionConstraints): void {
  const fail = (detail: string): never => {
    throw new DomainError('invalid_request', `default_constraints: ${detail}`);
  };
  if (c.allowedFrequencies.length === 0) {
    fail('allowed_frequencies must name at least one frequency.');
  }
  if (new Set(c.allowedFrequencies).size !== c.allowedFrequencies.length) {
    fail('allowed_frequencies has duplicates.');
  }
  if (c.allowedScheduleTypes.length === 0) fail('allowed_schedule_types must not be empty.');
  if (c.maxWeeklyDuration < 1 || c.maxWeeklyDuration > CONSTRAINT_LIMITS.maxWeeklyDuration) {
    fail(`max_weekly_duration must be between 1 and ${CONSTRAINT_LIMITS.maxWeeklyDuration}.`);
  }
  if (c.maxMonthlyDuration < 1 || c.maxMonthlyDuration > CONSTRAINT_LIMITS.maxMonthlyDuration) {
    fail(`max_monthly_duration must be between 1 and ${CONSTRAINT_LIMITS.maxMonthlyDuration}.`);
  }
  if (c.minUpfrontPct < 0 || c.minUpfrontPct > 100) {
    fail('min_upfront_pct must be between 0 and 100.');
  }
}

/** Constraints as stored (snake_case, the API's spelling). */
export interface StoredConstraints {
  allowed_frequencies: ('weekly' | 'monthly')[];
  max_weekly_duration: number;
  max_monthly_duration: number;
  min_upfront_pct: number;
  allowed_schedule_types: 'installment'[];
}
