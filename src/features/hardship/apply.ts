import type { Tx } from '../../db/database.ts';
import type { HardshipRequestRow, InstallmentRow, PaymentPlanRow } from '../../db/schema.ts';
import {
  type HardshipPlan,
  type HardshipSettings,
  planDueDateMove,
  planSpread,
} from '../../domain/hardship.ts';
import { lagosDateOf } from '../../domain/lagos-time.ts';
import { assert } from '../../platform/assert.ts';
import { newId } from '../../platform/ids.ts';
import {
  rescheduleReminders,
  scheduleInstallmentReminders,
} from '../customer-notifications/index.ts';
import { scheduleCollection } from '../plans/index.ts';

/**
 * Changes the schedule for an approved request, inside the deciding transaction, with every
 * installment of the plan and then the plan already locked (lockPlanWithInstallments). No money
 * moves: what the customer owes is the same, so the ledger is untouched (decision 0072).
 *
 * - Move: the installment's due date changes; its waiting collection (first attempt or retry:
 *   job key collect:<id>:<attempt>) is replaced to run at the new due time, so nothing is
 *   collected before it; a failed installment's attempts so far are excused (they no longer
 *   count as missed) and its reminders follow the date.
 * - Spread: the scheduled installments get their new amounts (same dates); the added ones are
 *   created with their collection jobs and reminders; the plan's installment_count grows.
 */
export async function applyApprovedRequest(
  tx: Tx,
  request: HardshipRequestRow,
  plan: PaymentPlanRow,
  installments: readonly InstallmentRow[],
  rules: HardshipPlan,
  settings: HardshipSettings,
  now: Date,
): Promise<void> {
  if (request.kind === 'move_due_date') {
    assert(request.installment_id && request.new_due_at, `request ${request.id} has no move`);
    const move = planDueDateMove(
      rules,
      settings,
      request.installment_id,
      lagosDateOf(request.new_due_at),
      now,
    );
    const installment = installments.find((i) => i.id === move.installmentId);
    assert(installment, `installment ${move.installmentId} is not in plan ${plan.id}`);
    await tx
      .updateTable('installments')
      .set({ due_at: move.toDueAt, excused_failed_attempts: installment.failed_attempts })
      .where('id', '=', installment.id)
      .execute();
    // Same job key as the waiting job: graphile-worker replaces its run_at.
    await scheduleCollection(tx, installment.id, installment.failed_attempts + 1, move.toDueAt);
    await rescheduleReminders(tx, [{ id: installment.id, dueAt: move.toDueAt }], now);
    return;
  }
  assert(request.extra_installments !== null, `request ${request.id} has no spread`);
  const spread = planSpread(rules, settings, request.extra_installments, now);
  for (const changed of spread.changed) {
    await tx
      .updateTable('installments')
      .set({ amount_kobo: changed.amountKobo })
      .where('id', '=', changed.id)
      .execute();
  }
  const added = await tx
    .insertInto('installments')
    .values(
      spread.added.map((a) => ({
        id: newId('inst'),
        plan_id: plan.id,
        sequence: a.sequence,
        amount_kobo: a.amountKobo,
        due_at: a.dueAt,
        status: 'scheduled' as const,
        charge_reference: null,
        failed_attempts: 0,
        paid_at: null,
      })),
    )
    .returningAll()
    .execute();
  await tx
    .updateTable('payment_plans')
    .set({ installment_count: plan.installment_count + added.length, updated_at: now })
    .where('id', '=', plan.id)
    .execute();
  for (const installment of added) {
    await scheduleCollection(tx, installment.id, 1, installment.due_at);
  }
  await scheduleInstallmentReminders(tx, plan, added, now);
}
