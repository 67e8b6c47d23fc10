import type { AppContext } from '../../app-context.ts';
import { runWrite } from '../../db/write.ts';
import { paymentCollectedEntry } from '../../domain/ledger.ts';
import { type CollectionOutcome, decideAfterFailedAttempt } from '../../domain/plan.ts';
import type { GatewayTransaction } from '../../gateway/port.ts';
import { assert } from '../../platform/assert.ts';
import {
  enqueuePaymentFailedNotice,
  enqueuePaymentReceipts,
} from '../customer-notifications/index.ts';
import { appendJournalEntry } from '../money/index.ts';
import {
  emitPaymentCollected,
  emitPaymentFailed,
  installmentStatusAfter,
  lockPlanWithInstallments,
  scheduleCollection,
} from '../plans/index.ts';
import { restoreAfterCustomerFailure } from './customer-failure.ts';
import { advancePlan } from './plan-advance.ts';

/**
 * Step 3. Applies once: the charge row is locked and only a pending charge is settled. Locks in
 * the global order (ARCHITECTURE.md, "Lock order"): the charge, every installment of its plan by
 * id (a failure can cancel the others), the plan; then books.
 */
export async function settleCharge(
  ctx: AppContext,
  reference: string,
  transaction: GatewayTransaction,
): Promise<CollectionOutcome> {
  const now = ctx.clock.now();
  return runWrite(ctx.db, async (tx) => {
    const charge = await tx
      .selectFrom('charges')
      .selectAll()
      .where('reference', '=', reference)
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (!charge || charge.status !== 'pending') return 'nothing_to_do';
    const succeeded =
      transaction.status === 'success' &&
      transaction.amountKobo === charge.amount_kobo &&
      transaction.currency === 'NGN';
    if (transaction.status === 'pending') return 'pending';
    const locked = await lockPlanWithInstallments(tx, charge.plan_id);
    const { plan } = locked;
    const installment = locked.installments.find((row) => row.id === charge.installment_id);
    assert(installment, `charge ${reference}: installment ${charge.installment_id} not found`);
    await tx
      .updateTable('charges')
      .set({
        status: succeeded ? 'success' : 'failed',
        gateway_message: transaction.message || null,
        settled_at: now,
      })
      .where('reference', '=', reference)
      .execute();
    if (succeeded) {
      if (
        charge.initiated_by === 'customer' &&
        charge.payment_method_id !== plan.payment_method_id
      ) {
        // The customer paid with another of their methods: the plan moves to it now that it works.
        await tx
          .updateTable('payment_plans')
          .set({ payment_method_id: charge.payment_method_id, updated_at: now })
          .where('id', '=', plan.id)
          .execute();
      }
      await tx
        .updateTable('installments')
        .set({
          status: installmentStatusAfter(installment, {
            type: 'charge_succeeded',
            chargeReference: reference,
          }),
          paid_at: transaction.paidAt ?? now,
          charge_reference: reference,
        })
        .where('id', '=', installment.id)
        .execute();
      await appendJournalEntry(
        tx,
        paymentCollectedEntry({
          planId: plan.id,
          merchantId: plan.merchant_id,
          chargeReference: reference,
          grossKobo: charge.amount_kobo,
        }),
        now,
      );
      await advancePlan(
        tx,
        plan.id,
        plan.status,
        installment.sequence === 0 ? 'deposit_paid' : null,
        now,
      );
      await emitPaymentCollected(tx, charge, plan.status, transaction.paidAt ?? now, now);
      await enqueuePaymentReceipts(tx, [{ charge, paidAt: transaction.paidAt ?? now }], now);
      return 'paid';
    }
    if (charge.initiated_by === 'customer') {
      await restoreAfterCustomerFailure(tx, installment, plan.status, reference, now);
      return 'failed';
    }
    const failedAttempts = installment.failed_attempts + 1;
    await tx
      .updateTable('installments')
      .set({
        status: installmentStatusAfter(installment, {
          type: 'charge_failed',
          chargeReference: reference,
        }),
        failed_attempts: failedAttempts,
      })
      .where('id', '=', installment.id)
      .execute();
    const decision = decideAfterFailedAttempt({
      dueAt: installment.due_at,
      failedAttempts,
      failedAt: now,
    });
    if (decision.action === 'retry') {
      await scheduleCollection(tx, installment.id, failedAttempts + 1, decision.retryAt);
    }
    // Out of retries: an unpaid deposit means the plan never started (cancelled); a later
    // installment defaults the plan.
    else {
      await advancePlan(
        tx,
        plan.id,
        plan.status,
        plan.status === 'pending_deposit' ? 'cancelled' : 'retries_exhausted',
        now,
      );
    }
    await emitPaymentFailed(
      tx,
      charge,
      {
        message: transaction.message || null,
        retryAt: decision.action === 'retry' ? decision.retryAt : null,
      },
      plan.status,
      now,
    );
    await enqueuePaymentFailedNotice(
      tx,
      charge,
      decision.action === 'retry' ? decision.retryAt : null,
      now,
      transaction.message || null,
    );
    return 'failed';
  });
}
