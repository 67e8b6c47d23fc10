import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { WebhookDispatcher } from '../../../src/features/merchant-webhooks/dispatcher.ts';
import { createLogger } from '../../../src/platform/logger.ts';
import { createTestMerchant, type TestMerchant } from '../../../test/harness/fixtures.ts';
import { collect, confirmPlanFor, customerWithCard } from '../../../test/harness/plans.ts';
import {
  startTestApp,
  startTestAppWithSandbox,
  type TestApp,
  type TestAppWithSandbox,
} from '../../../test/harness/test-app.ts';
import {
  type ReceivedWebhook,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../../test/harness/webhook-receiver.ts';
import {
  constructEvent,
  type PaymentPlan,
  Tranche,
  TrancheAPIError,
  TrancheAuthenticationError,
  TrancheConflictError,
  TrancheConnectionError,
  TrancheInvalidRequestError,
  TrancheNotFoundError,
  TrancheRateLimitError,
  TrancheSignatureVerificationError,
} from '../src/index.ts';
import { type FaultyProxy, startFaultyProxy } from './support/faulty-proxy.ts';

// The SDK against a real Tranche: the HTTP app on a real port over a real PostgreSQL database,
// the sandbox gateway behind it, and, where a failure is needed, a real proxy in between.
let t: TestAppWithSandbox;
let merchant: TestMerchant;
let tranche: Tranche;
let proxy: FaultyProxy;
let receiver: WebhookReceiver;

const sessionParams = () => ({
  amount: 100_000,
  currency: 'NGN' as const,
  title: 'Tecno Spark 20',
  order_reference: `order-${randomUUID()}`,
});

/** The SDK pointed at the proxy instead of the API, with short back-off waits. */
const throughProxy = (options: { maxRetries?: number } = {}) =>
  new Tranche({
    secretKey: merchant.testKey,
    merchantId: merchant.id,
    baseUrl: proxy.url,
    ...options,
  });

async function sessionsWithReference(orderReference: string): Promise<number> {
  const rows = await t.ctx.db
    .selectFrom('checkout_sessions')
    .select('id')
    .where('order_reference', '=', orderReference)
    .execute();
  return rows.length;
}

function dispatcher(): WebhookDispatcher {
  return new WebhookDispatcher(
    {
      db: t.ctx.db,
      clock: t.clock,
      secretBox: t.ctx.secretBox,
      log: createLogger('silent', 'test'),
    },
    {
      concurrency: 4,
      perMerchant: 4,
      timeoutMs: 2_000,
      pollMs: 20,
      loopbackTestWebhooks: true,
      random: () => 0,
    },
  );
}

beforeAll(async () => {
  t = await startTestAppWithSandbox();
  merchant = await createTestMerchant(t);
  tranche = new Tranche({ secretKey: merchant.testKey, merchantId: merchant.id, baseUrl: t.url });
  proxy = await startFaultyProxy(t.url);
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  await proxy.close();
  await t.close();
});

describe('checkout sessions', () => {
  it('creates a session, reads it back by token, and cancels it', async () => {
    const params = sessionParams();
    const session = await tranche.checkoutSessions.create({
      ...params,
      customer_email: 'ada@example.ng',
      metadata: { cart_id: 'c-1042' },
      line_items: [{ name: 'Phone case', quantity: 2, unit_amount: 50_000 }],
    });
    expect(session).toMatchObject({
      metadata: { cart_id: 'c-1042' },
      line_items: [{ name: 'Phone case', quantity: 2, unit_amount: 50_000 }],
      object: 'checkout_session',
      status: 'pending',
      merchant_id: merchant.id,
      livemode: false,
      amount: 100_000,
      order_reference: params.order_reference,
    });
    expect(session.token).toEqual(expect.any(String));
    expect(session.checkout_url).toContain(session.token);

    // The read by token is the widget's: the merchant's metadata is not in it (decision 0051).
    const read = await tranche.checkoutSessions.get(session.token);
    expect(read).not.toHaveProperty('metadata');
    expect(read).toEqual({
      ...session,
      metadata: undefined,
      merchant_name: 'Ade Stores',
      merchant_support: null,
      // The plan the checkout opens on (decision 0068), only on the widget's read.
      suggested_plan: {
        frequency: expect.any(String),
        installment_count: expect.any(Number),
        upfront_pct: expect.any(Number),
      },
    });

    const cancelled = await tranche.checkoutSessions.cancel(session.token);
    expect(cancelled.status).toBe('cancelled');
    expect((await tranche.checkoutSessions.get(session.token)).status).toBe('cancelled');
  });

  it('sends a UUID v4 Idempotency-Key on every POST the API de-duplicates, the caller’s own when given, none on the others', async () => {
    proxy.seen.length = 0;
    proxy.plan = () => ({ kind: 'forward' });
    const sdk = throughProxy();
    const created = await sdk.checkoutSessions.create(sessionParams());
    await sdk.checkoutSessions.cancel(created.token);
    await sdk.checkoutSessions.get(created.token);
    const mine = randomUUID();
    const params = sessionParams();
    const first = await sdk.checkoutSessions.create(params, { idempotencyKey: mine });
    const replay = await sdk.checkoutSessions.create(params, { idempotencyKey: mine });
    expect(replay.id).toBe(first.id);
    expect(await sessionsWithReference(params.order_reference)).toBe(1);

    const keys = proxy.seen.map((r) => [r.method, r.headers['idempotency-key']]);
    const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(keys[0]?.[1]).toMatch(uuidV4);
    expect(keys[1]?.[1]).toMatch(uuidV4);
    expect(keys[1]?.[1]).not.toBe(keys[0]?.[1]);
    expect(keys[2]).toEqual(['GET', undefined]);
    expect(keys.slice(3)).toEqual([
      ['POST', mine],
      ['POST', mine],
    ]);

    // A payment link is de-duplicated now too (decision 0038); a schedule preview takes no key.
    proxy.seen.length = 0;
    await sdk.paymentLinks.create({ title: 'Sofa', amount: 50_000 });
    await sdk.checkoutSessions.preview({
      amount: 100_000,
      frequency: 'monthly',
      installment_count: 3,
      upfront_pct: 25,
    });
    const sent = proxy.seen.map((r) => r.headers['idempotency-key']);
    expect(sent[0]).toMatch(uuidV4);
    expect(sent[1]).toBeUndefined();
  });
});

describe('typed errors carry the envelope', () => {
  it('401 with a wrong key', async () => {
    const wrong = new Tranche({
      secretKey: `sk_test_${'x'.repeat(40)}`,
      merchantId: merchant.id,
      baseUrl: t.url,
    });
    const error = await wrong.plans
      .list()
      .firstPage()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TrancheAuthenticationError);
    expect(error).toMatchObject({ status: 401, code: 'unauthenticated' });
    const { requestId, detail, headers } = error as TrancheAuthenticationError;
    expect(requestId).toMatch(/^req_/);
    expect(headers['x-request-id']).toBe(requestId);
    expect(detail).toMatch(/API key/i);
  });

  it('404 for another merchant’s or an unknown plan, 409 for a session that is not pending, 400 naming the field', async () => {
    const missing = await tranche.plans.get('plan_nothing').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(TrancheNotFoundError);
    expect(missing).toMatchObject({ status: 404, code: 'not_found' });

    const session = await tranche.checkoutSessions.create(sessionParams());
    await tranche.checkoutSessions.cancel(session.token);
    const again = await tranche.checkoutSessions.cancel(session.token).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(TrancheConflictError);
    expect(again).toMatchObject({ status: 409, code: 'session_not_pending' });

    const invalid = await tranche.checkoutSessions
      .create({ ...sessionParams(), amount: 0 })
      .catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(TrancheInvalidRequestError);
    expect(invalid).toMatchObject({ status: 400, code: 'invalid_request' });
    expect((invalid as TrancheInvalidRequestError).detail).toMatch(/amount/);
  });

  it('no answer at all: a connection error after the retries', async () => {
    const nowhere = new Tranche({
      secretKey: merchant.testKey,
      merchantId: merchant.id,
      baseUrl: 'http://127.0.0.1:1',
      maxRetries: 1,
    });
    const error = await nowhere.plans.get('plan_x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TrancheConnectionError);
    expect((error as TrancheConnectionError).status).toBeUndefined();
  });
});

describe('retries', () => {
  it('a session POST whose answer is lost (the API created it, the client got 503) is retried with the same key: one session', async () => {
    proxy.seen.length = 0;
    proxy.plan = (_request, index) =>
      index === 0
        ? { kind: 'forward-then-answer', status: 503, body: '{"ok":false,"detail":"busy"}' }
        : { kind: 'forward' };
    const params = sessionParams();
    const session = await throughProxy().checkoutSessions.create(params);
    expect(proxy.seen).toHaveLength(2);
    const [first, second] = proxy.seen;
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
    expect(await sessionsWithReference(params.order_reference)).toBe(1);
    expect(session.order_reference).toBe(params.order_reference);
  });

  it('names a settlement account’s holder before it is set, and what a plan can still refund', async () => {
    const checked = await tranche.merchant.checkSettlementAccount({
      bank_code: '058',
      account_number: '0123456789',
    });
    expect(checked.account_name).toBe('BALOGUN MARKET FABRICS LTD');
    // A shop of its own: the paging tests below count the shared merchant's plans.
    const shop = await createTestMerchant(t);
    const { plan } = await confirmPlanFor(t, shop, { amount: 100_000 });
    const client = new Tranche({ secretKey: shop.testKey, merchantId: shop.id, baseUrl: t.url });
    const refundable = await client.refunds.refundable(plan.id);
    expect(refundable.amount).toBeGreaterThan(0);
    expect(refundable.amount).toBe(refundable.outstanding_reduction + refundable.cash_refund);
  });

  it('a payout POST whose answer is lost is retried with the same key: one payout, the first one', async () => {
    const shop = await createTestMerchant(t, { approve: true });
    await t.http.patch(
      `/api/v1/merchant/${shop.id}/settings`,
      { settlement_account: { bank_code: '058', account_number: '0123456783' } },
      { token: shop.testKey },
    );
    const { plan } = await confirmPlanFor(t, shop, { amount: 100_000 });
    expect(await collect(t, plan.installments[0]?.id ?? '')).toMatch(/paid|nothing_to_do/);
    proxy.seen.length = 0;
    proxy.plan = (_request, index) =>
      index === 0
        ? { kind: 'forward-then-answer', status: 503, body: '{"ok":false,"detail":"busy"}' }
        : { kind: 'forward' };
    const client = new Tranche({
      secretKey: shop.testKey,
      merchantId: shop.id,
      baseUrl: proxy.url,
    });
    const payout = await client.payouts.create({ amount: 10_000 });
    expect(proxy.seen).toHaveLength(2);
    expect(proxy.seen[1]?.headers['idempotency-key']).toBe(
      proxy.seen[0]?.headers['idempotency-key'],
    );
    const payouts = await client.payouts.list();
    expect(payouts.map((p) => p.id)).toEqual([payout.id]);
  });

  it('a connection reset after the API did the work: retried, still one session', async () => {
    proxy.seen.length = 0;
    proxy.plan = (_request, index) =>
      index === 0 ? { kind: 'forward-then-reset' } : { kind: 'forward' };
    const params = sessionParams();
    await throughProxy().checkoutSessions.create(params);
    expect(proxy.seen).toHaveLength(2);
    expect(await sessionsWithReference(params.order_reference)).toBe(1);
  });

  it('a GET is retried after 5xx; it gives up after maxRetries with the last error', async () => {
    proxy.seen.length = 0;
    proxy.plan = (_request, index) =>
      index < 2
        ? { kind: 'answer', status: 502, body: '<html>bad gateway</html>' }
        : { kind: 'forward' };
    const session = await tranche.checkoutSessions.create(sessionParams());
    const read = await throughProxy().checkoutSessions.get(session.token);
    expect(read.id).toBe(session.id);
    expect(proxy.seen).toHaveLength(3);

    proxy.seen.length = 0;
    proxy.plan = () => ({
      kind: 'answer',
      status: 503,
      body: '{"ok":false,"code":"service_unavailable","detail":"down","request_id":"req_p"}',
    });
    const error = await throughProxy({ maxRetries: 1 })
      .checkoutSessions.get(session.token)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TrancheAPIError);
    expect(error).toMatchObject({ status: 503, code: 'service_unavailable', requestId: 'req_p' });
    expect(proxy.seen).toHaveLength(2);
  });

  it('a payment link lost after it was made is retried with its key and replayed: one link (decision 0038)', async () => {
    proxy.seen.length = 0;
    proxy.plan = (_request, index) =>
      index === 0 ? { kind: 'forward-then-answer', status: 503 } : { kind: 'forward' };
    const title = `Link ${randomUUID()}`;
    const link = await throughProxy().paymentLinks.create({ title, amount: 500_000 });
    expect(link.title).toBe(title);
    expect(proxy.seen).toHaveLength(2);
    expect(proxy.seen[1]?.headers['idempotency-key']).toBe(
      proxy.seen[0]?.headers['idempotency-key'],
    );
    const links = await tranche.paymentLinks.list().toArray();
    expect(links.filter((l) => l.title === title)).toHaveLength(1);
  });

  it('a POST the server does not de-duplicate (a test webhook) is not retried after a 503', async () => {
    proxy.seen.length = 0;
    proxy.plan = (_request, index) =>
      index === 0 ? { kind: 'forward-then-answer', status: 503 } : { kind: 'forward' };
    const error = await throughProxy()
      .webhooks.sendTest()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TrancheAPIError);
    expect(proxy.seen).toHaveLength(1);
    expect(proxy.seen[0]?.headers['idempotency-key']).toBeUndefined();
  });

  it('a 429 is waited out for Retry-After seconds, then retried, even for a POST', async () => {
    proxy.seen.length = 0;
    proxy.plan = (_request, index) =>
      index === 0
        ? {
            kind: 'answer',
            status: 429,
            headers: { 'retry-after': '1' },
            body: '{"ok":false,"code":"rate_limited","detail":"slow down","request_id":"req_r"}',
          }
        : { kind: 'forward' };
    const link = await throughProxy().paymentLinks.create({
      title: 'After a 429',
      amount: 500_000,
    });
    expect(link.title).toBe('After a 429');
    expect(proxy.seen).toHaveLength(2);
    const [first, second] = proxy.seen;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(1_000);
  });
});

