import { DojahIdentityProvider } from './dojah/adapter.ts';
import type { IdentityProvider } from './port.ts';
import { SandboxIdentityProvider } from './sandbox.ts';

/**
 * The credentials of the local Dojah simulator (`tranche start` with DOJAH_BASE_URL unset). Not a
 * secret: the simulator answers only test BVNs, and its verifications count for sandbox only.
 */
export const DOJAH_SIMULATOR_APP_ID = 'tranche-dojah-simulator';
export const DOJAH_SIMULATOR_SECRET_KEY = 'test_sk_tranche_dojah_simulator';

export interface IdentitySettings {
  identityProvider: 'dojah' | 'sandbox';
  dojahBaseUrl: string | undefined;
  dojahAppId: string | undefined;
  dojahSecretKey: string | undefined;
  dojahTimeoutMs: number;
  dojahSenderId: string;
  dojahOtpChannel: 'sms' | 'whatsapp' | 'voice';
  dojahSimulatorPort: number;
}

/** Whether this process should run the Dojah simulator (sandbox mode: no DOJAH_BASE_URL). */
export function usesDojahSimulator(settings: IdentitySettings): boolean {
  return settings.identityProvider === 'dojah' && settings.dojahBaseUrl === undefined;
}

/**
 * The provider IDENTITY_PROVIDER names. Dojah with DOJAH_BASE_URL is recorded as `dojah`; without
 * it the adapter talks to the local simulator and its verifications are recorded as
 * `dojah-simulator`, which counts for sandbox sessions only (SANDBOX_ONLY_PROVIDERS).
 */
export function identityProviderFor(settings: IdentitySettings): IdentityProvider {
  if (settings.identityProvider === 'sandbox') return new SandboxIdentityProvider();
  const simulator = usesDojahSimulator(settings);
  return new DojahIdentityProvider({
    baseUrl: settings.dojahBaseUrl ?? `http://127.0.0.1:${settings.dojahSimulatorPort}`,
    appId: simulator ? DOJAH_SIMULATOR_APP_ID : (settings.dojahAppId ?? ''),
    secretKey: simulator ? DOJAH_SIMULATOR_SECRET_KEY : (settings.dojahSecretKey ?? ''),
    timeoutMs: settings.dojahTimeoutMs,
    senderId: settings.dojahSenderId,
    channel: settings.dojahOtpChannel,
    name: simulator ? 'dojah-simulator' : 'dojah',
  });
}
