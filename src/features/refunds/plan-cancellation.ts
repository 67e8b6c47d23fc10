import type { AppContext } from '../../app-context.ts';
import type { Idempotent } from '../../db/write.ts';
import { DomainError } from '../../domain/errors.ts';
import { transitionPlan } from '../../domain/plan.ts';
import type { ModeScope } from '../access/index.ts';
import {
  closeCancelledPlan,
  loadPlan,
  lockPlanForChange,
  type PlanView,
  runPlanCommand,
} from '../plans/index.ts';
import { emitPlanChanged } from './refund-events.ts';
import type { RefundView } from './refund-view.ts';
import { refundableCharges, refundPlanInTx } from './refunds.ts';

export interface CancelPlanRequest {
  /** Also pay back everything collected (a refund of the whole cash part). */
  refund?: boolean | undefined;
  reason?: string | undefined;
}

/** The cancelled plan, and the refund made with it (`refund: true` and something collected). */
export interface CancelledPlan {
  payment_plan: PlanView | undefined;
  refund: RefundView | null;
}

/**
 * The merchant cancels a plan (POST …/plans/{plan_id}/cancel): no debit is attempted after this
 * commits (collections skip cancelled plans), the unpaid balance is released from the books
 * (`plan_cancelled`) and, with `refund: true`, what was collected is refunded in the same
 * transaction. A plan whose deposit was never collected also frees its order, as when the deposit
 * runs out of retries. A charge in flight is waited for (409): its outcome decides what to refund.
 */
export async function cancelPlan(
  ctx: AppContext,
  scope: ModeScope,
  planId: string,
  input: CancelPlanRequest,
  idempotencyKey: string | undefined,
): Promise<Idempotent<CancelledPlan>> {
  return runPlanCommand(
    ctx,
    scope,
    planId,
    { action: 'cancel', input, idempotencyKey },
    async (tx, now) => {
      const { plan, installments } = await lockPlanForChange(tx, planId);
      const transition = transitionPlan(plan.status, 'cancelled');
      if (transition.outcome !== 'applied') {
        throw new DomainError(
          'conflict',
          plan.status === 'cancelled'
            ? 'This plan is already cancelled.'
            : `A ${plan.status} plan cannot be cancelled: refund it instead (POST …/refunds).`,
        );
      }
      if (installments.some((i) => i.status === 'processing')) {
        throw new DomainError(
          'conflict',
          'A payment on this plan is being collected right now; try again in a minute, once its outcome is known.',
        );
      }
      await tx
        .updateTable('payment_plans')
        .set({ status: 'cancelled', updated_at: now })
        .where('id', '=', planId)
        .execute();
      await closeCancelledPlan(tx, planId, now, {
        releaseOrder: plan.status === 'pending_deposit',
      });
      await emitPlanChanged(tx, planId, { reason: 'cancelled' }, plan.status, now);
      const refundable = (await refundableCharges(tx, planId)).reduce(
        (sum, c) => sum + c.grossKobo - c.refundedKobo,
        0,
      );
      const refund =
        input.refund === true && refundable > 0
          ? await refundPlanInTx(ctx, tx, planId, { reason: input.reason }, now)
          : null;
      const view = await loadPlan(tx, planId);
      return { payment_plan: view, refund };
    },
  );
}
