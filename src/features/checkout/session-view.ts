import type { Static } from 'typebox';

import type { CheckoutSessionRow } from '../../db/schema.ts';
import { effectiveSessionStatus } from '../../domain/checkout-session.ts';
import type { CheckoutSession } from './schemas.ts';

/** A checkout session as the API returns it: status derived from the clock, amounts in kobo. */
export type CheckoutSessionView = Static<typeof CheckoutSession>;

export function checkoutUrl(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl}/checkout/${token}`;
}

export function checkoutSessionView(
  row: CheckoutSessionRow,
  now: Date,
  publicBaseUrl: string,
  options: { withMetadata: boolean } = { withMetadata: false },
): CheckoutSessionView {
  return {
    id: row.id,
    object: 'checkout_session',
    token: row.token,
    checkout_url: checkoutUrl(publicBaseUrl, row.token),
    merchant_id: row.merchant_id,
    livemode: row.livemode,
    amount: row.amount_kobo,
    currency: row.currency,
    title: row.title,
    order_reference: row.order_reference,
    customer_email: row.customer_email,
    line_items: row.line_items,
    // The merchant's own data (decision 0051): secret-key answers only, never the widget's read.
    ...(options.withMetadata && { metadata: row.metadata }),
    status: effectiveSessionStatus(row.status, row.expires_at, now),
    constraints: row.constraints,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    completed_at: row.completed_at?.toISOString() ?? null,
  };
}
