import type { Logger } from '../platform/logger.ts';
import { messageIdFor, type NotificationChannel, type OutgoingNotification } from './port.ts';

/**
 * E-mail when SMTP_URL is unset (development, tests): each message is written to the worker's
 * log at `info` (to, subject, Message-ID and the whole text) and counts as sent. Production
 * refuses to start without SMTP_URL, so this never swallows a real customer's e-mail.
 */
export function logMailChannel(
  log: Logger,
  from: string,
  messageIdDomain: string,
): NotificationChannel {
  return {
    name: 'email',
    send: async (message: OutgoingNotification) => {
      log.info(
        {
          email: {
            from,
            to: message.recipient.email,
            subject: message.rendered.subject,
            message_id: messageIdFor(message.id, messageIdDomain),
            date: message.at.toISOString(),
            text: message.rendered.text,
          },
        },
        `e-mail (SMTP_URL unset, logged instead of sent): ${message.rendered.subject}`,
      );
    },
    close: async () => undefined,
  };
}
