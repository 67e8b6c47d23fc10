// The steps of the checkout journey and the reading of API answers into them. No money rule
// lives here: eligibility, limits and schedules are the API's answers, only put into words.
import type { RefusalReason } from '../connect/types.ts';
import type { EligibilityResult, Session, TrustSummary } from '../shared/api.ts';
import { formatNaira } from '../shared/format.ts';

/**
 * States: loading → (closed | plan) → sign_in ⇄ register → identity? → credit_check? (live
 * plans need one, decision 0047) → (not_eligible | method,
 * or plan again when an earlier session of the order kept another choice) → method ⇄ (add_card |
 * add_bank) → review → confirmed. The plan and its schedule come first, from the session alone;
 * signing in is asked only to confirm (decision 0068). `closed` and `confirmed` are final.
 */
export type Step =
  | { kind: 'loading' }
  | { kind: 'closed'; reason: ClosedReason }
  | { kind: 'sign_in' }
  | { kind: 'register' }
  | { kind: 'identity' }
  | { kind: 'credit_check' }
  | { kind: 'not_eligible'; eligibility: EligibilityResult; trust?: TrustSummary }
  | { kind: 'plan'; kept?: boolean }
  | { kind: 'method' }
  | { kind: 'add_card' }
  | { kind: 'add_bank' }
  | { kind: 'review' }
  | { kind: 'confirmed'; paymentPlanId: string; redirectUrl: string | null };

export type ClosedReason =
  'expired' | 'completed' | 'cancelled' | 'not_found' | 'refused' | 'unavailable';

/** A session that cannot be checked out any more, and why; undefined while it is pending. */
export function closedReasonOf(session: Session, now: number): ClosedReason | undefined {
  if (session.status === 'pending') {
    return Date.parse(session.expires_at) <= now ? 'expired' : undefined;
  }
  return session.status;
}

export const CLOSED_TEXT: Record<ClosedReason, { title: string; body: string; code: string }> = {
  expired: {
    title: 'This checkout has expired',
    body: 'Checkouts stay open for 30 minutes. Nothing was charged. Go back to the shop and start the checkout again; a plan you chose is kept for this order.',
    code: 'session_expired',
  },
  completed: {
    title: 'This order is already set up',
    body: 'A payment plan was already confirmed for this checkout. You can see it in your Tranche dashboard.',
    code: 'session_completed',
  },
  cancelled: {
    title: 'This checkout was cancelled',
    body: 'The shop cancelled this checkout. Nothing was charged. Go back to the shop to try again.',
    code: 'session_cancelled',
  },
  not_found: {
    title: 'We could not find this checkout',
    body: 'The link may be incomplete. Go back to the shop and start the checkout again.',
    code: 'session_not_found',
  },
  refused: {
    title: 'This checkout cannot open here',
    body: 'It was opened from a page we could not verify. Go back to the shop and try again.',
    code: 'embedding_refused',
  },
  unavailable: {
    title: 'Checkout is unavailable',
    body: 'We could not load this checkout. Check your connection, then reload the page.',
    code: 'checkout_unavailable',
  },
};

/** What the eligibility answer means for the next step. */
export type EligibilityRoute = 'continue' | 'verify_identity' | 'credit_check' | 'explain';

export function routeForEligibility(
  eligibility: EligibilityResult,
  identityVerified: boolean | undefined,
): EligibilityRoute {
  if (eligibility.eligible || eligibility.reason === 'no_payment_method') return 'continue';
  if (eligibility.reason === 'insufficient_trust_tier' && identityVerified === false) {
    return 'verify_identity';
  }
  // The check is run in the checkout itself, under the consent shown there: not a dead end.
  if (eligibility.reason === 'credit_check_required') return 'credit_check';
  return 'explain';
}

/** The next step a refusal offers, besides paying the shop another way (screens/not-eligible.tsx). */
export type NextStep =
  'pay_missed_installment' | 'raise_level' | 'free_up_limit' | 'allow_credit_check' | 'none';

/** The refusal code the widget reports to the shop's page (docs/widget.md, decision 0050). */
export function refusalOf(eligibility: EligibilityResult): RefusalReason {
  switch (eligibility.reason) {
    case 'delinquent':
      return 'delinquent';
    case 'tier_restricted':
      return 'below_minimum_tier';
    case 'credit_check_required':
      return 'credit_check_required';
    case 'credit_report':
      return 'credit_report';
    default:
      // insufficient_trust_tier reaches this screen only for a verified customer (the others
      // are sent to verify first): the order is over what their limit has left.
      return 'over_limit';
  }
}

/**
 * Why another plan would not help either: limits, levels and missed payments apply to the whole
 * order, whatever its plan (decision 0010), so the screen says so instead of listing plans.
 */
export function noOtherPlan(eligibility: EligibilityResult): string {
  switch (eligibility.reason) {
    case 'insufficient_trust_tier':
      return 'Another plan would not change this: every plan counts the whole order against your limit.';
    case 'tier_restricted':
      return 'Another plan would not change this: the shop’s minimum level applies to every plan.';
    default:
      return 'Another plan would not change this: it applies to every plan for this order.';
  }
}

/** The eligibility reasons in plain words, with what the customer can do about each. */
export function explainIneligibility(
  eligibility: EligibilityResult,
  trust: TrustSummary | undefined,
): { title: string; body: string; action: string; next: NextStep } {
  switch (eligibility.reason) {
    case 'delinquent':
      return {
        title: 'You have a missed payment',
        body: 'One of your Tranche plans has a payment that is past due. New plans open again once it is paid.',
        action:
          'Pay the missed installment now from your Tranche dashboard, then check again here. We also retry it automatically.',
        next: 'pay_missed_installment',
      };
    case 'tier_restricted':
      return {
        title: `This shop needs ${eligibility.required_tier} or higher`,
        body: `Your level is ${eligibility.customer_tier} (score ${eligibility.customer_score}). Paying your installments on time raises your score.`,
        action: `Each plan you finish adds to your score too. Your Tranche account shows your score and how far ${eligibility.required_tier} is.`,
        next: 'raise_level',
      };
    case 'insufficient_trust_tier':
      return {
        title: 'This order is above your current limit',
        body:
          trust === undefined
            ? `Your level is ${eligibility.customer_tier}. Its spending limit does not cover this order.`
            : `Your level (${trust.tier}) lets you owe up to ${formatNaira(trust.spending_limit)} across your plans; you can take on ${formatNaira(trust.available)} more now.`,
        action:
          'Choose a smaller order, or pay off an open plan to free up your limit. A higher level raises the limit itself.',
        next: 'free_up_limit',
      };
    case 'credit_report':
      // The server's words (decision 0047): the report as the reason, the bureaus and how to
      // reach them, the bureau's own reasons. Never rephrased here.
      return {
        title: 'Your credit report',
        body:
          eligibility.explanation ??
          'We cannot offer installments because of your credit report from the credit bureaus.',
        action: 'You can still pay this shop another way.',
        next: 'none',
      };
    case 'credit_check_required':
      return {
        title: 'A credit check is needed',
        body:
          eligibility.explanation ??
          'Allow a credit check (your BVN with the credit bureaus) before paying in installments.',
        action: 'Allow the check in your Tranche account, then come back to this checkout.',
        next: 'allow_credit_check',
      };
    default:
      return {
        title: 'You cannot use Tranche for this order',
        body: 'Your account does not meet this shop’s requirements.',
        action: 'You can still pay this shop another way.',
        next: 'none',
      };
  }
}

// Shared with the customer dashboard.
export { messageFor } from '../shared/customer/messages.ts';
