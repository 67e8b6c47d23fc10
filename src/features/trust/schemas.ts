import { Type } from 'typebox';

import { Tier } from '../../http/schemas.ts';

export const Eligibility = Type.Object(
  {
    eligible: Type.Boolean(),
    reason: Type.Union(
      [
        Type.Literal('delinquent'),
        Type.Literal('insufficient_trust_tier'),
        Type.Literal('credit_check_required'),
        Type.Literal('credit_report'),
        Type.Literal('tier_restricted'),
        Type.Literal('no_payment_method'),
        Type.Null(),
      ],
      {
        description:
          'Null when eligible. When several hold, the first of: delinquent, insufficient_trust_tier (identity not verified), credit_check_required (live: no valid credit bureau check), credit_report (refused on the credit report, decision 0047), tier_restricted, insufficient_trust_tier (over the spending limit), no_payment_method.',
      },
    ),
    customer_score: Type.Integer({ minimum: 0, maximum: 1000 }),
    customer_tier: Tier,
    required_tier: Tier,
    explanation: Type.Union([Type.String(), Type.Null()], {
      description:
        'Null when eligible: otherwise the reason in words for the customer, with what they can do (a credit-report refusal names the bureaus and how to reach them).',
    }),
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
      lost_disputes: Type.Integer({
        description:
          'Disputes of this customer the merchant lost (each -150, like a default: money-rules.md §5c).',
      }),
      credit_points: Type.Integer({
        description: 'What the credit bureau check adds to the score (decision 0047).',
      }),
    }),
  },
  { $id: 'CustomerTrust' },
);
