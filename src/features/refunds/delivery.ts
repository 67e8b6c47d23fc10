import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/database.ts';
import type { RefundPartRow } from '../../db/schema.ts';
import { runWrite } from '../../db/write.ts';
import { refundFailedEntry, refundSucceededEntry } from '../../domain/ledger.ts';
import { GatewayError, type GatewayRefund } from '../../gateway/port.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { appendJournalEntry } from '../money/index.ts';
import { emitRefundOutcome } from './refund-events.ts';
import { type RefundStatus, refundView } from './refund-view.ts';

/**
 * The cash part of a refund at the gateway, one refund per charge (`refund_parts`), in the same
 * three steps as a collection: the intent was recorded with the refund; here each part is sent
 * outside any transaction; the outcome is recorded in its own transaction.
 *
 * Never twice: every call carries our part reference as `merchant_note`, and once a call has been
 * made (`attempts` > 0) nothing is sent again before the gateway's refunds of that charge have
 * been searched for that note. A call that failed, timed out or lost its answer is therefore
 * either found (and recorded) or known not to have happened (and made again). Paystack refunds
 * are asynchronous: a part sent is `sent` until the gateway's refund is `processed` or `failed`,
 * learnt from its refund.* webhook (a hint: the refund is fetched by id) or from the
 * `verify_refund` job that polls with back-off.
 */

type PartOutcome = 'sent' | 'processed' | 'failed';

/** The `send_refund` job: sends every part not sent yet. Throws (to be retried) when unsure. */
export async function sendRefund(ctx: AppContext, refundId: string): Promise<void> {
  const parts = await ctx.db
    .selectFrom('refund_parts')
    .selectAll()
    .where('refund_id', '=', refundId)
    .where('status', '=', 'initiated')
    .orderBy('reference')
    .execute();
  for (const part of parts) await sendPart(ctx, part);
  if (parts.length > 0) await enqueueRefundVerification(ctx, refundId);
}

async function sendPart(ctx: AppContext, part: RefundPartRow): Promise<void> {
  if (part.attempts > 0) {
    const found = await findAtGateway(ctx, part);
    if (found) return recordPartOutcome(ctx, part.reference, found);
  }
  // Counted before the call: if we die during it, the next run searches before calling again.
  await ctx.db
    .updateTable('refund_parts')
    .set({ attempts: part.attempts + 1, updated_at: ctx.clock.now() })
    .where('reference', '=', part.reference)
    .where('status', '=', 'initiated')
    .execute();
  let refund: GatewayRefund;
  try {
    refund = await ctx.gateway.refund({
      transactionReference: part.charge_reference,
      amountKobo: part.amount_kobo,
      merchantNote: part.reference,
    });
  } catch (error) {
    if (!(error instanceof GatewayError) || error.kind !== 'rejected') throw error;
    // Refused: unless an earlier call of ours went through after all, the refund failed.
    const found = await findAtGateway(ctx, part);
    if (found) return recordPartOutcome(ctx, part.reference, found);
    return recordPartOutcome(ctx, part.reference, null, `The gateway refused: ${error.message}`);
  }
  await recordPartOutcome(ctx, part.reference, refund);
}

async function findAtGateway(
  ctx: AppContext,
  part: RefundPartRow,
): Promise<GatewayRefund | undefined> {
  const refunds = await ctx.gateway.listRefunds(part.charge_reference);
  return refunds.find((r) => r.merchantNote === part.reference);
}

function outcomeOf(refund: GatewayRefund | null): PartOutcome {
  if (refund === null || refund.status === 'failed') return 'failed';
  return refund.status === 'processed' ? 'processed' : 'sent';
}

/**
 * Records what the gateway said of a part (null: refused outright). Only forward moves happen:
 * initiated → sent → processed | failed; a replayed or stale answer changes nothing. A final
 * part books its ledger entry; the refund's outcome follows once every part is final.
 */
