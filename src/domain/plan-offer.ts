import { DomainError } from './errors.ts';
import type { Kobo } from './money.ts';
import { formatNaira } from './naira.ts';
import { buildSchedule, validatePlanConfiguration } from './schedule.ts';
import type { Frequency, SessionConstraints } from './session-constraints.ts';
import { TIERS } from './trust.ts';

/**
 * The plans a shopper could be offered for an amount before any checkout exists: what the
 * messaging element on a shop's product page shows (decision 0056). Amounts come from
 * `buildSchedule`, the function the checkout's preview and the confirmed plan use, so the page,
 * the checkout and the plan agree to the kobo.
 */

export interface PlanChoice {
  frequency: Frequency;
  /** Installments after the deposit. */
  installmentCount: number;
  upfrontPct: number;
}

/**
 * The plan the checkout selects first: monthly when the shop offers it, 3 payments (or fewer if
 * the shop's limit is lower), the shop's minimum deposit. The product-page line names this plan.
 */
export function defaultPlanChoice(constraints: SessionConstraints): PlanChoice {
  const frequency: Frequency = constraints.allowedFrequencies.includes('monthly')
    ? 'monthly'
    : 'weekly';
  const maxCount =
    frequency === 'monthly' ? constraints.maxMonthlyDuration : constraints.maxWeeklyDuration;
  return {
    frequency,
    installmentCount: Math.min(3, maxCount),
    upfrontPct: constraints.minUpfrontPct,
  };
}

export interface OfferedPlan extends PlanChoice {
  depositKobo: Kobo;
  /** The largest installment: the first ones carry the odd kobo (docs/money-rules.md). */
  installmentKobo: Kobo;
  /** Whether every installment is the same (else they differ by 1 kobo). */
  equalInstallments: boolean;
  totalKobo: Kobo;
  /** The same amounts as people read them, "₦12,125" (the shared naira formatter). */
  depositText: string;
  installmentText: string;
}

export interface PlanOffer {
  /** False when no plan fits: the amount is above every tier's limit, or too small to split. */
  available: boolean;
  /** The most any shopper may owe on open plans (the highest tier's limit). */
  maxAmountKobo: Kobo;
  /** The checkout's first choice, when offered. */
  headline: OfferedPlan | null;
  /** Every plan at the shop's minimum deposit: each allowed frequency, each duration. */
  plans: OfferedPlan[];
}

/** The most a customer of the highest tier may owe: above it, nobody could pay in installments. */
export const MAX_OFFER_AMOUNT_KOBO: Kobo = Math.max(...TIERS.map((t) => t.spendingLimitKobo));

export function planOffer(amountKobo: Kobo, constraints: SessionConstraints, now: Date): PlanOffer {
  const none = {
    available: false,
    maxAmountKobo: MAX_OFFER_AMOUNT_KOBO,
    headline: null,
    plans: [],
  };
  if (amountKobo > MAX_OFFER_AMOUNT_KOBO) return none;
  const plans: OfferedPlan[] = [];
  for (const frequency of ['monthly', 'weekly'] as const) {
    if (!constraints.allowedFrequencies.includes(frequency)) continue;
    const maxCount =
      frequency === 'monthly' ? constraints.maxMonthlyDuration : constraints.maxWeeklyDuration;
    for (let count = 1; count <= maxCount; count++) {
      const plan = offeredPlan(
        amountKobo,
        { frequency, installmentCount: count, upfrontPct: constraints.minUpfrontPct },
        constraints,
        now,
      );
      if (plan) plans.push(plan);
    }
  }
  const first = defaultPlanChoice(constraints);
  const headline =
    plans.find(
      (p) => p.frequency === first.frequency && p.installmentCount === first.installmentCount,
    ) ??
    plans[0] ??
    null;
  return { available: headline !== null, maxAmountKobo: MAX_OFFER_AMOUNT_KOBO, headline, plans };
}

/**
 * The plan the checkout shows first for this amount (sent as the session's `suggested_plan`, so
 * no page repeats the rule): the messaging line's plan, or, when none fits (an amount above every
 * tier's limit or too small to split), the default choice, which the preview then explains.
 */
export function suggestedPlanChoice(
  amountKobo: Kobo,
  constraints: SessionConstraints,
  now: Date,
): PlanChoice {
  const headline = planOffer(amountKobo, constraints, now).headline;
  if (!headline) return defaultPlanChoice(constraints);
  const { frequency, installmentCount, upfrontPct } = headline;
  return { frequency, installmentCount, upfrontPct };
}

/** The plan's amounts, or null when the checkout would refuse it (limits, too little to split). */
function offeredPlan(
  amountKobo: Kobo,
  choice: PlanChoice,
  constraints: SessionConstraints,
  now: Date,
): OfferedPlan | null {
  const config = { amountKobo, ...choice, startsAt: now };
  try {
    validatePlanConfiguration(config, constraints);
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
  const schedule = buildSchedule(config);
  const amounts = schedule.installments.map((i) => i.amountKobo);
  const installmentKobo = Math.max(...amounts);
  return {
    ...choice,
    depositKobo: schedule.depositKobo,
    installmentKobo,
    equalInstallments: amounts.every((a) => a === installmentKobo),
    totalKobo: schedule.totalKobo,
    depositText: formatNaira(schedule.depositKobo),
    installmentText: formatNaira(installmentKobo),
  };
}
