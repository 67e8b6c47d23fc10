import { Type } from 'typebox';

import { sharedSchema } from '../../http/schemas.ts';

/** A customer's notification switches for one channel (decision 0017). */
const topicSwitches = {
  reminders: Type.Boolean({ description: 'A reminder 3 days before each installment is due.' }),
  receipts: Type.Boolean({ description: 'A receipt for each payment collected and each refund.' }),
  failed_payments: Type.Boolean({
    description: 'A notice when a debit fails, saying what happens next.',
  }),
};

const NotificationTopics = sharedSchema(
  'NotificationSwitches',
  Type.Object(topicSwitches, { additionalProperties: false }),
);

/** The switches to change on one channel: any of them, nothing else. */
const NotificationTopicsChange = Type.Object(
  {
    reminders: Type.Optional(topicSwitches.reminders),
    receipts: Type.Optional(topicSwitches.receipts),
    failed_payments: Type.Optional(topicSwitches.failed_payments),
  },
  { additionalProperties: false, minProperties: 1 },
);

// Shared (registered with the app) rather than named with an inline $id: inside an inline $id,
// the serializer resolves the NotificationSwitches $ref against that id and fails (every GET and
// PUT answered 500, found by the B30 fuzzer).
export const NotificationPreferences = sharedSchema(
  'NotificationPreferences',
  Type.Object({
    object: Type.Literal('notification_preferences'),
    email: NotificationTopics,
    in_app: NotificationTopics,
    // Texts go to a verified phone only; receipts are off until the customer switches them on.
    sms: NotificationTopics,
    updated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  }),
);

export const NotificationPreferencesChange = Type.Object(
  {
    email: Type.Optional(NotificationTopicsChange),
    in_app: Type.Optional(NotificationTopicsChange),
    sms: Type.Optional(NotificationTopicsChange),
  },
  { additionalProperties: false, minProperties: 1 },
);
