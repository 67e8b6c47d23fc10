import { Type } from 'typebox';

import { sharedSchema } from '../../http/schemas.ts';

/*
 * The messaging element's read (decision 0056): the plans a shopper could choose for an amount,
 * under the shop's plan limits, with the amounts already in words so the element in connect.js
 * carries no money formatting of its own.
 */

export const MessagingPlan = sharedSchema(
  'MessagingPlan',
  Type.Object({
    frequency: Type.Union([Type.Literal('weekly'), Type.Literal('monthly')]),
    installment_count: Type.Integer({ description: 'Installments after the deposit.' }),
    upfront_pct: Type.Integer({ description: 'The shop’s minimum deposit, in percent.' }),
    deposit: Type.Integer({ description: 'Kobo, paid at confirmation.' }),
    installment: Type.Integer({
      description:
        'Kobo: the largest installment (the first ones carry the odd kobo, docs/money-rules.md).',
    }),
    equal_installments: Type.Boolean({
      description: 'False when the installments differ by 1 kobo.',
    }),
    total: Type.Integer({ description: 'Kobo: deposit plus installments, the amount asked.' }),
    deposit_text: Type.String({ examples: ['₦12,125'] }),
    installment_text: Type.String({ examples: ['₦12,125'] }),
  }),
);

export const MessagingPlans = Type.Object(
  {
    object: Type.Literal('messaging_plans'),
    livemode: Type.Boolean(),
    amount: Type.Integer({ description: 'Kobo, as asked.' }),
    currency: Type.Literal('NGN'),
    merchant_name: Type.String({ description: 'The shop, for the learn-more view.' }),
    available: Type.Boolean({
      description:
        'False when no plan fits the amount (above `max_amount`, or too small to split): show nothing.',
    }),
    max_amount: Type.Integer({
      description: 'Kobo: the largest order a shopper may pay in installments (the highest tier).',
    }),
    headline: Type.Union([MessagingPlan, Type.Null()], {
      description:
        'The plan the checkout selects first (monthly when offered, 3 payments, the minimum deposit): the one line the element shows.',
    }),
    plans: Type.Array(MessagingPlan, {
      description:
        'Every duration of each allowed frequency at the minimum deposit, monthly first. The checkout also offers larger deposits.',
    }),
  },
  { $id: 'MessagingPlans' },
);
