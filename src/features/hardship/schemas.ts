import { Type } from 'typebox';

import { NullableTimestamp, Strict, Timestamp } from '../../http/schemas.ts';
import { Plan } from '../plans/schemas.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

/** A customer's hardship request on one plan (decision 0072, docs/money-rules.md §7). */
export const HardshipRequest = Type.Object(
  {
    id: Type.String({ examples: ['hsr_6mT1qZ8vKc3LpW0xNb2d'] }),
    object: Type.Literal('hardship_request'),
    payment_plan_id: Type.String(),
    merchant_id: Type.String(),
    livemode: Type.Boolean(),
    kind: Type.Union([Type.Literal('move_due_date'), Type.Literal('spread')], {
      description:
        '`move_due_date`: one installment falls due later (`installment_id`, `new_due_date`). `spread`: what is still scheduled is split over `extra_installments` more installments.',
    }),
    status: Type.Union(
      [
        Type.Literal('requested'),
        Type.Literal('approved'),
        Type.Literal('declined'),
        Type.Literal('expired'),
        Type.Literal('cancelled'),
      ],
      {
        description:
          '`requested`: waiting for the merchant (until `expires_at`). `approved`: the schedule changed. `declined`: the schedule stays. `expired`: nobody answered in time. `cancelled`: the customer withdrew it. A plan has one request that is requested, approved or declined.',
      },
    ),
    installment_id: Nullable(Type.String()),
    new_due_date: Nullable(
      Type.String({ format: 'date', description: 'The Lagos day asked for (due at 09:00 Lagos).' }),
    ),
    extra_installments: Nullable(Type.Integer({ minimum: 1 })),
    reason: Nullable(Type.String({ description: "The customer's words, if any." })),
    decided_by: Nullable(
      Type.Union([Type.Literal('merchant'), Type.Literal('operator'), Type.Literal('automatic')]),
    ),
    decision_note: Nullable(Type.String()),
    expires_at: Timestamp,
    decided_at: NullableTimestamp,
    created_at: Timestamp,
  },
  Strict,
);

export const HardshipDecisionResult = Type.Object(
  { hardship_request: HardshipRequest, payment_plan: Plan },
  Strict,
);

/** A merchant's limits on hardship requests (decision 0072). */
export const HardshipSettings = Type.Object(
  {
    max_move_days: Type.Integer({
      minimum: 0,
      maximum: 30,
      description: 'How many days later one due date may move (default 14; 0: not offered).',
    }),
    max_extra_installments: Type.Integer({
      minimum: 0,
      maximum: 6,
      description:
        'How many installments a spread may add (default 3; 0: not offered). The plan never exceeds the longest plan Tranche offers (52 weeks, 24 months).',
    }),
    auto_approve: Type.Boolean({
      description:
        'Approve every request within these limits at once, without waiting for you (default false).',
    }),
  },
  Strict,
);

/** What a customer may ask on one plan (GET …/plans/{id}/hardship). */
export const CustomerHardship = Type.Object(
  {
    max_move_days: Type.Integer({ description: "The shop's limit on moving one due date." }),
    max_extra_installments: Type.Integer({
      description: "The shop's limit on installments a spread adds.",
    }),
    auto_approve: Type.Boolean({ description: 'Whether the shop approves at once.' }),
    can_request: Type.Boolean({
      description:
        'The plan is active, its one request is not used, and something can be asked (a date that may move, or a spread).',
    }),
    movable_installments: Type.Array(
      Type.Object({
        installment_id: Type.String(),
        sequence: Type.Integer(),
        due_date: Type.String({ format: 'date' }),
        earliest_due_date: Type.String({ format: 'date' }),
        latest_due_date: Type.String({ format: 'date' }),
      }),
      { description: 'Installments whose due date may move, each with the latest day allowed.' },
    ),
    requests: Type.Array(HardshipRequest),
  },
  Strict,
);
