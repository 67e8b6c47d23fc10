import type { Static } from 'typebox';

import type { ChargeReversalRow, DisputeRow } from '../../db/schema.ts';
import type { Dispute, Reversal } from './schemas.ts';

export type DisputeView = Static<typeof Dispute>;

export function disputeView(row: DisputeRow): DisputeView {
  const e = row.evidence;
  return {
    id: row.id,
    object: 'dispute',
    merchant_id: row.merchant_id,
    livemode: row.livemode,
    status: row.status,
    amount: row.amount_kobo,
    fee_share: row.fee_share_kobo,
    balance_debited: row.merchant_share_kobo,
    returned_amount: row.returned_kobo,
    currency: 'NGN',
    reason: row.reason,
    due_at: row.due_at?.toISOString() ?? null,
    reminders: row.reminder_count,
    payment_plan_id: row.plan_id,
    installment_id: row.installment_id,
    charge_reference: row.charge_reference,
    evidence:
      e === null
        ? null
        : {
            customer_email: e.customer_email ?? '',
            customer_name: e.customer_name ?? '',
            customer_phone: e.customer_phone ?? '',
            service_details: e.service_details ?? '',
            delivery_address: e.delivery_address ?? null,
            delivery_date: e.delivery_date ?? null,
          },
    file_uploaded: row.uploaded_filename !== null,
    merchant_decision: row.merchant_decision,
    merchant_message: row.merchant_message,
    resolution: row.resolution,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    resolved_at: row.resolved_at?.toISOString() ?? null,
  };
}

export type ReversalView = Static<typeof Reversal>;

export function reversalView(row: ChargeReversalRow): ReversalView {
  return {
    id: row.id,
    object: 'reversal',
    merchant_id: row.merchant_id,
    livemode: row.livemode,
    amount: row.amount_kobo,
    fee_share: row.fee_share_kobo,
    balance_debited: row.merchant_share_kobo,
    currency: 'NGN',
    payment_plan_id: row.plan_id,
    installment_id: row.installment_id,
    charge_reference: row.charge_reference,
    superseded_by_dispute_id: row.superseded_by_dispute_id,
    created_at: row.created_at.toISOString(),
  };
}
