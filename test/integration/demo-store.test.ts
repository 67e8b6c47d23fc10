import { createHmac } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startStore, type Store } from '../../examples/store/server.ts';
import { WebhookDispatcher } from '../../src/features/merchant-webhooks/dispatcher.ts';
import { randomBase62 } from '../../src/platform/ids.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { createTestMerchant, type TestMerchant } from '../harness/fixtures.ts';
import { collect, customerWithCard } from '../harness/plans.ts';
import { startTestAppWithSandbox, type TestAppWithSandbox } from '../harness/test-app.ts';

// The demo store (examples/store) against a real Tranche app and sandbox gateway, real HTTP
// throughout: the store creates sessions with its secret key and receives signed webhooks.
let t: TestAppWithSandbox;
let merchant: TestMerchant;
let store: Store;

beforeAll(async () => {
  t = await startTestAppWithSandbox();
  merchant = await createTestMerchant(t);
  store = await startStore({
    port: 0,
    host: '127.0.0.1',
    trancheApiUrl: t.url,
    merchantId: merchant.id,
    secretKey: merchant.testKey,
    webhookSecret: merchant.webhookSecret,
  });
});
afterAll(async () => {
  await store.close();
  await t.close();
});

const sign = (body: string, secret = merchant.webhookSecret) =>
  createHmac('sha512', secret).update(body).digest('hex');

interface OrderAnswer {
  order_id: string;
  session_token: string;
  error?: string;
}

async function placeOrder(s: Store = store): Promise<{ status: number; body: OrderAnswer }> {
  const res = await fetch(`${s.url}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ product_id: 'itel-a70' }),
  });
  return { status: res.status, body: (await res.json()) as OrderAnswer };
}

async function newOrder(): Promise<string> {
  const res = await placeOrder();
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.order_id;
}

function postWebhook(body: string, headers: Record<string, string>) {
  return fetch(`${store.url}/webhooks/tranche`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
}

/** A webhook body shaped as docs/webhooks.md describes, for the store's order. */
function eventBody(
  type: string,
  orderId: string,
  installments: string[] = ['paid', 'scheduled', 'scheduled', 'scheduled'],
  extra: Record<string, unknown> = {},
): string {
  return JSON.stringify({
    id: `evt_${randomBase62(20)}`,
    event: type,
    created_at: new Date().toISOString(),
    data: {
      payment_plan: {
        id: 'plan_demo',
        object: 'payment_plan',
        order_reference: orderId,
        status: 'active',
        installments: installments.map((status, sequence) => ({
          id: `inst_${sequence}`,
          sequence,
          status,
        })),
      },
      ...extra,
    },
  });
}

/** What a browser test reads: the order page's data-state, and the order's event log. */
async function orderOnPage(orderId: string) {
  const res = await fetch(`${store.url}/orders/${orderId}`);
  expect(res.status).toBe(200);
  const html = await res.text();
  const state = new RegExp(`data-order-id="${orderId}" data-state="([a-z_]+)"`).exec(html)?.[1];
  const order = store.orders().find((o) => o.id === orderId);
  if (!order) throw new Error(`no order ${orderId}`);
  return { state, html, order };
}

describe('pages', () => {
  it('the product page loads the Tranche script under a strict CSP, with no inline script or style', async () => {
    const res = await fetch(`${store.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`script-src 'self' ${t.url}`);
    expect(csp).toContain(`frame-src ${t.url}`);
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await res.text();
    expect(html).toContain('id="pay-installments"');
    expect(html).toContain('Pay in installments');
    expect(html).toContain('Demo store — test mode: no real money moves');
    expect(html).toMatch(/role="status"/);
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
    expect(scripts).toEqual([` src="${t.url}/sdk/v1/connect.js"`, ' src="/store.js"']);
    expect(html).not.toMatch(/<style|style=/);

    for (const [path, type] of [
      ['/store.js', /^text\/javascript/],
      ['/store.css', /^text\/css/],
      ['/phone.svg', /^image\/svg\+xml/],
    ] as const) {
      const asset = await fetch(`${store.url}${path}`);
      expect(asset.status, path).toBe(200);
      expect(asset.headers.get('content-type'), path).toMatch(type);
    }
    expect((await fetch(`${store.url}/nowhere`)).status).toBe(404);
  });
});