describe('paginated lists', () => {
  const created: PaymentPlan[] = [];

  beforeAll(async () => {
    // One customer, five confirmed plans (the customer's trust tier allows them all).
    const card = await customerWithCard(t);
    for (let i = 0; i < 5; i++) {
      const session = await tranche.checkoutSessions.create(sessionParams());
      const confirm = await t.http.post(
        `/api/v1/checkout/sessions/${session.token}/confirm`,
        {
          frequency: 'monthly',
          installment_count: 3,
          upfront_pct: 25,
          payment_method_id: card.methodId,
        },
        { token: card.customer.accessToken },
      );
      expect(confirm.status, JSON.stringify(confirm.body)).toBe(201);
      created.push(confirm.body.data.plan as PaymentPlan);
      // One second apart, so newest first is the order they were made in, reversed.
      t.clock.advance(1_000);
    }
  }, 60_000);

  it('for await walks every plan across pages, newest first, each once', async () => {
    proxy.seen.length = 0;
    proxy.plan = () => ({ kind: 'forward' });
    const ids: string[] = [];
    for await (const plan of throughProxy().plans.list({ limit: 2 })) ids.push(plan.id);
    expect(ids).toEqual(created.map((plan) => plan.id).reverse());
    // Three pages of 2, 2 and 1, each asked with the previous page's cursor.
    expect(proxy.seen.map((r) => new URL(r.url, proxy.url).searchParams.get('limit'))).toEqual([
      '2',
      '2',
      '2',
    ]);
    const cursors = proxy.seen.map((r) => new URL(r.url, proxy.url).searchParams.get('cursor'));
    expect(cursors[0]).toBeNull();
    expect(cursors[1]).toEqual(expect.any(String));
    expect(cursors[2]).not.toBe(cursors[1]);
  });

  it('the page API: firstPage, hasMore, nextCursor, nextPage; filters pass through', async () => {
    const first = await tranche.plans.list({ limit: 3 }).firstPage();
    expect(first.data).toHaveLength(3);
    expect(first.hasMore).toBe(true);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await first.nextPage();
    expect(second?.data.map((p) => p.id)).toEqual(
      created
        .slice(0, 2)
        .map((p) => p.id)
        .reverse(),
    );
    expect(second?.hasMore).toBe(false);
    expect(await second?.nextPage()).toBeNull();

    const resumed = await tranche.plans
      .list({ limit: 3, cursor: first.nextCursor ?? '' })
      .toArray();
    expect(resumed.map((p) => p.id)).toEqual(second?.data.map((p) => p.id));

    const target = created[2];
    const byReference = await tranche.plans
      .list({ order_reference: target?.order_reference })
      .toArray();
    expect(byReference.map((p) => p.id)).toEqual([target?.id]);
    expect(await tranche.plans.get(target?.id ?? '')).toMatchObject({ id: target?.id });
  });

  it('constructEvent accepts the real payment.success delivery, typed; refuses a changed byte or a re-serialised body', async () => {
    await tranche.merchant.updateSettings({ webhook_url: `${receiver.url}/tranche` });
    const plan = created[0];
    if (!plan) throw new Error('no plan');
    expect(await collect(t, plan.installments[0]?.id ?? '')).toMatch(/paid|nothing_to_do/);
    receiver.received.length = 0;
    const worker = dispatcher();
    let delivery: ReceivedWebhook | undefined;
    try {
      await worker.drain();
      delivery = receiver.received.find(
        (r) => r.headers['x-tranche-event'] === 'payment.success' && r.body.includes(plan.id),
      );
    } finally {
      await worker.stop();
    }
    if (!delivery) throw new Error('no payment.success delivery');

    const event = tranche.webhooks.constructEvent(
      delivery.body,
      delivery.headers,
      merchant.webhookSecret,
    );
    expect(event.event).toBe('payment.success');
    if (event.event !== 'payment.success') throw new Error('narrowing');
    expect(event.data.payment_plan.id).toBe(plan.id);
    expect(event.data.payment_plan.status).toBe('active');
    expect(event.id).toBe(delivery.headers['x-tranche-event-id']);
    // The header value alone, and the raw bytes as a Buffer, verify too.
    const signature = String(delivery.headers['x-tranche-signature']);
    expect(constructEvent(Buffer.from(delivery.body), signature, merchant.webhookSecret).id).toBe(
      event.id,
    );

    const refused = (
      body: string,
      sig: unknown = delivery.headers,
      secret = merchant.webhookSecret,
    ) =>
      expect(() => constructEvent(body, sig as string, secret)).toThrow(
        TrancheSignatureVerificationError,
      );
    // One changed byte anywhere.
    const i = delivery.body.indexOf(plan.id) + plan.id.length - 1;
    const flipped =
      delivery.body.slice(0, i) +
      (delivery.body[i] === 'a' ? 'b' : 'a') +
      delivery.body.slice(i + 1);
    expect(flipped).toHaveLength(delivery.body.length);
    refused(flipped);
    // The same JSON serialised again: equal as data, other bytes.
    const parsed: unknown = JSON.parse(delivery.body);
    const pretty = JSON.stringify(parsed, null, 2);
    expect(JSON.parse(pretty)).toEqual(parsed);
    refused(pretty);
    const { id, event: type, created_at, data } = parsed as Record<string, unknown>;
    refused(JSON.stringify({ event: type, id, created_at, data }));
    // A wrong secret, no signature, a signature of the right length that is not this one.
    refused(delivery.body, delivery.headers, 'whsec_not_this_one');
    refused(delivery.body, {});
    refused(delivery.body, 'f'.repeat(128));
    // A parsed body is refused outright: the signature is over bytes.
    expect(() =>
      constructEvent(parsed as string, delivery.headers, merchant.webhookSecret),
    ).toThrow(TypeError);
  });
});

