// Payment links and the settings shared by both modes, on the dashboard's transport
// (MerchantApi.request). Types come from the schemas the API validates and serialises with.
import type { Static } from 'typebox';

import type { PaymentLink as PaymentLinkSchema } from '../../../src/features/payment-links/schemas.ts';
import type { Constraints, GoodsReleaseRule, Tier } from '../../../src/http/schemas.ts';
import type { MerchantApi, MerchantRecord, Mode } from './index.ts';

export type PaymentLink = Static<typeof PaymentLinkSchema>;
export type LinkConstraints = Static<typeof Constraints>;
export type CustomerTier = Static<typeof Tier>;
export type ReleaseRule = Static<typeof GoodsReleaseRule>;

export interface LinkPage {
  data: PaymentLink[];
  has_more: boolean;
  next_cursor: string | null;
}

/** A fixed amount, or bounds within which the customer enters one (kobo either way). */
export type LinkAmountInput = { amount: number } | { min_amount: number; max_amount: number };

export type NewPaymentLink = LinkAmountInput & {
  title: string;
  redirect_url?: string | null;
  /** Null or absent: the merchant's default constraints at each visit. */
  constraints?: LinkConstraints | null;
};

export type PaymentLinkPatch = Partial<{
  title: string;
  amount: number;
  min_amount: number;
  max_amount: number;
  redirect_url: string | null;
  constraints: LinkConstraints | null;
}>;

/** The settings shared by test and live mode (decision 0015): no `livemode` is sent. */
export type SharedSettingsPatch = Partial<{
  default_constraints: LinkConstraints;
  min_customer_tier: CustomerTier;
  goods_release_rule: ReleaseRule;
  /** `[]` (or null) clears the list: any site may embed the checkout (decision 0013). */
  allowed_checkout_origins: string[] | null;
  /** How customers reach the shop, shown on the checkout's refusal screens; "" clears a part. */
  support_contact: { email: string; phone: string; website: string } | null;
}>;

const enc = encodeURIComponent;
const linksPath = (merchantId: string) => `/merchant/${enc(merchantId)}/payment-links`;
const linkPath = (merchantId: string, linkId: string) => `${linksPath(merchantId)}/${enc(linkId)}`;

/** A link of `mode`: the dashboard token names the mode it creates in. */
export async function createPaymentLink(
  api: MerchantApi,
  merchantId: string,
  mode: Mode,
  link: NewPaymentLink,
): Promise<PaymentLink> {
  const body = { ...link, livemode: mode === 'live' };
  return (await api.request<{ data: PaymentLink }>('POST', linksPath(merchantId), body)).data;
}

/** The mode's links, newest first; `active` narrows to active or inactive ones. */
export function listPaymentLinks(
  api: MerchantApi,
  merchantId: string,
  mode: Mode,
  filter: { active?: boolean; cursor?: string | null; limit?: number } = {},
): Promise<LinkPage> {
  const query = new URLSearchParams({
    livemode: String(mode === 'live'),
    limit: String(filter.limit ?? 20),
  });
  if (filter.active !== undefined) query.set('active', String(filter.active));
  if (filter.cursor) query.set('cursor', filter.cursor);
  return api.request('GET', `${linksPath(merchantId)}?${query}`);
}

export async function getPaymentLink(
  api: MerchantApi,
  merchantId: string,
  linkId: string,
): Promise<PaymentLink> {
  return (await api.request<{ data: PaymentLink }>('GET', linkPath(merchantId, linkId))).data;
}

/** Later visits only: checkouts already opened keep what they were created with. */
export async function updatePaymentLink(
  api: MerchantApi,
  merchantId: string,
  linkId: string,
  patch: PaymentLinkPatch,
): Promise<PaymentLink> {
  return (await api.request<{ data: PaymentLink }>('PATCH', linkPath(merchantId, linkId), patch))
    .data;
}

/** Deactivate (visits show a 410 page) or reactivate; idempotent. */
export async function setPaymentLinkActive(
  api: MerchantApi,
  merchantId: string,
  linkId: string,
  active: boolean,
): Promise<PaymentLink> {
  const path = `${linkPath(merchantId, linkId)}/${active ? 'activate' : 'deactivate'}`;
  return (await api.request<{ data: PaymentLink }>('POST', path)).data;
}

/** Default constraints, minimum tier, release rule, checkout origins: one record, both modes. */
export async function updateSharedSettings(
  api: MerchantApi,
  merchantId: string,
  patch: SharedSettingsPatch,
): Promise<MerchantRecord> {
  const path = `/merchant/${enc(merchantId)}/settings`;
  return (await api.request<{ data: MerchantRecord }>('PATCH', path, patch)).data;
}
