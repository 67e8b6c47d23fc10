import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/database.ts';
import { runWrite } from '../../db/write.ts';
import { paymentReversedEntry } from '../../domain/ledger.ts';
import { splitPlatformFee, splitRefund } from '../../domain/money.ts';
import { newId } from '../../platform/ids.ts';
import { notifyMerchant } from '../merchant-notifications/index.ts';
import { recordEvent } from '../merchant-webhooks/index.ts';
import { appendJournalEntry } from '../money/index.ts';
import { applyGatewayDispute, revokeDisputedCard } from './disputes.ts';
import { reversalMoney } from './reversal-money.ts';
import { reversalView } from './view.ts';

/**
 * A collected charge that the gateway now reports `reversed` (issue 26 item 4, decision 0073).
 * Paystack shows a payment reversed when it was refunded in full or a chargeback went against
 * the merchant; a refund of ours and a dispute we know of already booked the money. What is left
 * is a reversal nothing of ours explains (a refund made on the gateway's dashboard, a dispute
 * whose events and list entry we never saw): the money is gone from our gateway balance, so it is
 * booked the way a dispute is, from the merchant's available balance and the fee's share from
 * Tranche, and the merchant is told (`payment.reversed`, an e-mail). The installment stays paid,
 * as for a dispute: the customer is not debited twice for one payment.
 */
export type ReversalCheck =
  | 'booked'
  | 'not_reversed'
  | 'not_collected'
  | 'already_booked'
  /** Our refunds of the charge add up to all of it: the gateway's `reversed` is ours. */
  | 'explained_by_refunds'
  /** A dispute of the charge (ours already, or just read from the gateway) took the money. */
  | 'explained_by_dispute'
  /** A refund of ours is on its way: wait for it to settle before judging. */
  | 'refund_in_flight'
  | 'gateway_unreachable';

export async function checkChargeReversal(
  ctx: AppContext,
  reference: string,
): Promise<ReversalCheck> {
  const atGateway = await ctx.gateway.verifyTransaction(reference).catch(() => undefined);
  if (atGateway === undefined) return 'gateway_unreachable';
  if (atGateway?.status !== 'reversed') return 'not_reversed';
  // Most reversals are chargebacks: apply the gateway's disputes of this payment first, so the
  // dispute, not a reversal, takes the money when it exists.
  const disputes = await ctx.gateway
    .listDisputes({ transaction: atGateway.gatewayId ?? reference })
    .catch(() => undefined);
  if (disputes === undefined) return 'gateway_unreachable';
  for (const dispute of disputes) {
    if (dispute.transactionReference !== reference) continue;
    await runWrite(ctx.db, async (tx) => {
      const known = await tx
        .selectFrom('disputes')
        .select('id')
        .where('gateway_dispute_id', '=', dispute.id)
        .executeTakeFirst();
      const about = await applyGatewayDispute(tx, dispute, ctx.clock.now(), { reminder: false });
      if (about && known === undefined) {
        await revokeDisputedCard(
          ctx,
          tx,
          { kind: 'charge.dispute.create', dispute, authorizationCode: null },
          ctx.clock.now(),
        );
      }
    });
  }
  return runWrite(ctx.db, (tx) => bookReversal(tx, reference, ctx.clock.now()));
}

async function bookReversal(tx: Tx, reference: string, now: Date): Promise<ReversalCheck> {
  // The charge row first, as every writer of a charge's money does (a dispute opening on it
  // waits here), so a reversal and a dispute of one payment never both take the money.
  const charge = await tx
    .selectFrom('charges')
    .select(['reference', 'status', 'amount_kobo', 'merchant_id', 'plan_id', 'installment_id'])
    .where('reference', '=', reference)
    .forNoKeyUpdate()
    .executeTakeFirst();
  if (charge?.status !== 'success') return 'not_collected';
  const booked = await tx
    .selectFrom('charge_reversals')
    .select('id')
    .where('charge_reference', '=', reference)
    .executeTakeFirst();
  if (booked) return 'already_booked';
  const disputed = await tx
    .selectFrom('disputes')
    .select('id')
    .where('charge_reference', '=', reference)
    .executeTakeFirst();
  if (disputed) return 'explained_by_dispute';
  const refunds = await tx
    .selectFrom('refund_parts')
    .select(['amount_kobo', 'fee_returned_kobo', 'status'])
    .where('charge_reference', '=', reference)
    .where('status', '<>', 'failed')
    .execute();
  if (refunds.some((part) => part.status !== 'processed')) return 'refund_in_flight';
  const refundedKobo = refunds.reduce((sum, part) => sum + part.amount_kobo, 0);
  const remainingKobo = charge.amount_kobo - refundedKobo;
  if (remainingKobo <= 0) return 'explained_by_refunds';
  const split = splitRefund(
    splitPlatformFee(charge.amount_kobo),
    {
      refundedKobo,
      feeReturnedKobo: refunds.reduce((sum, part) => sum + part.fee_returned_kobo, 0),
    },
    remainingKobo,
  );
  const plan = await tx
    .selectFrom('payment_plans')
    .select('livemode')
    .where('id', '=', charge.plan_id)
    .executeTakeFirstOrThrow();
  const row = await tx
    .insertInto('charge_reversals')
    .values({
      id: newId('rvs'),
      charge_reference: reference,
      merchant_id: charge.merchant_id,
      livemode: plan.livemode,
      plan_id: charge.plan_id,
      installment_id: charge.installment_id,
      amount_kobo: remainingKobo,
      fee_share_kobo: split.feeReturnedKobo,
      merchant_share_kobo: split.merchantDebitKobo,
      superseded_by_dispute_id: null,
      created_at: now,
      superseded_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await appendJournalEntry(tx, paymentReversedEntry(reversalMoney(row)), now);
  await recordEvent(
    tx,
    {
      merchantId: row.merchant_id,
      livemode: row.livemode,
      type: 'payment.reversed',
      data: { reversal: reversalView(row) },
    },
    now,
  );
  await notifyMerchant(
    tx,
    'payment_reversed',
    {
      merchantId: row.merchant_id,
      subjectId: row.id,
      facts: {
        reversalId: row.id,
        amountKobo: row.amount_kobo,
        merchantShareKobo: row.merchant_share_kobo,
        chargeReference: row.charge_reference,
        planId: row.plan_id,
        livemode: row.livemode,
      },
    },
    now,
  );
  return 'booked';
}