export async function recordPartOutcome(
  ctx: AppContext,
  reference: string,
  refund: GatewayRefund | null,
  failureReason?: string,
): Promise<void> {
  const outcome = outcomeOf(refund);
  const now = ctx.clock.now();
  await runWrite(ctx.db, async (tx) => {
    const part = await tx
      .selectFrom('refund_parts')
      .selectAll()
      .where('reference', '=', reference)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (part.status === 'processed' || part.status === 'failed') return;
    if (part.status === 'sent' && outcome === 'sent') return;
    await tx
      .updateTable('refund_parts')
      .set({
        status: outcome,
        gateway_refund_id: refund?.id ?? part.gateway_refund_id,
        failure_reason:
          outcome === 'failed'
            ? (failureReason ?? 'The gateway could not refund the payment.')
            : null,
        updated_at: now,
      })
      .where('reference', '=', reference)
      .execute();
    if (outcome === 'sent') return;
    const money = {
      merchantId: part.merchant_id,
      refundReference: part.reference,
      split: {
        refundKobo: part.amount_kobo,
        feeReturnedKobo: part.fee_returned_kobo,
        merchantDebitKobo: part.amount_kobo - part.fee_returned_kobo,
      },
    };
    await appendJournalEntry(
      tx,
      outcome === 'processed' ? refundSucceededEntry(money) : refundFailedEntry(money),
      now,
    );
    await finishRefundIfSettled(tx, part.refund_id, now);
  });
}

async function finishRefundIfSettled(tx: Tx, refundId: string, now: Date): Promise<void> {
  const refund = await tx
    .selectFrom('refunds')
    .selectAll()
    .where('id', '=', refundId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (refund.status !== 'pending') return;
  const parts = await tx
    .selectFrom('refund_parts')
    .select(['status', 'amount_kobo', 'fee_returned_kobo'])
    .where('refund_id', '=', refundId)
    .execute();
  if (parts.some((p) => p.status === 'initiated' || p.status === 'sent')) return;
  const failedKobo = parts
    .filter((p) => p.status === 'failed')
    .reduce((sum, p) => sum + p.amount_kobo, 0);
  const status: RefundStatus = failedKobo === 0 ? 'processed' : 'failed';
  const failureReason =
    failedKobo === 0
      ? null
      : `${failedKobo} kobo could not be paid back to the customer; that money is back in the available balance.`;
  await tx
    .updateTable('refunds')
    .set({ status, failure_reason: failureReason, updated_at: now })
    .where('id', '=', refundId)
    .execute();
  const feeReturned = parts
    .filter((p) => p.status === 'processed')
    .reduce((sum, p) => sum + p.fee_returned_kobo, 0);
  await emitRefundOutcome(
    tx,
    refundView({ ...refund, status, failure_reason: failureReason, updated_at: now }, feeReturned),
    now,
  );
}

/**
 * The `verify_refund` job: asks the gateway about every part still `sent`. Throws while any is
 * still pending there, so the worker tries again with back-off (a webhook usually gets there first).
 */
export async function verifyRefund(ctx: AppContext, refundId: string): Promise<void> {
  const parts = await ctx.db
    .selectFrom('refund_parts')
    .selectAll()
    .where('refund_id', '=', refundId)
    .where('status', 'in', ['initiated', 'sent'])
    .execute();
  let waiting = 0;
  for (const part of parts) {
    if (part.status === 'initiated') {
      waiting += 1; // send_refund owns it
      continue;
    }
    const refund =
      part.gateway_refund_id === null
        ? await findAtGateway(ctx, part)
        : await ctx.gateway.fetchRefund(part.gateway_refund_id);
    if (!refund) throw new Error(`refund part ${part.reference} is not at the gateway`);
    await recordPartOutcome(ctx, part.reference, refund);
    if (outcomeOf(refund) === 'sent') waiting += 1;
  }
  if (waiting > 0) throw new Error(`refund ${refundId}: ${waiting} part(s) still pending`);
}

/** A refund.* webhook from the gateway: a hint to look at that charge's parts now. */
export async function refundEventReceived(ctx: AppContext, refund: GatewayRefund): Promise<void> {
  const parts = await ctx.db
    .selectFrom('refund_parts')
    .select('refund_id')
    .distinct()
    .where('charge_reference', '=', refund.transactionReference)
    .where('status', '=', 'sent')
    .execute();
  for (const { refund_id } of parts) {
    try {
      await verifyRefund(ctx, refund_id);
    } catch {
      // Still pending, or the gateway did not answer: the verify_refund job keeps trying.
    }
  }
}

async function enqueueRefundVerification(ctx: AppContext, refundId: string): Promise<void> {
  await enqueue(
    ctx.db,
    'verify_refund',
    { refund_id: refundId },
    { runAt: { afterSeconds: 5 }, jobKey: `verify-refund:${refundId}`, maxAttempts: 30 },
  );
}
