import { type Static, Type, type TSchema } from 'typebox';
import { MAX_CHECKOUT_AMOUNT_KOBO } from '../domain/money.ts';

/**
 * Request and response shapes, declared once: they validate requests, type handlers, serialise
 * responses and produce the OpenAPI document at /docs.
 */
export const Strict = { additionalProperties: false } as const;

/**
 * Schemas a response uses more than once (the test and live halves of the operator's overview,
 * the e-mail and in-app switches): registered once with the app (`SHARED_SCHEMAS`) and
 * referenced by name, so the OpenAPI document has one named component instead of copies.
 * Embedding one `$id` twice in a response is refused by the serialiser; a reference is not.
 */
export const SHARED_SCHEMAS = new Map<string, TSchema>();

export function sharedSchema<T extends TSchema>(id: string, schema: T): T {
  SHARED_SCHEMAS.set(id, { ...schema, $id: id });
  return Type.Unsafe<Static<T>>({ $ref: id }) as unknown as T;
}

export const ErrorResponse = Type.Object(
  {
    ok: Type.Literal(false),
    code: Type.String({ description: 'Stable machine-readable error code.' }),
    detail: Type.String({ description: 'What went wrong, in words safe to show.' }),
    request_id: Type.String({ description: 'Quote this to support.' }),
    retryable: Type.Optional(Type.Boolean()),
  },
  { $id: 'Error', description: 'Every failure: `{ ok: false, code, detail }`.' },
);

export function Envelope<T extends TSchema>(data: T) {
  return Type.Object({ ok: Type.Literal(true), data });
}

/** `limit` and `cursor` of every newest-first list (spread into its querystring). */
/**
 * `livemode` in a merchant route's query (decision 0015): the dashboard's choice of mode (a
 * filter on lists); with a secret key it may only repeat the key's own mode.
 */
export const LivemodeQuery = {
  livemode: Type.Optional(
    Type.Boolean({
      description:
        'Test (false) or live (true). A secret key works in its own mode only (another value: 400); the dashboard token chooses with it.',
    }),
  ),
};

export const PageQuery = {
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  cursor: Type.Optional(
    Type.String({ maxLength: 200, description: 'The `next_cursor` of the previous page.' }),
  ),
};

/** A page of a newest-first list. */
export function PageEnvelope<T extends TSchema>(item: T) {
  return Type.Object({
    ok: Type.Literal(true),
    data: Type.Array(item),
    has_more: Type.Boolean(),
    next_cursor: Type.Union([Type.String(), Type.Null()]),
  });
}

export const errorResponses = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  413: ErrorResponse,
  415: ErrorResponse,
  429: ErrorResponse,
  500: ErrorResponse,
};

/** The optional `Idempotency-Key` of a merchant's money-moving POST (refunds, payouts). */
export const IdempotencyHeader = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      maxLength: 255,
      description: 'A UUID v4; the same key replays the first answer for 24 hours.',
    }),
  ),
});

export const Email = Type.String({ format: 'email', minLength: 3, maxLength: 254 });
export const Password = Type.String({
  minLength: 8,
  maxLength: 128,
  description: '8 to 128 characters.',
});
const Timestamp = Type.String({ format: 'date-time' });
const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);

export const Constraints = Type.Object(
  {
    allowed_frequencies: Type.Array(Type.Union([Type.Literal('weekly'), Type.Literal('monthly')]), {
      minItems: 1,
      maxItems: 2,
    }),
    max_weekly_duration: Type.Integer({
      minimum: 1,
      maximum: 52,
      description: 'Most weekly installments after the deposit.',
    }),
    max_monthly_duration: Type.Integer({
      minimum: 1,
      maximum: 24,
      description: 'Most monthly installments after the deposit.',
    }),
    min_upfront_pct: Type.Integer({
      minimum: 0,
      maximum: 100,
      description: 'Smallest deposit, in percent of the amount.',
    }),
    allowed_schedule_types: Type.Array(Type.Literal('installment'), { minItems: 1, maxItems: 1 }),
  },
  { ...Strict, $id: 'SessionConstraints' },
);

