// bench/widget: what a merchant's page pays for the widget.
//  - connect.js gzipped, with the <tranche-messaging> element in it (target ≤ 4 KB as served;
//    Paystack inline is 42.6 KB), and the element's learn-more view, loaded only on demand
//  - the messaging element: navigation → its line rendered (data-state="shown"), cold (nothing
//    cached) and warm (the plans' answer from the HTTP cache, Cache-Control max-age=300)
//  - the checkout's initial JS and CSS gzipped (target ≤ 30 KB)
//  - over N opens on loopback, openCheckout() → the checkout's first interactive screen (its
//    "ready" handshake, sent once the session is loaded and the plan screen is set: decision
//    0068), p50 and p95 (target p50 ≤ 300 ms); cold (a new browser profile each open: nothing cached) and warm.
// Usage: npm run bench:widget [-- --opens 20]
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, get as httpGet } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

import { build as viteBuild, type Rolldown } from 'vite';

import { prepareWebBuild, webDist } from '../src/main/web-build.ts';
import { launchBrowser } from '../test/browser/support/launch.ts';
import { BenchCleanup, freePort, sleep, throwawayDatabase } from './support.ts';

const { values } = parseArgs({ options: { opens: { type: 'string', default: '20' } } });
const opens = Number(values.opens);

const gz = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

await prepareWebBuild('development', (line) => process.stderr.write(`${line}\n`));
const loader = gz(join(webDist, 'sdk', 'connect.js'));
const dialogAsset = gz(join(webDist, 'sdk', 'messaging-dialog.js'));

/**
 * The messaging element alone (web/connect/messaging.ts and what it imports), built as the loader
 * is and gzipped: its share of connect.js, give or take what gzip finds in common with the rest.
 */
