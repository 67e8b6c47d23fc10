import type { Tx } from '../../db/database.ts';
import type { ChargeRow, InstallmentRow, MerchantRow, PaymentPlanRow } from '../../db/schema.ts';
import { goodsReleaseMet } from '../../domain/merchant.ts';
import { splitPlatformFee } from '../../domain/money.ts';
import { assert } from '../../platform/assert.ts';
import { type NewWebhookEvent, recordEvents } from '../merchant-webhooks/index.ts';
import { type PlanView, planView } from './plan-view.ts';

/**
 * The merchant events a plan's changes cause (docs/webhooks.md). Each runs inside the transaction
 * that made the change, reads the plan as it now stands, and writes the events to the outbox, so
 * every payload carries the plan's current state: delivery order is not guaranteed.
 */

export async function currentPlan(
  tx: Tx,
  planId: string,
): Promise<{ row: PaymentPlanRow; view: PlanView }> {
  const row = await tx
    .selectFrom('payment_plans')
    .selectAll()
    .where('id', '=', planId)
    .executeTakeFirstOrThrow();
  const installments = await tx
    .selectFrom('installments')
    .selectAll()
    .where('plan_id', '=', planId)
    .execute();
  return { row, view: planView(row, installments) };
}

function installmentOf(plan: PlanView, installmentId: string) {
  const found = plan.installments.find((i) => i.id === installmentId);
  assert(found, `installment ${installmentId} is not in plan ${plan.id}`);
  return found;
}

/** Plan status changes merchants are told about, beyond the spec's catalogue. */
const STATUS_EVENTS = {
  completed: 'payment_plan.completed',
  defaulted: 'payment_plan.defaulted',
  cancelled: 'payment_plan.cancelled',
} as const;

export function statusChangeEvents(
  plan: PlanView,
  previousStatus: PaymentPlanRow['status'],
  base: Omit<NewWebhookEvent, 'type' | 'data'>,
): NewWebhookEvent[] {
  if (plan.status === previousStatus) return [];
  const type = STATUS_EVENTS[plan.status as keyof typeof STATUS_EVENTS] as
    NewWebhookEvent['type'] | undefined;
  return type ? [{ ...base, type, data: { payment_plan: plan } }] : [];
}

/** goods.release, once per plan, the first time the merchant's rule is met. */
async function goodsReleaseEvents(
  tx: Tx,
  row: PaymentPlanRow,
  plan: PlanView,
  base: Omit<NewWebhookEvent, 'type' | 'data'>,
  now: Date,
): Promise<NewWebhookEvent[]> {
  if (row.goods_released_at) return [];
  const { goods_release_rule: rule } = await tx
    .selectFrom('merchants')
    .select('goods_release_rule')
    .where('id', '=', row.merchant_id)
    .executeTakeFirstOrThrow();
  const events = goodsReleaseDue(row, plan, rule, base);
  if (events.length === 0) return [];
  await tx
    .updateTable('payment_plans')
    .set({ goods_released_at: now })
    .where('id', '=', row.id)
    .execute();
  return events;
}

/**
 * The goods.release event when the merchant's rule is met now and goods were not released before;
 * the caller sets the plan's `goods_released_at` in the same transaction when one is returned.
 */
function goodsReleaseDue(
  row: PaymentPlanRow,
  plan: PlanView,
  rule: MerchantRow['goods_release_rule'],
  base: Omit<NewWebhookEvent, 'type' | 'data'>,
): NewWebhookEvent[] {
  if (row.goods_released_at) return [];
  const paidKobo = plan.installments
    .filter((i) => i.status === 'paid')
    .reduce((sum, i) => sum + i.amount, 0);
  const deposit = plan.installments.find((i) => i.sequence === 0);
  const met = goodsReleaseMet(rule, {
    depositPaid: !deposit || deposit.status === 'paid',
    paidKobo,
    totalKobo: plan.amount,
  });
  if (!met) return [];
  return [
    {
      ...base,
      type: 'goods.release',
      data: {
        payment_plan: plan,
        order_reference: plan.order_reference,
        release_rule: rule,
        amount_paid: paidKobo,
        amount_outstanding: plan.amount - paidKobo,
      },
    },
  ];
}

function paymentData(charge: ChargeRow, paidAt: Date | null) {
  const split = splitPlatformFee(charge.amount_kobo);
  return {
    reference: charge.reference,
    attempt: charge.attempt,
    amount: charge.amount_kobo,
    fee: split.feeKobo,
    net: split.merchantNetKobo,
    currency: 'NGN',
    paid_at: paidAt?.toISOString() ?? null,
  };
}

/** A collected payment: payment.success (deposit) or installment_paid (+ alias), and what follows. */
export async function emitPaymentCollected(
  tx: Tx,
  charge: ChargeRow,
  previousStatus: PaymentPlanRow['status'],
  paidAt: Date,
  now: Date,
): Promise<void> {
  const { row, view } = await currentPlan(tx, charge.plan_id);
  const base = { merchantId: row.merchant_id, livemode: row.livemode };
  const installment = installmentOf(view, charge.installment_id);
  const data = { payment_plan: view, installment, payment: paymentData(charge, paidAt) };
  await recordEvents(
    tx,
    [
      {
        ...base,
        type: installment.sequence === 0 ? 'payment.success' : 'payment_plan.installment_paid',
        data,
      },
      ...(await goodsReleaseEvents(tx, row, view, base, now)),
      ...statusChangeEvents(view, previousStatus, base),
    ],
    now,
  );
}

