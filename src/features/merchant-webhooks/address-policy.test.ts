import { describe, expect, it } from 'vitest';

import {
  loopbackWebhooksAllowed,
  refusedAddress,
  refusedWebhookHost,
  webhookAddressRules,
} from './address-policy.ts';

/** The SSRF corpus of reliability.md B33, as the URL parser hands hosts to us. */
const hostOf = (url: string) => new URL(url).hostname;

describe('webhook address policy', () => {
  const privateHosts = [
    'http://10.0.0.1/',
    'http://172.16.0.1/',
    'http://172.31.255.255/',
    'http://192.168.0.1/',
    'http://169.254.169.254/',
    'http://0.0.0.0/',
    'http://100.64.0.1/',
    'http://[fc00::1]/',
    'http://[fe80::1]/',
    'http://[::ffff:10.0.0.1]/',
    'http://[::ffff:169.254.169.254]/',
    'http://0xa9fea9fe/', // 169.254.169.254 in hex
    'http://[::]/',
    // Tunnels, translators and reserved ranges that lead to private or loopback space.
    'https://[2002:7f00:1::1]/', // 6to4 of 127.0.0.1
    'https://[2002:a00:1::1]/', // 6to4 of 10.0.0.1
    'https://[64:ff9b:1::a00:1]/', // local-use NAT64
    'https://[64:ff9b::7f00:1]/', // well-known NAT64 of 127.0.0.1
    'https://[64:ff9b::a9fe:a9fe]/', // well-known NAT64 of 169.254.169.254
    'https://[2001:0:7f00:1::1]/', // Teredo, server 127.0.0.1
    'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', // Teredo, client 192.0.2.45
    'https://[2001::1]/', // Teredo, server 0.0.0.0
    'https://192.88.99.1/', // 6to4 relay anycast
    'https://[fec0::1]/', // site-local
    'https://[::ffff:0:a00:1]/', // IPv4-translated 10.0.0.1
    'https://[100::1]/', // discard
    'https://[2001:db8::1]/', // documentation
    'https://[4000::1]/', // outside global unicast
    'https://198.18.0.1/', // benchmarking
    'https://255.255.255.255/',
    'https://224.0.0.1/',
  ];
  const loopbackHosts = [
    'http://127.0.0.1/',
    'http://[::1]/',
    'http://2130706433/',
    'http://0x7f.1/',
    'http://[::ffff:127.0.0.1]/',
  ];

  it('refuses private, link-local and reserved addresses in every mode', () => {
    for (const url of privateHosts) {
      expect(refusedAddress(hostOf(url), 'public_only'), url).not.toBeNull();
      expect(refusedAddress(hostOf(url), 'public_or_loopback'), url).not.toBeNull();
    }
  });
  it('allows loopback only for test mode', () => {
    for (const url of loopbackHosts) {
      expect(refusedAddress(hostOf(url), 'public_only'), url).not.toBeNull();
      expect(refusedAddress(hostOf(url), 'public_or_loopback'), url).toBeNull();
    }
  });
  it('allows public addresses, also when carried by IPv6 forms that reach them', () => {
    for (const host of [
      '8.8.8.8',
      '102.89.0.1',
      '2606:4700:4700::1111',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808', // what DNS64 answers for an IPv4-only name on an IPv6-only network
      '2002:808:808::1',
    ]) {
      expect(refusedAddress(host, 'public_only'), host).toBeNull();
    }
  });
  it('names what an address is', () => {
    expect(refusedAddress('2002:7f00:1::1', 'public_or_loopback')).toBe(
      '2002:7f00:1::1 is not a public address (6to4 of 127.0.0.1, loopback)',
    );
    expect(refusedAddress('127.0.0.1', 'public_only')).toMatch(/loopback/);
    expect(refusedAddress('192.88.99.1', 'public_only')).toMatch(/reserved/);
  });
  it('judges host names by what they resolve to', async () => {
    const resolver = (table: Record<string, string[]>) => async (host: string) => {
      const found = table[host];
      if (!found) throw new Error('ENOTFOUND');
      return found;
    };
    const dns = resolver({
      'evil.example': ['93.184.216.34', '10.0.0.7'],
      'shop.example': ['93.184.216.34'],
      'tunnel.example': ['2002:7f00:1::1'],
      localhost: ['127.0.0.1', '::1'],
    });
    for (const policy of ['public_only', 'public_or_loopback'] as const) {
      expect(await refusedWebhookHost('evil.example', dns, policy)).toMatch(
        /evil.example resolves to 10.0.0.7/,
      );
      expect(await refusedWebhookHost('tunnel.example', dns, policy)).toMatch(/6to4 of 127.0.0.1/);
      expect(await refusedWebhookHost('shop.example', dns, policy)).toBeNull();
      expect(await refusedWebhookHost('not-yet.example', dns, policy)).toBeNull();
    }
  });
  it('at registration, a live endpoint refuses loopback; a test endpoint accepts it', async () => {
    const dns = async () => ['127.0.0.1', '::1'];
    for (const url of [...loopbackHosts, 'http://localhost:4000/hooks']) {
      expect(await refusedWebhookHost(hostOf(url), dns, 'public_only'), url).toMatch(/loopback/);
      expect(await refusedWebhookHost(hostOf(url), dns, 'public_or_loopback'), url).toBeNull();
    }
    for (const url of privateHosts) {
      expect(await refusedWebhookHost(hostOf(url), dns, 'public_or_loopback'), url).not.toBeNull();
    }
  });
});

