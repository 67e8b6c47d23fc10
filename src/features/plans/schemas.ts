import { Type } from 'typebox';

import { LineItems } from '../checkout/schemas.ts';

/** The buyer's contact at the checkout (decision 0052): personal data. */
export const PlanCustomer = Type.Object(
  {
    id: Type.String({ examples: ['cus_1aB2cD3eF4gH5iJ6kL7m'] }),
    name: Type.Union([Type.String(), Type.Null()], { examples: ['Ada Obi'] }),
    email: Type.Union([Type.String(), Type.Null()], { examples: ['ada@example.ng'] }),
    phone: Type.Union([Type.String(), Type.Null()], { examples: ['+2348031234567'] }),
  },
  {
    description:
      'Who bought, as they were at the checkout: the customer account’s name, e-mail and phone. Personal data (decision 0052): only the merchant whose plan it is (API, dashboard, webhooks) and the customer themselves see it. An addition to the spec.',
  },
);

export const CustomerFieldAnswer = Type.Object({
  key: Type.String({ examples: ['delivery_address'] }),
  label: Type.String({ examples: ['Delivery address'] }),
  value: Type.String({ examples: ['12 Allen Avenue, Ikeja, Lagos'] }),
});

export const Installment = Type.Object(
  {
    id: Type.String({ examples: ['inst_6Rk1pT9wQ2nV5xB8mZ3c'] }),
    sequence: Type.Integer({ description: '0 is the deposit.' }),
    amount: Type.Integer({ description: 'What is (or was) collected, in kobo.' }),
    refunded: Type.Integer({
      description:
        'Kobo taken off this installment by refunds before it was collected (amount + refunded is what the schedule set).',
    }),
    partially_paid: Type.Integer({
      description:
        'Kobo collected on this installment by partial debits (decision 0045); `amount` is what it still owes. 0 for most installments.',
      examples: [0],
    }),
    due_at: Type.String({ format: 'date-time' }),
    status: Type.String({
      description: 'scheduled, processing, failed, paid, cancelled',
      examples: ['scheduled'],
    }),
    paid_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { $id: 'Installment' },
);

export const Plan = Type.Object(
  {
    id: Type.String({ examples: ['plan_3Jd9sKq0LmT2vX7yB1cN'] }),
    object: Type.Literal('payment_plan'),
    merchant_id: Type.String(),
    customer_id: Type.String(),
    checkout_session_id: Type.String(),
    order_reference: Type.String(),
    title: Type.String({
      description: 'What was bought: the checkout session’s title (spec §2.3).',
      examples: ['Samsung Galaxy A15'],
    }),
    merchant_name: Type.Optional(
      Type.String({
        description: 'The shop’s business name. In the customer’s reads (their own plans) only.',
      }),
    ),
    line_items: Type.Union([LineItems, Type.Null()], {
      description: 'The session’s line items; null when the shop sent none.',
    }),
    metadata: Type.Optional(
      Type.Unsafe<Record<string, string>>({
        type: 'object',
        additionalProperties: { type: 'string' },
        description:
          'The session’s `metadata` (`{}` when none; decision 0051). In the merchant’s reads and webhooks only; never in the customer’s.',
        examples: [{ cart_id: 'c-1042' }],
      }),
    ),
    customer: PlanCustomer,
    customer_fields: Type.Union([Type.Array(CustomerFieldAnswer), Type.Null()], {
      description:
        'A payment link’s plan: what the buyer answered to the link’s questions (delivery address, phone, custom fields; decision 0052). Null for other plans. Personal data, like `customer`.',
    }),
    livemode: Type.Boolean(),
    amount: Type.Integer(),
    currency: Type.Literal('NGN'),
    frequency: Type.Union([Type.Literal('weekly'), Type.Literal('monthly')]),
    installment_count: Type.Integer(),
    upfront_pct: Type.Integer(),
    status: Type.Union(
      ['pending_deposit', 'active', 'completed', 'defaulted', 'cancelled'].map((s) =>
        Type.Literal(s),
      ) as [ReturnType<typeof Type.Literal>],
    ),
    payment_method_id: Type.String(),
    installments: Type.Array(Installment),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'PaymentPlan' },
);

export const Charge = Type.Object(
  {
    reference: Type.String({ examples: ['chg-inst3Jd9sKq0LmT2vX7yB1cN-1'] }),
    object: Type.Literal('charge'),
    installment_id: Type.String(),
    sequence: Type.Integer({ description: '0 is the deposit.' }),
    attempt: Type.Integer({
      description:
        'The automatic attempt this charge is; for a charge the customer started, the attempt it stood in for.',
    }),
    initiated_by: Type.Union([Type.Literal('schedule'), Type.Literal('customer')], {
      description:
        '`schedule`: an automatic debit. `customer`: the customer paid now or paid off early; when such a charge fails, nothing else changes (no missed payment, no retry used, no `payment.failed`).',
    }),
    amount: Type.Integer(),
    fee: Type.Integer({ description: 'Tranche’s 2.5% on a collected charge; 0 otherwise.' }),
    status: Type.Union([Type.Literal('pending'), Type.Literal('success'), Type.Literal('failed')]),
    gateway_message: Type.Union([Type.String(), Type.Null()]),
    requested_amount: Type.Union([Type.Integer(), Type.Null()], {
      description:
        'A partial debit (decision 0045) that took less than it asked for: what it asked for; `amount` is what it took. Null for every other charge.',
    }),
    created_at: Type.String({ format: 'date-time' }),
    settled_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { $id: 'Charge' },
);

const PlanStatusQuery = Type.Union([
  Type.Literal('pending_deposit'),
  Type.Literal('active'),
  Type.Literal('completed'),
  Type.Literal('defaulted'),
  Type.Literal('cancelled'),
]);

/**
 * How plans are found (decision 0066): the plan list and the exports take these query
 * parameters; every one given narrows the result.
 */
export const PlanFilterQuery = {
  status: Type.Optional(PlanStatusQuery),
  customer_id: Type.Optional(Type.String({ maxLength: 64 })),
  order_reference: Type.Optional(Type.String({ maxLength: 100 })),
  customer_email: Type.Optional(
    Type.String({ maxLength: 254, description: 'The buyer’s e-mail, whole; case is ignored.' }),
  ),
  customer_phone: Type.Optional(
    Type.String({
      maxLength: 32,
      description:
        'The buyer’s phone in any usual form (0803 123 4567, +2348031234567): its last 10 digits are compared. Fewer than 10 digits: 400.',
    }),
  ),
  title: Type.Optional(
    Type.String({ maxLength: 200, description: 'Part of the plan’s title; case is ignored.' }),
  ),
  amount_min: Type.Optional(
    Type.Integer({ minimum: 0, description: 'The plan’s amount is at least this (kobo).' }),
  ),
  amount_max: Type.Optional(
    Type.Integer({ minimum: 0, description: 'The plan’s amount is at most this (kobo).' }),
  ),
  created_from: Type.Optional(
    Type.String({ format: 'date-time', maxLength: 40, description: 'Created at or after.' }),
  ),
  created_before: Type.Optional(
    Type.String({ format: 'date-time', maxLength: 40, description: 'Created before.' }),
  ),
  q: Type.Optional(
    Type.String({
      maxLength: 200,
      description:
        'One search box: part of the buyer’s e-mail or name, the title or the order reference, or (4 digits or more) of the buyer’s phone.',
    }),
  ),
};
