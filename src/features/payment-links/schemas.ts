import { Type } from 'typebox';

import {
  CUSTOMER_FIELD_KEY_PATTERN,
  CUSTOMER_FIELD_LABEL_MAX_LENGTH,
  CUSTOMER_FIELDS_MAX,
} from '../../domain/order-details.ts';
import { Constraints, Strict } from '../../http/schemas.ts';

/** One question a link's page asks the buyer before the checkout (decision 0052). */
export const CustomerFieldDefinition = Type.Object(
  {
    key: Type.String({
      pattern: CUSTOMER_FIELD_KEY_PATTERN,
      description:
        'Names the answer on the plan and in webhooks: lower case, digits and `_`, up to 40 characters.',
      examples: ['delivery_address'],
    }),
    label: Type.String({
      minLength: 1,
      maxLength: CUSTOMER_FIELD_LABEL_MAX_LENGTH,
      pattern: '\\S',
      description: 'What the buyer reads above the field.',
      examples: ['Delivery address'],
    }),
    type: Type.Union([Type.Literal('text'), Type.Literal('address'), Type.Literal('phone')], {
      description:
        '`address`: several lines, up to 300 characters; `phone`: a phone number; `text`: one line, up to 300 characters.',
    }),
    required: Type.Boolean(),
  },
  Strict,
);

export const CustomerFieldDefinitions = Type.Array(CustomerFieldDefinition, {
  maxItems: CUSTOMER_FIELDS_MAX,
  description: `Questions the link's page asks before the checkout (a delivery address, a phone, a size…), at most ${CUSTOMER_FIELDS_MAX}; keys unique. The answers come back on the plan as \`customer_fields\` and in its webhooks. Empty: the page goes straight to the checkout.`,
});

export const PaymentLink = Type.Object(
  {
    id: Type.String({ examples: ['pl_7Hq2LmN0pX4sV9bC1dRt'] }),
    object: Type.Literal('payment_link'),
    url: Type.String({ description: 'Share this: each visit opens a fresh checkout.' }),
    merchant_id: Type.String(),
    livemode: Type.Boolean(),
    title: Type.String(),
    currency: Type.Literal('NGN'),
    amount: Type.Union([Type.Integer(), Type.Null()], {
      description: 'Fixed amount in kobo; null when the customer enters it.',
    }),
    min_amount: Type.Union([Type.Integer(), Type.Null()]),
    max_amount: Type.Union([Type.Integer(), Type.Null()]),
    redirect_url: Type.Union([Type.String(), Type.Null()], {
      description:
        'Where the customer goes after a successful checkout; null: the customer dashboard.',
    }),
    constraints: Type.Union([Constraints, Type.Null()], {
      description: "Null: the merchant's default constraints at each visit.",
    }),
    customer_fields: CustomerFieldDefinitions,
    active: Type.Boolean(),
    deactivated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'PaymentLink' },
);