describe('where loopback is allowed at all (TRANCHE_ENV)', () => {
  /** Every way we know to spell this machine, as the URL parser hands the host to us. */
  const loopbackSpellings = [
    'http://127.0.0.1:5432/',
    'http://127.0.0.53/',
    'http://2130706433/', // decimal
    'http://0177.0.0.1/', // octal
    'http://0x7f000001/', // hex
    'http://0x7f.1/',
    'http://127.1/',
    'http://[::1]/',
    'http://[0:0:0:0:0:0:0:1]/',
    'http://[::ffff:127.0.0.1]/', // IPv4-mapped
    'http://[::ffff:7f00:1]/',
    'http://[::ffff:0:7f00:1]/', // IPv4-translated
    'http://[::127.0.0.1]/', // IPv4-compatible
    'http://localhost/',
    'http://localhost./',
    'http://LOCALHOST/',
    'http://metrics.localhost/',
  ];
  const dns = async (host: string) => {
    if (host === 'localhost' || host === 'metrics.localhost') return ['127.0.0.1', '::1'];
    throw new Error('ENOTFOUND');
  };

  it('only development and test allow loopback; production does not', () => {
    expect(loopbackWebhooksAllowed('development')).toBe(true);
    expect(loopbackWebhooksAllowed('test')).toBe(true);
    expect(loopbackWebhooksAllowed('production')).toBe(false);
  });

  it('in production a test endpoint refuses every loopback spelling, keeping plain http for public hosts', async () => {
    const rules = webhookAddressRules(false, loopbackWebhooksAllowed('production'));
    expect(rules).toEqual({ policy: 'public_only', httpsOnly: false });
    for (const url of loopbackSpellings) {
      expect(await refusedWebhookHost(hostOf(url), dns, rules.policy), url).toMatch(/loopback/);
    }
  });

  it('in development and test a test endpoint still accepts every loopback spelling', async () => {
    for (const env of ['development', 'test'] as const) {
      const rules = webhookAddressRules(false, loopbackWebhooksAllowed(env));
      expect(rules).toEqual({ policy: 'public_or_loopback', httpsOnly: false });
      for (const url of loopbackSpellings) {
        expect(await refusedWebhookHost(hostOf(url), dns, rules.policy), url).toBeNull();
      }
    }
  });

  it('a live endpoint is public and https only in every environment', () => {
    for (const allowed of [true, false]) {
      expect(webhookAddressRules(true, allowed)).toEqual({
        policy: 'public_only',
        httpsOnly: true,
      });
    }
  });
});
