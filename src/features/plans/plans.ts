import type { Static } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import type { Db, Tx } from '../../db/database.ts';
import { newestFirst, type Page, pageOf } from '../../db/pagination.ts';
import type { PaymentPlanRow } from '../../db/schema.ts';
import { runWrite } from '../../db/write.ts';
import { effectiveSessionStatus } from '../../domain/checkout-session.ts';
import { DomainError, notFound } from '../../domain/errors.ts';
import { planConfirmedEntry } from '../../domain/ledger.ts';
import { splitPlatformFee } from '../../domain/money.ts';
import { initialPlanStatus } from '../../domain/plan.ts';
import { buildSchedule, validatePlanConfiguration } from '../../domain/schedule.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { newId } from '../../platform/ids.ts';
import { inMode, type ModeScope } from '../access/index.ts';
import { constraintsFromStored, orderAlreadyCompleted } from '../checkout/index.ts';
import { scheduleInstallmentReminders } from '../customer-notifications/index.ts';
import { appendJournalEntry } from '../money/index.ts';
import { assertUsablePaymentMethod } from '../payment-methods/index.ts';
import { assertEligibleToConfirm } from '../trust/index.ts';
import { emitPlanConfirmed } from './events.ts';
import { type PlanFilter, planFilterCondition } from './plan-filter.ts';
import { loadPlan, type PlanView, planView } from './plan-view.ts';
import type { Charge } from './schemas.ts';

/** Outbox: a collection job per installment, added in the transaction that creates it. */
export async function scheduleCollection(
  tx: Tx,
  installmentId: string,
  attempt: number,
  runAt: Date,
): Promise<void> {
  await enqueue(
    tx,
    'collect_installment',
    { installment_id: installmentId },
    { runAt, jobKey: `collect:${installmentId}:${attempt}`, maxAttempts: 10 },
  );
}

export interface ConfirmPlanInput {
  frequency: 'weekly' | 'monthly';
  installmentCount: number;
  upfrontPct: number;
  paymentMethodId: string;
}

/**
 * The widget's final step (issue 4 §2): with the session token and the customer's token, turn
 * the session into a plan. One transaction validates the configuration against the session's
 * constraints, creates the plan and its installments, books the receivable in the ledger,
 * completes the session, queues the collection of every installment (the deposit at once) and
 * the customer's reminder before each later one.
 * Confirming again returns the same plan.
 */
