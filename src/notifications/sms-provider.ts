import type { Logger } from '../platform/logger.ts';
import { logSmsProvider } from './log-sms.ts';
import type { SmsProvider } from './sms-port.ts';
import { TermiiSms } from './termii/adapter.ts';

/**
 * The API key of the local Termii simulator. Not a secret: the simulator sends nothing.
 */
export const TERMII_SIMULATOR_API_KEY = 'sandbox-termii-key';

export interface SmsSettings {
  smsProvider: 'termii' | 'log';
  termiiBaseUrl: string | undefined;
  termiiApiKey: string | undefined;
  termiiSenderId: string;
  termiiChannel: 'dnd' | 'generic';
  termiiTimeoutMs: number;
  sandboxSmsPort: number;
}

/** Whether this process should run the Termii simulator (sandbox mode: no TERMII_BASE_URL). */
export function usesTermiiSimulator(settings: SmsSettings): boolean {
  return settings.smsProvider === 'termii' && settings.termiiBaseUrl === undefined;
}

/** Termii (or its simulator when TERMII_BASE_URL is unset), or the log. */
export function smsProviderFor(settings: SmsSettings, log: Logger): SmsProvider {
  if (settings.smsProvider === 'log') return logSmsProvider(log);
  const simulator = usesTermiiSimulator(settings);
  return new TermiiSms({
    baseUrl: settings.termiiBaseUrl ?? `http://127.0.0.1:${settings.sandboxSmsPort}`,
    apiKey: simulator ? TERMII_SIMULATOR_API_KEY : (settings.termiiApiKey ?? ''),
    senderId: settings.termiiSenderId,
    channel: settings.termiiChannel,
    timeoutMs: settings.termiiTimeoutMs,
    name: simulator ? 'termii-simulator' : 'termii',
  });
}
