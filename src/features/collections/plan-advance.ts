import type { Tx } from '../../db/database.ts';
import { transitionPlan } from '../../domain/plan.ts';
import { closeCancelledPlan } from '../plans/index.ts';

/**
 * Where a plan goes after `event` (if any): a defaulted plan with no failed installment left is
 * active again (the customer paid the arrears), and one with nothing left to collect is settled.
 */
export function nextPlanStatus(
  status: Parameters<typeof transitionPlan>[0],
  event: Parameters<typeof transitionPlan>[1] | null,
  open: { any: boolean; failed: boolean },
): Parameters<typeof transitionPlan>[0] {
  let next = status;
  const apply = (e: Parameters<typeof transitionPlan>[1]) => {
    const transition = transitionPlan(next, e);
    if (transition.outcome === 'applied') next = transition.to;
  };
  if (event) apply(event);
  if (next === 'defaulted' && !open.failed) apply('arrears_cleared');
  if (!open.any) apply('settled');
  return next;
}

export async function advancePlan(
  tx: Tx,
  planId: string,
  status: Parameters<typeof transitionPlan>[0],
  event: Parameters<typeof transitionPlan>[1] | null,
  now: Date,
): Promise<void> {
  const open = await tx
    .selectFrom('installments')
    .select('status')
    .where('plan_id', '=', planId)
    .where('status', 'not in', ['paid', 'cancelled'])
    .execute();
  const next = nextPlanStatus(status, event, {
    any: open.length > 0,
    failed: open.some((i) => i.status === 'failed'),
  });
  if (next !== status) {
    await tx
      .updateTable('payment_plans')
      .set({ status: next, updated_at: now })
      .where('id', '=', planId)
      .execute();
  }
  // Collections cancel a plan only when its deposit ran out of retries: the order is free again.
  if (next === 'cancelled' && status !== 'cancelled') {
    await closeCancelledPlan(tx, planId, now, { releaseOrder: true });
  }
}
