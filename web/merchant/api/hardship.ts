// The dashboard's hardship calls (decision 0072), on `MerchantApi.request()`. Answers need no
// Idempotency-Key: a request is answered once, and a second answer is refused (409).
import type { Static } from 'typebox';

import type {
  HardshipDecisionResult,
  HardshipRequest as HardshipRequestSchema,
  HardshipSettings as HardshipSettingsSchema,
} from '../../../src/features/hardship/schemas.ts';
import type { MerchantApi, Mode } from './index.ts';

export type HardshipRequest = Static<typeof HardshipRequestSchema>;
export type HardshipSettings = Static<typeof HardshipSettingsSchema>;
export type HardshipDecision = Static<typeof HardshipDecisionResult>;

const enc = encodeURIComponent;
const base = (merchantId: string) => `/merchant/${enc(merchantId)}`;

/** `GET /merchant/{id}/hardship-requests?livemode=`: the mode's requests, newest first. */
export async function listHardshipRequests(
  api: MerchantApi,
  merchantId: string,
  mode: Mode,
): Promise<HardshipRequest[]> {
  return (
    await api.request<{ data: HardshipRequest[] }>(
      'GET',
      `${base(merchantId)}/hardship-requests?livemode=${String(mode === 'live')}`,
    )
  ).data;
}

export async function decideHardshipRequest(
  api: MerchantApi,
  merchantId: string,
  requestId: string,
  decision: 'approve' | 'decline',
  note: string,
): Promise<HardshipDecision> {
  return (
    await api.request<{ data: HardshipDecision }>(
      'POST',
      `${base(merchantId)}/hardship-requests/${enc(requestId)}/${decision}`,
      note.trim() === '' ? {} : { note: note.trim() },
    )
  ).data;
}

export async function getHardshipSettings(
  api: MerchantApi,
  merchantId: string,
): Promise<HardshipSettings> {
  return (
    await api.request<{ data: HardshipSettings }>('GET', `${base(merchantId)}/hardship-settings`)
  ).data;
}

export async function saveHardshipSettings(
  api: MerchantApi,
  merchantId: string,
  settings: HardshipSettings,
): Promise<HardshipSettings> {
  return (
    await api.request<{ data: HardshipSettings }>(
      'PUT',
      `${base(merchantId)}/hardship-settings`,
      settings,
    )
  ).data;
}
