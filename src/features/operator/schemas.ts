import { type TSchema, Type } from 'typebox';

import { sharedSchema, TokenPair } from '../../http/schemas.ts';
import { BusinessDetails, Merchant } from '../merchants/schemas.ts';

/** Response shapes of the operator routes (/api/v1/admin/*, decision 0020). */
const Timestamp = Type.String({ format: 'date-time' });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const PlanCounts = sharedSchema(
  'PlanCountsByStatus',
  Type.Object({
    pending_deposit: Type.Integer(),
    active: Type.Integer(),
    completed: Type.Integer(),
    defaulted: Type.Integer(),
    cancelled: Type.Integer(),
  }),
);

export const WebhookHealth = sharedSchema(
  'WebhookEndpointHealth',
  Type.Object({
    endpoint: Type.Object({
      url: Nullable(Type.String()),
      status: Type.Union([
        Type.Literal('enabled'),
        Type.Literal('disabled'),
        Type.Literal('not_configured'),
      ]),
      disabled_reason: Nullable(Type.String()),
    }),
    last_attempt: Nullable(
      Type.Object({
        attempted_at: Timestamp,
        event_id: Type.String(),
        event: Type.String(),
        outcome: Type.Union([Type.Literal('delivered'), Type.Literal('failed')]),
        status_code: Nullable(Type.Integer()),
        error: Nullable(Type.String()),
      }),
    ),
    waiting: Type.Integer({ description: 'Events still to deliver (pending or retrying).' }),
    dead_letters: Type.Integer({ description: 'Events whose retry window ran out.' }),
  }),
);

export const MerchantOverview = Type.Object({
  object: Type.Literal('merchant_overview'),
  merchant: Merchant,
  business_details: BusinessDetails,
  plans: Type.Object(
    { test: PlanCounts, live: PlanCounts },
    { description: 'Payment plans counted by status, per mode.' },
  ),
  wallet: Type.Object(
    {
      livemode: Type.Boolean(),
      available: Type.Integer({ description: 'kobo' }),
      pending: Type.Integer({ description: 'kobo' }),
      payouts_in_transit: Type.Integer({ description: 'kobo' }),
      refunds_in_transit: Type.Integer({ description: 'kobo' }),
    },
    { description: "Balances in kobo, of the mode of Tranche's gateway key (decision 0015)." },
  ),
  webhooks: Type.Object({ test: WebhookHealth, live: WebhookHealth }),
});

export const ReconciliationReport = Type.Object({
  since: Timestamp,
  charges_checked: Type.Integer(),
  payouts_checked: Type.Integer(),
  refunds_checked: Type.Integer(),
  differences: Type.Array(
    Type.Object({
      kind: Type.Union([
        Type.Literal('charge'),
        Type.Literal('payout'),
        Type.Literal('refund'),
        Type.Literal('ledger'),
      ]),
      reference: Type.String(),
      detail: Type.String(),
    }),
  ),
});

export const DeadLetter = Type.Object({
  id: Type.String(),
  object: Type.Literal('webhook_event'),
  merchant_id: Type.String(),
  business_name: Type.String(),
  event: Type.String(),
  livemode: Type.Boolean(),
  created_at: Timestamp,
  attempts: Type.Integer(),
  last_status_code: Nullable(Type.Integer()),
  last_error: Nullable(Type.String()),
});

export const LedgerCheck = Type.Object({
  object: Type.Literal('ledger_check'),
  checked_at: Timestamp,
  sum_kobo: Type.Integer({
    description: 'Debits minus credits over every posting: 0 when balanced.',
  }),
  total_debits_kobo: Type.Integer(),
  entries: Type.Integer(),
  postings: Type.Integer(),
  balanced: Type.Boolean({
    description: 'The postings sum to zero and so does each entry.',
  }),
  unbalanced_entries: Type.Array(
    Type.Object({ entry_id: Type.String(), sum_kobo: Type.Integer() }),
  ),
  wrong_side_accounts: Type.Array(
    Type.Object({
      account: Type.String(),
      balance_kobo: Type.Integer({ description: 'Debit-positive balance.' }),
      normal_side: Type.Union([Type.Literal('debit'), Type.Literal('credit')]),
    }),
  ),
  unknown_accounts: Type.Array(Type.String()),
});

export const OperatorActionEntry = Type.Object({
  id: Type.String({ examples: ['opa_9Xb2…'] }),
  object: Type.Literal('operator_action'),
  operator: Type.String({ description: "Who: the operator account's name, or cli:<user>." }),
  operator_id: Nullable(Type.String({ description: 'The operator account; null for the CLI.' })),
  action: Type.Union([
    Type.Literal('merchant.approve'),
    Type.Literal('merchant.deactivate'),
    Type.Literal('merchant.reactivate'),
    Type.Literal('reconciliation.run'),
    Type.Literal('payout.otp_submit'),
    Type.Literal('payout.otp_resend'),
    Type.Literal('hardship.approve'),
    Type.Literal('hardship.decline'),
  ]),
  target_type: Type.Union([Type.Literal('merchant'), Type.Literal('ledger')]),
  target_id: Nullable(Type.String()),
  reason: Nullable(Type.String()),
  detail: Type.Record(Type.String(), Type.Unknown(), {
    description: 'What changed, e.g. `{ "from": "pending_approval", "to": "active" }`.',
  }),
  request_id: Nullable(Type.String()),
  ip: Nullable(Type.String()),
  created_at: Timestamp,
});

export const OperatorAccount = Type.Object({
  id: Type.String(),
  object: Type.Literal('operator'),
  email: Type.String(),
  name: Type.String(),
});

export const OperatorSession = Type.Object(
  {
    operator: OperatorAccount,
    ...TokenPair,
  },
  { $id: 'OperatorSession' },
);
