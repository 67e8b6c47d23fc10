import type { AppContext } from '../../app-context.ts';
import type { Db, Tx } from '../../db/database.ts';
import { newestFirst, type Page, pageOf } from '../../db/pagination.ts';
import type { InstallmentRow } from '../../db/schema.ts';
import type { Idempotent } from '../../db/write.ts';
import { DomainError, notFound } from '../../domain/errors.ts';
import {
  type JournalEntry,
  receivableReducedEntry,
  refundInitiatedEntry,
} from '../../domain/ledger.ts';
import { assertWithinAvailable, merchantWallet } from '../../domain/ledger-balances.ts';
import { formatNaira, splitPlatformFee, splitRefund } from '../../domain/money.ts';
import {
  allocateCashRefund,
  type PlanInstallment,
  reduceInstallmentsFromLast,
  reducibleOutstandingKobo,
  splitPlanRefund,
} from '../../domain/refund.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { assert } from '../../platform/assert.ts';
import { newId } from '../../platform/ids.ts';
import { inMode, type ModeScope } from '../access/index.ts';
import { enqueueRefundReceipt } from '../customer-notifications/index.ts';
import { accountBalances, appendJournalEntries } from '../money/index.ts';
import {
  findMerchantPlan,
  installmentStateOf,
  installmentStatusAfter,
  lockPlanForChange,
  runPlanCommand,
  settlePlanIfNothingOpen,
} from '../plans/index.ts';
import { emitPlanChanged, emitRefundOutcome } from './refund-events.ts';
import { type RefundStatus, type RefundView, refundView } from './refund-view.ts';

/**
 * Merchant refunds of a plan (docs/money-rules.md §5, decision 0018). The request does all the
 * bookkeeping in one transaction: the part that lowers what the customer still owes is applied at
 * once (installments shortened from the last, `receivable_reduced`); the cash part is split over
 * the collected charges, most recent first, each with its share of the fee returned
 * (`refund_initiated`), and handed to the `send_refund` job, which calls the gateway outside any
 * transaction (refund-delivery.ts).
 */

export interface RefundRequest {
  /** Kobo; the whole refundable amount when left out. */
  amount?: number | undefined;
  reason?: string | undefined;
}

/** POST …/plans/{plan_id}/refunds. */
export async function createRefund(
  ctx: AppContext,
  scope: ModeScope,
  planId: string,
  input: RefundRequest,
  idempotencyKey: string | undefined,
): Promise<Idempotent<RefundView>> {
  return runPlanCommand(
    ctx,
    scope,
    planId,
    { action: 'refunds', input, idempotencyKey },
    (tx, now) => refundPlanInTx(ctx, tx, planId, input, now),
  );
}

/**
 * The refund itself, inside the caller's transaction (a plan cancelled with a refund uses it
 * too), after `lockPlanForChange`: concurrent refunds of one plan see each other, and refunds
 * and payouts of one merchant never both spend the same available balance.
 */
