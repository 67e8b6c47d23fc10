import { Type } from 'typebox';

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
    status: Type.Union(
      [
        Type.Literal('pending'),
        Type.Literal('active'),
        Type.Literal('revoked'),
        Type.Literal('failed'),
      ],
      {
        description:
          '`active`: usable. `pending`: a bank mandate the customer approved that the bank has not activated yet (up to 24 hours); it cannot back a plan until it is active. `failed`: the bank never activated the mandate. `revoked`: the bank or gateway withdrew it. Only `active` methods are ever charged.',
      },
    ),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'PaymentMethod' },
);

const NextAction = Type.Union([
  Type.Literal('submit_otp'),
  Type.Literal('submit_birthday'),
  Type.Literal('submit_phone'),
  Type.Literal('open_url'),
  Type.Literal('success'),
  Type.Literal('pending'),
]);

export const MandateStep = Type.Object({
  ok: Type.Literal(true),
  next_action: NextAction,
  reference: Type.String(),
  display_text: Type.Union([Type.String(), Type.Null()]),
  otp_attempts_left: Type.Optional(
    Type.Integer({
      minimum: 1,
      description:
        'With submit_otp: codes this set-up still takes. A wrong code answers submit_otp again with one fewer (and display_text saying so); the last wrong one ends the set-up (402).',
    }),
  ),
  url: Type.Optional(
    Type.String({
      description: 'Present when next_action is open_url: open it in a popup, then call verify.',
    }),
  ),
  data: Type.Optional(PaymentMethod),
});

export const Bank = Type.Object({
  name: Type.String(),
  code: Type.String({ description: 'The CBN’s 3-digit bank code.' }),
  direct_debit: Type.Boolean({ description: 'Whether customers can set up a mandate there.' }),
});
