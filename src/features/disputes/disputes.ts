import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/database.ts';
import type { DisputeRow } from '../../db/schema.ts';
import { runWrite } from '../../db/write.ts';
import {
  canMove,
  disputeOutcome,
  disputeReturn,
  disputeStatusFor,
  disputeTakenSplit,
} from '../../domain/dispute.ts';
import { disputeOpenedEntry, disputeReturnedEntry } from '../../domain/ledger.ts';
import { splitPlatformFee } from '../../domain/money.ts';
import type { GatewayDispute, GatewayEvent } from '../../gateway/port.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { newId } from '../../platform/ids.ts';
import { notifyMerchant } from '../merchant-notifications/index.ts';
import { recordEvent } from '../merchant-webhooks/index.ts';
import { appendJournalEntry } from '../money/index.ts';
import { revokeByAuthorization } from '../payment-methods/index.ts';
import { supersedeReversal } from './reversal-money.ts';
import { disputeView } from './view.ts';

type DisputeEvent = Extract<
  GatewayEvent,
  { kind: 'charge.dispute.create' | 'charge.dispute.remind' | 'charge.dispute.resolve' }
>;

export interface DisputeReceipt {
  status: 'processed' | 'duplicate' | 'ignored';
  event: string;
}

/**
 * A `charge.dispute.*` webhook (signature already checked). Applied in the transaction that
 * records the delivery's digest, so the same delivery twice (or once on each address) changes
 * nothing the second time. What the dispute *is* comes from the gateway's Disputes API, not from
 * the body: an event whose dispute the gateway does not know (or cannot be asked about now) moves
 * no money; the gateway retries, and reconciliation of the disputes list catches the rest.
 *
 * The card behind a newly disputed charge is revoked (decision 0007, kept by 0069): charging
 * a card whose holder has told the bank a charge was not theirs invites a second chargeback.
 */
export async function disputeEventReceived(
  ctx: AppContext,
  endpoint: 'gateway' | 'payment-gateway',
  body: Buffer,
  event: DisputeEvent,
): Promise<DisputeReceipt> {
  const confirmed = await ctx.gateway.fetchDispute(event.dispute.id).catch(() => null);
  const now = ctx.clock.now();
  return runWrite(ctx.db, async (tx): Promise<DisputeReceipt> => {
    const recorded = await tx
      .insertInto('gateway_events')
      .values({ digest: sha256Hex(body), endpoint, event: event.kind, received_at: now })
      .onConflict((oc) => oc.column('digest').doNothing())
      .returning('digest')
      .executeTakeFirst();
    if (!recorded) return { status: 'duplicate', event: event.kind };
    if (event.kind === 'charge.dispute.create') await revokeDisputedCard(ctx, tx, event, now);
    if (confirmed === null) return { status: 'processed', event: event.kind };
    const applied = await applyGatewayDispute(tx, confirmed, now, {
      reminder: event.kind === 'charge.dispute.remind',
    });
    return { status: applied ? 'processed' : 'ignored', event: event.kind };
  });
}

export async function revokeDisputedCard(
  ctx: AppContext,
  tx: Tx,
  event: DisputeEvent,
  now: Date,
): Promise<void> {
  let code = event.authorizationCode;
  const reference = event.dispute.transactionReference;
  if (!code && reference) {
    // The event may name only the charge: an installment charge, or the verification charge.
    const method =
      (await tx
        .selectFrom('charges')
        .innerJoin('payment_methods', 'payment_methods.id', 'charges.payment_method_id')
        .select('payment_methods.authorization_sealed')
        .where('charges.reference', '=', reference)
        .executeTakeFirst()) ??
      (await tx
        .selectFrom('payment_method_setups')
        .innerJoin(
          'payment_methods',
          'payment_methods.id',
          'payment_method_setups.payment_method_id',
        )
        .select('payment_methods.authorization_sealed')
        .where('payment_method_setups.reference', '=', reference)
        .executeTakeFirst());
    code = method ? ctx.secretBox.open(method.authorization_sealed) : null;
  }
  if (code) await revokeByAuthorization(tx, code, 'charge.dispute.create', now);
}

/**
 * Brings our dispute in line with what the gateway says, inside the caller's transaction:
 * creates it on first sight (the money taken back booked at once), records a reminder, and on
 * the gateway's resolution books what came back. States only move forward (domain/dispute.ts),
 * so a late `.create` after `.resolve`, or a second `.resolve`, changes nothing. Returns false
 * when the dispute is not about one of our collected charges.
 */
