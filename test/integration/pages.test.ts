import { mkdtempSync, rmSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestMerchant, sessionBody, type TestMerchant } from '../harness/fixtures.ts';
import { startTestApp, type TestApp } from '../harness/test-app.ts';

/** The pages' HTTP contract: caching, content types and security headers (browser tests cover behaviour). */
let t: TestApp;
let merchant: TestMerchant;

beforeAll(async () => {
  t = await startTestApp();
  merchant = await createTestMerchant(t);
});
afterAll(async () => t.close());

async function newSession(m: TestMerchant): Promise<string> {
  const res = await t.http.post('/api/v1/checkout/sessions', sessionBody(m.id), {
    token: m.testKey,
  });
  expect(res.status).toBe(201);
  return res.body.data.token as string;
}

const csp = (res: Response) => res.headers.get('content-security-policy') ?? '';

/** A GET with exactly these headers and the bytes as sent (fetch would decompress them). */
function rawGet(path: string, acceptEncoding: string | undefined, ifNoneMatch?: string) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const request = httpGet(
        `${t.url}${path}`,
        {
          headers: {
            ...(acceptEncoding !== undefined && { 'accept-encoding': acceptEncoding }),
            ...(ifNoneMatch !== undefined && { 'if-none-match': ifNoneMatch }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks),
            }),
          );
        },
      );
      request.on('error', reject);
    },
  );
}

describe('pages', () => {
  it('connect.js: JavaScript, cached 5 minutes, revalidated by ETag, loadable from any site', async () => {
    const res = await fetch(`${t.url}/sdk/v1/connect.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe(
      'public, max-age=300, stale-while-revalidate=86400',
    );
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toContain('TrancheConnect');
    const etag = res.headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);
    const again = await fetch(`${t.url}/sdk/v1/connect.js`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const types = await fetch(`${t.url}/sdk/v1/connect.d.ts`);
    expect(await types.text()).toContain('export interface OpenCheckoutOptions');
  });

  it("serves the build's Brotli or gzip copy as the client asks, each with its own ETag, and the plain file otherwise (decision 0048)", async () => {
    const plain = await rawGet('/sdk/v1/connect.js', undefined);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    const br = await rawGet('/sdk/v1/connect.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    const gz = await rawGet('/sdk/v1/connect.js', 'gzip;q=1, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(await rawGet('/sdk/v1/connect.js', 'identity')).toMatchObject({
      headers: { etag: plain.headers.etag },
    });
    const etags = new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]);
    expect(etags.size).toBe(3);
    // A cache revalidates the representation it holds; another coding's ETag does not match.
    expect((await rawGet('/sdk/v1/connect.js', 'br', br.headers.etag)).status).toBe(304);
    expect((await rawGet('/sdk/v1/connect.js', 'gzip', br.headers.etag)).status).toBe(200);
    // Hashed assets and pages too.
    const page = await rawGet('/merchant', 'br');
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.body).toString()).toContain('<html');
  });

  it("the checkout page: no inline script, frame-ancestors from the merchant's allowed origins", async () => {
    const open = await fetch(`${t.url}/checkout/${await newSession(merchant)}`);
    expect(open.status).toBe(200);
    expect(open.headers.get('cache-control')).toBe('no-store');
    expect(open.headers.get('referrer-policy')).toBe('no-referrer');
    expect(csp(open)).toContain("script-src 'self'");
    expect(csp(open)).toContain('frame-ancestors *');
    const html = await open.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // every script is a file

    const restricted = await createTestMerchant(t);
    const settings = await t.http.patch(
      `/api/v1/merchant/${restricted.id}/settings`,
      { allowed_checkout_origins: ['https://shop.example', 'http://localhost:8080'] },
      { token: restricted.testKey },
    );
    expect(settings.status).toBe(200);
    const framed = await fetch(`${t.url}/checkout/${await newSession(restricted)}`);
    expect(csp(framed)).toContain(
      "frame-ancestors 'self' https://shop.example http://localhost:8080",
    );
    expect(framed.headers.get('x-frame-options')).toBeNull();
  });

  it('an unknown or odd token still gets the page (it explains itself), never a 500', async () => {
    for (const token of ['cst_unknown', 'a%00b', 'x'.repeat(100)]) {
      const res = await fetch(`${t.url}/checkout/${token}`);
      expect(res.status, token).toBe(200);
      expect(csp(res)).toContain('frame-ancestors *');
    }
    expect((await fetch(`${t.url}/checkout/${'x'.repeat(300)}`)).status).toBe(414);
  });

  it('hashed assets are immutable; an unknown asset is a 404; the card-return page cannot be framed', async () => {
    const html = await (await fetch(`${t.url}/checkout/`)).text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? '';
    const res = await fetch(`${t.url}${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${t.url}/assets/nope.js`)).status).toBe(404);
    const back = await fetch(`${t.url}/checkout/return`);
    expect(csp(back)).toContain("frame-ancestors 'none'");
    expect(back.headers.get('x-frame-options')).toBe('DENY');
  });

  it('the home page and the customer dashboard (every path under /dashboard) are HTML with the same security headers', async () => {
    for (const path of ['/', '/dashboard', '/dashboard/plans/plan_x', '/dashboard/methods']) {
      const res = await fetch(`${t.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(csp(res)).toContain("default-src 'self'");
      expect(csp(res)).toContain("frame-ancestors 'none'");
    }
  });

  it('the operator console is one page for every path under /admin, never framed, no inline script', async () => {
    for (const path of [
      '/admin',
      '/admin/merchants',
      '/admin/merchants/mer_x',
      '/admin/audit-log',
    ]) {
      const res = await fetch(`${t.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(csp(res)).toContain("script-src 'self'");
      expect(csp(res)).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      const html = await res.text();
      expect(html).toContain('Operator console');
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    }
  });

  it('without a build the pages say how to build them (503), and the API still works', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'tranche-no-web-'));
    const bare = await startTestApp({ webDistDir: empty });
    try {
      const res = await fetch(`${bare.url}/sdk/v1/connect.js`);
      expect(res.status).toBe(503);
      expect(await res.text()).toContain('npm run build:web');
      expect((await bare.http.get('/healthz')).status).toBe(200);
    } finally {
      await bare.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