/**
 * The same events as `emitPaymentCollected`, built from rows the caller already holds (the plan
 * and all its installments as they stand after the change, locked in its transaction), for a
 * batch of collections settled together. `releaseGoods` tells the caller to set the plan's
 * `goods_released_at` in that transaction; the caller writes the events with `recordEvents`.
 */
export function paymentCollectedEvents(input: {
  charge: ChargeRow;
  plan: PaymentPlanRow;
  installments: InstallmentRow[];
  goodsReleaseRule: MerchantRow['goods_release_rule'];
  previousStatus: PaymentPlanRow['status'];
  paidAt: Date;
}): { events: NewWebhookEvent[]; releaseGoods: boolean } {
  const { charge, plan: row } = input;
  const view = planView(row, input.installments);
  const base = { merchantId: row.merchant_id, livemode: row.livemode };
  const installment = installmentOf(view, charge.installment_id);
  const data = { payment_plan: view, installment, payment: paymentData(charge, input.paidAt) };
  const release = goodsReleaseDue(row, view, input.goodsReleaseRule, base);
  return {
    events: [
      {
        ...base,
        type: installment.sequence === 0 ? 'payment.success' : 'payment_plan.installment_paid',
        data,
      },
      ...release,
      ...statusChangeEvents(view, input.previousStatus, base),
    ],
    releaseGoods: release.length > 0,
  };
}

/** A failed attempt: payment.failed, the retry's debit.scheduled, or the plan's end. */
export async function emitPaymentFailed(
  tx: Tx,
  charge: ChargeRow,
  failure: { message: string | null; retryAt: Date | null },
  previousStatus: PaymentPlanRow['status'],
  now: Date,
): Promise<void> {
  const { row, view } = await currentPlan(tx, charge.plan_id);
  const base = { merchantId: row.merchant_id, livemode: row.livemode };
  const installment = installmentOf(view, charge.installment_id);
  const events: NewWebhookEvent[] = [
    {
      ...base,
      type: 'payment.failed',
      data: {
        payment_plan: view,
        installment,
        payment: { ...paymentData(charge, null), failure_message: failure.message },
        next_retry_at: failure.retryAt?.toISOString() ?? null,
        final_attempt: failure.retryAt === null,
      },
    },
    ...statusChangeEvents(view, previousStatus, base),
  ];
  if (failure.retryAt && installment.sequence > 0) {
    events.push(debitScheduled(view, installment.id, charge.attempt + 1, failure.retryAt, base));
  }
  await recordEvents(tx, events, now);
}

/**
 * A partial debit (decision 0045): payment.partial with what was taken (the `payment`, fee and
 * net on that amount alone), what was asked for and what the installment still owes, then the
 * retry's debit.scheduled, or the plan's default after the last attempt.
 */
export async function emitPaymentPartial(
  tx: Tx,
  charge: ChargeRow,
  partial: {
    requestedKobo: number;
    remainingKobo: number;
    message: string | null;
    retryAt: Date | null;
  },
  previousStatus: PaymentPlanRow['status'],
  paidAt: Date,
  now: Date,
): Promise<void> {
  const { row, view } = await currentPlan(tx, charge.plan_id);
  const base = { merchantId: row.merchant_id, livemode: row.livemode };
  const installment = installmentOf(view, charge.installment_id);
  const events: NewWebhookEvent[] = [
    {
      ...base,
      type: 'payment.partial',
      data: {
        payment_plan: view,
        installment,
        payment: {
          ...paymentData(charge, paidAt),
          requested_amount: partial.requestedKobo,
          gateway_message: partial.message,
        },
        amount_remaining: partial.remainingKobo,
        next_retry_at: partial.retryAt?.toISOString() ?? null,
        final_attempt: partial.retryAt === null,
      },
    },
    ...statusChangeEvents(view, previousStatus, base),
  ];
  if (partial.retryAt) {
    events.push(debitScheduled(view, installment.id, charge.attempt + 1, partial.retryAt, base));
  }
  await recordEvents(tx, events, now);
}

function debitScheduled(
  plan: PlanView,
  installmentId: string,
  attempt: number,
  runAt: Date,
  base: Omit<NewWebhookEvent, 'type' | 'data'>,
): NewWebhookEvent {
  return {
    ...base,
    type: 'debit.scheduled',
    data: {
      payment_plan: plan,
      installment: installmentOf(plan, installmentId),
      attempt,
      scheduled_for: runAt.toISOString(),
      payment_method_id: plan.payment_method_id,
    },
  };
}

/**
 * A confirmed plan: debit.scheduled for every later installment; a plan without a deposit is
 * active at once, so it also gets payment.success and, when the rule allows, goods.release.
 */
export async function emitPlanConfirmed(tx: Tx, planId: string, now: Date): Promise<void> {
  const { row, view } = await currentPlan(tx, planId);
  const base = { merchantId: row.merchant_id, livemode: row.livemode };
  const events: NewWebhookEvent[] = [];
  if (view.status === 'active') {
    events.push({
      ...base,
      type: 'payment.success',
      data: { payment_plan: view, installment: null, payment: null },
    });
    events.push(...(await goodsReleaseEvents(tx, row, view, base, now)));
  }
  for (const installment of view.installments) {
    if (installment.sequence > 0) {
      events.push(debitScheduled(view, installment.id, 1, new Date(installment.due_at), base));
    }
  }
  await recordEvents(tx, events, now);
}
