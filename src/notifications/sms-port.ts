/**
 * What Tranche needs from an SMS provider (docs/sms-protocol.md): one text to one Nigerian
 * mobile number. Providers keep their wire formats to themselves. A provider that refuses the
 * message for good (a number it cannot reach, a sender ID it does not know, a wrong key) throws
 * `DeliveryError` with `permanent: true`; one that gives no usable answer (down, slow, 429, 5xx)
 * throws it with `permanent: false`, and the caller retries with back-off.
 */
export interface SmsMessage {
  /** E.164 with the plus: `+2348031234567`. */
  to: string;
  text: string;
}

export interface SmsSent {
  /** The provider's id of the message, for support tickets and delivery reports. */
  providerMessageId: string;
}

export interface SmsProvider {
  /** `termii`, `termii-simulator` or `log`. */
  readonly name: string;
  send(message: SmsMessage): Promise<SmsSent>;
}

/** Nigerian mobile numbers as they are stored (`+234` and ten digits). */
export const NIGERIAN_MOBILE = /^\+234[789][01]\d{8}$/;
