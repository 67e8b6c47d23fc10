import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DeliveryError } from '../../src/notifications/port.ts';
import type { SmsProvider } from '../../src/notifications/sms-port.ts';
import { TermiiSms } from '../../src/notifications/termii/adapter.ts';
import {
  startTermiiSimulator,
  type TermiiSimulator,
} from '../../src/notifications/termii-simulator/server.ts';

/**
 * The SMS port's contract, exercised through the Termii adapter over real HTTP
 * (docs/sms-protocol.md, decision 0053). Always against the shipped simulator (CI runs it; never
 * skipped). With TERMII_CONTRACT_BASE_URL, TERMII_CONTRACT_API_KEY and TERMII_CONTRACT_TO (a
 * phone you hold; TERMII_CONTRACT_SENDER_ID if not `Tranche`) the part a real account can answer
 * runs against Termii too: one real text, and a wrong key refused for good.
 */
const real =
  process.env.TERMII_CONTRACT_BASE_URL &&
  process.env.TERMII_CONTRACT_API_KEY &&
  process.env.TERMII_CONTRACT_TO
    ? {
        baseUrl: process.env.TERMII_CONTRACT_BASE_URL,
        apiKey: process.env.TERMII_CONTRACT_API_KEY,
        to: process.env.TERMII_CONTRACT_TO,
        senderId: process.env.TERMII_CONTRACT_SENDER_ID ?? 'Tranche',
      }
    : undefined;
if (!real) {
  console.warn(
    '[contract] SKIPPED against real Termii: TERMII_CONTRACT_BASE_URL, TERMII_CONTRACT_API_KEY and TERMII_CONTRACT_TO are not all set. The same suite still runs against the Termii simulator.',
  );
}

const API_KEY = 'TLcontractkey';
const TIMEOUT_MS = 2_000;

async function refusal(promise: Promise<unknown>): Promise<DeliveryError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DeliveryError);
  return error as DeliveryError;
}

/** What every SMS provider must do, whoever answers. */
function sharedContract(provider: () => SmsProvider, badKey: () => SmsProvider, to: () => string) {
  it('sends a text and answers the provider’s message id', async () => {
    const sent = await provider().send({ to: to(), text: 'Tranche contract test: 123456' });
    expect(sent.providerMessageId).toMatch(/^\d+$/);
  });
  it('a wrong API key is refused for good (not retried)', async () => {
    const error = await refusal(badKey().send({ to: to(), text: 'never sent' }));
    expect(error.permanent).toBe(true);
  });
  it('refuses a number that is not a Nigerian mobile before calling anyone', async () => {
    const error = await refusal(provider().send({ to: '+441234567890', text: 'x' }));
    expect(error.permanent).toBe(true);
  });
}

describe('SMS contract (Termii adapter) against the Termii simulator', () => {
  let simulator: TermiiSimulator;
  const adapter = (apiKey: string, baseUrl = simulator.url) =>
    new TermiiSms({
      baseUrl,
      apiKey,
      senderId: 'Tranche',
      channel: 'dnd',
      timeoutMs: TIMEOUT_MS,
      name: 'termii-simulator',
    });
  beforeAll(async () => {
    simulator = await startTermiiSimulator({ port: 0, apiKey: API_KEY });
  });
  afterAll(async () => {
    await simulator.close();
  });

  sharedContract(
    () => adapter(API_KEY),
    () => adapter('TLwrong'),
    () => '+2348031234567',
  );

  it('puts the documented body on the wire: number without its plus, sender ID, plain, dnd', async () => {
    await adapter(API_KEY).send({ to: '+2348035550001', text: 'Your code is 654321' });
    const [message] = simulator.messages('+2348035550001');
    expect(message).toMatchObject({
      to: '2348035550001',
      from: 'Tranche',
      sms: 'Your code is 654321',
      channel: 'dnd',
    });
    const listed = (await (
      await fetch(`${simulator.url}/simulator/messages?to=%2B2348035550001`)
    ).json()) as { messages: { sms: string }[] };
    expect(listed.messages.map((m) => m.sms)).toEqual(['Your code is 654321']);
  });

  it('a route not set up (422) is refused for good; an outage (503) is worth a retry', async () => {
    const unreachable = await refusal(adapter(API_KEY).send({ to: '+2348030000000', text: 'x' }));
    expect(unreachable.permanent).toBe(true);
    expect(unreachable.message).toContain('not set up on this route');
    const outage = await refusal(adapter(API_KEY).send({ to: '+2348039999999', text: 'x' }));
    expect(outage.permanent).toBe(false);
  });

  it('an unregistered sender ID is refused for good', async () => {
    const provider = new TermiiSms({
      baseUrl: simulator.url,
      apiKey: API_KEY,
      senderId: 'TooLongSenderId',
      channel: 'dnd',
      timeoutMs: TIMEOUT_MS,
      name: 'termii-simulator',
    });
    const error = await refusal(provider.send({ to: '+2348031234567', text: 'x' }));
    expect(error.permanent).toBe(true);
    expect(error.message).toContain('Invalid Sender Id');
  });

  it('no answer (nothing listening) is worth a retry', async () => {
    const closed = await startTermiiSimulator({ port: 0, apiKey: API_KEY });
    const url = closed.url;
    await closed.close();
    const error = await refusal(adapter(API_KEY, url).send({ to: '+2348031234567', text: 'x' }));
    expect(error.permanent).toBe(false);
  });
});

describe.skipIf(!real)('SMS contract (Termii adapter) against Termii', () => {
  const adapter = (apiKey: string) =>
    new TermiiSms({
      baseUrl: real?.baseUrl ?? '',
      apiKey,
      senderId: real?.senderId ?? 'Tranche',
      channel: 'dnd',
      timeoutMs: 15_000,
      name: 'termii',
    });
  sharedContract(
    () => adapter(real?.apiKey ?? ''),
    () => adapter('TLnot-a-real-key'),
    () => real?.to ?? '',
  );
});
