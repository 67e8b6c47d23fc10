import { sql } from 'kysely';
import type { Static } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/database.ts';
import type { HardshipRequestRow, InstallmentRow, PaymentPlanRow } from '../../db/schema.ts';
import { runWrite } from '../../db/write.ts';
import { DomainError, notFound } from '../../domain/errors.ts';
import {
  effectiveHardshipStatus,
  HARDSHIP_STATUSES_USING_THE_REQUEST,
  type HardshipEvent,
  hardshipExpiresAt,
  type HardshipPlan,
  type HardshipSettings,
  hardshipStatusAfter,
  parseCalendarDate,
  planDueDateMove,
  planSpread,
} from '../../domain/hardship.ts';
import { addDays, formatCalendarDate, lagosDateOf } from '../../domain/lagos-time.ts';
import { assert } from '../../platform/assert.ts';
import { newId } from '../../platform/ids.ts';
import { inMode, type ModeScope } from '../access/index.ts';
import { type Operator, recordOperatorAction } from '../audit-log/index.ts';
import { recordEvent } from '../merchant-webhooks/index.ts';
import {
  currentPlan,
  loadPlan,
  lockPlanWithInstallments,
  oneForCustomer,
  type PlanView,
} from '../plans/index.ts';
import { applyApprovedRequest } from './apply.ts';
import type { CustomerHardship } from './schemas.ts';
import { loadHardshipSettings } from './settings.ts';
import { type HardshipRequestView, hardshipRequestView } from './view.ts';

export type NewHardshipRequest =
  | { kind: 'move_due_date'; installmentId: string; newDueDate: string; reason?: string }
  | { kind: 'spread'; extraInstallments: number; reason?: string };

export interface HardshipResult {
  hardship_request: HardshipRequestView;
  payment_plan: PlanView;
}

export function hardshipPlanOf(
  plan: PaymentPlanRow,
  installments: readonly InstallmentRow[],
): HardshipPlan {
  return {
    status: plan.status,
    frequency: plan.frequency,
    installments: installments.map((i) => ({
      id: i.id,
      sequence: i.sequence,
      status: i.status,
      amountKobo: i.amount_kobo,
      dueAt: i.due_at,
    })),
  };
}

/** Requests still `requested` past their expiry are written back as `expired` (read: derived). */
async function expireStale(tx: Tx, planId: string, now: Date): Promise<void> {
  await tx
    .updateTable('hardship_requests')
    .set({ status: 'expired', updated_at: now })
    .where('plan_id', '=', planId)
    .where('status', '=', 'requested')
    .where('expires_at', '<=', now)
    .execute();
}

/** Checks a request against the plan as it stands and the merchant's limits (throws if not). */
function checkRules(
  row: Pick<HardshipRequestRow, 'kind' | 'installment_id' | 'new_due_at' | 'extra_installments'>,
  plan: HardshipPlan,
  settings: HardshipSettings,
  now: Date,
): void {
  if (row.kind === 'move_due_date' && row.installment_id && row.new_due_at) {
    planDueDateMove(plan, settings, row.installment_id, lagosDateOf(row.new_due_at), now);
  } else if (row.kind === 'spread' && row.extra_installments !== null) {
    planSpread(plan, settings, row.extra_installments, now);
  }
}

/**
 * The customer asks (POST /customers/me/plans/{id}/hardship-requests). One transaction: the plan
 * and its installments locked in the global order (ARCHITECTURE.md, "Lock order"), stale requests
 * expired, the one-per-plan rule and the merchant's limits checked, the request stored; and, when
 * the merchant approves automatically, the schedule changed at once.
 */
