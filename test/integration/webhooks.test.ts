import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';

import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';

import { listMigrations } from '../../src/db/migrate.ts';
import { runWrite } from '../../src/db/write.ts';
import type { WebhookEventType } from '../../src/domain/webhook.ts';
import {
  type DispatcherOptions,
  WebhookDispatcher,
} from '../../src/features/merchant-webhooks/dispatcher.ts';
import { purgeOldWebhookEvents, recordEvent } from '../../src/features/merchant-webhooks/events.ts';
import {
  claimDueEvents,
  releaseClaims,
} from '../../src/features/merchant-webhooks/outbox-queries.ts';
import { signingSecretsAt } from '../../src/features/merchant-webhooks/signing.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { createTestCustomer, createTestMerchant, type TestMerchant } from '../harness/fixtures.ts';
import { withDatabase } from '../harness/global-setup.ts';
import { addCard, collect, confirmPlanFor, customerWithCard } from '../harness/plans.ts';
import { freePort } from '../harness/sandbox.ts';
import { customerRouteSecuritySuite } from '../harness/security-suite.ts';
import { startTestAppWithSandbox, type TestAppWithSandbox } from '../harness/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../harness/webhook-receiver.ts';

const DAY_MS = 86_400_000;
let t: TestAppWithSandbox;
const receivers: WebhookReceiver[] = [];
const dispatchers: WebhookDispatcher[] = [];

beforeAll(async () => {
  t = await startTestAppWithSandbox();
});
afterEach(async () => {
  for (const d of dispatchers.splice(0)) await d.stop();
  for (const r of receivers.splice(0)) await r.close();
});
afterAll(async () => t.close());

async function receiver(): Promise<WebhookReceiver> {
  const r = await startWebhookReceiver();
  receivers.push(r);
  return r;
}

function dispatcher(options: Partial<DispatcherOptions> = {}): WebhookDispatcher {
  const d = new WebhookDispatcher(
    {
      db: t.ctx.db,
      clock: t.clock,
      secretBox: t.ctx.secretBox,
      log: createLogger('silent', 'test'),
    },
    {
      concurrency: 32,
      perMerchant: 4,
      timeoutMs: 1_000,
      pollMs: 20,
      loopbackTestWebhooks: true,
      random: () => 0,
      ...options,
    },
  );
  dispatchers.push(d);
  return d;
}

async function merchantWithUrl(url: string): Promise<TestMerchant> {
  const merchant = await createTestMerchant(t);
  await setUrl(merchant, url);
  return merchant;
}

