import { Type } from 'typebox';

const NullableText = Type.Union([Type.String(), Type.Null()]);

const NullableKobo = Type.Union([Type.Integer(), Type.Null()]);

export const WalletTransaction = Type.Object({
  id: Type.String(),
  object: Type.Literal('wallet_transaction'),
  type: Type.String({
    description:
      'plan_confirmed, payment_collected, transfer_collected (an installment part paid by bank transfer; charge_reference is the part’s reference), payout_initiated, payout_succeeded, payout_failed, payout_reversed, refund_*, receivable_reduced, plan_cancelled, plan_written_off, reversal',
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

/** Transfer OTP (decision 0043): a payout the gateway holds until an operator gives the OTP. */
export const PayoutAwaitingOtp = Type.Object(
  {
    id: Type.String({ examples: ['po_6tY5rE4wQ3aS2dF1gH0j'] }),
    object: Type.Literal('payout'),
    merchant_id: Type.String(),
    business_name: Type.String(),
    amount: Type.Integer({ description: 'Kobo.' }),
    currency: Type.Literal('NGN'),
    reference: Type.String(),
    transfer_code: NullableText,
    settlement_account: Type.Object({ bank_code: Type.String(), account_number: Type.String() }),
    otp_requested_at: Type.String({
      format: 'date-time',
      description: 'When the gateway answered `otp` and sent the OTP to the business phone.',
    }),
    deadline_at: Type.String({
      format: 'date-time',
      description:
        'otp_requested_at + 30 minutes, when Paystack documents that it abandons the transfer.',
    }),
    overdue: Type.Boolean({
      description:
        'Past the deadline and still held at the gateway: reported (metric, log). Resend the OTP and give it, or wait for the gateway to abandon it (the money then returns to the wallet).',
    }),
  },
  { $id: 'PayoutAwaitingOtp' },
);

export const PayoutOtpBody = Type.Object(
  {
    otp: Type.String({
      pattern: '^[0-9]{4,10}$',
      description: 'The OTP the gateway sent to the business phone (or e-mail) for this transfer.',
    }),
  },
  { additionalProperties: false },
);
