import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/database.ts';
import { runIdempotentWrite } from '../../db/idempotency.ts';
import type { InstallmentRow, PaymentPlanRow } from '../../db/schema.ts';
import type { Idempotent } from '../../db/write.ts';
import { canonicalJson } from '../../domain/canonical-json.ts';
import { notFound } from '../../domain/errors.ts';
import { assertIdempotencyKey } from '../../domain/idempotency-key.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { inMode, type ModeScope } from '../access/index.ts';

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
  if (!plan || plan.merchant_id !== scope.merchantId || !inMode(scope, plan.livemode)) {
    throw notFound('Payment plan');
  }
  return plan;
}

/**
 * A merchant's write on one plan (refund, cancel) with an optional `Idempotency-Key`, scoped by
 * the plan's mode (so the dashboard token, which has none, still gets a key per mode). The
 * request hash covers the action and its canonical input.
 */
export async function runPlanCommand<T>(
  ctx: AppContext,
  scope: ModeScope,
  planId: string,
  request: { action: string; input: object; idempotencyKey: string | undefined },
  command: (tx: Tx, now: Date) => Promise<T>,
): Promise<Idempotent<T>> {
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
 * Locks what a merchant's change to a plan touches, in the global lock order (ARCHITECTURE.md,
 * "Lock order"): the merchant row (refunds, cancellations and payouts spend its available balance,
 * so they never both spend it), then every installment of the plan by id, then the plan. All
 * three `FOR NO KEY UPDATE`: a `FOR UPDATE` on the merchant would also block the foreign-key
 * check (`FOR KEY SHARE`) of a journal entry that a settling collection books for this merchant
 * while it holds the installment we wait for, which was a deadlock.
 * Returns the plan and its installments as they now stand.
 */
export async function lockPlanForChange(
  tx: Tx,
  planId: string,
): Promise<{ plan: PaymentPlanRow; installments: InstallmentRow[] }> {
  const { merchant_id } = await tx
    .selectFrom('payment_plans')
    .select('merchant_id')
    .where('id', '=', planId)
    .executeTakeFirstOrThrow();
  await tx
    .selectFrom('merchants')
    .select('id')
    .where('id', '=', merchant_id)
    .forNoKeyUpdate()
    .execute();
  return lockPlanWithInstallments(tx, planId);
}

/**
 * The plan half of the global lock order (ARCHITECTURE.md, "Lock order"): every installment of the
 * plan by id, then the plan, both `FOR NO KEY UPDATE`. Whoever changes one plan locks it this way,
 * after anything earlier in the order (the merchant, the charge). Installments come in id order.
 */
export async function lockPlanWithInstallments(
  tx: Tx,
  planId: string,
): Promise<{ plan: PaymentPlanRow; installments: InstallmentRow[] }> {
  const installments = await tx
    .selectFrom('installments')
    .selectAll()
    .where('plan_id', '=', planId)
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
  const plan = await tx
    .selectFrom('payment_plans')
    .selectAll()
    .where('id', '=', planId)
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow();
  return { plan, installments };
}
