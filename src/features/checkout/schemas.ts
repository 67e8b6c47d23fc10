import { Type } from 'typebox';

import { MAX_CHECKOUT_AMOUNT_KOBO } from '../../domain/money.ts';
import { Constraints, Email, NullableTimestamp, Strict, Timestamp } from '../../http/schemas.ts';
import { SupportContact } from '../merchants/schemas.ts';

/*
 * The checkout's request and response shapes. A feature's schemas.ts depends on nothing but
 * TypeBox and http/schemas.ts, so the browser's API clients (web/) import it directly and are
 * typed from the very schemas that validate and serialise the responses.
 */

export const Preview = Type.Object(
  {
    amount: Type.Integer(),
    currency: Type.Literal('NGN'),
    frequency: Type.Union([Type.Literal('weekly'), Type.Literal('monthly')]),
    installment_count: Type.Integer(),
    upfront_pct: Type.Integer(),
    deposit: Type.Object({ amount: Type.Integer(), due_at: Type.String({ format: 'date-time' }) }),
    installments: Type.Array(
      Type.Object({
        sequence: Type.Integer(),
        amount: Type.Integer(),
        due_at: Type.String({ format: 'date-time' }),
      }),
    ),
    total: Type.Integer(),
    merchant_view: Type.Optional(
      Type.Object({ platform_fee: Type.Integer(), merchant_net: Type.Integer() }),
    ),
    constraints: Constraints,
  },
  { $id: 'SchedulePreview' },
);

export const CheckoutSession = Type.Object(
  {
    id: Type.String({ examples: ['cs_9hT3kQ0vZr2mW8yL1pXa'] }),
    object: Type.Literal('checkout_session'),
    token: Type.String({ description: 'The `sessionToken` for `TrancheConnect.openCheckout`.' }),
    checkout_url: Type.String({ description: 'Hosted checkout page for this session.' }),
    merchant_id: Type.String(),
    merchant_name: Type.Optional(
      Type.String({
        description:
          "The merchant's business name, shown by the checkout. In GET answers only (the widget's read).",
      }),
    ),
    merchant_support: Type.Optional(
      Type.Union([SupportContact, Type.Null()], {
        description:
          "How customers reach the merchant (its `support_contact` setting), null when it set none. In GET answers only (the widget's read).",
      }),
    ),
    livemode: Type.Boolean(),
    amount: Type.Integer({ description: 'Kobo.' }),
    currency: Type.String(),
    title: Type.String(),
    order_reference: Type.String(),
    customer_email: Type.Union([Type.String(), Type.Null()]),
    status: Type.Union([
      Type.Literal('pending'),
      Type.Literal('completed'),
      Type.Literal('cancelled'),
      Type.Literal('expired'),
    ]),
    constraints: Constraints,
    created_at: Timestamp,
    expires_at: Timestamp,
    completed_at: NullableTimestamp,
  },
  { $id: 'CheckoutSession' },
);

export const CreateCheckoutSessionBody = Type.Object(
  {
    merchant_id: Type.String({ minLength: 1, maxLength: 64 }),
    amount: Type.Integer({
      minimum: 1,
      maximum: MAX_CHECKOUT_AMOUNT_KOBO,
      description: 'Kobo; ₦10,000,000 at most.',
    }),
    currency: Type.Literal('NGN'),
    title: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
    order_reference: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
    customer_email: Type.Optional(Email),
  },
  Strict,
);

/** A plan choice kept for an order (decision 0049): what the customer picked, nothing else. */
export const PlanChoice = Type.Object(
  {
    frequency: Type.Union([Type.Literal('weekly'), Type.Literal('monthly')]),
    installment_count: Type.Integer({
      minimum: 1,
      maximum: 52,
      description: 'Installments after the deposit.',
    }),
    upfront_pct: Type.Integer({ minimum: 0, maximum: 100 }),
  },
  { ...Strict, $id: 'PlanChoice' },
);
