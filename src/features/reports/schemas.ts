import { Type } from 'typebox';

import { Payout } from '../money/schemas.ts';

const NullableText = Type.Union([Type.String(), Type.Null()]);

export const SettlementLine = Type.Object(
  {
    type: Type.Union(
      [
        Type.Literal('carried_in'),
        Type.Literal('collection'),
        Type.Literal('refund'),
        Type.Literal('refund_failed'),
        Type.Literal('payout_returned'),
        Type.Literal('adjustment'),
        Type.Literal('fee'),
        Type.Literal('carried_out'),
      ],
      {
        description:
          '`carried_in`: what the previous payout left in the available balance; `collection`: a collected payment, gross; `fee`: the platform fee on it (negative), or a fee returned with a refund (positive); `refund`: a cash refund (negative); `refund_failed`: a refund the gateway did not make, back; `payout_returned`: an earlier payout that failed or was returned, paid again; `adjustment`: a correction; `carried_out`: what this payout left in the available balance (negative).',
      },
    ),
    amount: Type.Integer({
      description: 'Kobo, signed as it counts toward the payout; the lines sum to its `amount`.',
    }),
    created_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    ledger_entry_id: NullableText,
    ledger_kind: NullableText,
    reference: Type.Union([Type.String(), Type.Null()], {
      description: 'The charge (`chg-…`), refund part (`rfp-…`) or payout reference.',
    }),
    plan_id: NullableText,
    order_reference: NullableText,
  },
  { $id: 'SettlementLine' },
);

export const SettlementReport = Type.Object(
  {
    object: Type.Literal('settlement_report'),
    payout: Payout,
    currency: Type.Literal('NGN'),
    summary: Type.Object(
      {
        carried_in: Type.Integer(),
        collections: Type.Integer({ description: 'Gross collected, kobo.' }),
        fees: Type.Integer({ description: 'Platform fees less fees returned (negative).' }),
        refunds: Type.Integer({ description: 'Cash refunds less failed ones (negative).' }),
        payouts_returned: Type.Integer(),
        adjustments: Type.Integer(),
        carried_out: Type.Integer(),
        total: Type.Integer({ description: 'The sum of every line: the payout’s amount.' }),
      },
      { description: 'Kobo, each the sum of its lines.' },
    ),
    lines: Type.Array(SettlementLine),
  },
  { $id: 'SettlementReport' },
);