export async function confirmPlan(
  ctx: AppContext,
  customerId: string,
  sessionToken: string,
  input: ConfirmPlanInput,
): Promise<PlanView> {
  const now = ctx.clock.now();
  try {
    return await runWrite(ctx.db, async (tx) => {
      const session = await tx
        .selectFrom('checkout_sessions')
        .selectAll()
        .where('token', '=', sessionToken)
        .forUpdate()
        .executeTakeFirst();
      if (!session) throw notFound('Checkout session');
      const status = effectiveSessionStatus(session.status, session.expires_at, now);
      if (status === 'completed') {
        // A repeat of the same confirm (a double click, a retry after a dropped connection) is
        // answered with the plan it made. Other choices (a second tab) are refused like any
        // confirm of a completed session: answering with the first plan would tell that tab
        // its choices were taken when they were not (decision 0027).
        const existing = await tx
          .selectFrom('payment_plans')
          .select(['id', 'frequency', 'installment_count', 'upfront_pct', 'payment_method_id'])
          .where('checkout_session_id', '=', session.id)
          .where('customer_id', '=', customerId)
          .executeTakeFirst();
        if (existing && sameChoices(existing, input)) {
          return (await loadPlan(tx, existing.id)) ?? Promise.reject(new Error('plan vanished'));
        }
        if (existing) {
          throw new DomainError(
            'session_not_pending',
            'Cannot confirm a plan: this checkout was already confirmed with other choices; that plan stands.',
          );
        }
      }
      if (status !== 'pending') {
        throw new DomainError(
          'session_not_pending',
          `Cannot confirm a plan: the checkout session is ${status}.`,
        );
      }
      await assertEligibleToConfirm(tx, customerId, session, now);
      await assertUsablePaymentMethod(tx, customerId, input.paymentMethodId);
      const config = {
        amountKobo: session.amount_kobo,
        frequency: input.frequency,
        installmentCount: input.installmentCount,
        upfrontPct: input.upfrontPct,
        startsAt: now,
      };
      validatePlanConfiguration(config, constraintsFromStored(session.constraints));
      const schedule = buildSchedule(config);
      // Who bought, as they are at this checkout (decision 0052): the order keeps it even if
      // the account changes later, as a receipt does.
      const buyer = await tx
        .selectFrom('customers')
        .select(['first_name', 'last_name', 'email', 'phone'])
        .where('id', '=', customerId)
        .executeTakeFirstOrThrow();

      const plan = await tx
        .insertInto('payment_plans')
        .values({
          id: newId('plan'),
          merchant_id: session.merchant_id,
          customer_id: customerId,
          checkout_session_id: session.id,
          payment_method_id: input.paymentMethodId,
          livemode: session.livemode,
          amount_kobo: session.amount_kobo,
          currency: 'NGN',
          frequency: input.frequency,
          installment_count: input.installmentCount,
          upfront_pct: input.upfrontPct,
          order_reference: session.order_reference,
          status: initialPlanStatus(schedule.depositKobo),
          created_at: now,
          updated_at: now,
          title: session.title,
          metadata: JSON.stringify(session.metadata),
          line_items: session.line_items === null ? null : JSON.stringify(session.line_items),
          customer_fields:
            session.customer_fields === null ? null : JSON.stringify(session.customer_fields),
          customer_name: `${buyer.first_name} ${buyer.last_name}`.trim(),
          customer_email: buyer.email,
          customer_phone: buyer.phone,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const due = [
        ...(schedule.depositKobo > 0
          ? [{ sequence: 0, amountKobo: schedule.depositKobo, dueAt: now }]
          : []),
        ...schedule.installments,
      ];
      const installments = await tx
        .insertInto('installments')
        .values(
          due.map((d) => ({
            id: newId('inst'),
            plan_id: plan.id,
            sequence: d.sequence,
            amount_kobo: d.amountKobo,
            due_at: d.dueAt,
            status: 'scheduled' as const,
            charge_reference: null,
            failed_attempts: 0,
            paid_at: null,
          })),
        )
        .returningAll()
        .execute();
      await appendJournalEntry(
        tx,
        planConfirmedEntry({
          planId: plan.id,
          merchantId: plan.merchant_id,
          amountKobo: plan.amount_kobo,
        }),
        now,
      );
      await tx
        .updateTable('checkout_sessions')
        .set({ status: 'completed', completed_at: now })
        .where('id', '=', session.id)
        .execute();
      for (const installment of installments) {
        await scheduleCollection(tx, installment.id, 1, installment.due_at);
      }
      await emitPlanConfirmed(tx, plan.id, now);
      await scheduleInstallmentReminders(tx, plan, installments, now);
      return planView(plan, installments);
    });
  } catch (error) {
    throw orderAlreadyCompleted(error);
  }
}

function sameChoices(
  plan: {
    frequency: string;
    installment_count: number;
    upfront_pct: number;
    payment_method_id: string;
  },
  input: ConfirmPlanInput,
): boolean {
  return (
    plan.frequency === input.frequency &&
    plan.installment_count === input.installmentCount &&
    plan.upfront_pct === input.upfrontPct &&
    plan.payment_method_id === input.paymentMethodId
  );
}

/**
 * A merchant reads its own plans only, and a secret key only its own mode's: another merchant's
 * or another mode's plan is 404 (decision 0015).
 */
export async function getMerchantPlan(
  ctx: AppContext,
  scope: ModeScope,
  planId: string,
): Promise<PlanView> {
  const plan = await loadPlan(ctx.db, planId);
  if (!plan || plan.merchant_id !== scope.merchantId || !inMode(scope, plan.livemode)) {
    throw notFound('Payment plan');
  }
  return plan;
}

export async function listMerchantPlans(
  ctx: AppContext,
  scope: ModeScope,
  filter: PlanFilter & { limit: number; cursor?: string },
): Promise<Page<PlanView>> {
  let query = ctx.db
    .selectFrom('payment_plans')
    .selectAll()
    .where('merchant_id', '=', scope.merchantId);
  if (scope.livemode !== undefined) query = query.where('livemode', '=', scope.livemode);
  const condition = planFilterCondition('payment_plans', filter);
  if (condition) query = query.where(condition);
  const rows = await newestFirst(query, filter, 'plan_').execute();
  return plansPage(ctx.db, rows, filter.limit);
}

/** A page of plan rows (fetched with `limit + 1`) as views, their installments in one query. */
export async function plansPage(
  db: Db,
  rows: readonly PaymentPlanRow[],
  limit: number,
): Promise<Page<PlanView>> {
  const shown = rows.slice(0, limit);
  const installments =
    shown.length === 0
      ? []
      : await db
          .selectFrom('installments')
          .selectAll()
          .where(
            'plan_id',
            'in',
            shown.map((p) => p.id),
          )
          .execute();
  return pageOf(rows, limit, (plan) =>
    planView(
      plan,
      installments.filter((i) => i.plan_id === plan.id),
    ),
  );
}

export type ChargeView = Static<typeof Charge>;

/** Every charge attempt on a merchant's plan, oldest first (404 like the plan itself). */
export async function listPlanCharges(
  ctx: AppContext,
  scope: ModeScope,
  planId: string,
): Promise<ChargeView[]> {
  await getMerchantPlan(ctx, scope, planId);
  const rows = await ctx.db
    .selectFrom('charges as c')
    .innerJoin('installments as i', 'i.id', 'c.installment_id')
    .select([
      'c.reference',
      'c.installment_id',
      'i.sequence',
      'c.attempt',
      'c.initiated_by',
      'c.amount_kobo',
      'c.status',
      'c.gateway_message',
      'c.requested_kobo',
      'c.created_at',
      'c.settled_at',
    ])
    .where('c.plan_id', '=', planId)
    .orderBy('c.created_at')
    .orderBy('i.sequence')
    .orderBy('c.attempt')
    .execute();
  return rows.map((r) => ({
    reference: r.reference,
    object: 'charge',
    installment_id: r.installment_id,
    sequence: r.sequence,
    attempt: r.attempt,
    initiated_by: r.initiated_by,
    amount: r.amount_kobo,
    fee: r.status === 'success' ? splitPlatformFee(r.amount_kobo).feeKobo : 0,
    status: r.status,
    gateway_message: r.gateway_message,
    requested_amount: r.requested_kobo,
    created_at: r.created_at.toISOString(),
    settled_at: r.settled_at?.toISOString() ?? null,
  }));
}
