// The Tranche demo store: a one-product shop on its own origin, the way a merchant would wire
// Tranche into theirs. Plain node:http and the Tranche Node SDK (@tranche/node, sdk/node);
// nothing from Tranche's server code.
//
//   1. The product page's "Pay in installments" button (public/store.js) asks this server for an
//      order. The server creates a Tranche checkout session with its secret key (POST /api/orders).
//   2. The browser opens the Tranche widget with the session token: TrancheConnect.init().openCheckout.
//   3. Tranche tells this server what happened through signed webhooks (POST /webhooks/tranche);
//      only a verified webhook marks an order paid.
//
// The product page and the cart also show the price in installments before any order exists:
// the <tranche-messaging> element of connect.js, read with the publishable key (pk_test_…), which
// is public and can read nothing else (docs/widget.md, "Show the price in installments").
//
// Run it alone: TRANCHE_MERCHANT_ID=… TRANCHE_SECRET_KEY=sk_test_… TRANCHE_WEBHOOK_SECRET=whsec_…
// node examples/store/server.ts (see README.md beside this file).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import {
  Tranche,
  TrancheConnectionError,
  TrancheError,
  TrancheSignatureVerificationError,
  type WebhookEvent,
} from '@tranche/node';

export interface StoreOptions {
  port: number;
  host?: string;
  /** Where Tranche's API is, e.g. http://localhost:3000. */
  trancheApiUrl: string;
  /** The widget script; default `${trancheApiUrl}/sdk/v1/connect.js`. */
  trancheSdkUrl?: string;
  merchantId: string;
  /** The merchant's secret key (sk_test_… for the sandbox). Stays on this server. */
  secretKey: string;
  /** The merchant's webhook signing secret (whsec_…). */
  webhookSecret: string;
  /**
   * The merchant's publishable key (pk_test_… in the sandbox): public, it goes into the pages for
   * the messaging element. Without it the pages show no installment price.
   */
  publishableKey?: string;
  log?: (line: string) => void;
}

/** awaiting_payment → paid (deposit collected: ship) → fully_paid; or awaiting_payment → cancelled. */
export type OrderState = 'awaiting_payment' | 'paid' | 'fully_paid' | 'cancelled';

export interface Order {
  id: string;
  productId: string;
  title: string;
  /** Kobo. */
  amount: number;
  createdAt: string;
  state: OrderState;
  sessionToken: string;
  paymentPlanId: string | null;
  /** Payments collected so far (the deposit counts) out of `paymentCount`, from the latest plan. */
  paymentsCollected: number;
  paymentCount: number | null;
  lastFailure: string | null;
  /** Every webhook event applied to this order, oldest first. */
  events: { id: string; type: string; createdAt: string; receivedAt: string }[];
}

export interface Store {
  url: string;
  close(): Promise<void>;
  /** A snapshot of every order, newest first. */
  orders(): Order[];
}

// Priced under ₦50,000: what a new, identity-verified sandbox customer (Tranche Bronze) may owe,
// so anyone can finish the checkout (docs/decisions/0010-trust-score-and-eligibility.md).
const PRODUCT = {
  id: 'itel-a70',
  title: 'itel A70 smartphone',
  amount: 4_850_000, // kobo: ₦48,500
  description: '128 GB storage, 4 GB RAM, 6.6-inch screen, 5000 mAh battery. Ships from Lagos.',
};

const STATE_LABELS: Record<OrderState, string> = {
  awaiting_payment: 'Awaiting payment confirmation',
  paid: 'Paid — ready to ship',
  fully_paid: 'Fully paid',
  cancelled: 'Cancelled — the deposit was never collected',
};

/** States only move forward: events may arrive in any order (docs/webhooks.md). */
const STATE_RANK: Record<OrderState, number> = {
  awaiting_payment: 0,
  cancelled: 1,
  paid: 2,
  fully_paid: 3,
};

const publicFile = (name: string) => readFileSync(new URL(`./public/${name}`, import.meta.url));
const ASSETS: Record<string, { type: string; body: Buffer } | undefined> = {
  '/store.css': { type: 'text/css; charset=utf-8', body: publicFile('store.css') },
  '/store.js': { type: 'text/javascript; charset=utf-8', body: publicFile('store.js') },
  '/phone.svg': { type: 'image/svg+xml', body: publicFile('phone.svg') },
};

