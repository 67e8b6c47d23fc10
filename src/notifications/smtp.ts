import { createTransport } from 'nodemailer';

import {
  DeliveryError,
  messageIdFor,
  type NotificationChannel,
  type OutgoingNotification,
} from './port.ts';

export interface SmtpChannelOptions {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`. */
  url: string;
  /** The From header, e.g. `Tranche <notifications@tranche.ng>`. */
  from: string;
  /** The right-hand side of Message-IDs: the From address's domain. */
  messageIdDomain: string;
}

/** Bounded waits: a hung SMTP server must not hold a delivery past its lease. */
const CONNECTION_TIMEOUT_MS = 10_000;
const GREETING_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

/**
 * E-mail over SMTP with nodemailer: a small connection pool, a Message-ID and Date fixed by the
 * caller (the outbox id and the service clock), `Auto-Submitted: auto-generated` (RFC 3834: no
 * auto-replies). A 5xx reply is permanent; connection failures, timeouts and 4xx are transient.
 */
export function smtpChannel(options: SmtpChannelOptions): NotificationChannel {
  const transport = createTransport(
    {
      url: options.url,
      pool: true,
      maxConnections: 2,
      connectionTimeout: CONNECTION_TIMEOUT_MS,
      greetingTimeout: GREETING_TIMEOUT_MS,
      socketTimeout: SOCKET_TIMEOUT_MS,
    },
    { from: options.from },
  );
  return {
    name: 'email',
    send: async (message: OutgoingNotification) => {
      try {
        await transport.sendMail({
          to: { name: message.recipient.name, address: message.recipient.email },
          subject: message.rendered.subject,
          text: message.rendered.text,
          messageId: messageIdFor(message.id, options.messageIdDomain),
          date: message.at,
          headers: {
            'Auto-Submitted': 'auto-generated',
            'X-Tranche-Notification': message.kind,
          },
        });
      } catch (error) {
        const smtp = error as { message?: string; permanent?: boolean; responseCode?: number };
        throw new DeliveryError(`SMTP: ${smtp.message ?? String(error)}`, {
          permanent: smtp.permanent === true,
          cause: error,
        });
      }
    },
    close: async () => {
      transport.close();
    },
  };
}