export const GoodsReleaseRule = Type.Union(
  [
    Type.Object({ type: Type.Literal('deposit_paid') }, Strict),
    Type.Object(
      {
        type: Type.Literal('percentage_paid'),
        percentage: Type.Integer({ minimum: 1, maximum: 100 }),
      },
      Strict,
    ),
    Type.Object({ type: Type.Literal('fully_paid') }, Strict),
  ],
  {
    description:
      'When `goods.release` fires: deposit paid (default), a percentage of the amount paid, or fully paid.',
  },
);

const WebhookStatus = Type.Union(
  [Type.Literal('enabled'), Type.Literal('disabled'), Type.Literal('not_configured')],
  {
    description:
      '`disabled` after the endpoint answered 410 Gone, until its URL is set again (that mode only).',
  },
);

const WebhookEndpoint = Type.Object({
  url: Type.Union([Type.String(), Type.Null()]),
  status: WebhookStatus,
  disabled_reason: Type.Union([Type.String(), Type.Null()]),
});

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
      Type.Object({ bank_code: Type.String(), account_number: Type.String() }),
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

export const CheckoutSession = Type.Object(
  {
    id: Type.String({ examples: ['cs_9hT3kQ0vZr2mW8yL1pXa'] }),
    object: Type.Literal('checkout_session'),
    token: Type.String({ description: 'The `sessionToken` for `TrancheConnect.openCheckout`.' }),
    checkout_url: Type.String({ description: 'Hosted checkout page for this session.' }),
    merchant_id: Type.String(),
    merchant_name: Type.Optional(
      Type.String({
        description:
          "The merchant's business name, shown by the checkout. In GET answers only (the widget's read).",
      }),
    ),
    livemode: Type.Boolean(),
    amount: Type.Integer({ description: 'Kobo.' }),
    currency: Type.String(),
    title: Type.String(),
    order_reference: Type.String(),
    customer_email: Type.Union([Type.String(), Type.Null()]),
    status: Type.Union([
      Type.Literal('pending'),
      Type.Literal('completed'),
      Type.Literal('cancelled'),
      Type.Literal('expired'),
    ]),
    constraints: Constraints,
    created_at: Timestamp,
    expires_at: Timestamp,
    completed_at: NullableTimestamp,
  },
  { $id: 'CheckoutSession' },
);

export const CreateCheckoutSessionBody = Type.Object(
  {
    merchant_id: Type.String({ minLength: 1, maxLength: 64 }),
    amount: Type.Integer({
      minimum: 1,
      maximum: MAX_CHECKOUT_AMOUNT_KOBO,
      description: 'Kobo; ₦10,000,000 at most.',
    }),
    currency: Type.Literal('NGN'),
    title: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
    order_reference: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
    customer_email: Type.Optional(Email),
  },
  Strict,
);

export const Customer = Type.Object(
  {
    id: Type.String({ examples: ['cus_1aB2cD3eF4gH5iJ6kL7m'] }),
    object: Type.Literal('customer'),
    email: Type.String(),
    first_name: Type.String(),
    last_name: Type.String(),
    phone: Type.String(),
    created_at: Timestamp,
  },
  { $id: 'Customer' },
);

export const TokenPair = {
  access_token: Type.String({ description: 'EdDSA JWT, valid 15 minutes.' }),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer({ description: 'Seconds.' }),
  refresh_token: Type.String({ description: 'Single use; rotated on refresh.' }),
};

/** A dashboard sign-in: the merchant and its tokens. */
export const MerchantSession = Type.Object(
  { merchant: Merchant, ...TokenPair },
  { $id: 'MerchantSession' },
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

export const Tier = Type.Union([
  Type.Literal('Tranche Bronze'),
  Type.Literal('Tranche Silver'),
  Type.Literal('Tranche Gold'),
  Type.Literal('Tranche Platinum'),
]);

export const MerchantIdParams = Type.Object(
  { merchant_id: Type.String({ maxLength: 64 }) },
  Strict,
);
