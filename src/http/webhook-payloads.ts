import { type TSchema, Type } from 'typebox';

import { TEST_EVENT_TYPE, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../domain/webhook.ts';
import { Dispute, Reversal } from '../features/disputes/schemas.ts';
import { HardshipRequest } from '../features/hardship/schemas.ts';
import { Payout } from '../features/money/schemas.ts';
import { Installment, Plan } from '../features/plans/schemas.ts';
import { Refund } from '../features/refunds/schemas.ts';
import { GoodsReleaseRule } from './schemas.ts';

/**
 * The `data` of every merchant webhook event (docs/webhooks.md), for the OpenAPI document's
 * `webhooks`. The payloads are built in src/features/plans/events.ts, payouts.ts and
 * revocation-notices.ts: a change there must be mirrored here.
 */

const Timestamp = Type.String({ format: 'date-time' });
const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);

export const Payment = Type.Object(
  {
    reference: Type.String({
      description: 'Our gateway reference for this attempt.',
      examples: ['chg-inst0aA-1'],
    }),
    attempt: Type.Integer({ minimum: 1, examples: [1] }),
    amount: Type.Integer({ description: 'Gross, in kobo.', examples: [25000] }),
    fee: Type.Integer({ description: 'Platform fee: 2.5%, rounded half up.', examples: [625] }),
    net: Type.Integer({ description: 'What the wallet receives.', examples: [24375] }),
    currency: Type.Literal('NGN'),
    paid_at: NullableTimestamp,
  },
  { $id: 'WebhookPayment' },
);

const FailedPayment = Type.Object(
  {
    ...Payment.properties,
    failure_message: Type.Union([Type.String(), Type.Null()], {
      examples: ['Insufficient Funds'],
    }),
  },
  { $id: 'WebhookFailedPayment' },
);

const PlanPayment = Type.Object(
  {
    payment_plan: Plan,
    installment: Type.Union([Installment, Type.Null()], {
      description: 'Null only in the payment.success of a plan without a deposit.',
    }),
    payment: Type.Union([Payment, Type.Null()]),
  },
  { $id: 'PaymentEventData' },
);

const PlanOnly = Type.Object({ payment_plan: Plan }, { $id: 'PlanEventData' });
const PayoutOnly = Type.Object({ payout: Payout }, { $id: 'PayoutEventData' });
const RefundOutcome = Type.Object(
  { refund: Refund, payment_plan: Plan },
  { $id: 'RefundEventData' },
);

const DisputeEventData = Type.Object({ dispute: Dispute }, { $id: 'DisputeEventData' });
const ReversalEventData = Type.Object({ reversal: Reversal }, { $id: 'ReversalEventData' });

