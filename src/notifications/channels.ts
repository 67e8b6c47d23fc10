import type { Db } from '../db/database.ts';
import { emailAddressDomain } from '../platform/email-address.ts';
import type { Logger } from '../platform/logger.ts';
import { inAppChannel } from './in-app.ts';
import { logMailChannel } from './log-mail.ts';
import type { NotificationChannels } from './port.ts';
import { smsChannel } from './sms.ts';
import type { SmsProvider } from './sms-port.ts';
import { smtpChannel } from './smtp.ts';

/**
 * The channels a worker delivers through: in-app, e-mail over SMTP_URL or to the log, and SMS
 * through the SMS provider (Termii, its simulator, or the log).
 */
export function openNotificationChannels(options: {
  db: Db;
  smtpUrl: string | undefined;
  emailFrom: string;
  log: Logger;
  sms: SmsProvider;
}): NotificationChannels {
  const domain = emailAddressDomain(options.emailFrom) ?? 'localhost';
  return {
    in_app: inAppChannel(options.db),
    email: options.smtpUrl
      ? smtpChannel({ url: options.smtpUrl, from: options.emailFrom, messageIdDomain: domain })
      : logMailChannel(options.log, options.emailFrom, domain),
    sms: smsChannel(options.sms),
  };
}

export async function closeNotificationChannels(channels: NotificationChannels): Promise<void> {
  await Promise.all(Object.values(channels).map((channel) => channel.close()));
}
