import { Type } from 'typebox';

import { Constraints } from '../../http/schemas.ts';

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
