import type { Static } from 'typebox';

import type { MerchantRow, WebhookEndpointRow } from '../../db/schema.ts';
import type { KeyMode } from '../../domain/api-key.ts';
import type { Merchant, PublishableKey, WebhookEndpoint } from './schemas.ts';

/**
 * Public representations: the exact JSON the API returns (and pages render). snake_case, ISO
 * 8601 UTC timestamps, amounts in kobo. Secrets never appear here.
 */
export type MerchantView = Static<typeof Merchant>;

export type WebhookEndpointView = Static<typeof WebhookEndpoint>;

export type PublishableKeyView = Static<typeof PublishableKey>;

export function webhookEndpointView(
  endpoint: Pick<WebhookEndpointRow, 'url' | 'disabled_at' | 'disabled_reason'> | undefined,
): WebhookEndpointView {
  const url = endpoint?.url ?? null;
  return {
    url,
    status: !url ? 'not_configured' : endpoint?.disabled_at ? 'disabled' : 'enabled',
    disabled_reason: endpoint?.disabled_reason ?? null,
  };
}

/**
 * `endpoints`: the merchant's webhook endpoints (one per mode); `mode`: whose endpoint the
 * top-level `webhook_*` fields show (the calling key's mode; live for other callers).
 */
export function merchantView(
  row: MerchantRow,
  endpoints: readonly Pick<
    WebhookEndpointRow,
    'livemode' | 'url' | 'disabled_at' | 'disabled_reason'
  >[],
  mode: KeyMode = 'live',
): MerchantView {
  const webhooks = {
    test: webhookEndpointView(endpoints.find((e) => !e.livemode)),
    live: webhookEndpointView(endpoints.find((e) => e.livemode)),
  };
  const own = webhooks[mode];
  return {
    id: row.id,
    object: 'merchant',
    business_name: row.business_name,
    email: row.email,
    status: row.status,
    approved_at: row.approved_at?.toISOString() ?? null,
    deactivated_at: row.deactivated_at?.toISOString() ?? null,
    deactivation_reason: row.status === 'deactivated' ? row.deactivation_reason : null,
    webhook_url: own.url,
    webhook_status: own.status,
    webhook_disabled_reason: own.disabled_reason,
    webhooks,
    settlement_account:
      row.settlement_bank_code && row.settlement_account_number
        ? {
            bank_code: row.settlement_bank_code,
            account_number: row.settlement_account_number,
            account_name: row.settlement_account_name,
          }
        : null,
    default_constraints: row.default_constraints,
    min_customer_tier: row.min_customer_tier,
    goods_release_rule: row.goods_release_rule,
    allowed_checkout_origins: [...row.allowed_checkout_origins],
    partial_debit_floor_pct: row.partial_debit_floor_pct,
    support_contact: {
      email: row.support_email,
      phone: row.support_phone,
      website: row.support_website,
    },
    created_at: row.created_at.toISOString(),
  };
}
