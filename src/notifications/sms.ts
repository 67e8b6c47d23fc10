import { DeliveryError, type NotificationChannel, type OutgoingNotification } from './port.ts';
import type { SmsProvider } from './sms-port.ts';

/** SMS texts are kept to one 160-character page where the notice allows (docs/notifications.md). */
export function smsTextOf(message: OutgoingNotification): string {
  return message.rendered.sms ?? `Tranche: ${message.rendered.summary}`;
}

/**
 * The `sms` channel (decision 0054): a notice to the customer's verified phone through the SMS
 * provider. A customer without a verified phone is the delivery job's business (it skips the
 * row); a message that reaches here without one is refused for good.
 */
export function smsChannel(provider: SmsProvider): NotificationChannel {
  return {
    name: 'sms',
    send: async (message: OutgoingNotification) => {
      const phone = message.recipient.phone;
      if (!phone) throw new DeliveryError('no verified phone to text', { permanent: true });
      await provider.send({ to: phone, text: smsTextOf(message) });
    },
    close: async () => undefined,
  };
}
