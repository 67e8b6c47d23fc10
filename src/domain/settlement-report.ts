/**
 * What a payout contains (decision 0066), the way a payout reconciliation report does: the
 * movements of the merchant's available balance (`merchant_payable`) between the previous payout
 * and this one, each split into its gross and its fee, between the balance carried in (what the
 * previous payout left) and the balance carried out (what this one left). The lines sum to the
 * payout's amount exactly, by construction and by assertion.
 */
import { ledgerInvariant } from './ledger.ts';

export type SettlementLineType =
  | 'carried_in'
  | 'collection'
  | 'refund'
  | 'refund_failed'
  | 'payout_returned'
  | 'adjustment'
  | 'fee'
  | 'carried_out';

export interface SettlementEntry {
  id: string;
  kind: string;
  reference: string;
  createdAt: Date;
  postings: readonly { account: string; debitKobo: number; creditKobo: number }[];
}

export interface SettlementLine {
  type: SettlementLineType;
  /** Kobo, signed as it counts toward the payout: a collection +, its fee −, a refund −. */
  amountKobo: number;
  entryId: string | null;
  kind: string | null;
  reference: string | null;
  createdAt: Date | null;
}

const GROSS_TYPE: Record<string, SettlementLineType> = {
  payment_collected: 'collection',
  refund_initiated: 'refund',
  refund_failed: 'refund_failed',
  // Another payout's money coming back (it failed, or the bank returned it) is paid out again.
  payout_failed: 'payout_returned',
  payout_reversed: 'payout_returned',
};

const net = (entry: SettlementEntry, account: string) =>
  entry.postings
    .filter((p) => p.account === account)
    .reduce((sum, p) => sum + p.creditKobo - p.debitKobo, 0);

/**
 * The lines of one payout. `carriedInKobo` is the available balance right after the previous
 * payout left it (0 for a first payout); `between` are the merchant's entries after that and
 * before this payout's own `payout_initiated` entry, oldest first; `carriedOutKobo` is the
 * available balance right after this payout left it.
 */
export function settlementLines(input: {
  merchantId: string;
  payoutAmountKobo: number;
  carriedInKobo: number;
  between: readonly SettlementEntry[];
  carriedOutKobo: number;
}): SettlementLine[] {
  const payable = `merchant_payable:${input.merchantId}`;
  const lines: SettlementLine[] = [];
  const balanceLine = (type: SettlementLineType, amountKobo: number): SettlementLine => ({
    type,
    amountKobo,
    entryId: null,
    kind: null,
    reference: null,
    createdAt: null,
  });
  if (input.carriedInKobo !== 0) lines.push(balanceLine('carried_in', input.carriedInKobo));
  for (const entry of input.between) {
    const change = net(entry, payable);
    if (change === 0) continue; // pending-only or in-transit movements: not the balance paid out
    // Fee revenue credited is a fee the merchant paid (negative here); debited, a fee returned.
    const fee = -net(entry, 'platform_fee_revenue');
    const gross = change - fee;
    const of = { entryId: entry.id, kind: entry.kind, reference: entry.reference };
    const at = { createdAt: entry.createdAt };
    if (gross !== 0) {
      lines.push({ type: GROSS_TYPE[entry.kind] ?? 'adjustment', amountKobo: gross, ...of, ...at });
    }
    if (fee !== 0) lines.push({ type: 'fee', amountKobo: fee, ...of, ...at });
  }
  if (input.carriedOutKobo !== 0) lines.push(balanceLine('carried_out', -input.carriedOutKobo));
  const total = lines.reduce((sum, line) => sum + line.amountKobo, 0);
  ledgerInvariant(
    total === input.payoutAmountKobo,
    `settlement report of ${input.payoutAmountKobo} kobo sums to ${total}`,
  );
  return lines;
}
