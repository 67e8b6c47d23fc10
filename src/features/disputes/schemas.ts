import { Type } from 'typebox';

const Timestamp = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const DisputeEvidenceView = Type.Object(
  {
    customer_email: Type.String(),
    customer_name: Type.String(),
    customer_phone: Type.String(),
    service_details: Type.String(),
    delivery_address: Nullable(Type.String()),
    delivery_date: Nullable(Type.String({ format: 'date' })),
  },
  { $id: 'DisputeEvidence' },
);

/** A dispute (chargeback) of one collected payment: docs/money-rules.md §5c, decision 0069. */
export const Dispute = Type.Object(
  {
    id: Type.String({ examples: ['dsp_4kQ2nV8sLm0pXc7RtY1a'] }),
    object: Type.Literal('dispute'),
    merchant_id: Type.String(),
    livemode: Type.Boolean(),
    status: Type.Union(
      [
        Type.Literal('needs_response'),
        Type.Literal('under_review'),
        Type.Literal('won'),
        Type.Literal('lost'),
      ],
      {
        description:
          '`needs_response`: answer before `due_at` (evidence, a file, then accept or decline). `under_review`: you declined; the bank decides. `won`: the money came back to your balance. `lost`: it stays with the customer.',
      },
    ),
    amount: Type.Integer({
      description: 'What the gateway took back, in kobo (at most the payment).',
    }),
    fee_share: Type.Integer({
      description: "Tranche's fee on that amount, taken back from Tranche (not from you).",
    }),
    balance_debited: Type.Integer({
      description:
        'Taken from your available balance when the dispute opened (amount - fee_share).',
    }),
    returned_amount: Type.Integer({
      description: 'Given back on resolution: all of `amount` when won, usually 0 when lost.',
    }),
    currency: Type.Literal('NGN'),
    reason: Nullable(
      Type.String({ description: "The customer's words, as the gateway gives them." }),
    ),
    due_at: Nullable(Timestamp),
    reminders: Type.Integer({ description: 'How many reminders the gateway has sent.' }),
    payment_plan_id: Type.String(),
    installment_id: Type.String(),
    charge_reference: Type.String({ description: 'The disputed payment (our gateway reference).' }),
    evidence: Nullable(DisputeEvidenceView),
    file_uploaded: Type.Boolean({
      description: 'A file of proof was uploaded (needed to answer).',
    }),
    merchant_decision: Nullable(Type.Union([Type.Literal('accepted'), Type.Literal('declined')])),
    merchant_message: Nullable(Type.String()),
    resolution: Nullable(
      Type.String({
        description:
          "The gateway's word for the outcome: `declined` (you won), `merchant-accepted`, `auto-accepted` (lost).",
      }),
    ),
    created_at: Timestamp,
    updated_at: Timestamp,
    resolved_at: Nullable(Timestamp),
  },
  { $id: 'Dispute' },
);

/**
 * A collected payment the gateway reported reversed with no refund of yours and no dispute we
 * know of: docs/money-rules.md §5d, decision 0073.
 */
export const Reversal = Type.Object(
  {
    id: Type.String({ examples: ['rvs_4kQ2nV8sLm0pXc7RtY1a'] }),
    object: Type.Literal('reversal'),
    merchant_id: Type.String(),
    livemode: Type.Boolean(),
    amount: Type.Integer({
      description:
        'What the gateway took back, in kobo: the payment less what you had already refunded.',
    }),
    fee_share: Type.Integer({
      description: "Tranche's fee on that amount, returned by Tranche (not taken from you).",
    }),
    balance_debited: Type.Integer({
      description: 'Taken from your available balance (amount - fee_share).',
    }),
    currency: Type.Literal('NGN'),
    payment_plan_id: Type.String(),
    installment_id: Type.String({
      description: 'It stays paid: the customer is not debited again.',
    }),
    charge_reference: Type.String({ description: 'The reversed payment (our gateway reference).' }),
    superseded_by_dispute_id: Nullable(
      Type.String({
        description:
          'A dispute about the same payment that reached us later and took the money instead: this reversal was undone.',
      }),
    ),
    created_at: Timestamp,
  },
  { $id: 'Reversal' },
);
