import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runWrite } from '../../src/db/write.ts';
import { recordEvent, WebhookDispatcher } from '../../src/features/merchant-webhooks/index.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { createTestMerchant, type TestMerchant } from '../harness/fixtures.ts';
import { startTestApp, type TestApp } from '../harness/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../harness/webhook-receiver.ts';

let t: TestApp;
let merchant: TestMerchant;
/** TRANCHE_ENV=production: test endpoints get no loopback either. */
let prod: TestApp;
let prodMerchant: TestMerchant;
/** A service on the host's loopback, as the worker metrics port or PostgreSQL would be. */
let hostService: WebhookReceiver;
beforeAll(async () => {
  [t, prod, hostService] = await Promise.all([
    startTestApp(),
    startTestApp({ settings: { loopbackTestWebhooks: false } }),
    startWebhookReceiver(),
  ]);
  merchant = await createTestMerchant(t, { approve: true });
  prodMerchant = await createTestMerchant(prod, { approve: true });
});
afterAll(async () => Promise.all([t.close(), prod.close(), hostService.close()]));

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

/** Every spelling of this machine we know of, with the port of a real service on it. */
function loopbackSpellings(port: string): string[] {
  return [
    `http://127.0.0.1:${port}/hooks`,
    `http://127.0.0.2:${port}/hooks`,
    `http://2130706433:${port}/hooks`, // decimal
    `http://0177.0.0.1:${port}/hooks`, // octal
    `http://0x7f000001:${port}/hooks`, // hex
    `http://0x7f.1:${port}/hooks`,
    `http://127.1:${port}/hooks`,
    `http://[::1]:${port}/hooks`,
    `http://[::ffff:127.0.0.1]:${port}/hooks`, // IPv4-mapped IPv6
    `http://[::ffff:7f00:1]:${port}/hooks`,
    `http://[::127.0.0.1]:${port}/hooks`, // IPv4-compatible IPv6
    `http://localhost:${port}/hooks`,
    `http://localhost.:${port}/hooks`,
    `http://LOCALHOST:${port}/hooks`,
    `http://metrics.localhost:${port}/hooks`,
  ];
}

describe('loopback test webhooks in production (TRANCHE_ENV=production)', () => {
  const probe = (app: TestApp, m: TestMerchant) =>
    app.http.post(`/api/v1/merchant/${m.id}/webhook/test`, undefined, { token: m.testKey });
  /** As a URL saved before loopback was refused in production would still be stored. */
  const storeTestUrl = (url: string) =>
    prod.ctx.db
      .updateTable('webhook_endpoints')
      .set({ url })
      .where('merchant_id', '=', prodMerchant.id)
      .where('livemode', '=', false)
      .execute();

  it('a test key can register no spelling of loopback', async () => {
    for (const url of loopbackSpellings(new URL(hostService.url).port)) {
      const res = await prod.http.patch(
        `/api/v1/merchant/${prodMerchant.id}/settings`,
        { webhook_url: url },
        { token: prodMerchant.testKey },
      );
      expect(res.status, url).toBe(400);
      expect(res.body, url).toMatchObject({ ok: false, code: 'invalid_request' });
      expect(res.body.detail, url).toMatch(/webhook_url is not allowed: .*loopback/);
    }
    // A public test URL over plain http is still fine in production.
    const res = await prod.http.patch(
      `/api/v1/merchant/${prodMerchant.id}/settings`,
      { webhook_url: 'http://93.184.216.34/hooks' },
      { token: prodMerchant.testKey },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('a stored loopback test URL is refused at connect time: the probe reaches nothing on the host', async () => {
    for (const url of loopbackSpellings(new URL(hostService.url).port)) {
      await storeTestUrl(url);
      const res = await probe(prod, prodMerchant);
      expect(res.status, url).toBe(200);
      expect(res.body.data, url).toMatchObject({ delivered: false, status_code: null });
      expect(res.body.data.error, url).toMatch(/^refused: .*loopback/);
    }
    expect(hostService.received).toHaveLength(0);
  });

  it('the worker delivers no test event to loopback either', async () => {
    await storeTestUrl(`${hostService.url}/hooks`);
    await runWrite(prod.ctx.db, (tx) =>
      recordEvent(
        tx,
        { merchantId: prodMerchant.id, livemode: false, type: 'payment.success', data: {} },
        prod.clock.now(),
      ),
    );
    const dispatcher = new WebhookDispatcher(
      {
        db: prod.ctx.db,
        clock: prod.clock,
        secretBox: prod.ctx.secretBox,
        log: createLogger('silent', 'test'),
      },
      { concurrency: 4, perMerchant: 2, timeoutMs: 1_000, pollMs: 20, loopbackTestWebhooks: false },
    );
    try {
      await dispatcher.drain();
    } finally {
      await dispatcher.stop();
    }
    const row = await prod.ctx.db
      .selectFrom('webhook_events')
      .select(['status', 'last_error'])
      .where('merchant_id', '=', prodMerchant.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('retrying');
    expect(row.last_error).toMatch(/refused: .*loopback/);
    expect(hostService.received).toHaveLength(0);
  });

  it('development and test still allow every loopback spelling: the probe arrives', async () => {
    const port = new URL(hostService.url).port;
    for (const url of loopbackSpellings(port)) {
      const res = await t.http.patch(
        `/api/v1/merchant/${merchant.id}/settings`,
        { webhook_url: url },
        { token: merchant.testKey },
      );
      expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    await t.http.patch(
      `/api/v1/merchant/${merchant.id}/settings`,
      { webhook_url: `http://2130706433:${port}/hooks` },
      { token: merchant.testKey },
    );
    const res = await probe(t, merchant);
    expect(res.body.data, JSON.stringify(res.body)).toMatchObject({
      delivered: true,
      status_code: 200,
    });
    expect(hostService.received).toHaveLength(1);
  });
});
