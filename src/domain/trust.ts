import { assert } from '../platform/assert.ts';
import {
  creditLimitCapKobo,
  creditPoints,
  creditRefusalExplanation,
  type CreditStanding,
  creditVerdict,
} from './credit.ts';
import type { CustomerTier } from './merchant.ts';
import { CUSTOMER_TIERS } from './merchant.ts';
import type { Kobo } from './money.ts';
import { formatNaira } from './naira.ts';
import {
  DELINQUENCY_GRACE_MS,
  type InstallmentState,
  isDelinquent,
  type PlanStatus,
} from './plan.ts';

/**
 * Trust score, tiers and eligibility (decision 0010). The score is derived from facts every time
 * it is needed (identity verified, installments paid on time, missed installments, completed and
 * defaulted plans); nothing is counted incrementally, so there is no counter to drift from the
 * money engine's truth and no write hook in it.
 */

export const SCORE_RULES = {
  start: 300,
  identityVerified: 150,
  perOnTimeInstallment: 10,
  /** On-time credit stops growing after this many installments (tiny plans cannot farm a score). */
  maxCountedOnTimeInstallments: 50,
  perCompletedPlan: 30,
  maxCountedCompletedPlans: 10,
  perMissedInstallment: -50,
  perDefaultedPlan: -150,
  /** A dispute the customer won against a collected payment (money-rules.md §5c): like a default. */
  perLostDispute: -150,
  min: 0,
  max: 1000,
} as const;

export interface TrustFacts {
  identityVerified: boolean;
  onTimeInstallments: number;
  missedInstallments: number;
  completedPlans: number;
  defaultedPlans: number;
  /** Disputes the merchant lost (the customer's bank took a collected payment back); absent: 0. */
  lostDisputes?: number;
  /** The latest valid credit bureau check (decision 0047); absent: none. */
  credit?: CreditStanding;
}

export function trustScore(facts: TrustFacts): number {
  const r = SCORE_RULES;
  const raw =
    r.start +
    (facts.identityVerified ? r.identityVerified : 0) +
    r.perOnTimeInstallment * Math.min(facts.onTimeInstallments, r.maxCountedOnTimeInstallments) +
    r.perCompletedPlan * Math.min(facts.completedPlans, r.maxCountedCompletedPlans) +
    r.perMissedInstallment * facts.missedInstallments +
    r.perDefaultedPlan * facts.defaultedPlans +
    r.perLostDispute * (facts.lostDisputes ?? 0) +
    creditPoints(facts.credit ?? { kind: 'none' });
  return Math.min(r.max, Math.max(r.min, raw));
}

/** Each tier from its lowest score, with the most a customer may owe on open plans. */
export const TIERS: readonly { tier: CustomerTier; minScore: number; spendingLimitKobo: Kobo }[] = [
  { tier: 'Tranche Bronze', minScore: 0, spendingLimitKobo: 5_000_000 },
  { tier: 'Tranche Silver', minScore: 500, spendingLimitKobo: 15_000_000 },
  { tier: 'Tranche Gold', minScore: 650, spendingLimitKobo: 40_000_000 },
  { tier: 'Tranche Platinum', minScore: 800, spendingLimitKobo: 100_000_000 },
];

export function tierForScore(score: number): CustomerTier {
  let found: CustomerTier = 'Tranche Bronze';
  for (const t of TIERS) if (score >= t.minScore) found = t.tier;
  return found;
}

export function spendingLimitKobo(tier: CustomerTier): Kobo {
  const entry = TIERS.find((t) => t.tier === tier);
  assert(entry, `unknown tier ${tier}`);
  return entry.spendingLimitKobo;
}

export function tierRank(tier: CustomerTier): number {
  return CUSTOMER_TIERS.indexOf(tier);
}

// ── facts from plan history ─────────────────────────────────────────────────────────────

export interface InstallmentHistory {
  planId: string;
  planStatus: PlanStatus;
  status: InstallmentState['status'];
  amountKobo: Kobo;
  dueAt: Date;
  paidAt: Date | null;
  failedAttempts: number;
}

export interface PlanHistorySummary {
  onTimeInstallments: number;
  missedInstallments: number;
  completedPlans: number;
  defaultedPlans: number;
  /** An installment past due and unpaid on a plan that is not closed (spec §7.3 "delinquent"). */
  delinquent: boolean;
  /** Unpaid installments of plans that are not closed: what the customer still owes. */
  openBalanceKobo: Kobo;
}

const OPEN_PLAN: ReadonlySet<PlanStatus> = new Set(['pending_deposit', 'active', 'defaulted']);

/**
 * On time: paid within the delinquency grace after its due date with no failed attempt. Missed:
 * any failed attempt (attempts run on or after the due date), paid after the grace, or still
 * unpaid past it. An installment counts once, so a miss paid later stays a miss.
 */
export function summarizeHistory(
  installments: readonly InstallmentHistory[],
  now: Date,
): PlanHistorySummary {
  let onTime = 0;
  let missed = 0;
  let openBalance = 0;
  const plans = new Map<string, PlanStatus>();
  const openDue: { state: InstallmentState; dueAt: Date }[] = [];
  for (const i of installments) {
    plans.set(i.planId, i.planStatus);
    const graceEndMs = i.dueAt.getTime() + DELINQUENCY_GRACE_MS;
    const paidLate = i.status === 'paid' && (i.paidAt?.getTime() ?? Infinity) > graceEndMs;
    const unpaidPastGrace = i.status === 'scheduled' && now.getTime() >= graceEndMs;
    if (i.failedAttempts > 0 || paidLate || unpaidPastGrace) missed++;
    else if (i.status === 'paid') onTime++;
    const unpaid = i.status === 'scheduled' || i.status === 'processing' || i.status === 'failed';
    if (unpaid && OPEN_PLAN.has(i.planStatus)) {
      openBalance += i.amountKobo;
      openDue.push({ state: stateOf(i), dueAt: i.dueAt });
    }
  }
  let completed = 0;
  let defaulted = 0;
  for (const status of plans.values()) {
    if (status === 'completed') completed++;
    if (status === 'defaulted') defaulted++;
  }
  return {
    onTimeInstallments: onTime,
    missedInstallments: missed,
    completedPlans: completed,
    defaultedPlans: defaulted,
    delinquent: isDelinquent(openDue, now),
    openBalanceKobo: openBalance,
  };
}

