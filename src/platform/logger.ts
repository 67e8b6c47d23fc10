import { type Logger, type LoggerOptions, pino } from 'pino';

/** Paths whose values never reach a log line: credentials, secrets, personal data we do not need. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-admin-token"]',
  'headers.authorization',
  '*.password',
  '*.secret_key',
  '*.secretKey',
  '*.webhook_secret',
  '*.webhookSecret',
  '*.access_token',
  '*.refresh_token',
  '*.authorization_code',
  '*.otp',
  'password',
  'secret_key',
  'refresh_token',
];

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    base: { service: 'tranche' },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
}

export function createLogger(level: string, name: string): Logger {
  return pino({ ...loggerOptions(level), name });
}

export type { Logger };
