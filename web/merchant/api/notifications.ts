// The business's e-mail preferences (decision 0067), on the dashboard's transport
// (MerchantApi.request). Types come from the schemas the API validates and serialises with.
import type { Static } from 'typebox';

import type {
  MerchantNotificationPreferences,
  MerchantNotificationPreferencesChange,
} from '../../../src/features/merchant-notifications/schemas.ts';
import type { MerchantApi } from './index.ts';

export type EmailPreferences = Static<typeof MerchantNotificationPreferences>;
export type EmailPreferencesChange = Static<typeof MerchantNotificationPreferencesChange>;
export type EmailTopic = 'account' | 'payouts' | 'webhooks' | 'disputes';

const enc = encodeURIComponent;
const path = (merchantId: string) => `/merchant/${enc(merchantId)}/notification-preferences`;

export async function emailPreferences(
  api: MerchantApi,
  merchantId: string,
): Promise<EmailPreferences> {
  return (await api.request<{ data: EmailPreferences }>('GET', path(merchantId))).data;
}

export async function changeEmailPreferences(
  api: MerchantApi,
  merchantId: string,
  change: EmailPreferencesChange,
): Promise<EmailPreferences> {
  return (await api.request<{ data: EmailPreferences }>('PUT', path(merchantId), change)).data;
}