export async function requestHardship(
  ctx: AppContext,
  customerId: string,
  planId: string,
  input: NewHardshipRequest,
): Promise<HardshipResult> {
  const now = ctx.clock.now();
  const newDueDate =
    input.kind === 'move_due_date' ? parseCalendarDate(input.newDueDate) : undefined;
  const id = await runWrite(ctx.db, async (tx) => {
    const owner = await tx
      .selectFrom('payment_plans')
      .select(['customer_id', 'merchant_id', 'livemode'])
      .where('id', '=', planId)
      .executeTakeFirst();
    if (!owner || owner.customer_id !== customerId) throw notFound('Payment plan');
    const { plan, installments } = await lockPlanWithInstallments(tx, planId);
    await expireStale(tx, planId, now);
    const existing = await tx
      .selectFrom('hardship_requests')
      .select(['status'])
      .where('plan_id', '=', planId)
      .where('status', 'in', [...HARDSHIP_STATUSES_USING_THE_REQUEST])
      .executeTakeFirst();
    if (existing) {
      throw new DomainError(
        'conflict',
        `This plan already has a hardship request (${existing.status}): a plan gets one.`,
      );
    }
    const settings = await loadHardshipSettings(tx, plan.merchant_id);
    const rules = hardshipPlanOf(plan, installments);
    const stored = {
      kind: input.kind,
      installment_id: input.kind === 'move_due_date' ? input.installmentId : null,
      new_due_at:
        newDueDate === undefined
          ? null
          : planDueDateMove(
              rules,
              settings,
              input.kind === 'move_due_date' ? input.installmentId : '',
              newDueDate,
              now,
            ).toDueAt,
      extra_installments: input.kind === 'spread' ? input.extraInstallments : null,
    };
    checkRules(stored, rules, settings, now);
    const requestId = newId('hsr');
    await tx
      .insertInto('hardship_requests')
      .values({
        id: requestId,
        plan_id: planId,
        merchant_id: plan.merchant_id,
        customer_id: customerId,
        livemode: plan.livemode,
        ...stored,
        reason: input.reason ?? null,
        status: 'requested',
        decided_by: null,
        decision_note: null,
        expires_at: hardshipExpiresAt(now),
        decided_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    if (settings.autoApprove) {
      await decideLocked(tx, requestId, plan, installments, 'approve', 'automatic', null, now);
    }
    return requestId;
  });
  return customerResult(ctx, id);
}

async function customerResult(ctx: AppContext, id: string): Promise<HardshipResult> {
  const row = await ctx.db
    .selectFrom('hardship_requests')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const view = await loadPlan(ctx.db, row.plan_id);
  assert(view, `plan ${row.plan_id} of hardship request ${id} not found`);
  return {
    hardship_request: hardshipRequestView(row, ctx.clock.now()),
    payment_plan: await oneForCustomer(ctx.db, view),
  };
}

/** The customer withdraws a request still waiting for an answer. */
export async function cancelHardshipRequest(
  ctx: AppContext,
  customerId: string,
  planId: string,
  requestId: string,
): Promise<HardshipResult> {
  const now = ctx.clock.now();
  await runWrite(ctx.db, async (tx) => {
    const row = await tx
      .selectFrom('hardship_requests')
      .selectAll()
      .where('id', '=', requestId)
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (!row || row.customer_id !== customerId || row.plan_id !== planId) {
      throw notFound('Hardship request');
    }
    const status = hardshipStatusAfter(
      effectiveHardshipStatus(row.status, row.expires_at, now),
      'cancel',
    );
    await tx
      .updateTable('hardship_requests')
      .set({ status, updated_at: now })
      .where('id', '=', requestId)
      .execute();
  });
  return customerResult(ctx, requestId);
}

/**
 * Approve or decline, with the plan already locked by the caller. Approval checks the rules again
 * against the plan as it is now (a payment may have been made since the request) and changes the
 * schedule; both write `payment_plan.updated` only when the schedule changed.
 */
async function decideLocked(
  tx: Tx,
  requestId: string,
  plan: PaymentPlanRow,
  installments: readonly InstallmentRow[],
  event: Exclude<HardshipEvent, 'cancel'>,
  decidedBy: 'merchant' | 'operator' | 'automatic',
  note: string | null,
  now: Date,
): Promise<void> {
  const row = await tx
    .selectFrom('hardship_requests')
    .selectAll()
    .where('id', '=', requestId)
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow();
  const status = hardshipStatusAfter(
    effectiveHardshipStatus(row.status, row.expires_at, now),
    event,
  );
  const settings = await loadHardshipSettings(tx, plan.merchant_id);
  if (status === 'approved') {
    const rules = hardshipPlanOf(plan, installments);
    checkRules(row, rules, settings, now);
    await applyApprovedRequest(tx, row, plan, installments, rules, settings, now);
  }
  await tx
    .updateTable('hardship_requests')
    .set({
      status,
      decided_by: decidedBy,
      decision_note: note,
      decided_at: now,
      updated_at: now,
    })
    .where('id', '=', requestId)
    .execute();
  if (status === 'approved') {
    const decided = await tx
      .selectFrom('hardship_requests')
      .selectAll()
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    const { row: planRow, view } = await currentPlan(tx, plan.id);
    await recordEvent(
      tx,
      {
        merchantId: planRow.merchant_id,
        livemode: planRow.livemode,
        type: 'payment_plan.updated',
        data: {
          payment_plan: view,
          reason: 'hardship',
          refund: null,
          hardship_request: hardshipRequestView(decided, now),
        },
      },
      now,
    );
  }
}

/**
 * Who decides: the merchant (dashboard or secret key) in its scope, or a signed-in operator,
 * whose answer is written to the operator audit log in the same transaction.
 */
export type Decider =
  { kind: 'merchant'; scope: ModeScope } | { kind: 'operator'; operator: Operator };

/** The merchant or an operator approves or declines a request still waiting. */
export async function decideHardshipRequest(
  ctx: AppContext,
  decider: Decider,
  requestId: string,
  event: Exclude<HardshipEvent, 'cancel'>,
  note: string | null,
): Promise<{ hardship_request: HardshipRequestView; payment_plan: PlanView }> {
  const now = ctx.clock.now();
  const found = await ctx.db
    .selectFrom('hardship_requests')
    .select(['plan_id', 'merchant_id', 'livemode'])
    .where('id', '=', requestId)
    .executeTakeFirst();
  if (
    !found ||
    (decider.kind === 'merchant' &&
      (found.merchant_id !== decider.scope.merchantId || !inMode(decider.scope, found.livemode)))
  ) {
    throw notFound('Hardship request');
  }
  await runWrite(ctx.db, async (tx) => {
    const { plan, installments } = await lockPlanWithInstallments(tx, found.plan_id);
    await decideLocked(tx, requestId, plan, installments, event, decider.kind, note, now);
    if (decider.kind === 'operator') {
      await recordOperatorAction(
        tx,
        decider.operator,
        {
          action: event === 'approve' ? 'hardship.approve' : 'hardship.decline',
          target: { type: 'merchant', id: found.merchant_id },
          reason: note,
          detail: { hardship_request_id: requestId, payment_plan_id: found.plan_id },
        },
        now,
      );
    }
  });
  const row = await ctx.db
    .selectFrom('hardship_requests')
    .selectAll()
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow();
  const view = await loadPlan(ctx.db, found.plan_id);
  assert(view, `plan ${found.plan_id} not found`);
  return { hardship_request: hardshipRequestView(row, now), payment_plan: view };
}

// ── reads ───────────────────────────────────────────────────────────────────────────────

export type CustomerHardshipView = Static<typeof CustomerHardship>;

/** What the customer may ask on this plan, and what they asked before. */
export async function getCustomerHardship(
  ctx: AppContext,
  customerId: string,
  planId: string,
): Promise<CustomerHardshipView> {
  const now = ctx.clock.now();
  const plan = await ctx.db
    .selectFrom('payment_plans')
    .selectAll()
    .where('id', '=', planId)
    .executeTakeFirst();
  if (!plan || plan.customer_id !== customerId) throw notFound('Payment plan');
  const installments = await ctx.db
    .selectFrom('installments')
    .selectAll()
    .where('plan_id', '=', planId)
    .execute();
  const settings = await loadHardshipSettings(ctx.db, plan.merchant_id);
  const rows = await ctx.db
    .selectFrom('hardship_requests')
    .selectAll()
    .where('plan_id', '=', planId)
    .orderBy('created_at', 'desc')
    // At the same instant, the request that holds the plan's one request comes first.
    .orderBy(sql`status IN ('requested', 'approved', 'declined')`, 'desc')
    .execute();
  const requests = rows.map((r) => hardshipRequestView(r, now));
  const used = requests.some((r) => HARDSHIP_STATUSES_USING_THE_REQUEST.includes(r.status));
  const rules = hardshipPlanOf(plan, installments);
  const movable = installments
    .filter((i) => {
      if (settings.maxMoveDays === 0) return false;
      // Movable if a move of one day (or to tomorrow, when that is later) would be accepted.
      const day = lagosDateOf(i.due_at);
      const tomorrow = addDays(lagosDateOf(now), 1);
      const next =
        formatCalendarDate(tomorrow) > formatCalendarDate(addDays(day, 1))
          ? tomorrow
          : addDays(day, 1);
      try {
        planDueDateMove(rules, settings, i.id, next, now);
        return true;
      } catch {
        return false;
      }
    })
    .sort((a, b) => a.sequence - b.sequence)
    .map((i) => {
      const day = lagosDateOf(i.due_at);
      // The earliest day a move may ask for: the day after the due day, or tomorrow when that
      // is already past (a failed installment).
      const earliest = [addDays(day, 1), addDays(lagosDateOf(now), 1)]
        .map(formatCalendarDate)
        .sort()
        .at(-1);
      return {
        installment_id: i.id,
        sequence: i.sequence,
        due_date: formatCalendarDate(day),
        earliest_due_date: earliest ?? formatCalendarDate(addDays(day, 1)),
        latest_due_date: formatCalendarDate(addDays(day, settings.maxMoveDays)),
      };
    });
  const spreadable = () => {
    try {
      planSpread(rules, settings, 1, now);
      return true;
    } catch {
      return false;
    }
  };
  return {
    max_move_days: settings.maxMoveDays,
    max_extra_installments: settings.maxExtraInstallments,
    auto_approve: settings.autoApprove,
    // Something must be askable: a date that may move, or a spread of at least one more.
    can_request: plan.status === 'active' && !used && (movable.length > 0 || spreadable()),
    movable_installments: movable,
    requests,
  };
}

/**
 * The merchant's requests (or, for operators, every merchant's), newest first (100), optionally
 * one status and one mode.
 */
export async function listHardshipRequests(
  ctx: AppContext,
  scope: ModeScope | 'all_merchants',
  filter: { status?: HardshipRequestView['status'] },
): Promise<HardshipRequestView[]> {
  const now = ctx.clock.now();
  let query = ctx.db.selectFrom('hardship_requests').selectAll();
  if (scope !== 'all_merchants') {
    query = query.where('merchant_id', '=', scope.merchantId);
    if (scope.livemode !== undefined) query = query.where('livemode', '=', scope.livemode);
  }
  // `requested` and `expired` are read from the clock: a request past expires_at is expired.
  switch (filter.status) {
    case undefined:
      break;
    case 'requested':
      query = query.where('status', '=', 'requested').where('expires_at', '>', now);
      break;
    case 'expired':
      query = query.where((eb) =>
        eb.or([
          eb('status', '=', 'expired'),
          eb.and([eb('status', '=', 'requested'), eb('expires_at', '<=', now)]),
        ]),
      );
      break;
    default:
      query = query.where('status', '=', filter.status);
  }
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(100).execute();
  return rows.map((r) => hardshipRequestView(r, now));
}
