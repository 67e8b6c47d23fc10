import { createServer } from 'node:net';

import { type SandboxGateway, startSandboxGateway } from '../../src/gateway/sandbox/server.ts';
import { randomBase62 } from '../../src/platform/ids.ts';

/** A free TCP port on loopback (the OS picks it; we release it for the caller to bind). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface TestSandbox {
  gateway: SandboxGateway;
  secretKey: string;
  /** Calls a sandbox test-control endpoint (faults, events, settle). */
  control: (
    method: 'POST' | 'DELETE' | 'GET',
    path: string,
    body?: unknown,
  ) => Promise<{ status: number; body: any }>;
}

/** The sandbox gateway on its own port, keeping its state in the test's database. */
export async function startTestSandbox(options: {
  databaseUrl: string;
  appUrl: string;
  /**
   * False: the sandbox sends no charge, transfer or refund webhooks (a test that delivers them
   * itself, at moments it chooses). Default true.
   */
  webhooks?: boolean;
  /** How long bank debits, transfers and refunds take to settle on their own (sandbox default). */
  settleDelayMs?: number;
  /** Where charge, transfer and refund webhooks go instead of the app (a test that replays them). */
  webhookUrl?: string;
  /** How long an approved Direct Debit mandate stays pending (sandbox default). */
  mandateActivationDelayMs?: number;
}): Promise<TestSandbox> {
  const secretKey = `sk_test_sandbox${randomBase62(24)}`;
  const gateway = await startSandboxGateway({
    port: 0,
    secretKey,
    databaseUrl: options.databaseUrl,
    ...(options.webhooks !== false && {
      // One URL for every event, as on Paystack (decision 0041).
      webhookUrl: options.webhookUrl ?? `${options.appUrl}/api/v1/webhooks/gateway`,
    }),
    ...(options.settleDelayMs !== undefined && { settleDelayMs: options.settleDelayMs }),
    ...(options.mandateActivationDelayMs !== undefined && {
      mandateActivationDelayMs: options.mandateActivationDelayMs,
    }),
    logLevel: 'silent',
  });
  return {
    gateway,
    secretKey,
    control: async (method, path, body) => {
      const response = await fetch(`${gateway.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${secretKey}`,
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
  };
}

/** Completes the hosted card page the way a browser form would, without a browser. */
export async function payOnCardPage(
  authorizationUrl: string,
  card: {
    number: string;
    cvv: string;
    expiry?: string;
    pin?: string;
    otp?: string;
    phone?: string;
  },
): Promise<string> {
  const form = new URLSearchParams({
    card_number: card.number,
    cvv: card.cvv,
    expiry: card.expiry ?? '12/30',
  });
  if (card.pin) form.set('pin', card.pin);
  if (card.otp) form.set('otp', card.otp);
  if (card.phone) form.set('phone', card.phone);
  const response = await fetch(authorizationUrl, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const location = response.headers.get('location');
  if (response.status !== 303 || !location) {
    throw new Error(`card page answered ${response.status} without a redirect`);
  }
  return location;
}

/** Answers the sandbox's Direct Debit consent page as its form would (`approve` or `decline`). */
export async function decideMandate(
  redirectUrl: string,
  decision: 'approve' | 'decline',
): Promise<{ status: number; location: string | null }> {
  const response = await fetch(redirectUrl, {
    method: 'POST',
    body: new URLSearchParams({ decision }),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location') };
}

export const TEST_CARDS = {
  success: { number: '4084084084084081', cvv: '408' },
  declined: { number: '4084080000005408', cvv: '001' },
  insufficientFunds: { number: '4084080000670037', cvv: '787' },
  pinOtp: { number: '5060666666666666666', cvv: '123', pin: '1234', otp: '123456' },
  /** Mastercard holding ₦5,000.00 (500,000 kobo): partial debits take what is there. */
  limitedFunds: { number: '5399838383838381', cvv: '383' },
} as const;