async function setUrl(merchant: TestMerchant, url: string | null) {
  const res = await t.http.patch(
    `/api/v1/merchant/${merchant.id}/settings`,
    { webhook_url: url },
    { token: merchant.testKey },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Writes the live endpoint's URL as if it had passed the save-time address check. */
async function setLiveUrlDirectly(merchant: TestMerchant, url: string) {
  await t.ctx.db
    .updateTable('webhook_endpoints')
    .set({ url, disabled_at: null, disabled_reason: null })
    .where('merchant_id', '=', merchant.id)
    .where('livemode', '=', true)
    .execute();
}

async function emit(
  merchant: TestMerchant,
  options: { type?: WebhookEventType; livemode?: boolean; data?: Record<string, unknown> } = {},
): Promise<string> {
  // Distinct creation times keep "newest first" (and this helper's lookup) unambiguous.
  t.clock.advance(1);
  await runWrite(t.ctx.db, (tx) =>
    recordEvent(
      tx,
      {
        merchantId: merchant.id,
        livemode: options.livemode ?? false,
        type: options.type ?? 'payment.success',
        data: options.data ?? { note: 'hello' },
      },
      t.clock.now(),
    ),
  );
  const row = await t.ctx.db
    .selectFrom('webhook_events')
    .select('id')
    .where('merchant_id', '=', merchant.id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

const event = (id: string) =>
  t.ctx.db.selectFrom('webhook_events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function eventLog(merchant: TestMerchant, id: string) {
  const res = await t.http.get(`/api/v1/merchant/${merchant.id}/webhook-events/${id}`, {
    token: merchant.testKey,
  });
  expect(res.status).toBe(200);
  return res.body.data;
}

/**
 * An independent verifier: Python's hmac module, the README's Python snippet, run on the exact
 * bytes received.
 */
function verifiedByPython(body: string, signature: string, secret: string): boolean {
  const script = [
    'import hashlib, hmac, sys',
    'secret, signature = sys.argv[1], sys.argv[2]',
    'body = sys.stdin.buffer.read()',
    'expected = hmac.new(secret.encode(), body, hashlib.sha512).hexdigest()',
    'sys.exit(0 if hmac.compare_digest(expected, signature) else 1)',
  ].join('\n');
  const res = spawnSync('python3', ['-c', script, secret, signature], { input: body });
  if (res.error) throw res.error;
  return res.status === 0;
}

describe('events from the money engine (spec §6.1)', () => {
  it('a plan’s life sends debit.scheduled, payment.success, goods.release, installment_paid with its alias, payment.failed and completion, each signed', async () => {
    const r = await receiver();
    const merchant = await merchantWithUrl(`${r.url}/hooks`);
    const { plan, authorizationCode } = await confirmPlanFor(t, merchant);
    const [deposit, first, second, third] = plan.installments;
    if (!deposit || !first || !second || !third) throw new Error('expected four installments');
    expect(await collect(t, deposit.id)).toMatch(/paid|nothing_to_do/);
    expect(await collect(t, first.id)).toMatch(/paid|nothing_to_do/);
    await t.sandbox.control('POST', `/_sandbox/authorizations/${authorizationCode}`, {
      behaviour: 'insufficient_funds',
    });
    expect(await collect(t, second.id)).toBe('failed');
    await t.sandbox.control('POST', `/_sandbox/authorizations/${authorizationCode}`, {
      behaviour: 'success',
    });
    expect(await collect(t, second.id)).toMatch(/paid|nothing_to_do/);
    expect(await collect(t, third.id)).toMatch(/paid|nothing_to_do/);

    await dispatcher().drain();
    const bodies = r.received.map((req) => JSON.parse(req.body));
    const types = bodies.map((b) => b.event as string).sort();
    expect(types).toEqual(
      [
        'debit.scheduled',
        'debit.scheduled',
        'debit.scheduled',
        'payment.success',
        'goods.release',
        'payment_plan.installment_paid',
        'installment.paid',
        'payment.failed',
        'debit.scheduled', // the retry of the failed installment
        'payment_plan.installment_paid',
        'installment.paid',
        'payment_plan.installment_paid',
        'installment.paid',
        'payment_plan.completed',
      ].sort(),
    );
    for (const req of r.received) {
      expect(req.path).toBe('/hooks');
      const signature = req.headers['x-tranche-signature'] as string;
      expect(signature).toMatch(/^[0-9a-f]{128}$/);
      expect(verifiedByPython(req.body, signature, merchant.webhookSecret)).toBe(true);
      expect(verifiedByPython(req.body, signature, 'not-the-secret')).toBe(false);
      const body = JSON.parse(req.body);
      expect(Object.keys(body)).toEqual(['id', 'event', 'created_at', 'data']);
      expect(req.headers['x-tranche-event-id']).toBe(body.id);
    }
    expect(new Set(bodies.map((b) => b.id)).size).toBe(bodies.length);

    const success = bodies.find((b) => b.event === 'payment.success');
    expect(success.data.payment_plan).toMatchObject({ id: plan.id, status: 'active' });
    expect(success.data.payment).toMatchObject({ amount: 25_000, fee: 625, net: 24_375 });
    const release = bodies.find((b) => b.event === 'goods.release');
    expect(release.data).toMatchObject({
      release_rule: { type: 'deposit_paid' },
      amount_paid: 25_000,
      amount_outstanding: 75_000,
    });
    // The alias carries the same data under its own id.
    const paid = bodies.filter((b) => b.event === 'payment_plan.installment_paid');
    const aliases = bodies.filter((b) => b.event === 'installment.paid');
    for (const original of paid) {
      const alias = aliases.find((a) => a.data.installment.id === original.data.installment.id);
      expect(alias.data).toEqual(original.data);
      expect(alias.id).not.toBe(original.id);
    }
    const failed = bodies.find((b) => b.event === 'payment.failed');
    expect(failed.data).toMatchObject({
      installment: { id: second.id, status: 'failed' },
      final_attempt: false,
    });
    expect(failed.data.next_retry_at).toEqual(expect.any(String));
    expect(failed.data.payment.failure_message).toMatch(/insufficient/i);
    const completed = bodies.find((b) => b.event === 'payment_plan.completed');
    expect(completed.data.payment_plan.status).toBe('completed');

    // Every event is in the log as delivered, with one attempt.
    const log = await t.http.get(`/api/v1/merchant/${merchant.id}/webhook-events?limit=100`, {
      token: merchant.testKey,
    });
    expect(log.body.data).toHaveLength(bodies.length);
    for (const e of log.body.data) expect(e).toMatchObject({ status: 'delivered', attempts: 1 });
  });
});

describe('a revoked payment method behind an active plan (issue 3)', () => {
  it('tells the merchant (payment_method.revoked) and the customer (a notice); a method without plans is quiet', async () => {
    const r = await receiver();
    const merchant = await merchantWithUrl(r.url);
    const { plan, authorizationCode, customer } = await confirmPlanFor(t, merchant);
    await t.ctx.db.deleteFrom('webhook_events').where('merchant_id', '=', merchant.id).execute();
    const sent = await t.sandbox.control('POST', '/_sandbox/events', {
      event: 'authorization.revoked',
      authorization_code: authorizationCode,
    });
    expect(sent.body.data.delivered).toBe(true);
    await dispatcher().drain();
    expect(r.received).toHaveLength(1);
    const body = JSON.parse(r.received[0]?.body ?? '{}');
    expect(body).toMatchObject({
      event: 'payment_method.revoked',
      data: {
        customer_id: customer.id,
        payment_plan_ids: [plan.id],
        payment_method: { status: 'revoked', revoked_reason: expect.any(String) },
      },
    });
    const notices = await t.http.get('/api/v1/customers/me/notifications', {
      token: customer.accessToken,
    });
    expect(notices.status).toBe(200);
    expect(notices.body.data).toHaveLength(1);
    expect(notices.body.data[0]).toMatchObject({ kind: 'payment_method_revoked' });
    // No other method to take over: the customer is asked for one.
    expect(notices.body.data[0].message).toMatch(/Add or choose another payment method/);
    expect(notices.body.data[0].data.payment_plans).toEqual([
      { id: plan.id, order_reference: expect.any(String) },
    ]);

    // With a default method to fall back on, the plan moves to it and the next debit charges it.
    const second = await confirmPlanFor(t, merchant);
    const saved = await addCard(t, second.customer, { isDefault: false });
    await t.sandbox.control('POST', '/_sandbox/events', {
      event: 'authorization.revoked',
      authorization_code: second.authorizationCode,
    });
    const moved = await t.http.get(`/api/v1/merchant/${merchant.id}/plans/${second.plan.id}`, {
      token: merchant.testKey,
    });
    expect(moved.body.data.payment_method_id).toBe(saved.methodId);
    const [deposit] = second.plan.installments;
    expect(await collect(t, deposit?.id ?? '')).toMatch(/paid|nothing_to_do/);
    const charge = await t.ctx.db
      .selectFrom('charges')
      .select(['payment_method_id', 'status'])
      .where('installment_id', '=', deposit?.id ?? '')
      .executeTakeFirstOrThrow();
    expect(charge).toEqual({ payment_method_id: saved.methodId, status: 'success' });
    const movedNotice = (
      await t.http.get('/api/v1/customers/me/notifications', { token: second.customer.accessToken })
    ).body.data[0];
    expect(movedNotice.message).toMatch(/will now be collected from/);
    await dispatcher().drain();
    const seen = r.received.length;

    // The same customer's other card, behind no plan: revoked quietly.
    const other = await customerWithCard(t);
    await t.sandbox.control('POST', '/_sandbox/events', {
      event: 'authorization.revoked',
      authorization_code: other.authorizationCode,
    });
    await dispatcher().drain();
    expect(r.received).toHaveLength(seen);
    expect(
      (
        await t.http.get('/api/v1/customers/me/notifications', {
          token: other.customer.accessToken,
        })
      ).body.data,
    ).toEqual([]);
  });
});

describe('customer notices route', () => {
  let customerToken = '';
  let merchantKey = '';
  beforeAll(async () => {
    customerToken = (await createTestCustomer(t)).accessToken;
    merchantKey = (await createTestMerchant(t)).testKey;
  });
  customerRouteSecuritySuite(
    {
      name: 'GET /customers/me/notifications',
      send: (token) =>
        t.http.get('/api/v1/customers/me/notifications', { ...(token && { token }) }),
    },
    { t: () => t, merchantKey: () => merchantKey, customerToken: () => customerToken },
  );
});

describe('delivery and retries', () => {
  it('retries after a 500, then delivers; every attempt is logged with status and latency', async () => {
    const r = await receiver();
    r.answer = (_req, n) => ({ status: n === 1 ? 500 : 200 });
    const merchant = await merchantWithUrl(r.url);
    const id = await emit(merchant);
    const d = dispatcher();
    await d.drain();
    const afterFirst = await event(id);
    expect(afterFirst).toMatchObject({ status: 'retrying', attempts: 1, last_status_code: 500 });
    // First retry one minute later (jitter pinned to 0 here).
    expect(afterFirst.next_attempt_at?.getTime()).toBe(t.clock.now().getTime() + 60_000);
    expect(await d.drain()).toBe(0);
    t.clock.advance(60_000);
    await d.drain();
    const log = await eventLog(merchant, id);
    expect(log).toMatchObject({ status: 'delivered', attempts: 2, next_attempt_at: null });
    expect(log.attempt_log).toMatchObject([
      { outcome: 'failed', status_code: 500, error: 'HTTP 500 (not 2xx)' },
      { outcome: 'delivered', status_code: 200, error: null },
    ]);
    expect(log.attempt_log[0].latency_ms).toEqual(expect.any(Number));
    // Both attempts carried the same event: same id, same bytes.
    expect(r.received).toHaveLength(2);
    expect(r.received[0]?.body).toBe(r.received[1]?.body);
  });

  it('a receiver slower than the timeout is retried', async () => {
    const r = await receiver();
    r.answer = (_req, n) => ({ status: 200, delayMs: n === 1 ? 1_500 : 0 });
    const merchant = await merchantWithUrl(r.url);
    const id = await emit(merchant);
    const d = dispatcher({ timeoutMs: 300 });
    await d.drain();
    expect(await event(id)).toMatchObject({
      status: 'retrying',
      last_error: 'timed out after 0.3 s',
      last_status_code: null,
    });
    t.clock.advance(60_000);
    await d.drain();
    expect((await event(id)).status).toBe('delivered');
  });

  it('a refused connection is retried', async () => {
    const port = await freePort();
    const merchant = await merchantWithUrl(`http://127.0.0.1:${port}/hooks`);
    const id = await emit(merchant);
    await dispatcher().drain();
    expect(await event(id)).toMatchObject({ status: 'retrying', last_error: 'connection refused' });
  });

  it('does not follow redirects', async () => {
    const r = await receiver();
    r.answer = (req) =>
      req.path === '/old'
        ? { status: 302, headers: { location: `${r.url}/new` } }
        : { status: 200 };
    const merchant = await merchantWithUrl(`${r.url}/old`);
    const id = await emit(merchant);
    await dispatcher().drain();
    expect(r.received.map((req) => req.path)).toEqual(['/old']);
    const row = await event(id);
    expect(row).toMatchObject({ status: 'retrying', last_status_code: 302 });
    expect(row.last_error).toMatch(/redirect .* not followed/);
  });

  it('retries with exponential back-off for at least 72 hours, then dead-letters', async () => {
    const r = await receiver();
    r.answer = () => ({ status: 503 });
    const merchant = await merchantWithUrl(r.url);
    const id = await emit(merchant);
    const created = (await event(id)).created_at.getTime();
    const d = dispatcher({ random: () => 0.999 });
    for (let i = 0; i < 40; i++) {
      await d.drain();
      const row = await event(id);
      if (row.status === 'dead') break;
      expect(row.status).toBe('retrying');
      t.clock.set(row.next_attempt_at ?? new Date());
    }
    const log = await eventLog(merchant, id);
    expect(log).toMatchObject({ status: 'dead', next_attempt_at: null });
    const times = log.attempt_log.map((a: { attempted_at: string }) => Date.parse(a.attempted_at));
    expect(times.at(-1) - created).toBeGreaterThanOrEqual(72 * 3_600_000);
    expect(times.at(-2) - created).toBeLessThan(72 * 3_600_000);
    const gaps = times.slice(1).map((at: number, i: number) => at - times[i]);
    // 1 min doubling (+ jitter), capped at 8 h (+ jitter).
    expect(gaps[0]).toBeGreaterThanOrEqual(60_000);
    for (let i = 1; i < gaps.length; i++) expect(gaps[i]).toBeGreaterThanOrEqual(gaps[i - 1]);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(10 * 3_600_000);
    expect(log.attempts).toBe(r.received.length);
    expect(log.attempts).toBeLessThan(30);
    // The dead letter is re-sent by hand once the endpoint works again.
    r.answer = () => ({ status: 200 });
    const resent = await t.http.post(
      `/api/v1/merchant/${merchant.id}/webhook-events/${id}/resend`,
      undefined,
      { token: merchant.testKey },
    );
    expect(resent.status).toBe(202);
    expect(resent.body.data.status).toBe('pending');
    await d.drain();
    expect((await event(id)).status).toBe('delivered');
  });

  it('410 Gone disables the endpoint with a notice until the URL is set again', async () => {
    const r = await receiver();
    r.answer = (_req, n) => ({ status: n === 1 ? 410 : 200 });
    const merchant = await merchantWithUrl(r.url);
    const gone = await emit(merchant);
    const d = dispatcher();
    await d.drain();
    const settings = (
      await t.http.get(`/api/v1/merchant/${merchant.id}`, { token: merchant.testKey })
    ).body.data;
    expect(settings.webhook_status).toBe('disabled');
    expect(settings.webhook_disabled_reason).toMatch(/410 Gone/);
    const waiting = await emit(merchant);
    t.clock.advance(5 * 60_000);
    await d.drain();
    expect(r.received).toHaveLength(1);
    expect((await event(waiting)).status).toBe('pending');

    await setUrl(merchant, r.url);
    await d.drain();
    expect((await event(waiting)).status).toBe('delivered');
    expect((await event(gone)).status).toBe('delivered');
  });

  it('one merchant’s slow endpoint does not delay another merchant’s events', async () => {
    const slow = await receiver();
    slow.answer = () => ({ status: 200, delayMs: 1_500 });
    const fast = await receiver();
    const slowMerchant = await merchantWithUrl(slow.url);
    const fastMerchant = await merchantWithUrl(fast.url);
    for (let i = 0; i < 30; i++) await emit(slowMerchant);
    const d = dispatcher({ perMerchant: 2, timeoutMs: 3_000 });
    d.start();
    await slow.waitFor(2);
    const sentAt = Date.now();
    for (let i = 0; i < 20; i++) await emit(fastMerchant);
    await fast.waitFor(20, 5_000);
    const worst = Math.max(...fast.received.map((req) => req.receivedAt - sentAt));
    expect(worst).toBeLessThan(1_000);
    expect(slow.received.length).toBeLessThanOrEqual(4);
  });

  it('a stopping dispatcher hands back the events queued behind a slow endpoint', async () => {
    const slow = await receiver();
    slow.answer = () => ({ status: 200, delayMs: 300 });
    const merchant = await merchantWithUrl(slow.url);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(await emit(merchant));
    // perMerchant 1: one in flight and one claimed behind it; the other two stay in the outbox.
    const d = dispatcher({ perMerchant: 1 });
    d.start();
    await slow.waitFor(1);
    await d.stop();
    expect(slow.received).toHaveLength(1);
    const rows = await Promise.all(ids.map(event));
    expect(rows.filter((row) => row.status === 'delivered')).toHaveLength(1);
    // None is left leased to a dispatcher that is gone: every other event is due now.
    for (const row of rows.filter((r) => r.status !== 'delivered')) {
      expect(row.status).toBe('pending');
      expect(row.next_attempt_at?.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
    }
  });
});

describe('address rules', () => {
  it('refuses private, link-local and reserved webhook URLs at registration', async () => {
    const merchant = await createTestMerchant(t);
    for (const url of [
      'http://10.0.0.5/hooks',
      'http://172.16.3.4/hooks',
      'http://192.168.1.10/hooks',
      'http://169.254.169.254/latest/meta-data',
      'http://0.0.0.0/hooks',
      'http://[fe80::1]/hooks',
      'http://[::ffff:10.0.0.1]/hooks',
      'http://0xa000001/hooks',
    ]) {
      const res = await t.http.patch(
        `/api/v1/merchant/${merchant.id}/settings`,
        { webhook_url: url },
        { token: merchant.testKey },
      );
      expect(res.status, url).toBe(400);
      expect(res.body.detail).toMatch(/not allowed/);
    }
  });

  it('live events are refused at connect time for loopback addresses and plain http', async () => {
    const r = await receiver();
    const port = new URL(r.url).port;
    const merchant = await merchantWithUrl(r.url);
    // The live endpoint's own URL (decision 0015). The settings refuse a loopback live URL when
    // it is saved; a name can still resolve to loopback later, which is what is checked here.
    await setLiveUrlDirectly(merchant, r.url);
    const overHttp = await emit(merchant, { livemode: true });
    const d = dispatcher();
    await d.drain();
    expect((await event(overHttp)).last_error).toMatch(/https only/);
    await setLiveUrlDirectly(merchant, `https://localhost:${port}/hooks`);
    t.clock.advance(60_000);
    await d.drain();
    expect((await event(overHttp)).last_error).toMatch(/localhost.*loopback/);
    expect(r.received).toHaveLength(0);
    // The same merchant's test events may use loopback (local development).
    await setUrl(merchant, r.url);
    const testEvent = await emit(merchant);
    await d.drain();
    expect((await event(testEvent)).status).toBe('delivered');
  });
});

describe('secret rotation', () => {
  it('during the overlap, deliveries carry a signature with the previous secret too', async () => {
    const r = await receiver();
    const merchant = await merchantWithUrl(r.url);
    const rolled = await t.http.post(
      `/api/v1/merchant/${merchant.id}/webhook-secret/roll`,
      undefined,
      { token: merchant.testKey },
    );
    const newSecret = rolled.body.data.webhook_secret as string;
    await emit(merchant);
    const d = dispatcher();
    await d.drain();
    const first = r.received[0];
    if (!first) throw new Error('nothing received');
    const hmac = (secret: string) =>
      createHmac('sha512', secret).update(first.body, 'utf8').digest('hex');
    expect(first.headers['x-tranche-signature']).toBe(hmac(newSecret));
    expect(first.headers['x-tranche-signature-previous']).toBe(hmac(merchant.webhookSecret));
    t.clock.advance(25 * 3_600_000);
    await emit(merchant);
    await d.drain();
    expect(r.received[1]?.headers['x-tranche-signature-previous']).toBeUndefined();
  });
});

describe('delivery log and replay', () => {
  it('lists and filters events, re-sends one with the same id, and re-sends failures in a range', async () => {
    const r = await receiver();
    const merchant = await merchantWithUrl(r.url);
    const delivered = await emit(merchant, { type: 'transfer.success' });
    const d = dispatcher();
    await d.drain();
    r.answer = () => ({ status: 500 });
    t.clock.advance(1_000);
    const failing = [await emit(merchant), await emit(merchant)];
    await d.drain();
    t.clock.advance(3_600_000);
    const later = await emit(merchant);
    await d.drain();

    const list = async (query: string) =>
      (
        await t.http.get(`/api/v1/merchant/${merchant.id}/webhook-events?${query}`, {
          token: merchant.testKey,
        })
      ).body;
    expect((await list('status=delivered')).data.map((e: { id: string }) => e.id)).toEqual([
      delivered,
    ]);
    expect((await list('event=transfer.success')).data).toHaveLength(1);
    const page1 = await list('limit=2');
    expect(page1).toMatchObject({ has_more: true });
    const page2 = await list(`limit=2&cursor=${page1.next_cursor}`);
    expect([...page1.data, ...page2.data].map((e: { id: string }) => e.id)).toEqual([
      later,
      failing[1],
      failing[0],
      delivered,
    ]);
    expect((await list('status=nope')).ok).toBe(false);
    expect((await list('created_from=yesterday')).code).toBe('invalid_request');

    r.answer = () => ({ status: 200 });
    const resend = await t.http.post(
      `/api/v1/merchant/${merchant.id}/webhook-events/resend-failed`,
      {
        created_from: new Date(t.clock.now().getTime() - 2 * 3_600_000).toISOString(),
        created_before: new Date(t.clock.now().getTime() - 60_000).toISOString(),
      },
      { token: merchant.testKey },
    );
    expect(resend.status).toBe(202);
    expect(resend.body.data).toEqual({ requeued: 2 });
    await d.drain();
    for (const id of failing) expect((await event(id)).status).toBe('delivered');
    expect((await event(later)).status).toBe('retrying');

    // Re-sending a delivered event sends the same id and bytes again.
    const before = r.received.filter((req) => JSON.parse(req.body).id === delivered);
    await t.http.post(
      `/api/v1/merchant/${merchant.id}/webhook-events/${delivered}/resend`,
      undefined,
      { token: merchant.testKey },
    );
    await d.drain();
    const after = r.received.filter((req) => JSON.parse(req.body).id === delivered);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)?.body).toBe(before[0]?.body);

    const bad = await t.http.post(
      `/api/v1/merchant/${merchant.id}/webhook-events/resend-failed`,
      { created_from: '2026-02-01T00:00:00Z', created_before: '2026-01-01T00:00:00Z' },
      { token: merchant.testKey },
    );
    expect(bad.status).toBe(400);
    expect(
      (
        await t.http.get(`/api/v1/merchant/${merchant.id}/webhook-events/evt_unknown`, {
          token: merchant.testKey,
        })
      ).status,
    ).toBe(404);
  });
});

describe('retention', () => {
  it('deletes finished events and their attempts after 30 days; undelivered ones stay', async () => {
    const r = await receiver();
    const merchant = await merchantWithUrl(r.url);
    const delivered = await emit(merchant);
    await dispatcher().drain();
    await setUrl(merchant, null);
    const waiting = await emit(merchant);
    t.clock.advance(29 * DAY_MS);
    await purgeOldWebhookEvents(t.ctx.db, t.clock.now());
    expect((await event(delivered)).status).toBe('delivered');
    t.clock.advance(2 * DAY_MS);
    expect(await purgeOldWebhookEvents(t.ctx.db, t.clock.now(), 1)).toBeGreaterThanOrEqual(1);
    expect(
      await t.ctx.db
        .selectFrom('webhook_events')
        .select('id')
        .where('id', '=', delivered)
        .execute(),
    ).toEqual([]);
    expect(
      await t.ctx.db
        .selectFrom('webhook_attempts')
        .select('id')
        .where('event_id', '=', delivered)
        .execute(),
    ).toEqual([]);
    expect((await event(waiting)).status).toBe('pending');
  });
});

describe('signed test event (spec §4.3, §7.3)', () => {
  const probe = (merchant: TestMerchant) =>
    t.http.post(`/api/v1/merchant/${merchant.id}/webhook/test`, undefined, {
      token: merchant.testKey,
    });

  it('answers delivered: true when the endpoint answers 2xx, with a verifiable signature', async () => {
    const r = await receiver();
    const merchant = await merchantWithUrl(`${r.url}/hooks`);
    const res = await probe(merchant);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ delivered: true, status_code: 200 });
    const req = r.received[0];
    if (!req) throw new Error('nothing received');
    expect(JSON.parse(req.body)).toMatchObject({
      id: res.body.data.event_id,
      event: 'webhook.test',
    });
    expect(
      verifiedByPython(
        req.body,
        req.headers['x-tranche-signature'] as string,
        merchant.webhookSecret,
      ),
    ).toBe(true);
  });

  it('answers delivered: false with the reason', async () => {
    const merchant = await createTestMerchant(t);
    expect((await probe(merchant)).body.data).toMatchObject({
      delivered: false,
      error: expect.stringMatching(/no webhook URL/),
    });
    const r = await receiver();
    r.answer = () => ({ status: 500 });
    await setUrl(merchant, r.url);
    expect((await probe(merchant)).body.data).toMatchObject({
      delivered: false,
      status_code: 500,
      error: expect.stringMatching(/HTTP 500/),
    });
    r.answer = () => ({ status: 200, delayMs: 3_000 });
    expect((await probe(merchant)).body.data).toMatchObject({
      delivered: false,
      error: 'timed out after 2 s',
    });
    await setUrl(merchant, `http://127.0.0.1:${await freePort()}/`);
    expect((await probe(merchant)).body.data).toMatchObject({
      delivered: false,
      error: 'connection refused',
    });
    // The probe is not an outbox event.
    const log = await t.http.get(`/api/v1/merchant/${merchant.id}/webhook-events`, {
      token: merchant.testKey,
    });
    expect(log.body.data).toHaveLength(0);
  });
});

describe('test and live endpoints are separate (decision 0015)', () => {
  /** Not resolvable (.example is reserved): saved, and every live attempt fails at DNS. */
  const LIVE_URL = 'https://live-hooks.shop.example/tranche';

  async function setUrlAs(
    merchant: TestMerchant,
    token: string,
    url: string | null,
    query = '',
  ): Promise<{ status: number; body: { ok: boolean; code?: string; data?: any } }> {
    return t.http.patch(
      `/api/v1/merchant/${merchant.id}/settings${query}`,
      { webhook_url: url },
      { token },
    );
  }

  /** A merchant with its test URL on a local receiver and its live URL set with the live key. */
  async function merchantWithBothUrls(testUrl: string): Promise<TestMerchant> {
    const merchant = await createTestMerchant(t, { approve: true });
    await setUrl(merchant, testUrl);
    const live = await setUrlAs(merchant, merchant.liveKey, LIVE_URL);
    expect(live.status, JSON.stringify(live.body)).toBe(200);
    return merchant;
  }

  /** Claims what is due now (as the dispatcher would), then hands it straight back. */
  async function claimNow() {
    const claimed = await claimDueEvents(t.ctx.db, {
      now: t.clock.now(),
      leaseUntil: new Date(t.clock.now().getTime() + 60_000),
      limit: 500,
      perMerchant: 100,
      freeSlots: new Map(),
    });
    await releaseClaims(t.ctx.db, claimed, t.clock.now());
    return claimed;
  }

  const open = (sealed: string) => t.ctx.secretBox.open(sealed);

  it('settings: each key sets its own mode’s URL; the record shows both; the dashboard names the mode', async () => {
    const merchant = await createTestMerchant(t, { approve: true });
    const base = `/api/v1/merchant/${merchant.id}`;
    expect((await setUrlAs(merchant, merchant.testKey, 'https://test.shop.example/h')).status).toBe(
      200,
    );
    const live = await setUrlAs(merchant, merchant.liveKey, LIVE_URL);
    expect(live.body.data).toMatchObject({
      webhook_url: LIVE_URL,
      webhook_status: 'enabled',
      webhooks: {
        test: { url: 'https://test.shop.example/h', status: 'enabled', disabled_reason: null },
        live: { url: LIVE_URL, status: 'enabled', disabled_reason: null },
      },
    });
    // Existing clients read webhook_url: their own mode's address.
    const asTest = (await t.http.get(base, { token: merchant.testKey })).body.data;
    expect(asTest.webhook_url).toBe('https://test.shop.example/h');
    expect(asTest.webhooks.live.url).toBe(LIVE_URL);

    // A key may repeat its own mode, never ask for the other one.
    const wrong = await setUrlAs(
      merchant,
      merchant.testKey,
      'https://x.shop.example',
      '?livemode=true',
    );
    expect(wrong.status).toBe(400);
    expect((await t.http.get(base, { token: merchant.liveKey })).body.data.webhook_url).toBe(
      LIVE_URL,
    );

    // The dashboard must say which mode's URL it sets.
    const login = await t.http.post('/api/v1/merchant/login', {
      email: merchant.email,
      password: merchant.password,
    });
    const dashboard = login.body.data.access_token as string;
    const unnamed = await setUrlAs(merchant, dashboard, 'https://d.shop.example/h');
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.code).toBe('invalid_request');
    const named = await setUrlAs(
      merchant,
      dashboard,
      'https://d.shop.example/h',
      '?livemode=false',
    );
    expect(named.status).toBe(200);
    // The dashboard's record shows the live endpoint at the top level, and both in webhooks.
    expect(named.body.data.webhook_url).toBe(LIVE_URL);
    expect(named.body.data.webhooks.test.url).toBe('https://d.shop.example/h');
    // The rest of the settings are shared and need no mode.
    expect(
      (
        await t.http.patch(
          `${base}/settings`,
          { min_customer_tier: 'Tranche Silver' },
          {
            token: dashboard,
          },
        )
      ).status,
    ).toBe(200);

    // Clearing the test URL leaves the live one.
    const cleared = await setUrlAs(merchant, merchant.testKey, null);
    expect(cleared.body.data.webhooks).toMatchObject({
      test: { url: null, status: 'not_configured' },
      live: { url: LIVE_URL, status: 'enabled' },
    });
  });

  it('a test event goes to the test URL signed with the test secret; a live event to the live URL with the live secret', async () => {
    const r = await receiver();
    const merchant = await merchantWithBothUrls(`${r.url}/test-hooks`);
    const testEvent = await emit(merchant, { livemode: false });
    const liveEvent = await emit(merchant, { livemode: true });

    // What the dispatcher's claim hands it: each event with its own mode's URL and secrets.
    const claimed = await claimNow();
    const byId = new Map(claimed.map((c) => [c.id, c]));
    const testClaim = byId.get(testEvent);
    const liveClaim = byId.get(liveEvent);
    if (!testClaim || !liveClaim) throw new Error('both events are due');
    expect(testClaim.webhook_url).toBe(`${r.url}/test-hooks`);
    expect(open(testClaim.secret_sealed)).toBe(merchant.webhookSecrets.test);
    expect(liveClaim.webhook_url).toBe(LIVE_URL);
    expect(open(liveClaim.secret_sealed)).toBe(merchant.webhookSecrets.live);
    expect(signingSecretsAt(liveClaim, t.clock.now(), open)).toEqual({
      current: merchant.webhookSecrets.live,
      previous: null,
    });

    await dispatcher().drain();
    // The test receiver got the test event only, signed with the test secret.
    expect(r.received.map((req) => JSON.parse(req.body).id)).toEqual([testEvent]);
    const [req] = r.received;
    if (!req) throw new Error('nothing received');
    const signature = req.headers['x-tranche-signature'] as string;
    expect(verifiedByPython(req.body, signature, merchant.webhookSecrets.test)).toBe(true);
    expect(verifiedByPython(req.body, signature, merchant.webhookSecrets.live)).toBe(false);
    // The live event was attempted at the live URL (which does not resolve here), never the test one.
    const liveLog = (
      await t.http.get(`/api/v1/merchant/${merchant.id}/webhook-events/${liveEvent}`, {
        token: merchant.liveKey,
      })
    ).body.data;
    expect(liveLog.attempt_log.map((a: { url: string }) => a.url)).toEqual([LIVE_URL]);
    expect(liveLog.status).toBe('retrying');
  });

  it('a mode without a URL holds its own events only', async () => {
    const r = await receiver();
    const merchant = await createTestMerchant(t, { approve: true });
    await setUrl(merchant, r.url);
    const live = await emit(merchant, { livemode: true });
    const test = await emit(merchant, { livemode: false });
    await dispatcher().drain();
    expect(r.received.map((req) => JSON.parse(req.body).id)).toEqual([test]);
    expect(await event(live)).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('the delivery log lists only the key’s mode', async () => {
    const merchant = await createTestMerchant(t, { approve: true });
    const test = await emit(merchant, { livemode: false });
    const live = await emit(merchant, { livemode: true });
    const ids = async (token: string) =>
      (await t.http.get(`/api/v1/merchant/${merchant.id}/webhook-events`, { token })).body.data.map(
        (e: { id: string }) => e.id,
      );
    expect(await ids(merchant.testKey)).toEqual([test]);
    expect(await ids(merchant.liveKey)).toEqual([live]);
  });

  it('410 Gone disables only the mode whose URL answered it', async () => {
    const r = await receiver();
    r.answer = () => ({ status: 410 });
    const merchant = await merchantWithBothUrls(r.url);
    await emit(merchant, { livemode: false });
    const d = dispatcher();
    await d.drain();
    const base = `/api/v1/merchant/${merchant.id}`;
    const asTest = (await t.http.get(base, { token: merchant.testKey })).body.data;
    expect(asTest).toMatchObject({ webhook_status: 'disabled' });
    expect(asTest.webhooks.test.disabled_reason).toMatch(/410 Gone/);
    expect(asTest.webhooks.live).toMatchObject({ status: 'enabled', disabled_reason: null });
    expect((await t.http.get(base, { token: merchant.liveKey })).body.data.webhook_status).toBe(
      'enabled',
    );
    // Live events keep being attempted; the next test event waits.
    const live = await emit(merchant, { livemode: true });
    const waiting = await emit(merchant, { livemode: false });
    await d.drain();
    expect((await event(live)).attempts).toBe(1);
    expect(await event(waiting)).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('the secret roll is per mode: rolling the live secret leaves test deliveries as they were', async () => {
    const r = await receiver();
    const merchant = await merchantWithBothUrls(r.url);
    const rolled = await t.http.post(
      `/api/v1/merchant/${merchant.id}/webhook-secret/roll`,
      undefined,
      { token: merchant.liveKey },
    );
    expect(rolled.status).toBe(200);
    expect(rolled.body.data.livemode).toBe(true);
    const newLive = rolled.body.data.webhook_secret as string;

    const test = await emit(merchant, { livemode: false });
    const live = await emit(merchant, { livemode: true });
    const claimed = new Map((await claimNow()).map((c) => [c.id, c]));
    const liveClaim = claimed.get(live);
    if (!liveClaim) throw new Error('the live event is due');
    // The overlap rule, per mode: the live event carries the new and the previous live secret.
    expect(signingSecretsAt(liveClaim, t.clock.now(), open)).toEqual({
      current: newLive,
      previous: merchant.webhookSecrets.live,
    });

    await dispatcher().drain();
    const req = r.received.find((x) => JSON.parse(x.body).id === test);
    if (!req) throw new Error('the test event was not delivered');
    const hmac = (secret: string) =>
      createHmac('sha512', secret).update(req.body, 'utf8').digest('hex');
    expect(req.headers['x-tranche-signature']).toBe(hmac(merchant.webhookSecrets.test));
    expect(req.headers['x-tranche-signature-previous']).toBeUndefined();

    // The dashboard must name the mode whose secret it rolls.
    const login = await t.http.post('/api/v1/merchant/login', {
      email: merchant.email,
      password: merchant.password,
    });
    const dashboard = { token: login.body.data.access_token as string };
    const roll = `/api/v1/merchant/${merchant.id}/webhook-secret/roll`;
    expect((await t.http.post(roll, undefined, dashboard)).status).toBe(400);
    const byDashboard = await t.http.post(`${roll}?livemode=false`, undefined, dashboard);
    expect(byDashboard.body.data.livemode).toBe(false);
  });

  it('the test event goes to the calling key’s mode’s address, signed with that mode’s secret', async () => {
    const r = await receiver();
    const merchant = await merchantWithBothUrls(`${r.url}/test-hooks`);
    const probe = (token: string, query = '') =>
      t.http.post(`/api/v1/merchant/${merchant.id}/webhook/test${query}`, undefined, { token });
    const asTest = await probe(merchant.testKey);
    expect(asTest.body.data).toMatchObject({ delivered: true, url: `${r.url}/test-hooks` });
    const [req] = r.received;
    if (!req) throw new Error('nothing received');
    expect(JSON.parse(req.body).data).toMatchObject({ livemode: false });
    expect(
      verifiedByPython(
        req.body,
        req.headers['x-tranche-signature'] as string,
        merchant.webhookSecrets.test,
      ),
    ).toBe(true);

    const asLive = await probe(merchant.liveKey);
    expect(asLive.body.data).toMatchObject({ delivered: false, url: LIVE_URL });
    expect(r.received).toHaveLength(1);

    const login = await t.http.post('/api/v1/merchant/login', {
      email: merchant.email,
      password: merchant.password,
    });
    const dashboard = login.body.data.access_token as string;
    expect((await probe(dashboard)).status).toBe(400);
    expect((await probe(dashboard, '?livemode=false')).body.data.delivered).toBe(true);
    expect(r.received).toHaveLength(2);
  });
});

describe('migration 0012: one webhook endpoint per mode', () => {
  it('moves the single URL, secret, overlap and 410 state to live and copies them to test', async () => {
    const adminUrl = inject('adminDatabaseUrl');
    const name = `tranche_test_${inject('runId')}_mig0012`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const db = new pg.Client({ connectionString: withDatabase(adminUrl, name) });
    await db.connect();
    try {
      const migrations = listMigrations();
      for (const migration of migrations.filter((m) => m.version < 12)) {
        await db.query(migration.sql);
      }
      const expires = new Date('2026-03-02T10:00:00Z');
      const disabled = new Date('2026-03-01T09:00:00Z');
      await db.query(
        `INSERT INTO merchants (id, business_name, email, status, webhook_url, webhook_secret_sealed,
           previous_webhook_secret_sealed, previous_webhook_secret_expires_at, webhook_disabled_at,
           webhook_disabled_reason, default_constraints, min_customer_tier, goods_release_rule,
           created_at, updated_at)
         VALUES ('mer_old', 'Old Shop', 'old@shop.test', 'active', 'https://old.shop.example/h',
           'sealed-current', 'sealed-previous', $1, $2, 'answered 410', '{}', 'Tranche Bronze',
           '{"type":"deposit_paid"}', now(), now()),
                ('mer_bare', 'Bare', 'bare@shop.test', 'pending_approval', NULL, 'sealed-bare',
           NULL, NULL, NULL, NULL, '{}', 'Tranche Bronze', '{"type":"deposit_paid"}', now(), now())`,
        [expires, disabled],
      );
      const m12 = migrations.find((m) => m.version === 12);
      if (!m12) throw new Error('migration 0012 is missing');
      await db.query(m12.sql);
      const rows = await db.query(
        `SELECT merchant_id, livemode, url, secret_sealed, previous_secret_sealed,
                previous_secret_expires_at, disabled_at, disabled_reason
           FROM webhook_endpoints ORDER BY merchant_id, livemode`,
      );
      const old = {
        url: 'https://old.shop.example/h',
        secret_sealed: 'sealed-current',
        previous_secret_sealed: 'sealed-previous',
        previous_secret_expires_at: expires,
        disabled_at: disabled,
        disabled_reason: 'answered 410',
      };
      const bare = {
        url: null,
        secret_sealed: 'sealed-bare',
        previous_secret_sealed: null,
        previous_secret_expires_at: null,
        disabled_at: null,
        disabled_reason: null,
      };
      expect(rows.rows).toEqual([
        { merchant_id: 'mer_bare', livemode: false, ...bare },
        { merchant_id: 'mer_bare', livemode: true, ...bare },
        { merchant_id: 'mer_old', livemode: false, ...old },
        { merchant_id: 'mer_old', livemode: true, ...old },
      ]);
      const columns = await db.query(
        `SELECT column_name FROM information_schema.columns
          WHERE table_name = 'merchants' AND column_name LIKE '%webhook%'`,
      );
      expect(columns.rows).toEqual([]);
    } finally {
      await db.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
