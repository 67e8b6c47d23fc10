import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestMerchant, type TestMerchant } from '../harness/fixtures.ts';
import { startTestApp, type TestApp } from '../harness/test-app.ts';

let t: TestApp;
let merchant: TestMerchant;
beforeAll(async () => {
  t = await startTestApp();
  merchant = await createTestMerchant(t, { approve: true });
});
afterAll(async () => t.close());

const setUrl = (token: string, url: string) =>
  t.http.patch(`/api/v1/merchant/${merchant.id}/settings`, { webhook_url: url }, { token });

/** Addresses that reach loopback or private space through tunnels, translators or reserved ranges. */
const TUNNELLED = [
  'https://[2002:7f00:1::1]/hooks', // 6to4 of 127.0.0.1
  'https://[64:ff9b:1::a00:1]/hooks', // local-use NAT64
  'https://[64:ff9b::a00:1]/hooks', // NAT64 of 10.0.0.1
  'https://[2001:0:7f00:1::1]/hooks', // Teredo via 127.0.0.1
  'https://192.88.99.1/hooks', // 6to4 relay anycast
  'https://[fec0::1]/hooks', // site-local
];
const LOOPBACK = [
  'https://127.0.0.1/hooks',
  'https://[::1]/hooks',
  'https://[::ffff:127.0.0.1]/hooks',
  'https://localhost/hooks',
];

describe('webhook URL address rules at registration (PATCH settings)', () => {
  it('a live key can register neither loopback nor addresses tunnelling to private space', async () => {
    for (const url of [...LOOPBACK, ...TUNNELLED]) {
      const res = await setUrl(merchant.liveKey, url);
      expect(res.status, url).toBe(400);
      expect(res.body.detail, url).toMatch(/webhook_url is not allowed/);
    }
    expect((await setUrl(merchant.liveKey, 'https://93.184.216.34/hooks')).status).toBe(200);
  });

  it('a test key may use loopback for local development, never the tunnelled addresses', async () => {
    for (const url of TUNNELLED) {
      expect((await setUrl(merchant.testKey, url)).status, url).toBe(400);
    }
    for (const url of LOOPBACK) {
      const res = await setUrl(merchant.testKey, url);
      expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
    }
  });
});