function stateOf(i: InstallmentHistory): InstallmentState {
  switch (i.status) {
    case 'scheduled':
      return { status: 'scheduled' };
    case 'processing':
      return { status: 'processing', chargeReference: '', attempt: i.failedAttempts + 1 };
    case 'failed':
      return { status: 'failed', chargeReference: '', failedAttempts: i.failedAttempts };
    case 'paid':
      return { status: 'paid', chargeReference: '' };
    case 'cancelled':
      return { status: 'cancelled' };
  }
}

// ── eligibility ─────────────────────────────────────────────────────────────────────────

/** Spec §7.3, in the order they are reported when several hold (decision 0010). */
export const INELIGIBILITY_REASONS = [
  'delinquent',
  'insufficient_trust_tier',
  'credit_check_required',
  'credit_report',
  'tier_restricted',
  'no_payment_method',
] as const;
export type IneligibilityReason = (typeof INELIGIBILITY_REASONS)[number];

export interface EligibilityInput {
  identityVerified: boolean;
  score: number;
  delinquent: boolean;
  hasPaymentMethod: boolean;
  requiredTier: CustomerTier;
  openBalanceKobo: Kobo;
  amountKobo: Kobo;
  /** The latest valid credit check (decision 0047); absent: none. */
  credit?: CreditStanding;
  /** Whether a credit check must be on record (live mode); default false. */
  creditCheckRequired?: boolean;
}

export interface Eligibility {
  eligible: boolean;
  reason: IneligibilityReason | null;
  /** Why, in words for the customer (and the 403 `detail` of a refused confirmation). */
  explanation: string | null;
  customerScore: number;
  customerTier: CustomerTier;
  requiredTier: CustomerTier;
  spendingLimitKobo: Kobo;
  availableKobo: Kobo;
}

/**
 * Precedence, first match wins:
 *   1. delinquent: money is overdue; nothing else can make the customer eligible until it is paid.
 *   2. insufficient_trust_tier (identity not verified): verification decides the score, so the
 *      tier questions below are not meaningful before it.
 *   3. credit_check_required: a credit check must be on record (live mode) and none is valid.
 *   4. credit_report: the bureau report refuses (decision 0047): a delinquent facility, a poor
 *      score, or a report about someone else. Before the tier questions: the report decides them.
 *   5. tier_restricted: the customer's tier is below the merchant's minimum.
 *   6. insufficient_trust_tier (spending limit): open balances plus this amount exceed the tier's
 *      limit (capped for heavy borrowers by the report).
 *   7. no_payment_method: last, so nobody is asked to add a card (and pay the ₦50 check) only to
 *      be refused for another reason.
 */
export function decideEligibility(input: EligibilityInput): Eligibility {
  const customerTier = tierForScore(input.score);
  const credit = input.credit ?? { kind: 'none' };
  const cap = creditLimitCapKobo(credit);
  const limit = Math.min(spendingLimitKobo(customerTier), cap ?? Infinity);
  const available = Math.max(0, limit - input.openBalanceKobo);
  const base = {
    customerScore: input.score,
    customerTier,
    requiredTier: input.requiredTier,
    spendingLimitKobo: limit,
    availableKobo: available,
  };
  const refuse = (reason: IneligibilityReason, explanation: string): Eligibility => ({
    eligible: false,
    reason,
    explanation,
    ...base,
  });
  if (input.delinquent) {
    return refuse(
      'delinquent',
      'An installment is overdue. Pay what is overdue before starting another plan.',
    );
  }
  if (!input.identityVerified) {
    return refuse(
      'insufficient_trust_tier',
      'Verify your identity (BVN and date of birth) before paying in installments.',
    );
  }
  if (input.creditCheckRequired === true && credit.kind === 'none') {
    return refuse(
      'credit_check_required',
      'Allow a credit check (your BVN with the credit bureaus) before paying in installments.',
    );
  }
  if (creditVerdict(credit)?.kind === 'refused') {
    const explanation = creditRefusalExplanation(credit);
    assert(explanation !== null, 'a refused credit verdict has an explanation');
    return refuse('credit_report', explanation);
  }
  if (tierRank(customerTier) < tierRank(input.requiredTier)) {
    return refuse(
      'tier_restricted',
      `This merchant offers installments from ${input.requiredTier}; you are ${customerTier}.`,
    );
  }
  if (input.amountKobo > available) {
    const allows =
      cap !== null && cap < spendingLimitKobo(customerTier)
        ? `With the open loans on your credit report, you may owe up to ${formatNaira(limit)} across open plans`
        : `${customerTier} allows ${formatNaira(limit)} owed across open plans`;
    return refuse(
      'insufficient_trust_tier',
      `${allows}; ${formatNaira(available)} is available and this order is ${formatNaira(input.amountKobo)}.`,
    );
  }
  if (!input.hasPaymentMethod) {
    return refuse('no_payment_method', 'Add a card or bank account to pay in installments.');
  }
  return { eligible: true, reason: null, explanation: null, ...base };
}