/** Session creation failed; the message is safe to show the shopper. */
class StoreError extends Error {}

export async function startStore(options: StoreOptions): Promise<Store> {
  const log = options.log ?? (() => undefined);
  const apiUrl = options.trancheApiUrl.replace(/\/+$/, '');
  const sdkUrl = options.trancheSdkUrl ?? `${apiUrl}/sdk/v1/connect.js`;
  const trancheOrigin = new URL(sdkUrl).origin;
  // No inline script or style anywhere; the widget's script and iframe come from Tranche.
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${trancheOrigin}`,
    `frame-src ${trancheOrigin}`,
    "img-src 'self'",
    "style-src 'self'",
    // The messaging element reads the plans from Tranche's API.
    `connect-src 'self' ${trancheOrigin}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

  const orders = new Map<string, Order>();
  const seenEvents = new Set<string>();
  // Every POST carries an Idempotency-Key the SDK keeps across its retries, so a lost answer
  // never makes a second session.
  const tranche = new Tranche({
    secretKey: options.secretKey,
    merchantId: options.merchantId,
    baseUrl: apiUrl,
    timeoutMs: 15_000,
  });

  /** Server side, with the secret key: a checkout session whose token the browser opens. */
  async function createCheckoutSession(orderId: string): Promise<string> {
    try {
      const session = await tranche.checkoutSessions.create({
        amount: PRODUCT.amount,
        currency: 'NGN',
        title: PRODUCT.title,
        order_reference: orderId,
      });
      return session.token;
    } catch (error) {
      if (error instanceof TrancheConnectionError) {
        log(`Tranche unreachable at ${apiUrl}: ${String(error.cause)}`);
        throw new StoreError('the payment service could not be reached');
      }
      if (!(error instanceof TrancheError)) throw error;
      log(
        `Tranche answered ${error.status ?? '-'} to session creation: ${error.detail} (${error.requestId ?? 'no request id'})`,
      );
      throw new StoreError(error.detail);
    }
  }

  async function createOrder(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // A JSON content type cannot be sent cross-site without CORS, so other sites cannot order.
    if (!req.headers['content-type']?.startsWith('application/json')) {
      return sendJson(res, 415, { error: 'Send JSON.' });
    }
    const body = await readBody(req, 10_000);
    let productId: unknown;
    try {
      productId = (JSON.parse(body?.toString('utf8') ?? '') as { product_id?: unknown }).product_id;
    } catch {
      return sendJson(res, 400, { error: 'The request body is not valid JSON.' });
    }
    if (productId !== PRODUCT.id) return sendJson(res, 400, { error: 'Unknown product.' });

    const orderId = `ord_${randomBytes(9).toString('base64url')}`;
    let sessionToken: string;
    try {
      sessionToken = await createCheckoutSession(orderId);
    } catch (error) {
      if (!(error instanceof StoreError)) throw error;
      return sendJson(res, 502, {
        error: `We could not start the installment checkout (${error.message}). Please try again in a moment.`,
      });
    }
    orders.set(orderId, {
      id: orderId,
      productId: PRODUCT.id,
      title: PRODUCT.title,
      amount: PRODUCT.amount,
      createdAt: new Date().toISOString(),
      state: 'awaiting_payment',
      sessionToken,
      paymentPlanId: null,
      paymentsCollected: 0,
      paymentCount: null,
      lastFailure: null,
      events: [],
    });
    log(`order ${orderId} created, checkout session opened`);
    sendJson(res, 201, { order_id: orderId, session_token: sessionToken });
  }

  async function receiveWebhook(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Verify the exact bytes received, before parsing: constructEvent checks the signature over
    // them (and, during a secret rotation, X-Tranche-Signature-Previous) and only then parses.
    const raw = await readBody(req, 1_000_000);
    if (!raw) return sendJson(res, 413, { error: 'Body too large.' });
    let event: WebhookEvent;
    try {
      event = tranche.webhooks.constructEvent(raw, req.headers, options.webhookSecret);
    } catch (error) {
      if (error instanceof TrancheSignatureVerificationError) {
        log('webhook refused: bad signature');
        return sendJson(res, 401, { error: 'Invalid signature.' });
      }
      if (error instanceof TrancheError) {
        return sendJson(res, 400, { error: 'Not a Tranche event.' });
      }
      throw error;
    }
    // Answer at once; the work comes after (a real shop would put the event on a queue).
    sendJson(res, 200, { received: true });
    applyEvent(event);
  }

  function applyEvent(event: WebhookEvent): void {
    // Delivery is at least once: the same id may come again. Handle each id once.
    if (seenEvents.has(event.id)) return log(`webhook ${event.id} (${event.event}): duplicate`);
    seenEvents.add(event.id);
    const plan = 'payment_plan' in event.data ? event.data.payment_plan : undefined;
    const reference =
      event.event === 'goods.release' ? event.data.order_reference : plan?.order_reference;
    const order = reference === undefined ? undefined : orders.get(reference);
    if (!order) return log(`webhook ${event.id} (${event.event}): no order here`);

    order.events.push({
      id: event.id,
      type: event.event,
      createdAt: event.created_at,
      receivedAt: new Date().toISOString(),
    });
    if (plan) {
      // Every payload carries the plan as it stands now: read progress from it.
      order.paymentPlanId = plan.id;
      const installments = plan.installments;
      const collected = installments.filter((i) => i.status === 'paid').length;
      order.paymentsCollected = Math.max(order.paymentsCollected, collected);
      if (installments.length > 0) order.paymentCount = installments.length;
    }
    const advance = (state: OrderState) => {
      if (STATE_RANK[state] > STATE_RANK[order.state]) order.state = state;
    };
    switch (event.event) {
      case 'payment.success': // the deposit is collected
      case 'goods.release': // your release rule is met
        advance('paid');
        break;
      case 'payment.failed':
        order.lastFailure = event.data.payment.failure_message ?? 'A payment attempt failed.';
        break;
      case 'payment_plan.completed':
        advance('fully_paid');
        break;
      case 'payment_plan.cancelled':
        advance('cancelled');
        break;
    }
    log(`webhook ${event.id} (${event.event}): order ${order.id} is ${order.state}`);
  }

  function sendPage(res: ServerResponse, status: number, html: string): void {
    res.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': csp,
      'cache-control': 'no-store',
    });
    res.end(html);
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('referrer-policy', 'strict-origin-when-cross-origin');
    const url = new URL(req.url ?? '/', 'http://store.invalid');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    const orderMatch = /^\/(api\/)?orders\/([\w-]+)$/.exec(path);

    if (method === 'POST' && path === '/api/orders') return createOrder(req, res);
    if (method === 'POST' && path === '/webhooks/tranche') return receiveWebhook(req, res);
    if (method !== 'GET' && method !== 'HEAD') return sendJson(res, 405, { error: 'Not allowed.' });

    const asset = ASSETS[path];
    if (asset) {
      res.writeHead(200, { 'content-type': asset.type, 'cache-control': 'no-cache' });
      res.end(asset.body);
      return;
    }
    if (path === '/') return sendPage(res, 200, productPage(sdkUrl, options.publishableKey));
    if (path === '/cart') return sendPage(res, 200, cartPage(sdkUrl, options.publishableKey));
    if (path === '/orders') {
      const all = [...orders.values()].reverse();
      return sendPage(res, 200, ordersPage(all));
    }
    const order = orderMatch?.[2] === undefined ? undefined : orders.get(orderMatch[2]);
    if (orderMatch?.[1]) {
      if (!order) return sendJson(res, 404, { error: 'No such order.' });
      return sendJson(res, 200, { order_id: order.id, state: order.state });
    }
    if (order) return sendPage(res, 200, orderPage(order, url.searchParams.get('plan')));
    sendPage(res, 404, notFoundPage());
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      log(`error on ${req.method ?? ''} ${req.url ?? ''}: ${String(error)}`);
      if (res.headersSent) res.destroy();
      else sendJson(res, 500, { error: 'Something went wrong in the shop. Please try again.' });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = ['0.0.0.0', '::', ''].includes(address.address)
    ? 'localhost'
    : address.family === 'IPv6'
      ? `[${address.address}]`
      : address.address;

  return {
    url: `http://${host}:${address.port}`,
    orders: () => [...orders.values()].reverse().map((order) => structuredClone(order)),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** The body, or null when it is larger than `limit` bytes. */
async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= limit) chunks.push(chunk); // keep reading (and dropping) so we can still answer
  }
  return size > limit ? null : Buffer.concat(chunks);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

