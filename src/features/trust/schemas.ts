import { Type } from 'typebox';

import { Tier } from '../../http/schemas.ts';

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
