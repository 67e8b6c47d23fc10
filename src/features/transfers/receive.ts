import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/database.ts';
import type { ChargeRow, InstallmentRow, PaymentPlanRow } from '../../db/schema.ts';
import { runWrite } from '../../db/write.ts';
import { transferCollectedEntry, transferHeldEntry } from '../../domain/ledger.ts';
import {
  matchTransfer,
  type OpenInstallment,
  type TransferAllocation,
} from '../../domain/transfer-receipt.ts';
import type { GatewayTransaction } from '../../gateway/port.ts';
import { assert } from '../../platform/assert.ts';
import { appendJournalEntry } from '../money/index.ts';
import {
  emitPaymentCollected,
  emitPaymentPartial,
  lockPlanWithInstallments,
} from '../plans/index.ts';
import { advanceAfterTransfer } from './plan-status.ts';

/**
 * A bank transfer into a customer's dedicated account (decision 0071, money-rules.md §4b), as the
 * gateway's verify endpoint confirmed it. Applied once: the receipt row, keyed by the gateway's
 * reference, is inserted first in the same transaction, so the same transfer announced twice
 * (or by two deliveries at once: the second waits on the key, then finds it) changes nothing the
 * second time.
 *
 * Lock order (ARCHITECTURE.md "Lock order"): the receipt key, then each of the customer's live
 * plans by id, each with its installments by id first. Installments with a charge in flight
 * (`processing`) are left alone: that charge may yet succeed, and paying the installment twice is
 * what this must never do.
 */
export type TransferOutcome =
  | { status: 'applied'; appliedKobo: number; heldKobo: number; allocations: number }
  | { status: 'duplicate' }
  | { status: 'unknown_account' }
  | { status: 'not_a_transfer' };

/** Plans a transfer can pay: the deposit is charged on confirmation, closed plans owe nothing. */
const PAYABLE_PLAN_STATUSES = ['active', 'defaulted'] as const;

export async function receiveTransfer(
  ctx: AppContext,
  transaction: GatewayTransaction,
): Promise<TransferOutcome> {
  const accountNumber = transaction.receiverAccountNumber ?? null;
  if (
    transaction.status !== 'success' ||
    transaction.currency !== 'NGN' ||
    transaction.channel !== 'dedicated_nuban' ||
    accountNumber === null ||
    transaction.amountKobo < 1
  ) {
    return { status: 'not_a_transfer' };
  }
  const now = ctx.clock.now();
  const paidAt = transaction.paidAt ?? now;
  return runWrite(ctx.db, async (tx) => {
    const account = await tx
      .selectFrom('transfer_accounts')
      .select(['customer_id', 'account_number'])
      .where('account_number', '=', accountNumber)
      .executeTakeFirst();
    if (!account) return { status: 'unknown_account' as const };
    const recorded = await tx
      .insertInto('transfer_receipts')
      .values({
        reference: transaction.reference,
        customer_id: account.customer_id,
        account_number: accountNumber,
        amount_kobo: transaction.amountKobo,
        applied_kobo: 0,
        held_kobo: transaction.amountKobo,
        paid_at: paidAt,
        received_at: now,
      })
      .onConflict((oc) => oc.column('reference').doNothing())
      .returning('reference')
      .executeTakeFirst();
    if (!recorded) return { status: 'duplicate' as const };

    const plans = await lockCustomerPlans(tx, account.customer_id);
    const open: OpenInstallment[] = plans.flatMap(({ plan, installments }) =>
      installments
        .filter((i) => (i.status === 'scheduled' || i.status === 'failed') && i.amount_kobo > 0)
        .map((i) => ({
          installmentId: i.id,
          planId: plan.id,
          planConfirmedAt: plan.created_at,
          sequence: i.sequence,
          dueAt: i.due_at,
          owedKobo: i.amount_kobo,
          failed: i.status === 'failed',
        })),
    );
    const match = matchTransfer({ amountKobo: transaction.amountKobo, receivedAt: paidAt, open });
    const applied = match.allocations.reduce((sum, a) => sum + a.amountKobo, 0);
    await tx
      .updateTable('transfer_receipts')
      .set({ applied_kobo: applied, held_kobo: match.heldKobo })
      .where('reference', '=', transaction.reference)
      .execute();
    // Each plan's status as this transfer leaves it, part after part (for the events' changes).
    const statuses = new Map(plans.map(({ plan }) => [plan.id, plan.status]));
    for (const allocation of match.allocations) {
      const locked = plans.find((p) => p.plan.id === allocation.planId);
      const installment = locked?.installments.find((i) => i.id === allocation.installmentId);
      const status = statuses.get(allocation.planId);
      assert(locked && installment && status, `transfer ${transaction.reference}: not locked`);
      const after = await applyAllocation(tx, {
        receiptReference: transaction.reference,
        plan: { ...locked.plan, status },
        installment,
        allocation,
        paidAt,
        now,
      });
      statuses.set(allocation.planId, after);
    }
    if (match.heldKobo > 0) {
      await appendJournalEntry(
        tx,
        transferHeldEntry({
          receiptReference: transaction.reference,
          customerId: account.customer_id,
          amountKobo: match.heldKobo,
        }),
        now,
      );
    }
    return {
      status: 'applied' as const,
      appliedKobo: applied,
      heldKobo: match.heldKobo,
      allocations: match.allocations.length,
    };
  });
}

