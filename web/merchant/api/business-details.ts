// The dashboard's business details for live approval (decision 0074), on `MerchantApi.request()`.
import type { Static } from 'typebox';

import type { BusinessDetails as BusinessDetailsSchema } from '../../../src/features/merchants/schemas.ts';
import type { MerchantApi } from './index.ts';

export type BusinessDetails = Static<typeof BusinessDetailsSchema>;
export type DirectorCheck = NonNullable<BusinessDetails['submission']>['director']['check'];

export interface BusinessDetailsForm {
  registered_name: string;
  registration_number: string;
  tax_id: string | null;
  address: { street: string; city: string; state: string };
  director: { first_name: string; last_name: string; date_of_birth: string; bvn: string };
  consent: { text_version: string; agreed: boolean };
}

const pathOf = (merchantId: string) =>
  `/merchant/${encodeURIComponent(merchantId)}/business-details`;

export async function getBusinessDetails(
  api: MerchantApi,
  merchantId: string,
): Promise<BusinessDetails> {
  return (await api.request<{ data: BusinessDetails }>('GET', pathOf(merchantId))).data;
}

export async function submitBusinessDetails(
  api: MerchantApi,
  merchantId: string,
  form: BusinessDetailsForm,
): Promise<BusinessDetails> {
  return (await api.request<{ data: BusinessDetails }>('PUT', pathOf(merchantId), form)).data;
}
