import { Type } from 'typebox';

import { MAX_CHECKOUT_AMOUNT_KOBO } from '../../domain/money.ts';
import {
  LINE_ITEM_MAX_QUANTITY,
  LINE_ITEM_NAME_MAX_LENGTH,
  LINE_ITEMS_MAX,
  METADATA_KEY_MAX_LENGTH,
  METADATA_MAX_KEYS,
  METADATA_VALUE_MAX_LENGTH,
} from '../../domain/order-details.ts';
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

/**
 * The merchant's own keys and values (decision 0051): string to string, at most 20 keys of at
 * most 40 characters, values of at most 500. Never shown to the customer.
 */
export const Metadata = Type.Unsafe<Record<string, string>>({
  type: 'object',
  maxProperties: METADATA_MAX_KEYS,
  propertyNames: { minLength: 1, maxLength: METADATA_KEY_MAX_LENGTH },
  additionalProperties: { type: 'string', maxLength: METADATA_VALUE_MAX_LENGTH },
  description: `Your own keys and values (order ids, a plugin's reference): strings only, at most ${METADATA_MAX_KEYS} keys of at most ${METADATA_KEY_MAX_LENGTH} characters, values of at most ${METADATA_VALUE_MAX_LENGTH}. Returned to your secret key, on the plan and in every plan webhook; never shown to the customer.`,
  examples: [{ cart_id: 'c-1042', channel: 'woocommerce' }],
});

export const LineItem = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: LINE_ITEM_NAME_MAX_LENGTH,
      pattern: '\\S',
      examples: ['Samsung Galaxy A15'],
    }),
    quantity: Type.Integer({ minimum: 1, maximum: LINE_ITEM_MAX_QUANTITY, examples: [1] }),
    unit_amount: Type.Integer({
      minimum: 0,
      maximum: MAX_CHECKOUT_AMOUNT_KOBO,
      description: 'Kobo, for one.',
      examples: [2500000],
    }),
  },
  Strict,
);

export const LineItems = Type.Array(LineItem, {
  minItems: 1,
  maxItems: LINE_ITEMS_MAX,
  description: `What was bought, at most ${LINE_ITEMS_MAX} items; quantity × unit_amount must sum to amount (else 400).`,
});

/** A plan choice kept for an order (decision 0049): what the customer picked, nothing else. */
const planChoiceFields = {
  frequency: Type.Union([Type.Literal('weekly'), Type.Literal('monthly')]),
  installment_count: Type.Integer({
    minimum: 1,
    maximum: 52,
    description: 'Installments after the deposit.',
  }),
  upfront_pct: Type.Integer({ minimum: 0, maximum: 100 }),
};

export const PlanChoice = Type.Object(planChoiceFields, { ...Strict, $id: 'PlanChoice' });

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
    suggested_plan: Type.Optional(
      Type.Object(planChoiceFields, {
        ...Strict,
        description:
          "The plan the checkout shows first (decision 0068): the messaging element's plan for this amount, inside the session's constraints. In GET answers only (the widget's read).",
      }),
    ),
    livemode: Type.Boolean(),
    amount: Type.Integer({ description: 'Kobo.' }),
    currency: Type.String(),
    title: Type.String(),
    order_reference: Type.String(),
    customer_email: Type.Union([Type.String(), Type.Null()]),
    line_items: Type.Union([LineItems, Type.Null()], {
      description: 'As sent at creation; null when none were sent. An addition to spec §2.3.',
    }),
    metadata: Type.Optional(
      Type.Unsafe<Record<string, string>>({
        type: 'object',
        additionalProperties: { type: 'string' },
        description:
          'As sent at creation (`{}` when none). In secret-key answers only: the widget’s read by token leaves it out. An addition to spec §2.3.',
        examples: [{ cart_id: 'c-1042' }],
      }),
    ),
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
    metadata: Type.Optional(Metadata),
    line_items: Type.Optional(LineItems),
  },
  Strict,
);
