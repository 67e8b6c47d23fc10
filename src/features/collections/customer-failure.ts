import type { Tx } from '../../db/database.ts';
import type { InstallmentRow, PaymentPlanRow } from '../../db/schema.ts';
import { decideAfterFailedAttempt, type InstallmentState } from '../../domain/plan.ts';
import { installmentStatusAfter, scheduleCollection } from '../plans/index.ts';

/**
 * A payment the customer started (pay now, pay off early) failed: it changes nothing
 * (money-rules.md §4). The installment goes back to where the attempt started: scheduled, or
 * failed with the automatic attempt that failed last. No failure is counted, no event or notice
 * goes out (the customer sees the failure where they paid), and the automatic attempt that was
 * due next is queued again, because the run that settled this charge may have been that attempt's
 * own job.
 */
export async function restoreAfterCustomerFailure(
  tx: Tx,
  installment: InstallmentRow,
  planStatus: PaymentPlanRow['status'],
  reference: string,
  now: Date,
): Promise<void> {
  const lastAutomaticFailure =
    installment.failed_attempts === 0
      ? undefined
      : await tx
          .selectFrom('charges')
          .select(['reference', 'settled_at'])
          .where('installment_id', '=', installment.id)
          .where('initiated_by', '=', 'schedule')
          .where('status', '=', 'failed')
          .orderBy('attempt', 'desc')
          .limit(1)
          .executeTakeFirstOrThrow();
  const before: InstallmentState = lastAutomaticFailure
    ? {
        status: 'failed',
        chargeReference: lastAutomaticFailure.reference,
        failedAttempts: installment.failed_attempts,
      }
    : { status: 'scheduled' };
  await tx
    .updateTable('installments')
    .set({
      status: installmentStatusAfter(installment, {
        type: 'customer_charge_failed',
        chargeReference: reference,
        before,
      }),
      charge_reference: lastAutomaticFailure?.reference ?? null,
    })
    .where('id', '=', installment.id)
    .execute();
  // Automatic debits stop at default; the customer's own payments are all that is left.
  if (planStatus === 'defaulted') return;
  const nextAutomatic = lastAutomaticFailure
    ? decideAfterFailedAttempt({
        dueAt: installment.due_at,
        failedAttempts: installment.failed_attempts,
        failedAt: lastAutomaticFailure.settled_at ?? now,
      })
    : ({ action: 'retry', retryAt: installment.due_at } as const);
  if (nextAutomatic.action !== 'retry') return;
  const runAt = new Date(Math.max(now.getTime(), nextAutomatic.retryAt.getTime()));
  await scheduleCollection(tx, installment.id, installment.failed_attempts + 1, runAt);
}