describe('webhook secret roll', () => {
  it('during the overlap a delivery verifies with the previous secret (through X-Tranche-Signature-Previous) and with the new one', async () => {
    await tranche.merchant.updateSettings({ webhook_url: `${receiver.url}/probe` });
    receiver.received.length = 0;
    const before = await tranche.webhooks.sendTest();
    expect(before).toMatchObject({ delivered: true, status_code: 200 });
    const probe = receiver.received.at(-1);
    if (!probe) throw new Error('no test delivery');
    expect(constructEvent(probe.body, probe.headers, merchant.webhookSecret)).toMatchObject({
      event: 'webhook.test',
      data: { merchant_id: merchant.id, livemode: false },
    });
    expect(probe.headers['x-tranche-signature-previous']).toBeUndefined();

    const rolled = await tranche.webhooks.rollSecret();
    const oldSecret = merchant.webhookSecret;
    const newSecret = rolled.webhook_secret;
    expect(newSecret).not.toBe(oldSecret);
    await tranche.webhooks.sendTest();
    const during = receiver.received.at(-1);
    if (!during || during === probe) throw new Error('no delivery after the roll');
    expect(during.headers['x-tranche-signature-previous']).toEqual(expect.any(String));

    // A receiver still holding the old secret, a receiver already on the new one, and one with both.
    for (const secret of [oldSecret, newSecret, [newSecret, oldSecret]]) {
      expect(constructEvent(during.body, during.headers, secret).event).toBe('webhook.test');
    }
    // The old secret passes only because of the previous-secret header.
    expect(() =>
      constructEvent(during.body, String(during.headers['x-tranche-signature']), oldSecret),
    ).toThrow(TrancheSignatureVerificationError);
    merchant.webhookSecret = newSecret;
  });
});