// ---- Pages: server-rendered HTML. Every value from outside goes through esc(). ----

function esc(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function naira(kobo: number): string {
  return `₦${(kobo / 100).toLocaleString('en-NG', { maximumFractionDigits: 2 })}`;
}

function lagosTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return esc(iso);
  const text = date.toLocaleString('en-NG', {
    timeZone: 'Africa/Lagos',
    dateStyle: 'medium',
    timeStyle: 'medium',
  });
  return `<time datetime="${esc(date.toISOString())}">${esc(text)}</time>`;
}

function layout(
  title: string,
  content: string,
  options: { scripts?: string[]; refresh?: boolean } = {},
): string {
  const scripts = (options.scripts ?? ['/store.js'])
    .map((src) => `<script src="${esc(src)}"></script>`)
    .join('\n    ');
  // Without JavaScript the page reloads itself; with it, store.js checks the order quietly.
  const refresh = options.refresh
    ? '\n    <noscript><meta http-equiv="refresh" content="2"></noscript>'
    : '';
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">${refresh}
    <title>${esc(title)} · Ikeja Phones</title>
    <link rel="icon" href="/phone.svg">
    <link rel="stylesheet" href="/store.css">
  </head>
  <body>
    <a class="skip-link" href="#main">Skip to content</a>
    <header>
      <p class="test-banner">Demo store — test mode: no real money moves</p>
      <div class="site-header">
        <a class="logo" href="/">Ikeja Phones</a>
        <nav aria-label="Main">
          <ul>
            <li><a href="/">Shop</a></li>
            <li><a href="/cart">Cart</a></li>
            <li><a href="/orders">Orders</a></li>
          </ul>
        </nav>
      </div>
    </header>
    <main id="main">
${content}
    </main>
    <footer>A demo merchant for Tranche installment checkout. Source: examples/store.</footer>
    ${scripts}
  </body>
</html>
`;
}

/**
 * The price in installments (connect.js's messaging element): the amount in kobo and the public
 * key. The element reserves its own height; the store's CSS reserves it too, before connect.js
 * arrives, so nothing below it moves.
 */
function messaging(amount: number, publishableKey: string | undefined): string {
  if (!publishableKey) return '';
  return `<tranche-messaging class="installments" amount="${amount}" publishable-key="${esc(publishableKey)}"></tranche-messaging>`;
}

function payButton(): string {
  return `<button id="pay-installments" class="button" type="button"
            data-product-id="${esc(PRODUCT.id)}">Pay in installments</button>
          <p id="checkout-status" class="status" role="status"></p>
          <section id="other-ways" class="other-ways" aria-labelledby="other-ways-title" hidden>
            <h2 id="other-ways-title" tabindex="-1">Other ways to pay</h2>
            <p id="other-ways-why"></p>
            <ul>
              <li>Pay the full price by bank transfer: we send the account details with your order.</li>
              <li>Pay on delivery in Lagos, by card or transfer to the rider.</li>
            </ul>
          </section>`;
}

function productPage(sdkUrl: string, publishableKey: string | undefined): string {
  const content = `      <article class="card product" aria-labelledby="product-title">
        <img src="/phone.svg" width="240" height="320"
          alt="itel A70 smartphone, front and back">
        <div>
          <h1 id="product-title">${esc(PRODUCT.title)}</h1>
          <p class="price">${naira(PRODUCT.amount)}</p>
          ${messaging(PRODUCT.amount, publishableKey)}
          <p class="muted">${esc(PRODUCT.description)}</p>
          <p>Pay a deposit today and the rest weekly or monthly with Tranche.
            Your phone ships as soon as the deposit is collected.</p>
          ${payButton()}
        </div>
      </article>`;
  return layout(PRODUCT.title, content, { scripts: [sdkUrl, '/store.js'] });
}

/** A one-line cart (the shop sells one phone): the total and its price in installments. */
function cartPage(sdkUrl: string, publishableKey: string | undefined): string {
  const content = `      <h1>Your cart</h1>
      <section class="card cart" aria-label="Cart">
        <table class="cart-lines">
          <thead><tr><th scope="col">Item</th><th scope="col">Qty</th><th scope="col">Price</th></tr></thead>
          <tbody><tr><td>${esc(PRODUCT.title)}</td><td>1</td><td>${naira(PRODUCT.amount)}</td></tr></tbody>
          <tfoot><tr><th scope="row" colspan="2">Total</th><td class="cart-total">${naira(PRODUCT.amount)}</td></tr></tfoot>
        </table>
        ${messaging(PRODUCT.amount, publishableKey)}
        ${payButton()}
      </section>`;
  return layout('Cart', content, { scripts: [sdkUrl, '/store.js'] });
}

function orderDetails(order: Order, headingLevel: 'h1' | 'h2', link: boolean): string {
  const name = link ? `<a href="/orders/${esc(order.id)}">${esc(order.id)}</a>` : esc(order.id);
  const progress =
    order.paymentCount === null
      ? ''
      : `<p>${order.paymentsCollected} of ${order.paymentCount} payments collected.</p>`;
  const failure = order.lastFailure
    ? `<p>Last failed payment: ${esc(order.lastFailure)} (Tranche retries automatically).</p>`
    : '';
  const plan = order.paymentPlanId
    ? `<p>Payment plan <code>${esc(order.paymentPlanId)}</code></p>`
    : '';
  const events =
    order.events.length === 0
      ? '<p class="muted">No webhook yet.</p>'
      : `<p class="events-title">Webhooks received</p><ol class="events" aria-label="Webhooks received">${order.events
          .map(
            (e) =>
              `<li>${lagosTime(e.receivedAt)}: <code>${esc(e.type)}</code> <code>${esc(e.id)}</code></li>`,
          )
          .join('')}</ol>`;
  return `<article class="card order" data-order-id="${esc(order.id)}" data-state="${esc(order.state)}">
        <${headingLevel}>Order ${name}</${headingLevel}>
        <p>${esc(order.title)} · ${naira(order.amount)} · placed ${lagosTime(order.createdAt)}</p>
        <p><span class="badge ${esc(order.state)}">${esc(STATE_LABELS[order.state])}</span></p>
        ${progress}${failure}${plan}${events}
      </article>`;
}

function ordersPage(orders: Order[]): string {
  const list =
    orders.length === 0
      ? '<p>No orders yet. <a href="/">Buy something</a>.</p>'
      : `<ol class="orders">${orders.map((o) => `<li>${orderDetails(o, 'h2', true)}</li>`).join('\n')}</ol>`;
  return layout('Orders', `      <h1>Orders</h1>\n      ${list}`);
}

function orderPage(order: Order, planId: string | null): string {
  const awaiting = order.state === 'awaiting_payment';
  // The widget's onSuccess sent the shopper here: that is a confirmed plan, not yet a payment.
  const note =
    awaiting && planId
      ? `<p role="status">Plan <code>${esc(planId)}</code> confirmed. We ship as soon as Tranche confirms your deposit; this page updates by itself.</p>`
      : '';
  const poll = awaiting ? ` data-poll="/api/orders/${esc(order.id)}"` : '';
  return layout(
    `Order ${order.id}`,
    `      <div${poll}>${note}${orderDetails(order, 'h1', false)}</div>`,
    { refresh: awaiting },
  );
}

function notFoundPage(): string {
  return layout(
    'Not found',
    '      <h1>Not found</h1>\n      <p>There is nothing here. <a href="/">Back to the shop</a>.</p>',
  );
}

// ---- Run directly: node examples/store/server.ts ----

if (import.meta.main) {
  const env = process.env;
  const missing = ['TRANCHE_MERCHANT_ID', 'TRANCHE_SECRET_KEY', 'TRANCHE_WEBHOOK_SECRET'].filter(
    (name) => !env[name],
  );
  if (missing.length > 0) {
    console.error(`Set ${missing.join(', ')} (see examples/store/README.md).`);
    process.exit(1);
  }
  const store = await startStore({
    port: Number(env.STORE_PORT ?? 4000),
    trancheApiUrl: env.TRANCHE_API_URL ?? 'http://localhost:3000',
    merchantId: env.TRANCHE_MERCHANT_ID ?? '',
    secretKey: env.TRANCHE_SECRET_KEY ?? '',
    webhookSecret: env.TRANCHE_WEBHOOK_SECRET ?? '',
    ...(env.TRANCHE_PUBLISHABLE_KEY && { publishableKey: env.TRANCHE_PUBLISHABLE_KEY }),
    log: (line) => console.log(line),
  });
  console.log(`Demo store running at ${store.url}`);
  const stop = () => void store.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
