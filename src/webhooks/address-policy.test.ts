import { describe, expect, it } from 'vitest';
import { refusedAddress, refusedWebhookHost } from './address-policy.ts';

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
  it('allows public addresses', () => {
    for (const host of ['8.8.8.8', '102.89.0.1', '2606:4700:4700::1111'])
      expect(refusedAddress(host, 'public_only')).toBeNull();
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
    });
    expect(await refusedWebhookHost('evil.example', dns)).toMatch(
      /evil.example resolves to 10.0.0.7/,
    );
    expect(await refusedWebhookHost('shop.example', dns)).toBeNull();
    expect(await refusedWebhookHost('not-yet.example', dns)).toBeNull();
  });
});