describe('POST /api/orders', () => {
  it('creates the order and a real pending Tranche checkout session for it', async () => {
    const res = await placeOrder();
    expect(res.status).toBe(201);
    expect(res.body.order_id).toMatch(/^ord_[\w-]+$/);
    const session = await t.http.get(`/api/v1/checkout/sessions/${res.body.session_token}`);
    expect(session.status).toBe(200);
    expect(session.body.data).toMatchObject({
      status: 'pending',
      merchant_id: merchant.id,
      livemode: false,
      amount: 4_850_000,
      currency: 'NGN',
      title: 'itel A70 smartphone',
      order_reference: res.body.order_id,
    });

    const { state, html } = await orderOnPage(res.body.order_id);
    expect(state).toBe('awaiting_payment');
    expect(html).toContain('Awaiting payment confirmation');
    // It refreshes itself while awaiting: store.js polls the order (a timed meta refresh fails
    // WCAG 2.2.1), with a meta refresh for browsers without JavaScript.
    expect(html).toContain('<noscript><meta http-equiv="refresh" content="2"></noscript>');
    expect(html).toContain(`data-poll="/api/orders/${res.body.order_id}"`);
    const polled = await fetch(`${store.url}/api/orders/${res.body.order_id}`);
    expect(await polled.json()).toEqual({ order_id: res.body.order_id, state: 'awaiting_payment' });
  });

  it('refuses what is not a JSON order for the product', async () => {
    const form = await fetch(`${store.url}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'product_id=itel-a70',
    });
    expect(form.status).toBe(415);
    const unknown = await fetch(`${store.url}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ product_id: 'nothing' }),
    });
    expect(unknown.status).toBe(400);
  });

  it('Tranche errors reach the shopper as a clear 502 message, never a stack', async () => {
    const wrongKey = await startStore({
      port: 0,
      trancheApiUrl: t.url,
      merchantId: merchant.id,
      secretKey: `sk_test_${randomBase62(40)}`,
      webhookSecret: merchant.webhookSecret,
    });
    const down = await startStore({
      port: 0,
      trancheApiUrl: 'http://127.0.0.1:1',
      merchantId: merchant.id,
      secretKey: merchant.testKey,
      webhookSecret: merchant.webhookSecret,
    });
    try {
      const refused = await placeOrder(wrongKey);
      expect(refused.status).toBe(502);
      expect(refused.body).toEqual({ error: expect.stringMatching(/Invalid API key/) });
      const unreachable = await placeOrder(down);
      expect(unreachable.status).toBe(502);
      expect(unreachable.body.error).toMatch(/could not be reached/);
      for (const body of [refused.body, unreachable.body]) {
        expect(JSON.stringify(body)).not.toMatch(/\n|at .*\.ts|Error:/);
      }
      expect(wrongKey.orders()).toEqual([]);
    } finally {
      await wrongKey.close();
      await down.close();
    }
  });
});

describe('POST /webhooks/tranche', () => {
  it('a signed payment.success marks the order paid; the same event again changes nothing', async () => {
    const orderId = await newOrder();
    const body = eventBody('payment.success', orderId);
    const first = await postWebhook(body, { 'x-tranche-signature': sign(body) });
    expect(first.status).toBe(200);
    const paid = await orderOnPage(orderId);
    expect(paid.state).toBe('paid');
    expect(paid.html).toContain('Paid — ready to ship');
    expect(paid.html).not.toContain('http-equiv="refresh"');
    expect(paid.order.events).toEqual([
      expect.objectContaining({ id: JSON.parse(body).id, type: 'payment.success' }),
    ]);
    expect(paid.order).toMatchObject({ paymentPlanId: 'plan_demo', paymentsCollected: 1 });

    const again = await postWebhook(body, { 'x-tranche-signature': sign(body) });
    expect(again.status).toBe(200);
    expect((await orderOnPage(orderId)).order).toEqual(paid.order);
  });

  it('a forged or missing signature gets 401 and changes nothing', async () => {
    const orderId = await newOrder();
    const body = eventBody('payment.success', orderId);
    const forged = await postWebhook(body, {
      'x-tranche-signature': sign(body, 'whsec_not_the_secret'),
    });
    expect(forged.status).toBe(401);
    expect((await postWebhook(body, {})).status).toBe(401);
    expect((await postWebhook(body, { 'x-tranche-signature': 'a'.repeat(128) })).status).toBe(401);
    const after = await orderOnPage(orderId);
    expect(after.state).toBe('awaiting_payment');
    expect(after.order.events).toEqual([]);
    // Refused deliveries were not remembered: the genuine one still counts.
    expect((await postWebhook(body, { 'x-tranche-signature': sign(body) })).status).toBe(200);
    expect((await orderOnPage(orderId)).state).toBe('paid');
  });

  it('a body whose bytes were re-serialised is refused even with the original signature', async () => {
    const orderId = await newOrder();
    const body = eventBody('payment.success', orderId);
    const reserialised = JSON.stringify(JSON.parse(body), null, 2);
    expect(JSON.parse(reserialised)).toEqual(JSON.parse(body));
    const res = await postWebhook(reserialised, { 'x-tranche-signature': sign(body) });
    expect(res.status).toBe(401);
    expect((await orderOnPage(orderId)).state).toBe('awaiting_payment');
  });

  it('a signed body that is not a Tranche event gets 400', async () => {
    for (const body of [
      'not json',
      JSON.stringify({ id: 'evt_x', event: 'payment.success', data: null }),
    ]) {
      expect((await postWebhook(body, { 'x-tranche-signature': sign(body) })).status).toBe(400);
    }
  });

  it('during a secret rotation the previous secret’s signature is accepted', async () => {
    const orderId = await newOrder();
    const body = eventBody('goods.release', orderId, undefined, { order_reference: orderId });
    const res = await postWebhook(body, {
      'x-tranche-signature': sign(body, 'whsec_the_new_secret_the_store_lacks'),
      'x-tranche-signature-previous': sign(body),
    });
    expect(res.status).toBe(200);
    expect((await orderOnPage(orderId)).state).toBe('paid');
  });

  it('plan events move the order forward only: payments counted, failures noted, completion, cancellation', async () => {
    const orderId = await newOrder();
    const send = async (body: string) =>
      expect((await postWebhook(body, { 'x-tranche-signature': sign(body) })).status).toBe(200);
    await send(eventBody('payment.success', orderId));
    await send(
      eventBody('payment.failed', orderId, ['paid', 'failed', 'scheduled', 'scheduled'], {
        payment: { failure_message: 'Insufficient Funds' },
      }),
    );
    expect((await orderOnPage(orderId)).html).toContain('Insufficient Funds');
    await send(
      eventBody('payment_plan.installment_paid', orderId, ['paid', 'paid', 'paid', 'scheduled']),
    );
    expect((await orderOnPage(orderId)).html).toContain('3 of 4 payments collected');
    await send(eventBody('payment_plan.completed', orderId, ['paid', 'paid', 'paid', 'paid']));
    // A late, older event does not move the order back.
    await send(eventBody('payment.success', orderId));
    const done = await orderOnPage(orderId);
    expect(done.state).toBe('fully_paid');
    expect(done.order.paymentsCollected).toBe(4);
    expect(done.order.events.map((e) => e.type)).toEqual([
      'payment.success',
      'payment.failed',
      'payment_plan.installment_paid',
      'payment_plan.completed',
      'payment.success',
    ]);

    const abandoned = await newOrder();
    await send(
      eventBody('payment_plan.cancelled', abandoned, [
        'failed',
        'scheduled',
        'scheduled',
        'scheduled',
      ]),
    );
    expect((await orderOnPage(abandoned)).state).toBe('cancelled');

    const orders = await (await fetch(`${store.url}/orders`)).text();
    const listed = [...orders.matchAll(/data-order-id="([^"]+)" data-state="([a-z_]+)"/g)];
    expect(listed.slice(0, 2).map((m) => [m[1], m[2]])).toEqual([
      [abandoned, 'cancelled'],
      [orderId, 'fully_paid'],
    ]);
  });
});

