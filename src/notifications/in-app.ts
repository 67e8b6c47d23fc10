import type { Db } from '../db/database.ts';
import type { NotificationKind } from '../domain/notification.ts';
import { DeliveryError, type NotificationChannel, type OutgoingNotification } from './port.ts';

/** The in-app notice's id, from its outbox row's: sending twice writes one notice. */
export function inAppNoticeId(outboxId: string): string {
  return `ntf_${outboxId.replace(/^[a-z]+_/, '')}`;
}

/**
 * In-app notices: a row in customer_notifications (GET /api/v1/customers/me/notifications).
 * Idempotent by id, so a delivery retried after a crash never shows a notice twice.
 */
export function inAppChannel(db: Db): NotificationChannel {
  return {
    name: 'in_app',
    send: async (message: OutgoingNotification) => {
      // A reset link or sign-in code shown inside the account it unlocks would help nobody; a
      // merchant's account e-mail (no customer) has no in-app copy either.
      if (
        message.kind === 'password_reset' ||
        message.kind === 'sign_in_code' ||
        message.kind === 'team_invitation' ||
        message.customerId === null
      ) {
        throw new DeliveryError('account e-mails are not in-app notices', { permanent: true });
      }
      await db
        .insertInto('customer_notifications')
        .values({
          id: inAppNoticeId(message.id),
          customer_id: message.customerId,
          // Only customer notifications carry a customer (merchant e-mails have none, above).
          kind: message.kind as NotificationKind,
          message: message.rendered.summary,
          data: JSON.stringify(message.data),
          created_at: message.at,
          read_at: null,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },
    close: async () => undefined,
  };
}
