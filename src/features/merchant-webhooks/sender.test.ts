import type { lookup as dnsLookup, LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { webhookAddressRules } from './address-policy.ts';
import { WebhookSender } from './sender.ts';

/** A receiver on this machine's loopback: what a probe of the host's own services would reach. */
let server: Server;
let port: number;
const received: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    received.push(`${req.method} ${req.url}`);
    req.resume();
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

/** DNS as an attacker would set it up: a harmless-looking name that answers 127.0.0.1. */
const rebindingDns = ((
  hostname: string,
  _options: unknown,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => {
  if (hostname === 'hooks.attacker.example') callback(null, [{ address: '127.0.0.1', family: 4 }]);
  else callback(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }), []);
}) as unknown as typeof dnsLookup;

function senderFor() {
  return new WebhookSender({ timeoutMs: 2_000, maxSocketsPerPool: 1, lookup: rebindingDns });
}

async function probe(url: string, loopbackTestWebhooks: boolean) {
  const sender = senderFor();
  try {
    return await sender.send({
      url,
      body: '{}',
      headers: {},
      ...webhookAddressRules(false, loopbackTestWebhooks),
      poolKey: 'mer_test',
    });
  } finally {
    sender.close();
  }
}

describe('webhook sender: the address rules at connect time', () => {
  it('in production a test endpoint whose name resolves to loopback is refused when it is dialled', async () => {
    const before = received.length;
    const result = await probe(`http://hooks.attacker.example:${port}/probe`, false);
    expect(result).toMatchObject({ kind: 'error', reason: 'address_refused' });
    expect(result.kind === 'error' && result.message).toMatch(
      /hooks\.attacker\.example resolves to 127\.0\.0\.1 is not a public address \(loopback\)/,
    );
    expect(received.length).toBe(before);
  });

  it('in production loopback spellings and localhost names are refused before any connection', async () => {
    const before = received.length;
    for (const host of [
      '127.0.0.1',
      '2130706433',
      '0177.0.0.1',
      '0x7f000001',
      '127.1',
      '[::1]',
      '[::ffff:127.0.0.1]',
      '[::127.0.0.1]',
      'localhost',
      'localhost.',
      'LocalHost',
      'api.localhost',
    ]) {
      const result = await probe(`http://${host}:${port}/probe`, false);
      expect(result, host).toMatchObject({ kind: 'error', reason: 'address_refused' });
    }
    expect(received.length).toBe(before);
  });

  it('where loopback is allowed (development, test) the same name is delivered to', async () => {
    const before = received.length;
    const result = await probe(`http://hooks.attacker.example:${port}/probe`, true);
    expect(result).toMatchObject({ kind: 'response', statusCode: 200 });
    expect(received.slice(before)).toEqual(['POST /probe']);
  });
});
