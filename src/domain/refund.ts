import { DomainError } from './errors.ts';
import { formatNaira, type Kobo } from './money.ts';
import type { InstallmentState } from './plan.ts';

/**
 * Refunds on a plan (the merchant refunds part or all of an order):
 *
 * 1. A refund first lowers what the customer still owes, taking it off the unpaid installments
 *    from the last one backwards (Afterpay's published rule). No money moves for that part, no fee
 *    is involved, and the customer's next debits stay as they were until the refund is used up.
 *    An installment brought to 0 kobo is cancelled.
 * 2. Only the part above the outstanding balance is paid back in cash, one gateway refund per
 *    charge, most recent charge first (the freshest card or mandate is the likeliest to accept a
 *    refund, and older charges stay whole).
 * 3. Each cash refund gives back the platform fee on it pro rata (`splitRefund` in money.ts).
 *
 * A refund cannot exceed outstanding + (collected − already refunded). An installment whose
 * charge is in flight is neither reducible nor refundable until it settles.
 */

export interface PlanRefundSplit {
  outstandingReductionKobo: Kobo;
  cashRefundKobo: Kobo;
}

export function splitPlanRefund(input: {
  refundKobo: Kobo;
  /** Unpaid installments that can still be reduced (`reducibleOutstandingKobo`). */
  outstandingKobo: Kobo;
  /** Collected on the plan and not yet refunded. */
  cashRefundableKobo: Kobo;
}): PlanRefundSplit {
  const { refundKobo, outstandingKobo, cashRefundableKobo } = input;
  if (!Number.isSafeInteger(refundKobo) || refundKobo < 1) {
    throw new DomainError('invalid_request', 'amount must be a whole number of kobo above 0.');
  }
  const refundableKobo = outstandingKobo + cashRefundableKobo;
  if (refundKobo > refundableKobo) {
    throw new DomainError(
      'invalid_request',
      `amount ${formatNaira(refundKobo)} is more than the ${formatNaira(refundableKobo)} ` +
        'this plan can still refund.',
    );
  }
  const outstandingReductionKobo = Math.min(refundKobo, outstandingKobo);
  return { outstandingReductionKobo, cashRefundKobo: refundKobo - outstandingReductionKobo };
}

export interface PlanInstallment {
  sequence: number;
  amountKobo: Kobo;
  state: InstallmentState;
}

function isReducible(installment: PlanInstallment): boolean {
  return installment.state.status === 'scheduled' || installment.state.status === 'failed';
}

export function reducibleOutstandingKobo(installments: readonly PlanInstallment[]): Kobo {
  return installments.filter(isReducible).reduce((sum, { amountKobo }) => sum + amountKobo, 0);
}

export interface InstallmentReduction {
  sequence: number;
  /** The installment's new amount; 0 means it is cancelled. */
  amountKobo: Kobo;
}

/** Takes `reductionKobo` off the reducible installments, last first. Returns only those changed. */
export function reduceInstallmentsFromLast(
  installments: readonly PlanInstallment[],
  reductionKobo: Kobo,
): InstallmentReduction[] {
  if (reductionKobo < 0 || reductionKobo > reducibleOutstandingKobo(installments)) {
    throw new RangeError('reductionKobo must be between 0 and the reducible outstanding balance');
  }
  const lastFirst = installments.filter(isReducible).sort((a, b) => b.sequence - a.sequence);
  const reductions: InstallmentReduction[] = [];
  let leftKobo = reductionKobo;
  for (const installment of lastFirst) {
    if (leftKobo === 0) break;
    const takenKobo = Math.min(leftKobo, installment.amountKobo);
    reductions.push({
      sequence: installment.sequence,
      amountKobo: installment.amountKobo - takenKobo,
    });
    leftKobo -= takenKobo;
  }
  return reductions;
}

export interface CollectedCharge {
  grossKobo: Kobo;
  /** Refunded so far, failed refunds excluded. */
  refundedKobo: Kobo;
}

/** Spreads a cash refund over the charges (given oldest first), most recent first. */
export function allocateCashRefund<C extends CollectedCharge>(
  charges: readonly C[],
  cashRefundKobo: Kobo,
): { charge: C; refundKobo: Kobo }[] {
  const refundableKobo = charges.reduce((sum, c) => sum + (c.grossKobo - c.refundedKobo), 0);
  if (cashRefundKobo < 0 || cashRefundKobo > refundableKobo) {
    throw new RangeError('cashRefundKobo must be between 0 and what the charges can refund');
  }
  const refunds: { charge: C; refundKobo: Kobo }[] = [];
  let leftKobo = cashRefundKobo;
  for (const charge of [...charges].reverse()) {
    const refundKobo = Math.min(leftKobo, charge.grossKobo - charge.refundedKobo);
    if (refundKobo > 0) refunds.push({ charge, refundKobo });
    leftKobo -= refundKobo;
  }
  return refunds;
}
