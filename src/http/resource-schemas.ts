import { Type } from 'typebox';
import { Constraints, Customer, Tier, TokenPair } from './schemas.ts';

/**
 * Response shapes of the resources the pages read (checkout, dashboards). They live here, with
 * no dependency beyond TypeBox, so the browser's API client is typed from the very schemas that
 * validate and serialise the responses.
 */

export const Preview = Type.Object({
  amount: Type.Integer(),
  currency: Type.Literal('NGN'),
  frequency: Type.Union([Type.Literal('weekly'), Type.Literal('monthly')]),
  installment_count: Type.Integer(),
  upfront_pct: Type.Integer(),
  deposit: Type.Object({ amount: Type.Integer(), due_at: Type.String({ format: 'date-time' }) }),
  installments: Type.Array(
    Type.Object({
      sequence: Type.Integer(),
      amount: Type.Integer(),
      due_at: Type.String({ format: 'date-time' }),
    }),
  ),
  total: Type.Integer(),
  merchant_view: Type.Optional(
    Type.Object({ platform_fee: Type.Integer(), merchant_net: Type.Integer() }),
  ),
  constraints: Constraints,
});

export const Eligibility = Type.Object(
  {
    eligible: Type.Boolean(),
    reason: Type.Union(
      [
        Type.Literal('delinquent'),
        Type.Literal('insufficient_trust_tier'),
        Type.Literal('tier_restricted'),
        Type.Literal('no_payment_method'),
        Type.Null(),
      ],
      {
        description:
          'Null when eligible. When several hold, the first of: delinquent, insufficient_trust_tier (identity not verified), tier_restricted, insufficient_trust_tier (over the tier’s spending limit), no_payment_method.',
      },
    ),
    customer_score: Type.Integer({ minimum: 0, maximum: 1000 }),
    customer_tier: Tier,
    required_tier: Tier,
  },
  { $id: 'Eligibility' },
);

export const Identity = Type.Object(
  {
    object: Type.Literal('identity_verification'),
    status: Type.Union([Type.Literal('verified'), Type.Literal('unverified')]),
    bvn_last4: Type.Union([Type.String(), Type.Null()]),
    verified_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { $id: 'IdentityVerification' },
);

export const Trust = Type.Object(
  {
    object: Type.Literal('customer_trust'),
    livemode: Type.Boolean(),
    identity_verified: Type.Boolean(),
    score: Type.Integer(),
    tier: Tier,
    spending_limit: Type.Integer({ description: 'Kobo the tier allows owed across open plans.' }),
    open_balance: Type.Integer({ description: 'Kobo still owed on open plans.' }),
    available: Type.Integer(),
    delinquent: Type.Boolean(),
    factors: Type.Object({
      on_time_installments: Type.Integer(),
      missed_installments: Type.Integer(),
      completed_plans: Type.Integer(),
      defaulted_plans: Type.Integer(),
    }),
  },
  { $id: 'CustomerTrust' },
);

export const PaymentMethod = Type.Object(
  {
    id: Type.String({ examples: ['pm_7bQ1vN4kT9sX2mL0pZcA'] }),
    object: Type.Literal('payment_method'),
    customer_id: Type.String(),
    type: Type.Union([Type.Literal('card'), Type.Literal('bank')]),
    label: Type.String({ examples: ['Visa Card', 'Zenith Bank ******0000'] }),
    last4: Type.String(),
    brand: Type.String(),
    bank_code: Type.Union([Type.String(), Type.Null()]),
    bank_name: Type.Union([Type.String(), Type.Null()]),
    exp_month: Type.Union([Type.String(), Type.Null()]),
    exp_year: Type.Union([Type.String(), Type.Null()]),
    is_default: Type.Boolean(),
    status: Type.Union([Type.Literal('active'), Type.Literal('revoked')], {
      description: '`revoked`: the bank or gateway withdrew it; it is never charged.',
    }),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'PaymentMethod' },
);

const NextAction = Type.Union([
  Type.Literal('submit_otp'),
  Type.Literal('submit_birthday'),
  Type.Literal('submit_phone'),
  Type.Literal('submit_pin'),
  Type.Literal('open_url'),
  Type.Literal('success'),
  Type.Literal('pending'),
]);
export const MandateStep = Type.Object({
  ok: Type.Literal(true),
  next_action: NextAction,
  reference: Type.String(),
  display_text: Type.Union([Type.String(), Type.Null()]),
  url: Type.Optional(
    Type.String({
      description: 'Present when next_action is open_url: open it in a popup, then call verify.',
    }),
  ),
  data: Type.Optional(PaymentMethod),
});

export const Plan = Type.Object(
  {
    id: Type.String({ examples: ['plan_3Jd9sKq0LmT2vX7yB1cN'] }),
    object: Type.Literal('payment_plan'),
    merchant_id: Type.String(),
    customer_id: Type.String(),
    checkout_session_id: Type.String(),
    order_reference: Type.String(),
    livemode: Type.Boolean(),
    amount: Type.Integer(),
    currency: Type.Literal('NGN'),
    frequency: Type.Union([Type.Literal('weekly'), Type.Literal('monthly')]),
    installment_count: Type.Integer(),
    upfront_pct: Type.Integer(),
    status: Type.Union(
      ['pending_deposit', 'active', 'completed', 'defaulted', 'cancelled'].map((s) =>
        Type.Literal(s),
      ) as [ReturnType<typeof Type.Literal>],
    ),
    payment_method_id: Type.String(),
    installments: Type.Array(
      Type.Object({
        id: Type.String(),
        sequence: Type.Integer({ description: '0 is the deposit.' }),
        amount: Type.Integer(),
        due_at: Type.String({ format: 'date-time' }),
        status: Type.String({ description: 'scheduled, processing, failed, paid, cancelled' }),
        paid_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
      }),
    ),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'PaymentPlan' },
);

export const CustomerSession = Type.Object({ customer: Customer, ...TokenPair });
