import type { Static } from 'typebox';

import type { Refund } from './schemas.ts';
/** A refund as the API shows it (the `Refund` schema). */
export type RefundStatus = 'pending' | 'processed' | 'failed';

export type RefundView = Static<typeof Refund>;

interface RefundRowLike {
  id: string;
  plan_id: string;
  merchant_id: string;
  livemode: boolean;
  amount_kobo: number;
  reduction_kobo: number;
  cash_kobo: number;
  reason: string | null;
  status: RefundStatus;
  failure_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

export function refundView(row: RefundRowLike, feeReturnedKobo: number): RefundView {
  return {
    id: row.id,
    object: 'refund',
    payment_plan_id: row.plan_id,
    merchant_id: row.merchant_id,
    livemode: row.livemode,
    amount: row.amount_kobo,
    balance_reduction: row.reduction_kobo,
    cash_amount: row.cash_kobo,
    fee_returned: feeReturnedKobo,
    reason: row.reason,
    status: row.status,
    failure_reason: row.failure_reason,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
