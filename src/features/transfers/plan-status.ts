import type { Tx } from '../../db/database.ts';
import type { PaymentPlanRow } from '../../db/schema.ts';
import { transitionPlan } from '../../domain/plan.ts';

/**
 * Where a plan goes after a transfer paid an installment off: a defaulted plan with no failed
 * installment left is active again (its arrears are paid), and one with nothing open is
 * completed. The same rule as collections' `advancePlan` with no event of its own.
 */
export async function advanceAfterTransfer(
  tx: Tx,
  planId: string,
  status: PaymentPlanRow['status'],
  now: Date,
): Promise<PaymentPlanRow['status']> {
  const open = await tx
    .selectFrom('installments')
    .select('status')
    .where('plan_id', '=', planId)
    .where('status', 'not in', ['paid', 'cancelled'])
    .execute();
  let next = status;
  const apply = (event: Parameters<typeof transitionPlan>[1]) => {
    const transition = transitionPlan(next, event);
    if (transition.outcome === 'applied') next = transition.to;
  };
  if (next === 'defaulted' && !open.some((i) => i.status === 'failed')) apply('arrears_cleared');
  if (open.length === 0) apply('settled');
  if (next !== status) {
    await tx
      .updateTable('payment_plans')
      .set({ status: next, updated_at: now })
      .where('id', '=', planId)
      .execute();
  }
  return next;
}
