import { Type } from 'typebox';

import {
  Constraints,
  GoodsReleaseRule,
  NullableTimestamp,
  Timestamp,
  TokenPair,
} from '../../http/schemas.ts';

const WebhookStatus = Type.Union(
  [Type.Literal('enabled'), Type.Literal('disabled'), Type.Literal('not_configured')],
  {
    description:
      '`disabled` after the endpoint answered 410 Gone, until its URL is set again (that mode only).',
  },
);

export const WebhookEndpoint = Type.Object({
  url: Type.Union([Type.String(), Type.Null()]),
  status: WebhookStatus,
  disabled_reason: Type.Union([Type.String(), Type.Null()]),
});

/** How customers reach the shop (issue 27), shown by the checkout; each part null when not set. */
export const SupportContact = Type.Object(
  {
    email: Type.Union([Type.String(), Type.Null()]),
    phone: Type.Union([Type.String(), Type.Null()]),
    website: Type.Union([Type.String(), Type.Null()]),
  },
  {
    $id: 'SupportContact',
    description:
      'How customers reach the shop: shown on the checkout’s refusal screens beside “pay this shop another way”. Set with `support_contact` in the settings.',
  },
);

export const Merchant = Type.Object(
  {
    id: Type.String({ examples: ['mer_4fQ2d8LkP0aZ7sVbN1xY'] }),
    object: Type.Literal('merchant'),
    business_name: Type.String(),
    email: Type.String(),
    status: Type.Union([
      Type.Literal('pending_approval'),
      Type.Literal('active'),
      Type.Literal('deactivated'),
    ]),
    approved_at: NullableTimestamp,
    deactivated_at: NullableTimestamp,
    deactivation_reason: Type.Union([Type.String(), Type.Null()], {
      description:
        'Why Tranche deactivated the account (set while `status` is `deactivated`); the same words are in the 403 `merchant_inactive` detail.',
    }),
    webhook_url: Type.Union([Type.String(), Type.Null()], {
      description:
        "The webhook URL of the calling key's mode (live for the dashboard token); both modes' are in `webhooks`.",
    }),
    webhook_status: WebhookStatus,
    webhook_disabled_reason: Type.Union([Type.String(), Type.Null()]),
    webhooks: Type.Object(
      { test: WebhookEndpoint, live: WebhookEndpoint },
      {
        description:
          'One endpoint per mode: test events go only to `test.url`, signed with the test secret; live events only to `live.url`, signed with the live secret.',
      },
    ),
    settlement_account: Type.Union([
      Type.Object({
        bank_code: Type.String(),
        account_number: Type.String(),
        account_name: Type.Union([Type.String(), Type.Null()], {
          description:
            'The holder’s name as the gateway’s account resolve gave it when the account was set (decision 0057); null for an account set before names were kept.',
          examples: ['BALOGUN MARKET FABRICS LTD'],
        }),
      }),
      Type.Null(),
    ]),
    default_constraints: Constraints,
    min_customer_tier: Type.String(),
    goods_release_rule: GoodsReleaseRule,
    allowed_checkout_origins: Type.Array(Type.String(), {
      description:
        'Web origins allowed to embed the checkout in the TrancheConnect iframe (CSP `frame-ancestors`), normalised. Empty: any site may embed it; set it before going live.',
      examples: [['https://shop.example', 'http://localhost:5173']],
    }),
    partial_debit_floor_pct: Type.Union([Type.Integer({ minimum: 10, maximum: 90 }), Type.Null()], {
      description:
        'Partial debits on automatic retries (decision 0045): the least share, in percent of what an overdue installment still owes, that a retry may collect from a Mastercard or Verve card holding less than the whole. Null: off.',
      examples: [null, 50],
    }),
    support_contact: SupportContact,
    created_at: Timestamp,
  },
  { $id: 'Merchant' },
);

export const MerchantCredentials = Type.Object(
  {
    merchant: Merchant,
    secret_keys: Type.Object(
      {
        test: Type.String({ examples: ['sk_test_…'] }),
        live: Type.String({ examples: ['sk_live_…'] }),
      },
      {
        description: 'Shown once. Only a digest is stored.',
      },
    ),
    publishable_keys: Type.Object(
      {
        test: Type.String({ examples: ['pk_test_…'] }),
        live: Type.String({ examples: ['pk_live_…'] }),
      },
      {
        description:
          'Public keys for the messaging element in shop pages (decision 0055): they read `GET /api/v1/messaging/plans` and nothing else. Listed again at `GET /api/v1/merchant/{merchant_id}/publishable-keys`.',
      },
    ),
    webhook_secrets: Type.Object(
      {
        test: Type.String({ examples: ['whsec_…'] }),
        live: Type.String({ examples: ['whsec_…'] }),
      },
      {
        description:
          "Shown once: each mode's signing secret for X-Tranche-Signature (test events are signed with `test`, live events with `live`).",
      },
    ),
    webhook_secret: Type.String({
      description:
        'The same as `webhook_secrets.test`, kept for clients written before per-mode secrets.',
    }),
  },
  { $id: 'MerchantCredentials' },
);