describe('end to end with Tranche’s own webhooks', () => {
  it('a plan confirmed on the store’s session marks its order paid; a re-sent event changes nothing', async () => {
    const settings = await t.http.patch(
      `/api/v1/merchant/${merchant.id}/settings`,
      { webhook_url: `${store.url}/webhooks/tranche` },
      { token: merchant.testKey },
    );
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const { body: order } = await placeOrder();

    // The shopper's side, as the checkout does it: confirm a plan on the session token.
    const card = await customerWithCard(t);
    const confirm = await t.http.post(
      `/api/v1/checkout/sessions/${order.session_token}/confirm`,
      {
        frequency: 'monthly',
        installment_count: 3,
        upfront_pct: 25,
        payment_method_id: card.methodId,
      },
      { token: card.customer.accessToken },
    );
    expect(confirm.status, JSON.stringify(confirm.body)).toBe(201);
    const plan = confirm.body.data.plan;
    expect(await collect(t, plan.installments[0].id)).toMatch(/paid|nothing_to_do/);

    const dispatcher = new WebhookDispatcher(
      {
        db: t.ctx.db,
        clock: t.clock,
        secretBox: t.ctx.secretBox,
        log: createLogger('silent', 'test'),
      },
      {
        concurrency: 8,
        perMerchant: 4,
        timeoutMs: 2_000,
        pollMs: 20,
        loopbackTestWebhooks: true,
        random: () => 0,
      },
    );
    try {
      await dispatcher.drain();
      const paid = await orderOnPage(order.order_id);
      expect(paid.state).toBe('paid');
      expect(paid.order).toMatchObject({
        paymentPlanId: plan.id,
        paymentsCollected: 1,
        paymentCount: 4,
      });
      const types = paid.order.events.map((e) => e.type);
      expect(types).toEqual(expect.arrayContaining(['payment.success', 'goods.release']));

      // Tranche re-sends an event (same id, same bytes): the store does not apply it twice.
      const log = await t.http.get(
        `/api/v1/merchant/${merchant.id}/webhook-events?event=payment.success`,
        {
          token: merchant.testKey,
        },
      );
      const event = log.body.data.find((e: any) => e.payload.data.payment_plan.id === plan.id);
      expect(event.status).toBe('delivered');
      const resend = await t.http.post(
        `/api/v1/merchant/${merchant.id}/webhook-events/${event.id}/resend`,
        undefined,
        { token: merchant.testKey },
      );
      expect(resend.status).toBe(202);
      await dispatcher.drain();
      const detail = await t.http.get(
        `/api/v1/merchant/${merchant.id}/webhook-events/${event.id}`,
        {
          token: merchant.testKey,
        },
      );
      expect(detail.body.data.attempt_log).toHaveLength(2);
      expect(detail.body.data.attempt_log.every((a: any) => a.status_code === 200)).toBe(true);
      expect((await orderOnPage(order.order_id)).order).toEqual(paid.order);
    } finally {
      await dispatcher.stop();
    }
  });
});
