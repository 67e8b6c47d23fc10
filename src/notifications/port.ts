import type { MerchantNotificationKind } from '../domain/merchant-notification.ts';
import type { NotificationKind } from '../domain/notification.ts';
import type { RenderedNotification } from '../domain/notification-content.ts';
import type { ChannelName } from '../domain/notification-timing.ts';

/**
 * The channel port (decision 0017): how a notification reaches a customer. The delivery job
 * decides whether and what to send; a channel only carries it. Adapters: `in_app` (a row in
 * customer_notifications), e-mail over SMTP (SMTP_URL), e-mail to the log when SMTP_URL is
 * unset (development and tests), and SMS through the SMS provider (sms.ts, SMS_PROVIDER).
 */
export interface OutgoingNotification {
  /** The outbox row's id. Channels derive their own ids from it (the e-mail's Message-ID, the
   *  in-app notice's id) so that a message sent twice is recognisably the same message. */
  id: string;
  /** A customer notification's kind, a merchant e-mail's (decision 0067), `password_reset`
   *  (an account e-mail, decision 0024) or a team invitation (decision 0064). */
  kind:
    | NotificationKind
    | MerchantNotificationKind
    | 'password_reset'
    | 'sign_in_code'
    | 'team_invitation';
  /** Null for a merchant's e-mail (decisions 0058, 0067): only in-app notices need a customer. */
  customerId: string | null;
  /** `phone`: the customer's verified phone (decision 0054), the only number SMS goes to. */
  recipient: { email: string; name: string; phone?: string | null };
  rendered: RenderedNotification;
  /** The facts, for the in-app notice's `data`. */
  data: Record<string, unknown>;
  /** The moment of sending (the service clock): the e-mail's Date header, the notice's time. */
  at: Date;
}

export interface NotificationChannel {
  readonly name: ChannelName;
  /** Resolves once the channel accepted the message; throws DeliveryError otherwise. */
  send(message: OutgoingNotification): Promise<void>;
  close(): Promise<void>;
}

export type NotificationChannels = Readonly<Record<ChannelName, NotificationChannel>>;

/** A failed send. `permanent`: the same message would fail again (a 5xx reply), so give up. */
export class DeliveryError extends Error {
  override name = 'DeliveryError';
  readonly permanent: boolean;
  constructor(message: string, options: { permanent: boolean; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.permanent = options.permanent;
  }
}

/** `<nto_…@domain>`: the outbox id is the message's identity at every SMTP hop. */
export function messageIdFor(outboxId: string, domain: string): string {
  return `<${outboxId}@${domain}>`;
}
