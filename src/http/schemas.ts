import { type Static, type TSchema, Type } from 'typebox';

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
    errors: Type.Optional(
      Type.Array(
        Type.Object({
          field: Type.String({ description: 'The body field, dotted: `email`, `address.city`.' }),
          message: Type.String({ description: 'What is wrong with it, in words a form can show.' }),
        }),
        {
          maxItems: 20,
          description:
            'On a 400 about what was sent: every body field at fault, once each, in plain words (`detail` names only the first). Absent when no field is to blame.',
        },
      ),
    ),
    verification_charge: Type.Optional(
      Type.Object(
        {
          amount: Type.Integer({ description: 'Kobo: what the gateway took (5000 = ₦50).' }),
          currency: Type.String({ examples: ['NGN'] }),
          status: Type.Literal('refund_queued'),
        },
        {
          description:
            'Only on a refused card or bank account whose ₦50 verification charge the gateway had already taken: it is being refunded to the card or account (decision 0042).',
        },
      ),
    ),
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

/**
 * What a route that calls the payment gateway while the request waits may answer besides
 * `errorResponses`: 402 `payment_failed` (the gateway declined the card or account) and 502
 * `gateway_unavailable` (it did not answer). Routes whose gateway work runs in jobs never do.
 */
export const gatewayErrorResponses = { 502: ErrorResponse };
export const paymentErrorResponses = { 402: ErrorResponse, 502: ErrorResponse };

/**
 * The optional `Idempotency-Key` of a POST that honours it (decisions 0002, 0038). Declaring it in a
 * route's schema is what marks the route as honouring it: every other POST refuses the header
 * (plugins/idempotency-guard.ts).
 */
/** The step-up of decision 0065: a dashboard member's fresh second factor for a money move. */
export const TwoFactorCodeHeader = {
  'two-factor-code': Type.Optional(
    Type.String({
      maxLength: 20,
      description:
        'Dashboard callers only (a secret key is not asked): the 6-digit code from the member’s authenticator app, or a recovery code, each good once. Missing or wrong: 403 `step_up_required`; a member without two-factor sign-in: 403 `second_factor_enrolment_required` (decision 0065).',
    }),
  ),
};

export const IdempotencyHeader = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      maxLength: 255,
      description:
        'A UUID v4. The same key with the same request within 24 hours replays the first answer (header `Idempotent-Replayed: true`) and does nothing again; with another request it is a 409 `idempotency_key_reused` (decisions 0002, 0038).',
    }),
  ),
});

export const Email = Type.String({ format: 'email', minLength: 3, maxLength: 254 });
export const Password = Type.String({
  minLength: 8,
  maxLength: 128,
  description: '8 to 128 characters.',
});
export const Timestamp = Type.String({ format: 'date-time' });
export const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);

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

export const TokenPair = {
  access_token: Type.String({ description: 'EdDSA JWT, valid 15 minutes.' }),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer({ description: 'Seconds.' }),
  refresh_token: Type.String({ description: 'Single use; rotated on refresh.' }),
};

/** Sign-out, alike for customers and merchants (decision 0034): the login's refresh token. */
export const SignOutRequest = Type.Object(
  { refresh_token: Type.String({ minLength: 1, maxLength: 200 }) },
  Strict,
);
export const SignedOut = Type.Object({
  object: Type.Literal('sign_out'),
  signed_out: Type.Literal(true),
});

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
