import type { Config } from '../platform/config.ts';
import { DojahCreditBureau } from './dojah/adapter.ts';
import { type CreditBureau, SANDBOX_CREDIT_BUREAU_NAME } from './port.ts';

/** The credentials `tranche start` gives both the simulator and the adapter in sandbox mode. */
export const SIMULATOR_APP_ID = 'sandbox-app';
export const SIMULATOR_SECRET_KEY = 'sandbox-credit-secret';

/**
 * Dojah when CREDIT_BUREAU_BASE_URL is set (configuration only: the same adapter), else the
 * shipped simulator on SANDBOX_CREDIT_BUREAU_PORT, whose checks count for sandbox sessions only.
 */
export function creditBureauFor(config: Config): CreditBureau {
  if (config.creditBureauBaseUrl !== undefined) {
    return new DojahCreditBureau({
      baseUrl: config.creditBureauBaseUrl,
      appId: config.creditBureauAppId ?? '',
      secretKey: config.creditBureauSecretKey ?? '',
      timeoutMs: config.creditBureauTimeoutMs,
      name: 'dojah',
    });
  }
  return new DojahCreditBureau({
    baseUrl: `http://127.0.0.1:${config.sandboxCreditBureauPort}`,
    appId: SIMULATOR_APP_ID,
    secretKey: SIMULATOR_SECRET_KEY,
    timeoutMs: config.creditBureauTimeoutMs,
    name: SANDBOX_CREDIT_BUREAU_NAME,
  });
}