async function elementAloneGzipped(): Promise<number> {
  const output = (await viteBuild({
    configFile: false,
    logLevel: 'warn',
    build: {
      write: false,
      target: 'es2017',
      rolldownOptions: { transform: { assumptions: { setPublicClassFields: true } } },
      lib: {
        entry: join(import.meta.dirname, '..', 'web', 'connect', 'messaging.ts'),
        formats: ['iife'],
        name: 'TrancheMessagingBench',
      },
    },
  })) as Rolldown.RolldownOutput[];
  const chunk = output[0]?.output.find((file) => file.type === 'chunk');
  if (!chunk) throw new Error('no chunk built for the messaging element');
  return gzipSync(chunk.code, { level: 9 }).length;
}
const elementAlone = await elementAloneGzipped();
/** What a page's HTML loads before it can render: its scripts, preloads and stylesheets. */
function initialAssets(page: string): { files: string[]; bytes: number } {
  const html = readFileSync(join(webDist, page, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map(
    (m) => m[1] ?? '',
  );
  return { files, bytes: files.reduce((sum, file) => sum + gz(join(webDist, file)), 0) };
}
const { files: initial, bytes: initialBytes } = initialAssets('checkout');
const dashboard = initialAssets('merchant');

const cleanup = new BenchCleanup(10 * 60_000);
const { databaseUrl, tempDir } = await throwawayDatabase(cleanup);
const port = await freePort();
const apiUrl = `http://localhost:${port}`;
const api = spawn(process.execPath, ['bin/tranche.mjs', 'api'], {
  env: {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    PUBLIC_BASE_URL: apiUrl,
    TRANCHE_DATA_DIR: tempDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_IP_PER_MIN: '100000',
    RATE_LIMIT_SANDBOX_PER_MIN: '100000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
cleanup.push(async () => {
  api.kill('SIGTERM');
  await new Promise((resolve) => api.once('exit', resolve));
});
for (let i = 0; ; i += 1) {
  const ready = await fetch(`${apiUrl}/readyz`).then(
    (r) => r.ok,
    () => false,
  );
  if (ready) break;
  if (i > 300) throw new Error('the API did not start');
  await sleep(100);
}

const registered = (await (
  await fetch(`${apiUrl}/api/v1/merchant/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      business_name: 'Bench Shop',
      email: 'bench@shop.test',
      password: 'a long bench password',
    }),
  })
).json()) as {
  data: {
    merchant: { id: string };
    secret_keys: { test: string };
    publishable_keys: { test: string };
  };
};
const merchantId = registered.data.merchant.id;
const publishableKey = registered.data.publishable_keys.test;
const key = registered.data.secret_keys.test;
async function newSessionToken(): Promise<string> {
  const response = await fetch(`${apiUrl}/api/v1/checkout/sessions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${key}`,
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({
      merchant_id: merchantId,
      amount: 2_500_000,
      currency: 'NGN',
      title: 'Bench item',
      order_reference: randomUUID(),
    }),
  });
  return ((await response.json()) as { data: { token: string } }).data.token;
}

// The merchant page: the widget is loaded (as on a real shop) before the shopper clicks.
const page = `<!doctype html><meta charset="utf-8"><title>bench</title><button id="pay">Pay</button>
<script src="${apiUrl}/sdk/v1/connect.js"></script>
<script>
window.openTimed = (token) => new Promise((resolve) => {
  const connect = TrancheConnect.init();
  const started = performance.now();
  connect.openCheckout({ sessionToken: token, onEvent: (e) => {
    if (e.type === 'loaded') { resolve(performance.now() - started); connect.destroy(); }
  }, onError: (e) => resolve(-1) });
});
</script>`;
// A product page with the messaging element: when its line is on screen, after navigation start.
const messagingPage = `<!doctype html><meta charset="utf-8"><title>bench messaging</title>
<h1>Phone</h1><p>₦48,500</p>
<tranche-messaging amount="4850000" publishable-key="${publishableKey}"></tranche-messaging>
<script>
window.rendered = new Promise((resolve) => {
  const element = document.querySelector('tranche-messaging');
  new MutationObserver(() => {
    if (element.dataset.state) resolve(element.dataset.state === 'shown' ? performance.now() : -1);
  }).observe(element, { attributes: true });
});
</script>
<script src="${apiUrl}/sdk/v1/connect.js"></script>`;
const shop = createServer((req, res) =>
  res
    .writeHead(200, { 'content-type': 'text/html' })
    .end(req.url === '/messaging' ? messagingPage : page),
);
const shopPort = await freePort();
await new Promise<void>((resolve) => shop.listen(shopPort, '127.0.0.1', resolve));
cleanup.push(() => new Promise((resolve) => shop.close(resolve)));

const browser = await launchBrowser();
cleanup.push(() => browser.close());

async function measure(cold: boolean): Promise<number[]> {
  const times: number[] = [];
  let context = await browser.newContext();
  for (let i = 0; i < opens; i += 1) {
    if (cold && i > 0) {
      await context.close();
      context = await browser.newContext();
    }
    const tab = await context.newPage();
    await tab.goto(`http://127.0.0.1:${shopPort}/`);
    const token = await newSessionToken();
    const ms = await tab.evaluate<number>(`window.openTimed(${JSON.stringify(token)})`);
    if (ms < 0) throw new Error('the checkout reported an error');
    times.push(ms);
    await tab.close();
  }
  await context.close();
  return times;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
function line(label: string, times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  return `${label}: p50 ${pct(sorted, 50).toFixed(0)} ms, p95 ${pct(sorted, 95).toFixed(0)} ms, max ${(sorted.at(-1) ?? NaN).toFixed(0)} ms (${times.length} opens)`;
}

await measure(false); // one warm-up round for the server's JIT, not reported
const cold = await measure(true);
const warm = await measure(false);

/** The merchant dashboard: navigation start → its sign-in form on screen, in a fresh profile. */
async function dashboardFirstRender(): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < opens; i += 1) {
    const context = await browser.newContext();
    const tab = await context.newPage();
    await tab.goto(`${apiUrl}/merchant`);
    await tab.getByRole('heading', { name: 'Sign in' }).waitFor();
    times.push(await tab.evaluate<number>('performance.now()'));
    await context.close();
  }
  return times;
}
const dashboardTimes = await dashboardFirstRender();

/** Navigation start → the messaging line rendered; warm: the same profile, its cache kept. */
async function messagingRender(cold: boolean): Promise<number[]> {
  const times: number[] = [];
  let context = await browser.newContext();
  for (let i = 0; i < opens; i += 1) {
    if (cold && i > 0) {
      await context.close();
      context = await browser.newContext();
    }
    const tab = await context.newPage();
    await tab.goto(`http://127.0.0.1:${shopPort}/messaging`);
    const ms = await tab.evaluate<number>('window.rendered');
    if (ms < 0) throw new Error('the messaging element showed nothing');
    times.push(ms);
    await tab.close();
  }
  await context.close();
  return times;
}
const messagingCold = await messagingRender(true);
const messagingWarm = await messagingRender(false);

/** Bytes on the wire for one GET as a browser asks for it, and the coding the server chose. */
function served(path: string, acceptEncoding: string): Promise<{ bytes: number; coding: string }> {
  return new Promise((resolve, reject) => {
    httpGet(`${apiUrl}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ bytes, coding: res.headers['content-encoding'] ?? 'none' }));
    }).on('error', reject);
  });
}
async function servedTotal(paths: string[], acceptEncoding: string) {
  const answers = await Promise.all(paths.map((path) => served(path, acceptEncoding)));
  return {
    bytes: answers.reduce((sum, a) => sum + a.bytes, 0),
    coding: [...new Set(answers.map((a) => a.coding))].join('/'),
  };
}
const checkoutPaths = initial.map((file) => `/${file}`);
const servedLoader = {
  br: await served('/sdk/v1/connect.js', 'gzip, deflate, br'),
  gzip: await served('/sdk/v1/connect.js', 'gzip'),
  none: await served('/sdk/v1/connect.js', 'identity'),
};
const servedCheckout = {
  br: await servedTotal(checkoutPaths, 'gzip, deflate, br'),
  gzip: await servedTotal(checkoutPaths, 'gzip'),
  none: await servedTotal(checkoutPaths, 'identity'),
};
const servedDialog = {
  br: await served('/sdk/v1/messaging-dialog.js', 'gzip, deflate, br'),
  gzip: await served('/sdk/v1/messaging-dialog.js', 'gzip'),
};
const wire = (x: { bytes: number; coding: string }) => `${x.bytes} B (${x.coding})`;

process.stdout.write(
  [
    `node ${process.versions.node}, ${cpus().length} CPUs, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; Chromium ${browser.version()}, loopback`,
    `connect.js gzipped, messaging element included: ${loader} B (target ≤ 4096 B; Paystack inline 42.6 KB)`,
    `messaging element alone (web/connect/messaging.ts, built as the loader) gzipped: ${elementAlone} B`,
    `messaging learn-more view (messaging-dialog.js, on demand) gzipped: ${dialogAsset} B; as served ${wire(servedDialog.br)}, ${wire(servedDialog.gzip)}`,
    `checkout initial JS + CSS gzipped: ${kb(initialBytes)} (${initial.join(', ')}; target ≤ 30 KB)`,
    `connect.js as served: ${wire(servedLoader.br)}, ${wire(servedLoader.gzip)}, ${wire(servedLoader.none)}`,
    `checkout initial JS + CSS as served: ${wire(servedCheckout.br)}, ${wire(servedCheckout.gzip)}, ${wire(servedCheckout.none)}`,
    line('openCheckout() → first interactive screen, cold (nothing cached)', cold),
    line('openCheckout() → first interactive screen, warm (assets cached)', warm),
    `merchant dashboard initial JS + CSS gzipped: ${kb(dashboard.bytes)} (${dashboard.files.join(', ')})`,
    line('merchant dashboard: navigation → sign-in form rendered, cold', dashboardTimes),
    line('messaging element: navigation → line rendered, cold (nothing cached)', messagingCold),
    line('messaging element: navigation → line rendered, warm (answer cached)', messagingWarm),
    '',
  ].join('\n'),
);
await cleanup.run();