describe('the real rate limiter', () => {
  let limited: TestApp;
  let limitedMerchant: TestMerchant;

  beforeAll(async () => {
    limited = await startTestApp({ settings: { rateLimitSandboxPerMin: 3 } });
    limitedMerchant = await createTestMerchant(limited);
  });
  afterAll(async () => {
    await limited.close();
  });

  it('a 429 from an exhausted sandbox key is waited out (Retry-After), then the call succeeds', async () => {
    const sdk = new Tranche({
      secretKey: limitedMerchant.testKey,
      merchantId: limitedMerchant.id,
      baseUrl: limited.url,
    });
    // 1.5 s before the API's minute window ends, so its Retry-After says 2.
    const now = limited.clock.now().getTime();
    limited.clock.set(new Date(Math.ceil(now / 60_000) * 60_000 - 1_500));
    for (let i = 0; i < 3; i++) await sdk.checkoutSessions.create(sessionParams());
    const over = await sdk.checkoutSessions
      .create(sessionParams(), { maxRetries: 0 })
      .catch((e: unknown) => e);
    expect(over).toBeInstanceOf(TrancheRateLimitError);
    expect(over).toMatchObject({ status: 429, code: 'rate_limited', retryAfterSeconds: 2 });

    // The API's clock is the test's: it reaches the next window a second into the SDK's wait.
    const tick = setTimeout(() => limited.clock.advance(1_500), 1_000);
    const started = Date.now();
    try {
      const session = await sdk.checkoutSessions.create(sessionParams());
      expect(session.status).toBe('pending');
    } finally {
      clearTimeout(tick);
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
  });

  it('a Retry-After longer than maxRetryAfterMs fails at once with the wait in the error', async () => {
    const sdk = new Tranche({
      secretKey: limitedMerchant.testKey,
      merchantId: limitedMerchant.id,
      baseUrl: limited.url,
      // Far below the 59 s asked, far above any machine's stall: "at once" is well under it.
      maxRetryAfterMs: 20_000,
    });
    const now = limited.clock.now().getTime();
    limited.clock.set(new Date(Math.floor(now / 60_000) * 60_000 + 60_000 + 1_000));
    for (let i = 0; i < 3; i++) await sdk.checkoutSessions.get('cs_nothing').catch(() => undefined);
    const started = Date.now();
    const error = await sdk.checkoutSessions.get('cs_nothing').catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(error).toBeInstanceOf(TrancheRateLimitError);
    expect((error as TrancheRateLimitError).retryAfterSeconds).toBe(59);
  });
});

describe('reports (decision 0066)', () => {
  it('exports CSV files and reads a payout’s settlement report, summing to the payout', async () => {
    const { plan } = await confirmPlanFor(t, merchant, {
      amount: 80_000,
      installmentCount: 1,
      upfrontPct: 50,
    });
    for (const installment of plan.installments) await collect(t, installment.id);
    const plans = await tranche.reports.exportPlans({
      title: 'galaxy',
      amount_min: 80_000,
      amount_max: 80_000,
    });
    expect(plans.split('\r\n')[0]).toMatch(/^plan_id,created_at,mode,status,title,/);
    expect(plans).toContain(plan.id);

    const wallet = await tranche.wallet.get({ limit: 1 });
    const history = (await tranche.reports.exportWallet())
      .split('\r\n')
      .filter((line) => line !== '');
    const column = history[0]?.split(',').indexOf('available_change_kobo') ?? -1;
    const available = history
      .slice(1)
      .reduce((sum, line) => sum + Number(line.split(',')[column]), 0);
    expect(available).toBe(wallet.available);

    await t.http.patch(
      `/api/v1/merchant/${merchant.id}/settings`,
      { settlement_account: { bank_code: '058', account_number: '0123456789' } },
      { token: merchant.testKey },
    );
    const payout = await tranche.payouts.create();
    const report = await tranche.payouts.settlementReport(payout.id);
    expect(report.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(payout.amount);
    expect(report.summary.total).toBe(payout.amount);
    const csvReport = await tranche.payouts.settlementReportCsv(payout.id);
    expect(csvReport).toContain(payout.reference);
    await expect(tranche.reports.exportPlans({ customer_phone: '123' })).rejects.toBeInstanceOf(
      TrancheInvalidRequestError,
    );
  });
});
