import type { Static } from 'typebox';

import type { Db, Tx } from '../../db/database.ts';
import type { InstallmentRow, PaymentPlanRow } from '../../db/schema.ts';
import { assert } from '../../platform/assert.ts';
import type { Plan } from './schemas.ts';

export type PlanView = Static<typeof Plan>;

export function planView(plan: PaymentPlanRow, installments: InstallmentRow[]): PlanView {
  return {
    id: plan.id,
    object: 'payment_plan',
    merchant_id: plan.merchant_id,
    customer_id: plan.customer_id,
    checkout_session_id: plan.checkout_session_id,
    order_reference: plan.order_reference,
    title: plan.title,
    line_items: plan.line_items,
    metadata: plan.metadata,
    customer: {
      id: plan.customer_id,
      name: plan.customer_name,
      email: plan.customer_email,
      phone: plan.customer_phone,
    },
    customer_fields: plan.customer_fields,
    livemode: plan.livemode,
    amount: plan.amount_kobo,
    currency: plan.currency,
    frequency: plan.frequency,
    installment_count: plan.installment_count,
    upfront_pct: plan.upfront_pct,
    status: plan.status,
    payment_method_id: plan.payment_method_id,
    installments: [...installments]
      .sort((a, b) => a.sequence - b.sequence)
      .map((i) => ({
        id: i.id,
        sequence: i.sequence,
        amount: i.amount_kobo,
        refunded: i.refunded_kobo,
        partially_paid: i.partially_paid_kobo,
        due_at: i.due_at.toISOString(),
        status: i.status,
        paid_at: i.paid_at?.toISOString() ?? null,
      })),
    created_at: plan.created_at.toISOString(),
  };
}

export async function loadPlan(db: Db | Tx, planId: string): Promise<PlanView | undefined> {
  const plan = await db
    .selectFrom('payment_plans')
    .selectAll()
    .where('id', '=', planId)
    .executeTakeFirst();
  if (!plan) return undefined;
  const installments = await db
    .selectFrom('installments')
    .selectAll()
    .where('plan_id', '=', planId)
    .execute();
  return planView(plan, installments);
}

/**
 * A plan as its customer reads it: the shop's name added, the merchant's metadata left out
 * (decision 0051: the merchant's own keys are not the customer's to read).
 */
export function customerPlanView(plan: PlanView, merchantName: string): PlanView {
  const shown: PlanView = { ...plan, merchant_name: merchantName };
  delete shown.metadata;
  return shown;
}

/** Plans as their customer reads them (`customerPlanView`), the shops' names in one query. */
export async function forCustomer(db: Db | Tx, plans: readonly PlanView[]): Promise<PlanView[]> {
  const merchantIds = [...new Set(plans.map((p) => p.merchant_id))];
  const merchants =
    merchantIds.length === 0
      ? []
      : await db
          .selectFrom('merchants')
          .select(['id', 'business_name'])
          .where('id', 'in', merchantIds)
          .execute();
  const names = new Map(merchants.map((m) => [m.id, m.business_name]));
  return plans.map((p) => customerPlanView(p, names.get(p.merchant_id) ?? ''));
}

/** One plan as its customer reads it. */
export async function oneForCustomer(db: Db | Tx, plan: PlanView): Promise<PlanView> {
  const [shown] = await forCustomer(db, [plan]);
  assert(shown, `plan ${plan.id}: no customer view`);
  return shown;
}