export async function refundPlanInTx(
  ctx: AppContext,
  tx: Tx,
  planId: string,
  input: RefundRequest,
  now: Date,
): Promise<RefundView> {
  const { plan, installments } = await lockPlanForChange(tx, planId);
  if (plan.status === 'pending_deposit') {
    throw new DomainError(
      'conflict',
      'Nothing has been collected on this plan yet: cancel it instead (POST …/cancel).',
    );
  }
  const charges = await refundableCharges(tx, planId);

  const outstandingKobo = reducibleOutstandingKobo(installments.map(planInstallment));
  const cashRefundableKobo = charges.reduce((sum, c) => sum + c.grossKobo - c.refundedKobo, 0);
  const wholeKobo = outstandingKobo + cashRefundableKobo;
  if (wholeKobo === 0) {
    throw new DomainError(
      'conflict',
      installments.some((i) => i.status === 'processing')
        ? 'Nothing can be refunded while a charge on this plan is in flight; try again in a minute.'
        : 'This plan has nothing left to refund.',
    );
  }
  const amountKobo = input.amount ?? wholeKobo;
  const split = splitPlanRefund({ refundKobo: amountKobo, outstandingKobo, cashRefundableKobo });

  const refundId = newId('rfd');
  const entries: JournalEntry[] = [];
  if (split.outstandingReductionKobo > 0) {
    await reduceInstallments(tx, installments, split.outstandingReductionKobo);
    entries.push(
      receivableReducedEntry({
        planId,
        merchantId: plan.merchant_id,
        refundReference: refundId,
        amountKobo: split.outstandingReductionKobo,
      }),
    );
  }
  const parts = allocateCashRefund(charges, split.cashRefundKobo).map(
    ({ charge, refundKobo }, n) => ({
      reference: `rfp-${refundId.replace(/_/g, '')}-${n + 1}`,
      chargeReference: charge.reference,
      split: splitRefund(
        splitPlatformFee(charge.grossKobo),
        { refundedKobo: charge.refundedKobo, feeReturnedKobo: charge.feeReturnedKobo },
        refundKobo,
      ),
    }),
  );
  const merchantDebitKobo = parts.reduce((sum, p) => sum + p.split.merchantDebitKobo, 0);
  if (merchantDebitKobo > 0) {
    const balances = await accountBalances(tx, [
      { kind: 'merchant_payable', merchantId: plan.merchant_id },
    ]);
    assertWithinAvailable(
      merchantWallet(balances, plan.merchant_id).availableKobo,
      merchantDebitKobo,
      `refund ${formatNaira(split.cashRefundKobo)} to the customer`,
    );
  }

  const row = {
    id: refundId,
    merchant_id: plan.merchant_id,
    plan_id: planId,
    livemode: plan.livemode,
    amount_kobo: amountKobo,
    reduction_kobo: split.outstandingReductionKobo,
    cash_kobo: split.cashRefundKobo,
    reason: input.reason ?? null,
    status: (parts.length === 0 ? 'processed' : 'pending') as RefundStatus,
    failure_reason: null,
    created_at: now,
    updated_at: now,
  };
  await tx.insertInto('refunds').values(row).execute();
  for (const part of parts) {
    await tx
      .insertInto('refund_parts')
      .values({
        reference: part.reference,
        refund_id: refundId,
        charge_reference: part.chargeReference,
        merchant_id: plan.merchant_id,
        amount_kobo: part.split.refundKobo,
        fee_returned_kobo: part.split.feeReturnedKobo,
        status: 'initiated',
        attempts: 0,
        gateway_refund_id: null,
        failure_reason: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    entries.push(
      refundInitiatedEntry({
        merchantId: plan.merchant_id,
        refundReference: part.reference,
        split: part.split,
      }),
    );
  }
  await appendJournalEntries(tx, entries, now);

  const view = refundView(
    row,
    parts.reduce((sum, p) => sum + p.split.feeReturnedKobo, 0),
  );
  await enqueueRefundReceipt(
    tx,
    {
      refundId,
      planId,
      offBalanceKobo: split.outstandingReductionKobo,
      cashBackKobo: split.cashRefundKobo,
    },
    now,
  );
  if (split.outstandingReductionKobo > 0) {
    await settlePlanIfNothingOpen(tx, plan, now);
    await emitPlanChanged(tx, planId, { reason: 'refund', refund: view }, plan.status, now);
  }
  if (parts.length === 0) await emitRefundOutcome(tx, view, now);
  else await enqueueRefundDelivery(tx, refundId);
  return view;
}

/** Outbox: the gateway calls of a refund run in a job added in the refund's own transaction. */
async function enqueueRefundDelivery(tx: Tx, refundId: string): Promise<void> {
  await enqueue(
    tx,
    'send_refund',
    { refund_id: refundId },
    { jobKey: `send-refund:${refundId}`, maxAttempts: 25 },
  );
}

function planInstallment(row: InstallmentRow): PlanInstallment {
  return { sequence: row.sequence, amountKobo: row.amount_kobo, state: installmentStateOf(row) };
}

async function reduceInstallments(
  tx: Tx,
  installments: readonly InstallmentRow[],
  reductionKobo: number,
): Promise<void> {
  const bySequence = new Map(installments.map((i) => [i.sequence, i]));
  for (const reduction of reduceInstallmentsFromLast(
    installments.map(planInstallment),
    reductionKobo,
  )) {
    const installment = bySequence.get(reduction.sequence);
    assert(installment, `installment ${reduction.sequence} vanished`);
    await tx
      .updateTable('installments')
      .set({
        amount_kobo: reduction.amountKobo,
        refunded_kobo: installment.refunded_kobo + installment.amount_kobo - reduction.amountKobo,
        ...(reduction.amountKobo === 0 && {
          status: installmentStatusAfter(installment, { type: 'cancelled' }),
        }),
      })
      .where('id', '=', installment.id)
      .execute();
  }
}

interface RefundableCharge {
  reference: string;
  grossKobo: number;
  refundedKobo: number;
  feeReturnedKobo: number;
}

/** The plan's collected charges, oldest first, with what refunds (failed ones aside) took. */
export async function refundableCharges(tx: Db | Tx, planId: string): Promise<RefundableCharge[]> {
  const rows = await tx
    .selectFrom('charges as c')
    .innerJoin('installments as i', 'i.id', 'c.installment_id')
    .leftJoin('refund_parts as r', (join) =>
      join.onRef('r.charge_reference', '=', 'c.reference').on('r.status', '!=', 'failed'),
    )
    .select((eb) => [
      'c.reference',
      'c.amount_kobo',
      eb.fn.coalesce(eb.fn.sum<string>('r.amount_kobo'), eb.val('0')).as('refunded'),
      eb.fn.coalesce(eb.fn.sum<string>('r.fee_returned_kobo'), eb.val('0')).as('fee_returned'),
    ])
    .where('c.plan_id', '=', planId)
    .where('c.status', '=', 'success')
    // A payment the gateway reversed (decision 0073) is back with the customer already: nothing
    // of it is left to refund in cash (found by the API fuzzer: a refund after a reversal).
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('charge_reversals as v')
            .select('v.id')
            .whereRef('v.charge_reference', '=', 'c.reference')
            .where('v.superseded_by_dispute_id', 'is', null),
        ),
      ),
    )
    .groupBy(['c.reference', 'c.amount_kobo', 'c.settled_at', 'i.sequence'])
    // Collected order; payments settled in the same instant go by their place in the schedule.
    .orderBy('c.settled_at')
    .orderBy('i.sequence')
    .execute();
  return rows.map((r) => ({
    reference: r.reference,
    grossKobo: r.amount_kobo,
    refundedKobo: Number(r.refunded),
    feeReturnedKobo: Number(r.fee_returned),
  }));
}

