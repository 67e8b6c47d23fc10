// The dashboard's Payments calls: the merchant's plans, sandbox time travel, and the webhook
// delivery log (for the getting-started checklist), on `MerchantApi.request()`. Types come from
// the TypeBox schemas the API validates and serialises with.
import type { Static } from 'typebox';

import type { WebhookEvent } from '../../../src/features/merchant-webhooks/schemas.ts';
import type { Charge, Plan } from '../../../src/features/plans/schemas.ts';
import type { MerchantApi, Mode } from './index.ts';
import { type PlanSearch, searchParams } from './reports.ts';

export type PlanStatus = 'pending_deposit' | 'active' | 'completed' | 'defaulted' | 'cancelled';
/** The Plan schema builds its `status` union from a list, which `Static` widens: named here. */
export type PaymentPlan = Omit<Static<typeof Plan>, 'status'> & { status: PlanStatus };
export type PlanInstallment = PaymentPlan['installments'][number];
export type WebhookLogEvent = Static<typeof WebhookEvent>;
export type EventStatus = WebhookLogEvent['status'];

/** A page of a newest-first list: pass `next_cursor` back as `cursor` for the next one. */
export interface ListPage<T> {
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

const enc = encodeURIComponent;
/** The dashboard token reaches both modes: every list names the one being looked at. */
const livemode = (mode: Mode) => String(mode === 'live');

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** `GET /merchant/{id}/plans`: the mode's plans, newest first, narrowed by the search. */
export async function listPlans(
  api: MerchantApi,
  merchantId: string,
  mode: Mode,
  filter: PlanSearch & { limit?: number; cursor?: string } = {},
): Promise<ListPage<PaymentPlan>> {
  const { data, has_more, next_cursor } = await api.request<ListPage<PaymentPlan>>(
    'GET',
    `/merchant/${enc(merchantId)}/plans${query({
      livemode: livemode(mode),
      ...searchParams(filter),
      limit: filter.limit,
      cursor: filter.cursor,
    })}`,
  );
  return { data, has_more, next_cursor };
}

/** `GET /merchant/{id}/plans/{plan_id}`: one plan of either mode (another merchant's: 404). */
export async function getPlan(
  api: MerchantApi,
  merchantId: string,
  planId: string,
): Promise<PaymentPlan> {
  return (
    await api.request<{ data: PaymentPlan }>(
      'GET',
      `/merchant/${enc(merchantId)}/plans/${enc(planId)}`,
    )
  ).data;
}

/**
 * Sandbox time travel, `POST …/plans/{plan_id}/advance`: the next unpaid installment becomes due
 * now and its collection is queued. The answer is the plan as the call left it: the collection
 * itself runs a moment later.
 */
export async function collectNextInstallmentNow(
  api: MerchantApi,
  merchantId: string,
  planId: string,
): Promise<PaymentPlan> {
  return (
    await api.request<{ data: PaymentPlan }>(
      'POST',
      `/merchant/${enc(merchantId)}/plans/${enc(planId)}/advance`,
    )
  ).data;
}

/** Sandbox time travel, `POST …/plans/{plan_id}/advance-clock`: as if `days` (1–400) had passed. */
export async function advancePlanClock(
  api: MerchantApi,
  merchantId: string,
  planId: string,
  days: number,
): Promise<PaymentPlan> {
  return (
    await api.request<{ data: PaymentPlan }>(
      'POST',
      `/merchant/${enc(merchantId)}/plans/${enc(planId)}/advance-clock`,
      { days },
    )
  ).data;
}

/** `GET /merchant/{id}/webhook-events`: the mode's delivery log, newest first. */
export async function listWebhookEvents(
  api: MerchantApi,
  merchantId: string,
  mode: Mode,
  filter: { status?: EventStatus; limit?: number; cursor?: string } = {},
): Promise<ListPage<WebhookLogEvent>> {
  const { data, has_more, next_cursor } = await api.request<ListPage<WebhookLogEvent>>(
    'GET',
    `/merchant/${enc(merchantId)}/webhook-events${query({
      livemode: livemode(mode),
      status: filter.status,
      limit: filter.limit,
      cursor: filter.cursor,
    })}`,
  );
  return { data, has_more, next_cursor };
}

export type PlanCharge = Omit<Static<typeof Charge>, 'status'> & {
  status: 'pending' | 'success' | 'failed';
};

/** `GET …/plans/{plan_id}/charges`: every attempt, oldest first. */
export async function listPlanCharges(
  api: MerchantApi,
  merchantId: string,
  planId: string,
): Promise<PlanCharge[]> {
  return (
    await api.request<{ data: PlanCharge[] }>(
      'GET',
      `/merchant/${enc(merchantId)}/plans/${enc(planId)}/charges`,
    )
  ).data;
}

/** `GET /merchant/{id}/webhook-events?payment_plan_id=`: the events about one plan, newest first. */
export async function listPlanEvents(
  api: MerchantApi,
  merchantId: string,
  plan: Pick<PaymentPlan, 'id' | 'livemode'>,
): Promise<WebhookLogEvent[]> {
  return (
    await api.request<ListPage<WebhookLogEvent>>(
      'GET',
      `/merchant/${enc(merchantId)}/webhook-events${query({
        payment_plan_id: plan.id,
        livemode: String(plan.livemode),
        limit: 100,
      })}`,
    )
  ).data;
}