const PAYLOADS: Record<WebhookEventType, { summary: string; data: TSchema }> = {
  'payment.success': {
    summary: 'The deposit is collected and the plan is active (once per plan).',
    data: PlanPayment,
  },
  'payment.failed': {
    summary: 'An attempt at the deposit or an installment failed.',
    data: Type.Object(
      {
        payment_plan: Plan,
        installment: Installment,
        payment: FailedPayment,
        next_retry_at: Type.Union([Timestamp, Type.Null()], {
          description: 'Null when this was the last attempt.',
        }),
        final_attempt: Type.Boolean(),
      },
      { $id: 'PaymentFailedEventData' },
    ),
  },
  'payment.partial': {
    summary:
      'An automatic retry took part of an overdue installment by partial debit (decision 0045): the rest is still owed and retried.',
    data: Type.Object(
      {
        payment_plan: Plan,
        installment: Installment,
        payment: Type.Object(
          {
            ...Payment.properties,
            amount: Type.Integer({
              description: 'What was collected, in kobo; the fee is 2.5% of this.',
              examples: [409013],
            }),
            requested_amount: Type.Integer({
              description: 'What the retry asked for: the installment as it was.',
              examples: [625000],
            }),
            gateway_message: Type.Union([Type.String(), Type.Null()], { examples: ['Approved'] }),
          },
          { $id: 'WebhookPartialPayment' },
        ),
        amount_remaining: Type.Integer({
          description:
            'Still owed on the installment (its `amount` now); `payment.amount` + this = `payment.requested_amount`.',
          examples: [215987],
        }),
        next_retry_at: Type.Union([Timestamp, Type.Null()], {
          description: 'Null when this was the last attempt (the plan then defaults).',
        }),
        final_attempt: Type.Boolean(),
      },
      { $id: 'PaymentPartialEventData' },
    ),
  },
  'payment_plan.installment_paid': {
    summary: 'A later installment was collected.',
    data: PlanPayment,
  },
  'installment.paid': {
    summary: 'Sent with every `payment_plan.installment_paid`: the same data, its own event id.',
    data: PlanPayment,
  },
  'goods.release': {
    summary: "The merchant's goods release rule is met (once per plan).",
    data: Type.Object(
      {
        payment_plan: Plan,
        order_reference: Type.String(),
        release_rule: GoodsReleaseRule,
        amount_paid: Type.Integer({ description: 'Kobo collected so far.' }),
        amount_outstanding: Type.Integer({ description: 'Kobo still to collect.' }),
      },
      { $id: 'GoodsReleaseEventData' },
    ),
  },
  'debit.scheduled': {
    summary: 'An automatic debit is registered for a later installment (or its retry).',
    data: Type.Object(
      {
        payment_plan: Plan,
        installment: Installment,
        attempt: Type.Integer({ minimum: 1 }),
        scheduled_for: Timestamp,
        payment_method_id: Type.String({ examples: ['pm_7bQ1vN4kT9sX2mL0pZcA'] }),
      },
      { $id: 'DebitScheduledEventData' },
    ),
  },
  'transfer.success': {
    summary: "A payout reached the merchant's settlement account.",
    data: PayoutOnly,
  },
  'transfer.failed': {
    summary: 'A payout failed; the amount is back in the available balance.',
    data: PayoutOnly,
  },
  'transfer.reversed': {
    summary: 'A paid payout was reversed by the bank; the amount is back in the available balance.',
    data: PayoutOnly,
  },
  'payment_plan.completed': {
    summary: 'Nothing is left to collect.',
    data: PlanOnly,
  },
  'payment_plan.defaulted': {
    summary: 'A later installment ran out of retries; automatic debits stop.',
    data: PlanOnly,
  },
  'payment_plan.cancelled': {
    summary: 'The merchant cancelled the plan, or its deposit ran out of retries.',
    data: PlanOnly,
  },
  'payment_plan.updated': {
    summary:
      'The schedule changed: a refund shortened it (`reason: "refund"`), or a hardship request was approved (`reason: "hardship"`: one due date moved, or the rest spread over more installments).',
    data: Type.Object(
      {
        payment_plan: Plan,
        reason: Type.Union([Type.Literal('refund'), Type.Literal('hardship')]),
        refund: Type.Union([Refund, Type.Null()], {
          description: 'Null unless `reason` is `refund`.',
        }),
        hardship_request: Type.Optional(
          Type.Union([HardshipRequest, Type.Null()], {
            description: 'The approved request when `reason` is `hardship`.',
          }),
        ),
      },
      { $id: 'PlanUpdatedEventData' },
    ),
  },
  'payment_method.revoked': {
    summary: "The card or mandate behind some of the merchant's open plans was revoked.",
    data: Type.Object(
      {
        payment_method: Type.Object({
          id: Type.String({ examples: ['pm_7bQ1vN4kT9sX2mL0pZcA'] }),
          type: Type.Union([Type.Literal('card'), Type.Literal('bank')]),
          label: Type.String({ examples: ['Visa Card'] }),
          status: Type.Literal('revoked'),
          revoked_reason: Type.Union([Type.String(), Type.Null()], {
            examples: ['authorization.revoked'],
          }),
          revoked_at: NullableTimestamp,
        }),
        customer_id: Type.String({ examples: ['cus_1aB2cD3eF4gH5iJ6kL7m'] }),
        payment_plan_ids: Type.Array(Type.String({ examples: ['plan_3Jd9sKq0LmT2vX7yB1cN'] })),
        replacement_payment_method_id: Type.Union([Type.String(), Type.Null()], {
          description:
            "The customer's default method the plans now use, or null when they have none (collections wait for one).",
        }),
      },
      { $id: 'PaymentMethodRevokedEventData' },
    ),
  },
  'refund.processed': {
    summary: 'A refund is done: balance reduced and cash paid back.',
    data: RefundOutcome,
  },
  'refund.failed': {
    summary: 'The gateway could not pay (part of) a refund back.',
    data: RefundOutcome,
  },
  'dispute.created': {
    summary:
      "A customer's bank disputed a collected payment: the amount was taken back from your balance. Answer before `due_at`.",
    data: DisputeEventData,
  },
  'dispute.reminder': {
    summary: 'The gateway reminds you that a dispute still needs your answer.',
    data: DisputeEventData,
  },
  'dispute.resolved': {
    summary: 'A dispute is over: `won` gives the money back to your balance, `lost` keeps it out.',
    data: DisputeEventData,
  },
  'payment.reversed': {
    summary:
      'The gateway reversed a collected payment with no refund of yours and no dispute we know of (decision 0073): the amount less its fee share left your available balance. The installment stays paid.',
    data: ReversalEventData,
  },
};

/** The signed body of one event type: exactly `id`, `event`, `created_at`, `data`. */
export function webhookEventSchema(type: WebhookEventType): TSchema {
  return Type.Object({
    id: Type.String({ examples: ['evt_4kQ2nV8sLm0pXc7RtY1a'] }),
    event: Type.Literal(type),
    created_at: Timestamp,
    data: PAYLOADS[type].data,
  });
}

export function webhookEventSummary(type: WebhookEventType): string {
  return PAYLOADS[type].summary;
}

export { TEST_EVENT_TYPE, WEBHOOK_EVENT_TYPES };
