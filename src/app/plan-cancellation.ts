import { runIdempotentWrite } from '../db/idempotency.ts';
import type { IdempotentResult } from '../db/write.ts';
import { canonicalJson } from '../domain/canonical-json.ts';
import { DomainError, notFound } from '../domain/errors.ts';
import { transitionPlan } from '../domain/plan.ts';
import { sha256Hex } from '../platform/crypto.ts';
import { inMode, type ModeScope } from './authenticate.ts';
import { assertIdempotencyKey } from './checkout-sessions.ts';
import type { AppContext } from './context.ts';
import { emitPlanChanged } from './plan-events.ts';
import { closeCancelledPlan } from './plan-status.ts';
import { loadPlan } from './plans.ts';
import { refundableCharges, refundPlanInTx } from './refunds.ts';

export interface CancelPlanRequest {
  /** Also pay back everything collected (a refund of the whole cash part). */
  refund?: boolean | undefined;
  reason?: string | undefined;
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
): Promise<IdempotentResult> {
  if (idempotencyKey !== undefined) assertIdempotencyKey(idempotencyKey);
  const now = ctx.clock.now();
  const found = await ctx.db
    .selectFrom('payment_plans')
    .select(['merchant_id', 'livemode'])
    .where('id', '=', planId)
    .executeTakeFirst();
  if (!found || found.merchant_id !== scope.merchantId || !inMode(scope, found.livemode))
    throw notFound('Payment plan');
  const requestHash = sha256Hex(`POST /plans/${planId}/cancel\n${canonicalJson(input)}`);
  return runIdempotentWrite(
    ctx.db,
    idempotencyKey === undefined
      ? undefined
      : {
          merchantId: scope.merchantId,
          livemode: found.livemode,
          key: idempotencyKey,
          requestHash,
          now,
        },
    async (tx) => {
      // The same lock order as refunds and payouts: the merchant, then the plan.
      await tx
        .selectFrom('merchants')
        .select('id')
        .where('id', '=', found.merchant_id)
        .forUpdate()
        .execute();
      const plan = await tx
        .selectFrom('payment_plans')
        .selectAll()
        .where('id', '=', planId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const transition = transitionPlan(plan.status, 'cancelled');
      if (transition.outcome !== 'applied')
        throw new DomainError(
          'conflict',
          plan.status === 'cancelled'
            ? 'This plan is already cancelled.'
            : `A ${plan.status} plan cannot be cancelled: refund it instead (POST …/refunds).`,
        );
      const inFlight = await tx
        .selectFrom('installments')
        .select('id')
        .where('plan_id', '=', planId)
        .where('status', '=', 'processing')
        .executeTakeFirst();
      if (inFlight)
        throw new DomainError(
          'conflict',
          'A payment on this plan is being collected right now; try again in a minute, once its outcome is known.',
        );
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
      return { status: 200, body: { ok: true, data: { payment_plan: view, refund } } };
    },
  );
}
