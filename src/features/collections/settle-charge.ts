import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/database.ts';
import type { ChargeRow, InstallmentRow, PaymentPlanRow } from '../../db/schema.ts';
import { runWrite } from '../../db/write.ts';
import { paymentCollectedEntry } from '../../domain/ledger.ts';
import { type CollectedSplit, splitCollected } from '../../domain/partial-debit.ts';
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
  emitPaymentPartial,
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
    // What the gateway took, judged against what the charge asked for (docs/money-rules.md §4a):
    // the whole amount pays the installment; a partial debit's amount from its floor up pays
    // part of it; anything else gives no value.
    const split =
      transaction.status === 'success' && transaction.currency === 'NGN'
        ? splitCollected(charge.amount_kobo, transaction.amountKobo, charge.at_least_kobo)
        : null;
    const succeeded = split?.kind === 'full';
    if (transaction.status === 'pending') return 'pending';
    const locked = await lockPlanWithInstallments(tx, charge.plan_id);
    const { plan } = locked;
    const installment = locked.installments.find((row) => row.id === charge.installment_id);
    assert(installment, `charge ${reference}: installment ${charge.installment_id} not found`);
    if (split?.kind === 'partial') {
      await settlePartialDebit(tx, { charge, plan, installment, transaction, split, now });
      return 'partially_paid';
    }
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

/**
 * A partial debit took part of an overdue installment (decision 0045, money-rules.md §4a). The
 * charge succeeded for what it took (its amount becomes that, what it asked for is kept as
 * `requested_kobo`), which is booked like any collected payment (payment_collected, the §1 fee
 * on it); the installment keeps owing the rest and, for the retry schedule, the attempt counts
 * as failed: the next retry (or, after the last, the default) follows money-rules.md §4 exactly
 * as if nothing had been taken. The merchant gets `payment.partial` (and the retry's
 * `debit.scheduled`, or `payment_plan.defaulted`); the customer a receipt for what was taken.
 */
async function settlePartialDebit(
  tx: Tx,
  input: {
    charge: ChargeRow;
    plan: PaymentPlanRow;
    installment: InstallmentRow;
    transaction: GatewayTransaction;
    split: Extract<CollectedSplit, { kind: 'partial' }>;
    now: Date;
  },
): Promise<void> {
  const { plan, installment, split, now } = input;
  assert(
    input.charge.initiated_by === 'schedule',
    `charge ${input.charge.reference}: a partial debit is an automatic retry`,
  );
  // Nothing lowers an installment while its charge is in flight (refunds answer 409), so the
  // charge still asks for exactly what the installment owes.
  assert(
    installment.amount_kobo === input.charge.amount_kobo,
    `charge ${input.charge.reference}: asked for ${input.charge.amount_kobo}, installment owes ${installment.amount_kobo}`,
  );
  const paidAt = input.transaction.paidAt ?? now;
  const charge = await tx
    .updateTable('charges')
    .set({
      status: 'success',
      amount_kobo: split.collectedKobo,
      requested_kobo: input.charge.amount_kobo,
      gateway_message: input.transaction.message || null,
      settled_at: now,
    })
    .where('reference', '=', input.charge.reference)
    .returningAll()
    .executeTakeFirstOrThrow();
  const failedAttempts = installment.failed_attempts + 1;
  await tx
    .updateTable('installments')
    .set({
      status: installmentStatusAfter(installment, {
        type: 'charge_failed',
        chargeReference: charge.reference,
      }),
      failed_attempts: failedAttempts,
      amount_kobo: split.remainingKobo,
      partially_paid_kobo: installment.partially_paid_kobo + split.collectedKobo,
    })
    .where('id', '=', installment.id)
    .execute();
  await appendJournalEntry(
    tx,
    paymentCollectedEntry({
      planId: plan.id,
      merchantId: plan.merchant_id,
      chargeReference: charge.reference,
      grossKobo: split.collectedKobo,
    }),
    now,
  );
  const decision = decideAfterFailedAttempt({
    dueAt: installment.due_at,
    failedAttempts,
    failedAt: now,
  });
  if (decision.action === 'retry') {
    await scheduleCollection(tx, installment.id, failedAttempts + 1, decision.retryAt);
  } else {
    await advancePlan(tx, plan.id, plan.status, 'retries_exhausted', now);
  }
  await emitPaymentPartial(
    tx,
    charge,
    {
      requestedKobo: input.charge.amount_kobo,
      remainingKobo: split.remainingKobo,
      message: input.transaction.message || null,
      retryAt: decision.action === 'retry' ? decision.retryAt : null,
    },
    plan.status,
    paidAt,
    now,
  );
  await enqueuePaymentReceipts(tx, [{ charge, paidAt }], now);
}
