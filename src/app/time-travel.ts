import { sql } from 'kysely';
import { runWrite } from '../db/write.ts';
import { DomainError, notFound } from '../domain/errors.ts';
import type { AppContext } from './context.ts';
import { getMerchantPlan, type PlanView, scheduleCollection } from './plans.ts';

const DAY_MS = 86_400_000;

/**
 * Sandbox time travel, "advance the plan's clock" (issue 4 §9): as if `days` had passed for this
 * plan. Every unpaid installment's due date moves `days` earlier and every waiting collection
 * (first attempt or retry) comes forward by as much, running at once when that is in the past.
 * A failed installment thus becomes overdue, which makes its customer delinquent until it is paid
 * (the eligibility check shows it). Sandbox plans only.
 */
export async function advancePlanClockBy(
  ctx: AppContext,
  merchantId: string,
  planId: string,
  days: number,
): Promise<PlanView> {
  if (!Number.isInteger(days) || days < 1 || days > 400)
    throw new DomainError('invalid_request', 'days must be an integer from 1 to 400.');
  const now = ctx.clock.now();
  const shiftMs = days * DAY_MS;
  await runWrite(ctx.db, async (tx) => {
    const plan = await tx
      .selectFrom('payment_plans')
      .select(['merchant_id', 'livemode', 'status'])
      .where('id', '=', planId)
      .forUpdate()
      .executeTakeFirst();
    if (!plan || plan.merchant_id !== merchantId) throw notFound('Payment plan');
    if (plan.livemode)
      throw new DomainError('forbidden', 'Time travel works on sandbox (sk_test_) plans only.');
    const waiting = await tx
      .selectFrom('installments')
      .selectAll()
      .where('plan_id', '=', planId)
      .where('status', 'in', ['scheduled', 'failed'])
      .forUpdate()
      .execute();
    for (const installment of waiting) {
      await tx
        .updateTable('installments')
        .set({ due_at: new Date(installment.due_at.getTime() - shiftMs) })
        .where('id', '=', installment.id)
        .execute();
      const attempt = installment.failed_attempts + 1;
      const job = await sql<{ run_at: Date }>`
        SELECT run_at FROM graphile_worker.jobs
         WHERE key = ${`collect:${installment.id}:${attempt}`}`.execute(tx);
      const runAt = job.rows[0]?.run_at;
      // A defaulted or cancelled plan has no waiting job: nothing to bring forward.
      if (runAt)
        await scheduleCollection(
          tx,
          installment.id,
          attempt,
          new Date(Math.max(runAt.getTime() - shiftMs, now.getTime())),
        );
    }
  });
  return getMerchantPlan(ctx, merchantId, planId);
}
