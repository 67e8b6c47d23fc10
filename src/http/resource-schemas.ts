import { Type } from 'typebox';
import { Constraints, Customer, sharedSchema, Tier, TokenPair } from './schemas.ts';

/**
 * Response shapes of the resources the pages read (checkout, dashboards). They live here, with
 * no dependency beyond TypeBox, so the browser's API client is typed from the very schemas that
 * validate and serialise the responses.
 */

export const Preview = Type.Object(
  {
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
  },
  { $id: 'SchedulePreview' },
);

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

export const Installment = Type.Object(
  {
    id: Type.String({ examples: ['inst_6Rk1pT9wQ2nV5xB8mZ3c'] }),
    sequence: Type.Integer({ description: '0 is the deposit.' }),
    amount: Type.Integer({ description: 'What is (or was) collected, in kobo.' }),
    refunded: Type.Integer({
      description:
        'Kobo taken off this installment by refunds before it was collected (amount + refunded is what the schedule set).',
    }),
    due_at: Type.String({ format: 'date-time' }),
    status: Type.String({
      description: 'scheduled, processing, failed, paid, cancelled',
      examples: ['scheduled'],
    }),
    paid_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { $id: 'Installment' },
);

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
    installments: Type.Array(Installment),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'PaymentPlan' },
);

export const Charge = Type.Object(
  {
    reference: Type.String({ examples: ['chg-inst3Jd9sKq0LmT2vX7yB1cN-1'] }),
    object: Type.Literal('charge'),
    installment_id: Type.String(),
    sequence: Type.Integer({ description: '0 is the deposit.' }),
    attempt: Type.Integer(),
    amount: Type.Integer(),
    fee: Type.Integer({ description: 'Tranche’s 2.5% on a collected charge; 0 otherwise.' }),
    status: Type.Union([Type.Literal('pending'), Type.Literal('success'), Type.Literal('failed')]),
    gateway_message: Type.Union([Type.String(), Type.Null()]),
    created_at: Type.String({ format: 'date-time' }),
    settled_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { $id: 'Charge' },
);

export const Refund = Type.Object(
  {
    id: Type.String({ examples: ['rfd_5Qm2xR8vT1bN4kL7yC3d'] }),
    object: Type.Literal('refund'),
    payment_plan_id: Type.String(),
    merchant_id: Type.String(),
    livemode: Type.Boolean(),
    amount: Type.Integer({ description: 'The whole refund, in kobo.' }),
    balance_reduction: Type.Integer({
      description:
        'Taken off what the customer still owes (unpaid installments, last first): no money moves.',
    }),
    cash_amount: Type.Integer({
      description: "Paid back to the customer's card or bank account through the gateway.",
    }),
    fee_returned: Type.Integer({
      description: "Tranche's fee given back on the cash part; the wallet pays the rest.",
    }),
    reason: Type.Union([Type.String(), Type.Null()]),
    status: Type.Union([
      Type.Literal('pending'),
      Type.Literal('processed'),
      Type.Literal('failed'),
    ]),
    failure_reason: Type.Union([Type.String(), Type.Null()]),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Refund' },
);

export const CustomerSession = Type.Object(
  { customer: Customer, ...TokenPair },
  { $id: 'CustomerSession' },
);

export const WebhookAttempt = Type.Object({
  attempted_at: Type.String({ format: 'date-time' }),
  url: Type.String(),
  outcome: Type.Union([Type.Literal('delivered'), Type.Literal('failed')]),
  status_code: Type.Union([Type.Integer(), Type.Null()]),
  latency_ms: Type.Integer(),
  error: Type.Union([Type.String(), Type.Null()]),
});

export const EventStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('retrying'),
  Type.Literal('delivered'),
  Type.Literal('dead'),
]);

export const WebhookEvent = Type.Object(
  {
    id: Type.String({ examples: ['evt_4kQ2nV8sLm0pXc7RtY1a'] }),
    object: Type.Literal('webhook_event'),
    event: Type.String({ examples: ['payment.success'] }),
    livemode: Type.Boolean(),
    created_at: Type.String({ format: 'date-time' }),
    status: EventStatus,
    attempts: Type.Integer(),
    next_attempt_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description:
        'When the next attempt is due (pending or retrying); null once delivered or dead.',
    }),
    delivered_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    last_status_code: Type.Union([Type.Integer(), Type.Null()]),
    last_error: Type.Union([Type.String(), Type.Null()]),
    payload: Type.Unknown({ description: 'The exact body that is signed and sent, parsed.' }),
    attempt_log: Type.Optional(Type.Array(WebhookAttempt)),
  },
  { $id: 'WebhookEvent' },
);