/** A dashboard sign-in: the merchant and its tokens. */
export const MerchantSession = Type.Object(
  { merchant: Merchant, ...TokenPair },
  { $id: 'MerchantSession' },
);

/** A publishable key: public, so the key itself is shown (decision 0055). */
export const PublishableKey = Type.Object(
  {
    id: Type.String({ examples: ['key_4Hc9sR2mV7yN3qX6tB1d'] }),
    object: Type.Literal('publishable_key'),
    mode: Type.Union([Type.Literal('test'), Type.Literal('live')]),
    key: Type.String({ examples: ['pk_test_8sK2nV5qW1xY7zB4cD9fG3hJ'] }),
    created_at: Timestamp,
    expires_at: NullableTimestamp,
  },
  { $id: 'PublishableKey' },
);

export const ApiKey = Type.Object(
  {
    id: Type.String({ examples: ['key_2Wb7nQ4xL9mT1vK8pZ5c'] }),
    object: Type.Literal('api_key'),
    mode: Type.Union([Type.Literal('test'), Type.Literal('live')]),
    redacted: Type.String(),
    created_at: Timestamp,
    expires_at: NullableTimestamp,
    revoked_at: NullableTimestamp,
  },
  { $id: 'ApiKey' },
);

/** A merchant's due diligence before live approval (decision 0074), as merchant and operator see it. */
export const BusinessDetails = Type.Object(
  {
    object: Type.Literal('business_details'),
    merchant_id: Type.String(),
    submission: Type.Union(
      [
        Type.Object({
          registered_name: Type.String({ examples: ['Balogun Market Fabrics Ltd'] }),
          registration_number: Type.String({
            description: 'The CAC number, normalised: RC…, BN… or IT… and its digits.',
            examples: ['RC1234567'],
          }),
          tax_id: Type.Union([Type.String(), Type.Null()]),
          address: Type.Object({
            street: Type.String(),
            city: Type.String(),
            state: Type.String({ examples: ['Lagos'] }),
          }),
          director: Type.Object({
            first_name: Type.String(),
            last_name: Type.String(),
            bvn_last4: Type.String({
              description: 'The last four digits: the BVN itself is never stored.',
              examples: ['4567'],
            }),
            check: Type.Union(
              [
                Type.Literal('verified'),
                Type.Literal('bvn_not_found'),
                Type.Literal('dob_mismatch'),
                Type.Literal('name_mismatch'),
              ],
              {
                description:
                  'What the identity provider said: `verified` only when the BVN exists and both the date of birth and the names match its record.',
              },
            ),
            check_detail: Type.String({ description: 'The outcome in words.' }),
            checked_at: Timestamp,
            provider: Type.String({
              description:
                'Who checked: `dojah`, or `dojah-simulator` / `sandbox` (test providers, not for a real approval).',
            }),
          }),
          submitted_at: Timestamp,
          submitted_by: Type.String({
            description: 'The team member who submitted, and the role.',
          }),
          reviewed_at: NullableTimestamp,
        }),
        Type.Null(),
      ],
      { description: 'The last submission; null until the merchant submits.' },
    ),
    settlement_account: Type.Union([
      Type.Object({
        bank_code: Type.String(),
        account_number: Type.String(),
        account_name: Type.Union([Type.String(), Type.Null()], {
          description:
            'The holder’s name from the gateway’s account resolve (decision 0057); null: unconfirmed.',
        }),
      }),
      Type.Null(),
    ]),
    ready_for_approval: Type.Boolean(),
    blockers: Type.Array(Type.String(), {
      description:
        'What still stands between the merchant and its approval, in words; empty when ready.',
    }),
    changed_since_approval: Type.Boolean({
      description:
        'The merchant is approved and submitted new details afterwards that no operator has approved yet (it stays active meanwhile).',
    }),
    director_consent: Type.Object(
      { version: Type.String(), text: Type.String(), sha256: Type.String() },
      {
        description:
          'The text the submitter agrees to (the director’s consent to the BVN check); send its `version` back as `consent.text_version`.',
      },
    ),
    test_values: Type.Union(
      [Type.Object({ director_bvn: Type.String(), date_of_birth: Type.String() }), Type.Null()],
      {
        description:
          'With a test identity provider only (sandbox mode): a director BVN and date of birth it verifies. Null with a real provider.',
      },
    ),
  },
  { $id: 'BusinessDetails' },
);
