import type { Logger } from '../platform/logger.ts';
import type { SmsMessage, SmsProvider, SmsSent } from './sms-port.ts';

/**
 * SMS_PROVIDER=log (development without the simulator): each text is written to the worker's log
 * at `info` and counts as sent. Production refuses it, so it never swallows a real customer's
 * code.
 */
export function logSmsProvider(log: Logger): SmsProvider {
  let counter = 0;
  return {
    name: 'log',
    send: async (message: SmsMessage): Promise<SmsSent> => {
      counter += 1;
      const providerMessageId = `log-${Date.now()}-${counter}`;
      log.info(
        { sms: { to: message.to, text: message.text, message_id: providerMessageId } },
        'SMS (SMS_PROVIDER=log, logged instead of sent)',
      );
      return { providerMessageId };
    },
  };
}