async function lockCustomerPlans(
  tx: Tx,
  customerId: string,
): Promise<{ plan: PaymentPlanRow; installments: InstallmentRow[] }[]> {
  const ids = await tx
    .selectFrom('payment_plans')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('status', 'in', PAYABLE_PLAN_STATUSES)
    .orderBy('id')
    .execute();
  const locked: { plan: PaymentPlanRow; installments: InstallmentRow[] }[] = [];
  for (const { id } of ids) {
    const plan = await lockPlanWithInstallments(tx, id);
    // Re-read under the lock: a plan that closed while we waited takes nothing.
    if ((PAYABLE_PLAN_STATUSES as readonly string[]).includes(plan.plan.status)) locked.push(plan);
  }
  return locked;
}

/** The reference of one installment part: also its transfer_collected entry's reference. */
export function allocationReference(receiptReference: string, installmentId: string): string {
  return `trf:${receiptReference}:${installmentId}`;
}

async function applyAllocation(
  tx: Tx,
  input: {
    receiptReference: string;
    plan: PaymentPlanRow;
    installment: InstallmentRow;
    allocation: TransferAllocation;
    paidAt: Date;
    now: Date;
  },
): Promise<PaymentPlanRow['status']> {
  const { plan, installment, allocation, now, paidAt } = input;
  const reference = allocationReference(input.receiptReference, installment.id);
  await tx
    .insertInto('transfer_allocations')
    .values({
      reference,
      receipt_reference: input.receiptReference,
      installment_id: installment.id,
      plan_id: plan.id,
      merchant_id: plan.merchant_id,
      amount_kobo: allocation.amountKobo,
      fee_kobo: allocation.feeKobo,
      settles: allocation.settles,
      created_at: now,
    })
    .execute();
  if (allocation.settles) {
    // Paid off: the installment keeps what this last part paid as its amount (as after a partial
    // debit and a full charge of the rest), and no longer takes part in the schedule.
    await tx
      .updateTable('installments')
      .set({ status: 'paid', paid_at: paidAt })
      .where('id', '=', installment.id)
      .execute();
  } else {
    await tx
      .updateTable('installments')
      .set({
        amount_kobo: allocation.remainingKobo,
        partially_paid_kobo: installment.partially_paid_kobo + allocation.amountKobo,
      })
      .where('id', '=', installment.id)
      .execute();
  }
  await appendJournalEntry(
    tx,
    transferCollectedEntry({
      planId: plan.id,
      merchantId: plan.merchant_id,
      allocationReference: reference,
      grossKobo: allocation.amountKobo,
    }),
    now,
  );
  const previousStatus = plan.status;
  const after = allocation.settles
    ? await advanceAfterTransfer(tx, plan.id, plan.status, now)
    : plan.status;
  // The merchant hears of it as of any collected payment (the payment's reference is the part's).
  const payment = paymentOf(reference, plan, installment, allocation.amountKobo, now);
  if (allocation.settles) {
    await emitPaymentCollected(tx, payment, previousStatus, paidAt, now);
  } else {
    await emitPaymentPartial(
      tx,
      payment,
      {
        requestedKobo: allocation.amountKobo + allocation.remainingKobo,
        remainingKobo: allocation.remainingKobo,
        message: 'Bank transfer received',
        retryAt: null,
      },
      previousStatus,
      paidAt,
      now,
    );
  }
  return after;
}

/** A transfer part in the shape of the payment the merchant's events describe. */
function paymentOf(
  reference: string,
  plan: PaymentPlanRow,
  installment: InstallmentRow,
  amountKobo: number,
  now: Date,
): ChargeRow {
  return {
    reference,
    installment_id: installment.id,
    plan_id: plan.id,
    merchant_id: plan.merchant_id,
    payment_method_id: plan.payment_method_id,
    attempt: Math.max(1, installment.failed_attempts),
    amount_kobo: amountKobo,
    status: 'success',
    initiated_by: 'customer',
    gateway_message: 'Bank transfer received',
    created_at: now,
    settled_at: now,
    at_least_kobo: null,
    requested_kobo: null,
  };
}
