import type { Tx } from '../../db/database.ts';
import type { ChargeReversalRow } from '../../db/schema.ts';
import { paymentReversalSupersededEntry, type ReversalMoney } from '../../domain/ledger.ts';
import { appendJournalEntry } from '../money/index.ts';

/**
 * A dispute of a charge whose reversal we booked before the dispute reached us: the dispute
 * takes the money (and can be answered, and won), so the reversal gives it back first. Runs in
 * the dispute's opening transaction, after it locked the charge.
 */
export async function supersedeReversal(
  tx: Tx,
  chargeReference: string,
  disputeId: string,
  now: Date,
): Promise<void> {
  const row = await tx
    .selectFrom('charge_reversals')
    .selectAll()
    .where('charge_reference', '=', chargeReference)
    .where('superseded_by_dispute_id', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (row === undefined) return;
  await appendJournalEntry(tx, paymentReversalSupersededEntry(reversalMoney(row)), now);
  await tx
    .updateTable('charge_reversals')
    .set({ superseded_by_dispute_id: disputeId, superseded_at: now })
    .where('id', '=', row.id)
    .execute();
}

export function reversalMoney(row: ChargeReversalRow): ReversalMoney {
  return {
    merchantId: row.merchant_id,
    reversalId: row.id,
    amountKobo: row.amount_kobo,
    feeShareKobo: row.fee_share_kobo,
  };
}
