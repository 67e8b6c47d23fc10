// The dashboard's refund and cancellation calls, on `MerchantApi.request()`. Each submission
// carries its own Idempotency-Key, so a retried click (or a lost answer) refunds once.
import type { Static } from 'typebox';

import type { Refund } from '../../../src/features/refunds/schemas.ts';
import type { MerchantApi } from './index.ts';
import type { ListPage, PaymentPlan } from './payments.ts';

type RefundShape = Static<typeof Refund>;
export type PlanRefund = Omit<RefundShape, 'status'> & {
  status: 'pending' | 'processed' | 'failed';
};

const enc = encodeURIComponent;
const plan = (merchantId: string, planId: string) =>
  `/merchant/${enc(merchantId)}/plans/${enc(planId)}`;

/** `GET …/plans/{plan_id}/refunds`: newest first. */
export async function listRefunds(
  api: MerchantApi,
  merchantId: string,
  planId: string,
): Promise<PlanRefund[]> {
  return (
    await api.request<ListPage<PlanRefund>>('GET', `${plan(merchantId, planId)}/refunds?limit=100`)
  ).data;
}

export interface Refundable {
  amount: number;
  outstanding_reduction: number;
  cash_refund: number;
  charge_in_flight: boolean;
}

/** `GET …/plans/{plan_id}/refundable`: what a refund of everything would be now. */
export async function getRefundable(
  api: MerchantApi,
  merchantId: string,
  planId: string,
): Promise<Refundable> {
  return (await api.request<{ data: Refundable }>('GET', `${plan(merchantId, planId)}/refundable`))
    .data;
}

/** `POST …/plans/{plan_id}/refunds`: `amount` in kobo, or everything refundable. */
export async function createRefund(
  api: MerchantApi,
  merchantId: string,
  planId: string,
  input: { amount?: number; reason?: string },
  idempotencyKey: string,
): Promise<PlanRefund> {
  return (
    await api.request<{ data: PlanRefund }>('POST', `${plan(merchantId, planId)}/refunds`, input, {
      'idempotency-key': idempotencyKey,
    })
  ).data;
}

/** `POST …/plans/{plan_id}/cancel`: stops every debit; `refund` pays back what was collected. */
export async function cancelPlan(
  api: MerchantApi,
  merchantId: string,
  planId: string,
  input: { refund: boolean; reason?: string },
  idempotencyKey: string,
): Promise<{ payment_plan: PaymentPlan; refund: PlanRefund | null }> {
  return (
    await api.request<{ data: { payment_plan: PaymentPlan; refund: PlanRefund | null } }>(
      'POST',
      `${plan(merchantId, planId)}/cancel`,
      input,
      { 'idempotency-key': idempotencyKey },
    )
  ).data;
}
