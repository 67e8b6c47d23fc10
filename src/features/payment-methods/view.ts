import type { Static } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import type { PaymentMethodRow } from '../../db/schema.ts';
import type { PaymentMethod } from './schemas.ts';

export type PaymentMethodView = Static<typeof PaymentMethod>;

export function paymentMethodView(row: PaymentMethodRow): PaymentMethodView {
  return {
    id: row.id,
    object: 'payment_method',
    customer_id: row.customer_id,
    type: row.type,
    label: row.label,
    last4: row.last4,
    brand: row.brand,
    bank_code: row.bank_code,
    bank_name: row.bank_name,
    exp_month: row.exp_month,
    exp_year: row.exp_year,
    is_default: row.is_default,
    status: row.status,
    created_at: row.created_at.toISOString(),
  };
}

export async function listPaymentMethods(
  ctx: AppContext,
  customerId: string,
): Promise<{ data: PaymentMethodView[]; total: number }> {
  const rows = await ctx.db
    .selectFrom('payment_methods')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('deleted_at', 'is', null)
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
  return { data: rows.map(paymentMethodView), total: rows.length };
}
