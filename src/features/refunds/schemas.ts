import { Type } from 'typebox';

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