export const PaymentLink = Type.Object(
  {
    id: Type.String({ examples: ['pl_7Hq2LmN0pX4sV9bC1dRt'] }),
    object: Type.Literal('payment_link'),
    url: Type.String({ description: 'Share this: each visit opens a fresh checkout.' }),
    merchant_id: Type.String(),
    livemode: Type.Boolean(),
    title: Type.String(),
    currency: Type.Literal('NGN'),
    amount: Type.Union([Type.Integer(), Type.Null()], {
      description: 'Fixed amount in kobo; null when the customer enters it.',
    }),
    min_amount: Type.Union([Type.Integer(), Type.Null()]),
    max_amount: Type.Union([Type.Integer(), Type.Null()]),
    redirect_url: Type.Union([Type.String(), Type.Null()], {
      description:
        'Where the customer goes after a successful checkout; null: the customer dashboard.',
    }),
    constraints: Type.Union([Constraints, Type.Null()], {
      description: "Null: the merchant's default constraints at each visit.",
    }),
    active: Type.Boolean(),
    deactivated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'PaymentLink' },
);

const NullableText = Type.Union([Type.String(), Type.Null()]);
const NullableKobo = Type.Union([Type.Integer(), Type.Null()]);

export const WalletTransaction = Type.Object({
  id: Type.String(),
  object: Type.Literal('wallet_transaction'),
  type: Type.String({
    description:
      'plan_confirmed, payment_collected, payout_initiated, payout_succeeded, payout_failed, payout_reversed, refund_*, receivable_reduced, plan_cancelled, plan_written_off, reversal',
  }),
  reference: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  available_change: Type.Integer({
    description: 'Kobo; negative when money leaves the available balance.',
  }),
  pending_change: Type.Integer(),
  gross: NullableKobo,
  platform_fee: NullableKobo,
  plan_id: NullableText,
  charge_reference: NullableText,
  payout_reference: NullableText,
  refund_reference: NullableText,
});

export const Wallet = Type.Object(
  {
    object: Type.Literal('wallet'),
    merchant_id: Type.String(),
    livemode: Type.Boolean({
      description:
        'Whose money this is: the mode of Tranche’s gateway key (decision 0015), false on a sandbox deployment whichever mode the caller looks at.',
    }),
    currency: Type.Literal('NGN'),
    available: Type.Integer({ description: 'Collected net the merchant can be paid, kobo.' }),
    pending: Type.Integer({ description: 'Gross of live plans not collected yet, kobo.' }),
    payouts_in_transit: Type.Integer(),
    refunds_in_transit: Type.Integer(),
    transactions: Type.Array(WalletTransaction),
    has_more: Type.Boolean(),
    next_cursor: NullableText,
  },
  { $id: 'Wallet' },
);

export const Payout = Type.Object(
  {
    id: Type.String({ examples: ['po_6tY5rE4wQ3aS2dF1gH0j'] }),
    object: Type.Literal('payout'),
    merchant_id: Type.String(),
    amount: Type.Integer(),
    currency: Type.Literal('NGN'),
    status: Type.String({ description: 'pending, in_transit, paid, failed, reversed' }),
    trigger: Type.String({ description: 'schedule (daily at 10:00 Lagos) or request' }),
    reference: Type.String(),
    settlement_account: Type.Object({ bank_code: Type.String(), account_number: Type.String() }),
    failure_reason: NullableText,
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Payout' },
);

export const Bank = Type.Object({
  name: Type.String(),
  code: Type.String({ description: 'The CBN’s 3-digit bank code.' }),
  direct_debit: Type.Boolean({ description: 'Whether customers can set up a mandate there.' }),
});

/** A customer's notification switches for one channel (decision 0017). */
const topicSwitches = {
  reminders: Type.Boolean({ description: 'A reminder 3 days before each installment is due.' }),
  receipts: Type.Boolean({ description: 'A receipt for each payment collected and each refund.' }),
  failed_payments: Type.Boolean({
    description: 'A notice when a debit fails, saying what happens next.',
  }),
};
const NotificationTopics = sharedSchema(
  'NotificationSwitches',
  Type.Object(topicSwitches, { additionalProperties: false }),
);
/** The switches to change on one channel: any of them, nothing else. */
const NotificationTopicsChange = Type.Object(
  {
    reminders: Type.Optional(topicSwitches.reminders),
    receipts: Type.Optional(topicSwitches.receipts),
    failed_payments: Type.Optional(topicSwitches.failed_payments),
  },
  { additionalProperties: false, minProperties: 1 },
);

// Shared (registered with the app) rather than named with an inline $id: inside an inline $id,
// the serializer resolves the NotificationSwitches $ref against that id and fails (every GET and
// PUT answered 500, found by the B30 fuzzer).
export const NotificationPreferences = sharedSchema(
  'NotificationPreferences',
  Type.Object({
    object: Type.Literal('notification_preferences'),
    email: NotificationTopics,
    in_app: NotificationTopics,
    updated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  }),
);

export const NotificationPreferencesChange = Type.Object(
  {
    email: Type.Optional(NotificationTopicsChange),
    in_app: Type.Optional(NotificationTopicsChange),
  },
  { additionalProperties: false, minProperties: 1 },
);
