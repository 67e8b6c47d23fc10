/**
 * Bank transfers into a customer's dedicated account (docs/money-rules.md §4b, decision 0071):
 * how money that arrived is matched to what the customer owes. Pure: the caller gives the open
 * installments of the customer's live plans and the amount received; this says which installments
 * it pays, how much of each, the fee on each part, and what is left over (held for the customer).
 *
 * Order: arrears first (installments whose automatic debit failed, or due on or before the moment
 * the money arrived), oldest due date first; then the installments not yet due, earliest first.
 * Ties: the plan confirmed first, then the installment's sequence. A short transfer pays the
 * first installment in that order in part (it keeps owing the rest); whatever is left after every
 * open installment is paid is held.
 */
import { assertKobo, type Kobo, splitPlatformFee } from './money.ts';

export interface OpenInstallment {
  installmentId: string;
  planId: string;
  /** When the plan was confirmed: the tie-break between plans with the same due date. */
  planConfirmedAt: Date;
  sequence: number;
  dueAt: Date;
  /** What the installment still owes (after refunds and earlier part payments), ≥ 1 kobo. */
  owedKobo: Kobo;
  /** Its automatic debit failed (status `failed`): arrears whatever its due date. */
  failed: boolean;
}

export interface TransferAllocation {
  installmentId: string;
  planId: string;
  amountKobo: Kobo;
  feeKobo: Kobo;
  netKobo: Kobo;
  /** The part pays the installment off (it is then `paid`); otherwise it keeps owing the rest. */
  settles: boolean;
  /** What the installment still owes after this part (0 when it settles). */
  remainingKobo: Kobo;
}

export interface TransferMatch {
  allocations: TransferAllocation[];
  /** Received beyond everything owed: held for the customer (never given to a merchant). */
  heldKobo: Kobo;
}

export function isArrears(installment: OpenInstallment, receivedAt: Date): boolean {
  return installment.failed || installment.dueAt.getTime() <= receivedAt.getTime();
}

/** The order in which a transfer pays installments (money-rules.md §4b). */
export function paymentOrder(
  installments: readonly OpenInstallment[],
  receivedAt: Date,
): OpenInstallment[] {
  return [...installments].sort(
    (a, b) =>
      Number(isArrears(b, receivedAt)) - Number(isArrears(a, receivedAt)) ||
      a.dueAt.getTime() - b.dueAt.getTime() ||
      a.planConfirmedAt.getTime() - b.planConfirmedAt.getTime() ||
      a.sequence - b.sequence ||
      (a.installmentId < b.installmentId ? -1 : a.installmentId > b.installmentId ? 1 : 0),
  );
}

export function matchTransfer(input: {
  amountKobo: Kobo;
  receivedAt: Date;
  open: readonly OpenInstallment[];
}): TransferMatch {
  assertKobo(input.amountKobo, 'amountKobo');
  if (input.amountKobo < 1) throw new RangeError('a transfer receipt is at least 1 kobo');
  const seen = new Set<string>();
  for (const installment of input.open) {
    assertKobo(installment.owedKobo, 'owedKobo');
    if (installment.owedKobo < 1) throw new RangeError('an open installment owes at least 1 kobo');
    if (seen.has(installment.installmentId)) throw new RangeError('an installment is listed twice');
    seen.add(installment.installmentId);
  }
  let left = input.amountKobo;
  const allocations: TransferAllocation[] = [];
  for (const installment of paymentOrder(input.open, input.receivedAt)) {
    if (left === 0) break;
    const amountKobo = Math.min(left, installment.owedKobo);
    const { feeKobo, merchantNetKobo: netKobo } = splitPlatformFee(amountKobo);
    allocations.push({
      installmentId: installment.installmentId,
      planId: installment.planId,
      amountKobo,
      feeKobo,
      netKobo,
      settles: amountKobo === installment.owedKobo,
      remainingKobo: installment.owedKobo - amountKobo,
    });
    left -= amountKobo;
  }
  return { allocations, heldKobo: left };
}
