import { sql } from 'kysely';

import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/database.ts';
import { runWrite } from '../../db/write.ts';
import { DomainError, notFound } from '../../domain/errors.ts';
import { rescheduleReminders } from '../customer-notifications/index.ts';
import {
  getMerchantPlan,
  lockPlanWithInstallments,
  type PlanView,
  scheduleCollection,
} from '../plans/index.ts';

const DAY_MS = 86_400_000;

/**
 * Locks a plan for time travel: the merchant's own sandbox plan. Time travel is reached with a
 * test key only, which never sees a live plan: another merchant's or a live plan is 404
 * (decision 0015). Locks in the global order (ARCHITECTURE.md, "Lock order"): every installment
 * of the plan by id, then the plan, as a collection settling on it does; taking the plan first
 * deadlocked with one. Returns the plan and its installments in schedule order.
 */
async function lockSandboxPlan(tx: Tx, merchantId: string, planId: string) {
  const owner = await tx
    .selectFrom('payment_plans')
    .select(['merchant_id', 'livemode'])
    .where('id', '=', planId)
    .executeTakeFirst();
  // Neither changes once a plan exists: checked before anything is locked.
  if (!owner || owner.merchant_id !== merchantId || owner.livemode) throw notFound('Payment plan');
  const { plan, installments } = await lockPlanWithInstallments(tx, planId);
  return { plan, installments: installments.sort((a, b) => a.sequence - b.sequence) };
}

/** Installments whose collection is still to come: a first attempt or a retry. */
const WAITING: readonly string[] = ['scheduled', 'failed'];

const sandboxScope = (merchantId: string) => ({ merchantId, livemode: false });

/**
 * Sandbox time travel, "make the next installment due now" (issue 4 §9): the plan's next unpaid
 * installment becomes due now and its collection is queued at once (a failed one's retry comes
 * forward). Repeat to walk a whole plan in seconds.
 */
export async function collectNextInstallmentNow(
  ctx: AppContext,
  merchantId: string,
  planId: string,
): Promise<PlanView> {
  const now = ctx.clock.now();
  await runWrite(ctx.db, async (tx) => {
    const { plan, installments } = await lockSandboxPlan(tx, merchantId, planId);
    const next = installments.find((i) => WAITING.includes(i.status));
    if (!next) {
      throw new DomainError(
        'conflict',
        `Nothing to collect: the plan is ${plan.status} and no installment is waiting.`,
      );
    }
    if (next.status === 'scheduled' && next.due_at > now) {
      await tx.updateTable('installments').set({ due_at: now }).where('id', '=', next.id).execute();
      await rescheduleReminders(tx, [{ id: next.id, dueAt: now }], now);
    }
    // Same job key as the waiting job: graphile-worker replaces it, now due at once.
    await scheduleCollection(tx, next.id, next.failed_attempts + 1, now);
  });
  return getMerchantPlan(ctx, sandboxScope(merchantId), planId);
}

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
  if (!Number.isInteger(days) || days < 1 || days > 400) {
    throw new DomainError('invalid_request', 'days must be an integer from 1 to 400.');
  }
  const now = ctx.clock.now();
  const shiftMs = days * DAY_MS;
  await runWrite(ctx.db, async (tx) => {
    const { installments } = await lockSandboxPlan(tx, merchantId, planId);
    const waiting = installments.filter((i) => WAITING.includes(i.status));
    const moved = waiting.map((i) => ({ id: i.id, dueAt: new Date(i.due_at.getTime() - shiftMs) }));
    // The customer's reminders move with the due dates (or are dropped when it is too late).
    await rescheduleReminders(tx, moved, now);
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
      if (runAt) {
        await scheduleCollection(
          tx,
          installment.id,
          attempt,
          new Date(Math.max(runAt.getTime() - shiftMs, now.getTime())),
        );
      }
    }
  });
  return getMerchantPlan(ctx, sandboxScope(merchantId), planId);
}
