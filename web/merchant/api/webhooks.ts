// The webhook delivery log, on the dashboard's transport (MerchantApi.request).
import type { Static } from 'typebox';

import type { WebhookEvent } from '../../../src/features/merchant-webhooks/schemas.ts';
import type { MerchantApi, Mode } from './index.ts';

export type DeliveryEvent = Static<typeof WebhookEvent>;
export interface EventPage {
  data: DeliveryEvent[];
  has_more: boolean;
  next_cursor: string | null;
}

const enc = encodeURIComponent;
const livemode = (mode: Mode) => `livemode=${String(mode === 'live')}`;

export function listDeliveries(
  api: MerchantApi,
  merchantId: string,
  mode: Mode,
  filter: { status?: string; cursor?: string | null } = {},
): Promise<EventPage> {
  const query = new URLSearchParams({ limit: '20' });
  if (filter.status) query.set('status', filter.status);
  if (filter.cursor) query.set('cursor', filter.cursor);
  return api.request(
    'GET',
    `/merchant/${enc(merchantId)}/webhook-events?${livemode(mode)}&${query}`,
  );
}

export async function deliveryDetail(
  api: MerchantApi,
  merchantId: string,
  eventId: string,
): Promise<DeliveryEvent> {
  const path = `/merchant/${enc(merchantId)}/webhook-events/${enc(eventId)}`;
  return (await api.request<{ data: DeliveryEvent }>('GET', path)).data;
}

export async function resendDelivery(
  api: MerchantApi,
  merchantId: string,
  eventId: string,
): Promise<void> {
  await api.request('POST', `/merchant/${enc(merchantId)}/webhook-events/${enc(eventId)}/resend`);
}

export async function resendFailedDeliveries(
  api: MerchantApi,
  merchantId: string,
  mode: Mode,
  range: { from: string; before: string },
): Promise<number> {
  const path = `/merchant/${enc(merchantId)}/webhook-events/resend-failed?${livemode(mode)}`;
  const body = { created_from: range.from, created_before: range.before };
  return (await api.request<{ data: { requeued: number } }>('POST', path, body)).data.requeued;
}
