import type { Tx } from '../db/database.ts';
import { runIdempotentWrite } from '../db/idempotency.ts';
import type { PaymentPlanRow } from '../db/schema.ts';
import type { IdempotentResult, StoredResponse } from '../db/write.ts';
import { canonicalJson } from '../domain/canonical-json.ts';
import { notFound } from '../domain/errors.ts';
import { sha256Hex } from '../platform/crypto.ts';
import { inMode, type ModeScope } from './authenticate.ts';
import { assertIdempotencyKey } from './checkout-sessions.ts';
import type { AppContext } from './context.ts';

/** The merchant's plan in the scope's mode, or 404 (another merchant's or mode's plan). */
export async function findMerchantPlan(
  ctx: AppContext,
  scope: ModeScope,
  planId: string,
): Promise<{ merchant_id: string; livemode: boolean }> {
  const plan = await ctx.db
    .selectFrom('payment_plans')
    .select(['merchant_id', 'livemode'])
    .where('id', '=', planId)
    .executeTakeFirst();
  if (!plan || plan.merchant_id !== scope.merchantId || !inMode(scope, plan.livemode))
    throw notFound('Payment plan');
  return plan;
}

/**
 * A merchant's write on one plan (refund, cancel) with an optional `Idempotency-Key`, scoped by
 * the plan's mode (so the dashboard token, which has none, still gets a key per mode). The
 * request hash covers the action and its canonical input.
 */
export async function runPlanCommand(
  ctx: AppContext,
  scope: ModeScope,
  planId: string,
  request: { action: string; input: object; idempotencyKey: string | undefined },
  command: (tx: Tx, now: Date) => Promise<StoredResponse>,
): Promise<IdempotentResult> {
  if (request.idempotencyKey !== undefined) assertIdempotencyKey(request.idempotencyKey);
  const now = ctx.clock.now();
  const plan = await findMerchantPlan(ctx, scope, planId);
  const requestHash = sha256Hex(
    `POST /plans/${planId}/${request.action}\n${canonicalJson(request.input)}`,
  );
  return runIdempotentWrite(
    ctx.db,
    request.idempotencyKey === undefined
      ? undefined
      : {
          merchantId: scope.merchantId,
          livemode: plan.livemode,
          key: request.idempotencyKey,
          requestHash,
          now,
        },
    (tx) => command(tx, now),
  );
}

/**
 * Locks the plan's merchant row, then the plan, and returns the plan as it now stands. The one
 * lock order of every write that spends a merchant's available balance (refunds, cancellations,
 * payouts lock the merchant too), so they never both spend it and never deadlock.
 */
export async function lockMerchantThenPlan(tx: Tx, planId: string): Promise<PaymentPlanRow> {
  const { merchant_id } = await tx
    .selectFrom('payment_plans')
    .select('merchant_id')
    .where('id', '=', planId)
    .executeTakeFirstOrThrow();
  await tx.selectFrom('merchants').select('id').where('id', '=', merchant_id).forUpdate().execute();
  return tx
    .selectFrom('payment_plans')
    .selectAll()
    .where('id', '=', planId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}
