import { Type } from 'typebox';

/** The customer's dedicated account and what to send for one plan (decision 0071). */
export const TransferAccount = Type.Object(
  {
    object: Type.Literal('transfer_account'),
    plan_id: Type.String(),
    account_number: Type.String({ description: 'A 10-digit NUBAN, yours alone.' }),
    account_name: Type.String(),
    bank_name: Type.String(),
    currency: Type.Literal('NGN'),
    amount_due_now: Type.Integer({
      description: 'Kobo overdue on this plan now (failed or due installments).',
    }),
    amount_remaining: Type.Integer({ description: 'Kobo the plan still owes in all.' }),
    next_installment: Type.Union([
      Type.Object({ due_at: Type.String({ format: 'date-time' }), amount: Type.Integer() }),
      Type.Null(),
    ]),
  },
  { additionalProperties: false, $id: 'TransferAccount' },
);
