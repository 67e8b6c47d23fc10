import type { Tx } from '../../db/database.ts';
import type { PaymentPlanRow } from '../../db/schema.ts';
import { planClosedEntry } from '../../domain/ledger.ts';
import { CANCELLABLE_INSTALLMENT_STATUSES, transitionPlan } from '../../domain/plan.ts';
import { appendJournalEntry } from '../money/index.ts';

/** Plan status moves other than collections' own (refunds and cancellations). */

/** A plan with nothing left to collect (everything paid or refunded away) is completed. */
export async function settlePlanIfNothingOpen(
  tx: Tx,
  plan: Pick<PaymentPlanRow, 'id' | 'status'>,
  now: Date,
): Promise<PaymentPlanRow['status']> {
  const open = await tx
    .selectFrom('installments')
    .select('id')
    .where('plan_id', '=', plan.id)
    .where('status', 'not in', ['paid', 'cancelled'])
    .executeTakeFirst();
  if (open) return plan.status;
  const settled = transitionPlan(plan.status, 'settled');
  if (settled.outcome !== 'applied') return plan.status;
  await tx
    .updateTable('payment_plans')
    .set({ status: settled.to, updated_at: now })
    .where('id', '=', plan.id)
    .execute();
  return settled.to;
}

/**
 * Closes a cancelled plan's books: what is still unpaid is released from the receivable
 * (`plan_cancelled`), its unpaid installments are cancelled and, when `releaseOrder` (no deposit
 * was ever collected), its checkout session is cancelled too, so the merchant can offer that
 * order again (only completed sessions block an order reference).
 */
export async function closeCancelledPlan(
  tx: Tx,
  planId: string,
  now: Date,
  options: { releaseOrder: boolean },
): Promise<void> {
  const plan = await tx
    .selectFrom('payment_plans')
    .select(['merchant_id', 'checkout_session_id'])
    .where('id', '=', planId)
    .executeTakeFirstOrThrow();
  const open = await tx
    .selectFrom('installments')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount_kobo'), eb.val('0')).as('total'))
    .where('plan_id', '=', planId)
    .where('status', 'in', ['scheduled', 'failed'])
    .executeTakeFirstOrThrow();
  const outstandingKobo = Number(open.total);
  if (outstandingKobo > 0) {
    await appendJournalEntry(
      tx,
      planClosedEntry({
        planId,
        merchantId: plan.merchant_id,
        outstandingKobo,
        reason: 'cancelled',
      }),
      now,
    );
  }
  await tx
    .updateTable('installments')
    .set({ status: 'cancelled' })
    .where('plan_id', '=', planId)
    .where('status', 'in', CANCELLABLE_INSTALLMENT_STATUSES)
    .execute();
  if (options.releaseOrder) {
    await tx
      .updateTable('checkout_sessions')
      .set({ status: 'cancelled', cancelled_at: now })
      .where('id', '=', plan.checkout_session_id)
      .execute();
  }
}