// ── reads ───────────────────────────────────────────────────────────────────────────────────

async function feesReturned(ctx: AppContext, refundIds: string[]): Promise<Map<string, number>> {
  if (refundIds.length === 0) return new Map();
  const rows = await ctx.db
    .selectFrom('refund_parts')
    .select((eb) => ['refund_id', eb.fn.sum<string>('fee_returned_kobo').as('fee')])
    .where('refund_id', 'in', refundIds)
    .groupBy('refund_id')
    .execute();
  return new Map(rows.map((r) => [r.refund_id, Number(r.fee)]));
}

export async function getRefund(
  ctx: AppContext,
  scope: ModeScope,
  planId: string,
  refundId: string,
): Promise<RefundView> {
  const row = await ctx.db
    .selectFrom('refunds')
    .selectAll()
    .where('id', '=', refundId)
    .executeTakeFirst();
  if (
    !row ||
    row.plan_id !== planId ||
    row.merchant_id !== scope.merchantId ||
    !inMode(scope, row.livemode)
  ) {
    throw notFound('Refund');
  }
  return refundView(row, (await feesReturned(ctx, [row.id])).get(row.id) ?? 0);
}

/** A plan's refunds, newest first. */
export interface RefundableView {
  object: 'refundable';
  plan_id: string;
  /** Kobo: what a refund of everything would be now (a request without `amount`). */
  amount: number;
  /** The part that would lower what the customer still owes. */
  outstanding_reduction: number;
  /** The part that would go back to the customer's card or account. */
  cash_refund: number;
  /** A charge is in flight: its installment is neither reducible nor refundable until it settles. */
  charge_in_flight: boolean;
}

/**
 * What the plan can refund at this moment, by the same rule as a refund (docs/money-rules.md §5),
 * read without locking: the dashboard names this figure in the confirmation ("Refund ₦… (… naira)
 * on order …?") and sends it as the amount, so the refund is refused rather than different if the
 * plan changed in between (decision 0057).
 */
export async function refundableNow(
  ctx: AppContext,
  scope: ModeScope,
  planId: string,
): Promise<RefundableView> {
  await findMerchantPlan(ctx, scope, planId);
  const [installments, charges] = await Promise.all([
    ctx.db.selectFrom('installments').selectAll().where('plan_id', '=', planId).execute(),
    refundableCharges(ctx.db, planId),
  ]);
  const outstanding = reducibleOutstandingKobo(installments.map(planInstallment));
  const cash = charges.reduce((sum, c) => sum + c.grossKobo - c.refundedKobo, 0);
  return {
    object: 'refundable',
    plan_id: planId,
    amount: outstanding + cash,
    outstanding_reduction: outstanding,
    cash_refund: cash,
    charge_in_flight: installments.some((i) => i.status === 'processing'),
  };
}

export async function listPlanRefunds(
  ctx: AppContext,
  scope: ModeScope,
  planId: string,
  page: { limit: number; cursor?: string },
): Promise<Page<RefundView>> {
  await findMerchantPlan(ctx, scope, planId);
  const query = ctx.db.selectFrom('refunds').selectAll().where('plan_id', '=', planId);
  const rows = await newestFirst(query, page, 'rfd_').execute();
  const fees = await feesReturned(
    ctx,
    rows.map((r) => r.id),
  );
  return pageOf(rows, page.limit, (row) => refundView(row, fees.get(row.id) ?? 0));
}
