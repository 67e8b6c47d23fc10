import type { Kobo } from './money.ts';
import { type FeeSplit, splitRefund } from './money.ts';

/**
 * Disputes (chargebacks) of a collected charge: docs/money-rules.md §5c, decision 0069.
 *
 * States (ours; the gateway's own words are kept beside them):
 *
 *   needs_response --merchant answers (evidence, accept or decline)--> under_review
 *   needs_response | under_review --gateway resolves for the merchant--> won    (terminal)
 *   needs_response | under_review --gateway resolves for the customer--> lost  (terminal)
 *
 * The gateway is the only judge: our state moves to `won` or `lost` only on its resolution,
 * never on the merchant's own answer. States only move forward, so a late or repeated event
 * (a reminder after the resolution, the creation after the resolution) changes nothing.
 */
export type DisputeStatus = 'needs_response' | 'under_review' | 'won' | 'lost';

export type DisputeOutcome = 'won' | 'lost';

/** What the gateway says about a dispute, in our words (gateway/port.ts GatewayDispute). */
export interface DisputeFacts {
  /** The gateway's status: `awaiting-merchant-feedback`, `awaiting-bank-feedback`, `pending`, `resolved`. */
  gatewayStatus: string;
  /** `merchant-accepted`, `declined`, `auto-accepted`, or null while open. */
  resolution: string | null;
  /** What the customer gets back (Paystack's `refund_amount`), in kobo. */
  refundAmountKobo: Kobo;
}

/**
 * The outcome of a resolved dispute, or null while it is open. The merchant wins only when the
 * gateway says the claim was `declined` (the merchant's contest stood). Every other resolution
 * (`merchant-accepted`, `auto-accepted` when the deadline passed, and any value we do not know)
 * is lost: an unknown word never gives money back (the port's rule: unknown is never success).
 */
export function disputeOutcome(facts: DisputeFacts): DisputeOutcome | null {
  if (facts.gatewayStatus !== 'resolved' || facts.resolution === null) return null;
  return facts.resolution === 'declined' ? 'won' : 'lost';
}

/** Our state for the gateway's: resolved → won/lost; the merchant's turn; otherwise under review. */
export function disputeStatusFor(facts: DisputeFacts): DisputeStatus {
  const outcome = disputeOutcome(facts);
  if (outcome !== null) return outcome;
  return facts.gatewayStatus === 'awaiting-merchant-feedback' ? 'needs_response' : 'under_review';
}

const RANK: Record<DisputeStatus, number> = { needs_response: 0, under_review: 1, won: 2, lost: 2 };

/** States only move forward; a final state never changes. */
export function canMove(from: DisputeStatus, to: DisputeStatus): boolean {
  if (from === 'won' || from === 'lost') return false;
  return RANK[to] >= RANK[from] && from !== to;
}

/**
 * How much the gateway takes back: what it says the customer gets, at most the charge (a
 * dispute cannot take more than was collected), and at least 1 kobo. Split like a refund: the
 * platform fee on it comes back from Tranche, the rest from the merchant.
 */
export function disputeTakenSplit(
  charge: FeeSplit,
  refundAmountKobo: Kobo,
): { amountKobo: Kobo; feeShareKobo: Kobo; merchantShareKobo: Kobo } {
  const amountKobo = Math.max(1, Math.min(refundAmountKobo, charge.grossKobo));
  const split = splitRefund(charge, { refundedKobo: 0, feeReturnedKobo: 0 }, amountKobo);
  return {
    amountKobo,
    feeShareKobo: split.feeReturnedKobo,
    merchantShareKobo: split.merchantDebitKobo,
  };
}

/**
 * What comes back on resolution. Won: everything taken. Lost: what was taken beyond the
 * gateway's final `refund_amount` (a lost dispute settled for less), usually nothing. The fee
 * share comes back in proportion, rounded down (Tranche never gets back more than it gave).
 */
export function disputeReturn(
  taken: { amountKobo: Kobo; feeShareKobo: Kobo },
  outcome: DisputeOutcome,
  finalRefundAmountKobo: Kobo,
): { returnedKobo: Kobo; returnedFeeKobo: Kobo } {
  const kept =
    outcome === 'won' ? 0 : Math.min(Math.max(finalRefundAmountKobo, 0), taken.amountKobo);
  const returnedKobo = taken.amountKobo - kept;
  if (returnedKobo === taken.amountKobo) {
    return { returnedKobo, returnedFeeKobo: taken.feeShareKobo };
  }
  const returnedFeeKobo = Number(
    (BigInt(taken.feeShareKobo) * BigInt(returnedKobo)) / BigInt(taken.amountKobo),
  );
  return { returnedKobo, returnedFeeKobo };
}
