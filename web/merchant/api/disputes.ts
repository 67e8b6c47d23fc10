// The dashboard's dispute calls (decision 0069), on `MerchantApi.request()`. Answers need no
// Idempotency-Key: evidence and the file replace what was sent, and a second accept or decline
// is refused (409) without changing anything.
import type { Static } from 'typebox';

import type { Dispute as DisputeSchema } from '../../../src/features/disputes/schemas.ts';
import type { MerchantApi, Mode } from './index.ts';

export type Dispute = Static<typeof DisputeSchema>;

const enc = encodeURIComponent;
const base = (merchantId: string) => `/merchant/${enc(merchantId)}/disputes`;

/** `GET /merchant/{id}/disputes?livemode=`: the mode's disputes, newest first. */
export async function listDisputes(
  api: MerchantApi,
  merchantId: string,
  mode: Mode,
): Promise<Dispute[]> {
  return (
    await api.request<{ data: Dispute[] }>(
      'GET',
      `${base(merchantId)}?livemode=${String(mode === 'live')}`,
    )
  ).data;
}

export interface EvidenceInput {
  customer_email: string;
  customer_name: string;
  customer_phone: string;
  service_details: string;
  delivery_address?: string;
  delivery_date?: string;
}

export async function addEvidence(
  api: MerchantApi,
  merchantId: string,
  disputeId: string,
  input: EvidenceInput,
): Promise<Dispute> {
  return (
    await api.request<{ data: Dispute }>(
      'POST',
      `${base(merchantId)}/${enc(disputeId)}/evidence`,
      input,
    )
  ).data;
}

export async function uploadFile(
  api: MerchantApi,
  merchantId: string,
  disputeId: string,
  file: { filename: string; content_type: string; content_base64: string },
): Promise<Dispute> {
  return (
    await api.request<{ data: Dispute }>('POST', `${base(merchantId)}/${enc(disputeId)}/file`, file)
  ).data;
}

export async function answerDispute(
  api: MerchantApi,
  merchantId: string,
  disputeId: string,
  decision: 'accept' | 'decline',
  message: string,
): Promise<Dispute> {
  return (
    await api.request<{ data: Dispute }>(
      'POST',
      `${base(merchantId)}/${enc(disputeId)}/${decision}`,
      { message },
    )
  ).data;
}