export async function applyGatewayDispute(
  tx: Tx,
  dispute: GatewayDispute,
  now: Date,
  options: { reminder: boolean },
): Promise<boolean> {
  let row = await tx
    .selectFrom('disputes')
    .selectAll()
    .where('gateway_dispute_id', '=', dispute.id)
    .forUpdate()
    .executeTakeFirst();
  if (row === undefined) {
    const opened = await openDispute(tx, dispute, now);
    if (opened === undefined) return false;
    row = opened;
  } else if (
    options.reminder &&
    (row.status === 'needs_response' || row.status === 'under_review')
  ) {
    row = await tx
      .updateTable('disputes')
      .set({
        reminder_count: row.reminder_count + 1,
        reminded_at: now,
        due_at: dispute.dueAt ?? row.due_at,
        gateway_status: dispute.status,
        updated_at: now,
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await emit(tx, row, 'dispute.reminder', now);
  }
  const target = disputeStatusFor({
    gatewayStatus: dispute.status,
    resolution: dispute.resolution,
    refundAmountKobo: dispute.refundAmountKobo,
  });
  if (!canMove(row.status, target)) return true;
  const outcome = disputeOutcome({
    gatewayStatus: dispute.status,
    resolution: dispute.resolution,
    refundAmountKobo: dispute.refundAmountKobo,
  });
  if (outcome === null) {
    await tx
      .updateTable('disputes')
      .set({ status: target, gateway_status: dispute.status, updated_at: now })
      .where('id', '=', row.id)
      .execute();
    return true;
  }
  const back = disputeReturn(
    { amountKobo: row.amount_kobo, feeShareKobo: row.fee_share_kobo },
    outcome,
    dispute.refundAmountKobo,
  );
  if (back.returnedKobo > 0) {
    await appendJournalEntry(
      tx,
      disputeReturnedEntry({
        merchantId: row.merchant_id,
        disputeId: row.id,
        amountKobo: back.returnedKobo,
        feeShareKobo: back.returnedFeeKobo,
      }),
      now,
    );
  }
  const resolved = await tx
    .updateTable('disputes')
    .set({
      status: outcome,
      gateway_status: dispute.status,
      resolution: dispute.resolution,
      returned_kobo: back.returnedKobo,
      returned_fee_kobo: back.returnedFeeKobo,
      resolved_at: dispute.resolvedAt ?? now,
      updated_at: now,
    })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await emit(tx, resolved, 'dispute.resolved', now);
  return true;
}

/** First sight of a dispute of one of our collected charges: the row and the money taken back. */
async function openDispute(
  tx: Tx,
  dispute: GatewayDispute,
  now: Date,
): Promise<DisputeRow | undefined> {
  if (dispute.transactionReference === null) return undefined;
  // The charge row first, as a reversal booked from verify does (./reversals.ts): of the two,
  // whichever comes second sees the other, so one payment is never taken back twice.
  await tx
    .selectFrom('charges')
    .select('reference')
    .where('reference', '=', dispute.transactionReference)
    .forNoKeyUpdate()
    .executeTakeFirst();
  const charge = await tx
    .selectFrom('charges')
    .innerJoin('payment_plans', 'payment_plans.id', 'charges.plan_id')
    .select([
      'charges.reference',
      'charges.installment_id',
      'charges.plan_id',
      'charges.merchant_id',
      'charges.amount_kobo',
      'charges.status',
      'payment_plans.livemode',
    ])
    .where('charges.reference', '=', dispute.transactionReference)
    .executeTakeFirst();
  if (charge?.status !== 'success') return undefined;
  const taken = disputeTakenSplit(splitPlatformFee(charge.amount_kobo), dispute.refundAmountKobo);
  const id = newId('dsp');
  const row = await tx
    .insertInto('disputes')
    .values({
      id,
      gateway_dispute_id: dispute.id,
      merchant_id: charge.merchant_id,
      livemode: charge.livemode,
      plan_id: charge.plan_id,
      installment_id: charge.installment_id,
      charge_reference: charge.reference,
      status: 'needs_response',
      amount_kobo: taken.amountKobo,
      fee_share_kobo: taken.feeShareKobo,
      merchant_share_kobo: taken.merchantShareKobo,
      gateway_status: dispute.status,
      resolution: null,
      reason: dispute.reason,
      due_at: dispute.dueAt,
      evidence: null,
      uploaded_filename: null,
      merchant_decision: null,
      merchant_message: null,
      answered_at: null,
      created_at: now,
      updated_at: now,
      resolved_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  // A reversal booked before the dispute reached us gives its money back: the dispute takes it.
  await supersedeReversal(tx, charge.reference, id, now);
  await appendJournalEntry(
    tx,
    disputeOpenedEntry({
      merchantId: charge.merchant_id,
      disputeId: id,
      amountKobo: taken.amountKobo,
      feeShareKobo: taken.feeShareKobo,
    }),
    now,
  );
  await emit(tx, row, 'dispute.created', now);
  return row;
}

async function emit(
  tx: Tx,
  row: DisputeRow,
  type: 'dispute.created' | 'dispute.reminder' | 'dispute.resolved',
  now: Date,
): Promise<void> {
  const dispute = disputeView(row);
  await recordEvent(
    tx,
    { merchantId: row.merchant_id, livemode: row.livemode, type, data: { dispute } },
    now,
  );
  // The e-mail (decision 0067) is queued in the same transaction as the dispute it reports.
  if (type === 'dispute.created') {
    await notifyMerchant(
      tx,
      'dispute_opened',
      {
        merchantId: row.merchant_id,
        subjectId: row.id,
        facts: {
          disputeId: row.id,
          amountKobo: row.amount_kobo,
          chargeReference: row.charge_reference,
          planId: row.plan_id,
          reason: row.reason,
          respondBy: row.due_at?.toISOString() ?? null,
          livemode: row.livemode,
        },
      },
      now,
    );
  }
}
