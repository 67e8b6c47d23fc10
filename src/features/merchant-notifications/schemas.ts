import { Type } from 'typebox';

/** A merchant's e-mail switches (decision 0067). */
const switches = {
  account: Type.Boolean({
    description: 'Your account approved (live keys work) or deactivated, with the reason.',
  }),
  payouts: Type.Boolean({
    description: 'A payout sent to your bank account, failed, or returned by the bank (reversed).',
  }),
  webhooks: Type.Boolean({
    description:
      'Every delivery to a webhook URL failing for an hour (once per incident), and once more when deliveries work again.',
  }),
  disputes: Type.Boolean({ description: 'A customer disputing a payment with their bank.' }),
};

export const MerchantNotificationPreferences = Type.Object(
  {
    object: Type.Literal('merchant_notification_preferences'),
    email: Type.Union([Type.String({ format: 'email' }), Type.Null()], {
      description: 'Where the e-mails go; `null`: the account e-mail.',
    }),
    sends_to: Type.String({
      description: 'Where they go now: `email`, else the account e-mail.',
    }),
    ...switches,
    updated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { title: 'MerchantNotificationPreferences' },
);

export const MerchantNotificationPreferencesChange = Type.Object(
  {
    email: Type.Optional(
      Type.Union([Type.String({ maxLength: 254 }), Type.Null()], {
        description:
          'An address for these e-mails; `null` or `""` goes back to the account e-mail.',
      }),
    ),
    account: Type.Optional(switches.account),
    payouts: Type.Optional(switches.payouts),
    webhooks: Type.Optional(switches.webhooks),
    disputes: Type.Optional(switches.disputes),
  },
  { additionalProperties: false, minProperties: 1 },
);
