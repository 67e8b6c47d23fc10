import { readFileSync } from 'node:fs';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { IN_PROGRESS_RECLAIM_MS } from '../../src/db/idempotency.ts';
import { KEY_NOT_TAKEN } from '../../src/http/plugins/idempotency-guard.ts';
import {
  createTestCustomer,
  createTestMerchant,
  newIdempotencyKey,
  provideBusinessDetails,
  sessionBody,
  type TestMerchant,
} from '../harness/fixtures.ts';
import { operatorToken } from '../harness/operators.ts';
import { collectToStatus, confirmPlanFor } from '../harness/plans.ts';
import { startTestAppWithSandbox, type TestAppWithSandbox } from '../harness/test-app.ts';

/**
 * `Idempotency-Key` on every POST (issue 24 item 13, decision 0038): each POST that creates or
 * moves something replays its first answer for a repeated key and refuses the key with another
 * request (409); every other POST refuses the header (400) instead of ignoring it.
 */

let t: TestAppWithSandbox;
let merchant: TestMerchant;
beforeAll(async () => {
  t = await startTestAppWithSandbox();
  merchant = await createTestMerchant(t, { approve: true });
});
afterAll(async () => t.close());

interface Answer {
  status: number;
  body: { ok: boolean; code?: string; detail?: string; data?: unknown } & Record<string, unknown>;
  headers: Headers;
}
type Send = (key: string) => Promise<Answer>;

/**
 * `request` twice with one key (the second replays the first), then `other` (another request)
 * with the same key (409 `idempotency_key_reused`).
 */
async function sameKeyTwice(request: Send, other: Send): Promise<{ first: Answer; key: string }> {
  const key = newIdempotencyKey();
  const first = await request(key);
  expect(first.status, JSON.stringify(first.body)).toBeLessThan(300);
  expect(first.headers.get('idempotent-replayed')).toBeNull();
  const again = await request(key);
  expect(again.status, JSON.stringify(again.body)).toBe(first.status);
  expect(again.headers.get('idempotent-replayed')).toBe('true');
  expect(again.body).toEqual(first.body);
  const refused = await other(key);
  expect(refused.status, JSON.stringify(refused.body)).toBe(409);
  expect(refused.body.code).toBe('idempotency_key_reused');
  return { first, key };
}

const merchantPath = (path: string) => `/api/v1/merchant/${merchant.id}${path}`;
const post =
  (path: string, body: object | undefined, token: string = merchant.testKey): Send =>
  (key) =>
    t.http.post(path, body, { token, headers: { 'idempotency-key': key } });

async function countRows(
  table: 'payment_links' | 'api_keys' | 'charges' | 'payment_method_setups',
  column: 'merchant_id' | 'plan_id' | 'customer_id',
  value: string,
): Promise<number> {
  const row = await t.ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(column, '=', value)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('payment links', () => {
  it('the same key twice makes one link and replays it; another body is refused', async () => {
    const before = await countRows('payment_links', 'merchant_id', merchant.id);
    const { first } = await sameKeyTwice(
      post(merchantPath('/payment-links'), { title: 'Sofa', amount: 50_000 }),
      post(merchantPath('/payment-links'), { title: 'Sofa', amount: 60_000 }),
    );
    expect(first.status).toBe(201);
    expect(await countRows('payment_links', 'merchant_id', merchant.id)).toBe(before + 1);
  });

  it('a repeated deactivate replays its answer and changes nothing again', async () => {
    const made = await post(merchantPath('/payment-links'), { title: 'Bed', amount: 9_000 })(
      newIdempotencyKey(),
    );
    const linkId = (made.body.data as { id: string }).id;
    const other = await post(merchantPath('/payment-links'), { title: 'Rug', amount: 9_000 })(
      newIdempotencyKey(),
    );
    const { first, key } = await sameKeyTwice(
      post(merchantPath(`/payment-links/${linkId}/deactivate`), undefined),
      post(
        merchantPath(`/payment-links/${(other.body.data as { id: string }).id}/deactivate`),
        undefined,
      ),
    );
    expect((first.body.data as { active: boolean }).active).toBe(false);
    await post(merchantPath(`/payment-links/${linkId}/activate`), undefined)(newIdempotencyKey());
    const replayed = await post(
      merchantPath(`/payment-links/${linkId}/deactivate`),
      undefined,
    )(key);
    expect(replayed.body).toEqual(first.body);
    const link = await t.ctx.db
      .selectFrom('payment_links')
      .select('active')
      .where('id', '=', linkId)
      .executeTakeFirstOrThrow();
    expect(link.active).toBe(true);
  });
});

describe('key rolls', () => {
  it('a repeated secret-key roll answers the key the first issued, which works, and issues no other', async () => {
    const owner = await createTestMerchant(t, { approve: true });
    const path = `/api/v1/merchant/${owner.id}/keys/roll`;
    const before = await countRows('api_keys', 'merchant_id', owner.id);
    const { first, key } = await sameKeyTwice(
      post(path, { mode: 'test', expire_old_after_minutes: 60 }, owner.testKey),
      post(path, { mode: 'test', expire_old_after_minutes: 30 }, owner.testKey),
    );
    expect(await countRows('api_keys', 'merchant_id', owner.id)).toBe(before + 1);
    const secret = (first.body.data as { secret_key: string }).secret_key;
    expect(secret).toMatch(/^sk_test_/);
    expect((await t.http.get('/api/v1/merchant/me', { token: secret })).status).toBe(200);
    // The answer kept for replays holds the key sealed, never in clear.
    const stored = await t.ctx.db
      .selectFrom('idempotency_keys')
      .select('response_body')
      .where('merchant_id', '=', owner.id)
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored.response_body)).not.toContain(secret);
  });

  it('a repeated webhook-secret roll answers the secret the first made', async () => {
    const owner = await createTestMerchant(t, { approve: true });
    const path = `/api/v1/merchant/${owner.id}/webhook-secret/roll`;
    const { first } = await sameKeyTwice(
      post(path, undefined, owner.testKey),
      post(`${path}?livemode=false`, undefined, owner.testKey),
    );
    const secret = (first.body.data as { webhook_secret: string }).webhook_secret;
    const row = await t.ctx.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('merchant_id', '=', owner.id)
      .where('livemode', '=', false)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret);
  });
});

describe('webhook re-sends and session cancel', () => {
  it('a repeated re-send replays; a repeated bulk re-send replays its count', async () => {
    const session = await t.http.post('/api/v1/checkout/sessions', sessionBody(merchant.id), {
      token: merchant.testKey,
    });
    expect(session.status).toBe(201);
    await confirmPlanFor(t, merchant);
    const events = await t.ctx.db
      .selectFrom('webhook_events')
      .select('id')
      .where('merchant_id', '=', merchant.id)
      .limit(2)
      .execute();
    expect(events.length).toBe(2);
    await sameKeyTwice(
      post(merchantPath(`/webhook-events/${events[0]!.id}/resend`), undefined),
      post(merchantPath(`/webhook-events/${events[1]!.id}/resend`), undefined),
    );
    const range = {
      created_from: new Date(t.clock.now().getTime() - 86_400_000).toISOString(),
      created_before: new Date(t.clock.now().getTime() + 60_000).toISOString(),
    };
    const { first } = await sameKeyTwice(
      post(merchantPath('/webhook-events/resend-failed'), range),
      post(merchantPath('/webhook-events/resend-failed'), {
        ...range,
        created_before: new Date(t.clock.now().getTime() + 120_000).toISOString(),
      }),
    );
    expect(first.status).toBe(202);
  });

  it('a repeated session cancel replays its 200 (without a key the repeat is a 409)', async () => {
    const token = async () =>
      (
        await t.http.post('/api/v1/checkout/sessions', sessionBody(merchant.id), {
          token: merchant.testKey,
        })
      ).body.data.token as string;
    const [a, b] = [await token(), await token()];
    const { first } = await sameKeyTwice(
      post(`/api/v1/checkout/sessions/${a}/cancel`, undefined),
      post(`/api/v1/checkout/sessions/${b}/cancel`, undefined),
    );
    expect((first.body.data as { status: string }).status).toBe('cancelled');
    const again = await t.http.post(`/api/v1/checkout/sessions/${a}/cancel`, undefined, {
      token: merchant.testKey,
    });
    expect(again.status).toBe(409);
  });
});

describe("customers' money actions", () => {
  /** A plan with its deposit paid and installment 1 failed, past its due date. */
  async function planWithMissedInstallment() {
    const planned = await confirmPlanFor(t, merchant);
    expect(await collectToStatus(t, planned.plan.installments[0]!.id)).toBe('paid');
    await t.sandbox.control('POST', `/_sandbox/authorizations/${planned.authorizationCode}`, {
      behaviour: 'insufficient_funds',
    });
    const travelled = await t.http.post(
      merchantPath(`/plans/${planned.plan.id}/advance-clock`),
      { days: 33 },
      { token: merchant.testKey },
    );
    expect(travelled.status).toBe(200);
    expect(await collectToStatus(t, planned.plan.installments[1]!.id)).toBe('failed');
    await t.sandbox.control('POST', `/_sandbox/authorizations/${planned.authorizationCode}`, {
      behaviour: 'success',
    });
    return planned;
  }

  it('pay-now twice with one key charges once and replays; another body is refused', async () => {
    const planned = await planWithMissedInstallment();
    const path = `/api/v1/customers/me/plans/${planned.plan.id}/pay-now`;
    const token = planned.customer.accessToken;
    const charges = await countRows('charges', 'plan_id', planned.plan.id);
    const { first } = await sameKeyTwice(
      post(path, {}, token),
      post(path, { payment_method_id: planned.methodId }, token),
    );
    const payments = (first.body.data as { payments: { outcome: string }[] }).payments;
    expect(payments.map((p) => p.outcome)).toEqual(['paid']);
    expect(await countRows('charges', 'plan_id', planned.plan.id)).toBe(charges + 1);
  });

  it('eight concurrent pay-nows with one key make one charge: one answer, the rest replays or a retryable 409', async () => {
    const planned = await planWithMissedInstallment();
    const send = post(
      `/api/v1/customers/me/plans/${planned.plan.id}/pay-now`,
      {},
      planned.customer.accessToken,
    );
    const charges = await countRows('charges', 'plan_id', planned.plan.id);
    const key = newIdempotencyKey();
    const answers = await Promise.all(Array.from({ length: 8 }, () => send(key)));
    const fresh = answers.filter(
      (a) => a.status === 200 && a.headers.get('idempotent-replayed') === null,
    );
    expect(fresh).toHaveLength(1);
    for (const answer of answers) {
      if (answer.status === 200) {
        expect(answer.body).toEqual(fresh[0]!.body);
      } else {
        expect(answer.status, JSON.stringify(answer.body)).toBe(409);
        expect(answer.body).toMatchObject({ code: 'conflict', retryable: true });
        expect(answer.headers.get('retry-after')).toBe('1');
      }
    }
    expect(await countRows('charges', 'plan_id', planned.plan.id)).toBe(charges + 1);
    // Once the first has answered, a retry gets its answer.
    const retried = await send(key);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(retried.body).toEqual(fresh[0]!.body);
  });

  it("keys are the customer's own: another customer's same key is not a replay", async () => {
    const a = await planWithMissedInstallment();
    const b = await planWithMissedInstallment();
    const key = newIdempotencyKey();
    const paid = (planned: typeof a) =>
      post(
        `/api/v1/customers/me/plans/${planned.plan.id}/pay-off`,
        {},
        planned.customer.accessToken,
      )(key);
    const first = await paid(a);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await paid(b);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    expect((second.body.data as { payment_plan: { id: string } }).payment_plan.id).toBe(b.plan.id);
    // Each customer's own repeat is still a replay of their own answer.
    expect((await paid(a)).headers.get('idempotent-replayed')).toBe('true');
    expect((await paid(b)).body).toEqual(second.body);
  });

  it('a refused payment keeps no key, so the same request with it works once it can succeed', async () => {
    const planned = await confirmPlanFor(t, merchant);
    expect(await collectToStatus(t, planned.plan.installments[0]!.id)).toBe('paid');
    const send = post(
      `/api/v1/customers/me/plans/${planned.plan.id}/pay-now`,
      {},
      planned.customer.accessToken,
    );
    const key = newIdempotencyKey();
    const nothingDue = await send(key);
    expect(nothingDue.status).toBe(409);
    expect(nothingDue.body.code).toBe('conflict');
    expect(
      await t.ctx.db.selectFrom('idempotency_keys').select('key').where('key', '=', key).execute(),
    ).toEqual([]);
    const travelled = await t.http.post(
      merchantPath(`/plans/${planned.plan.id}/advance-clock`),
      { days: 33 },
      { token: merchant.testKey },
    );
    expect(travelled.status).toBe(200);
    const paid = await send(key);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.headers.get('idempotent-replayed')).toBeNull();
    expect((await send(key)).headers.get('idempotent-replayed')).toBe('true');
  });

  it('a repeat while the first is still running is a 409 to retry; a claim abandoned by a dead request is taken over', async () => {
    const planned = await planWithMissedInstallment();
    const customerId = planned.customer.id;
    const path = `/api/v1/customers/me/plans/${planned.plan.id}/pay-now`;
    const key = newIdempotencyKey();
    const send = post(path, {}, planned.customer.accessToken);
    // What the first request leaves while it waits on the gateway: its claim, in progress.
    const first = await send(key);
    expect(first.status).toBe(200);
    await t.ctx.db
      .updateTable('idempotency_keys')
      .set({ response_status: 0, response_body: 'null', created_at: t.clock.now() })
      .where('merchant_id', '=', customerId)
      .where('key', '=', key)
      .execute();
    const busy = await send(key);
    expect(busy.status).toBe(409);
    expect(busy.body.code).toBe('conflict');
    expect(busy.body.retryable).toBe(true);
    t.clock.advance(IN_PROGRESS_RECLAIM_MS + 1_000);
    const taken = await send(key);
    expect(taken.headers.get('idempotent-replayed')).toBeNull();
    // Run again: nothing was overdue any more, so the payment answers 409 and releases the key.
    expect(taken.status).toBe(409);
    expect(
      await t.ctx.db.selectFrom('idempotency_keys').select('key').where('key', '=', key).execute(),
    ).toEqual([]);
  });

  it('initialize-card twice with one key starts one set-up and replays it', async () => {
    const customer = await createTestCustomer(t);
    const body = { customer_id: customer.id, callback_url: 'https://shop.example/back' };
    const before = await countRows('payment_method_setups', 'customer_id', customer.id);
    const { first } = await sameKeyTwice(
      post('/api/v1/payment-methods/initialize-card', body, customer.accessToken),
      post(
        '/api/v1/payment-methods/initialize-card',
        { ...body, callback_url: 'https://shop.example/other' },
        customer.accessToken,
      ),
    );
    expect(first.body.reference).toEqual(expect.any(String));
    expect(await countRows('payment_method_setups', 'customer_id', customer.id)).toBe(before + 1);
  });
});

describe('POSTs that take no key', () => {
  it('every POST of the API either declares the header or is listed with its reason, and docs/api.md names each', async () => {
    const document = (await t.http.get('/docs/json')).body as {
      paths: Record<string, { post?: { parameters?: { name?: string; $ref?: string }[] } }>;
    };
    const api = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
    const table = api.slice(api.indexOf('## Idempotency-Key on each POST'));
    const honoured: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      if (!item.post) continue;
      const route = path.replace(/\{(\w+)\}/g, ':$1');
      const declares = (item.post.parameters ?? []).some(
        (p) => p.name === 'idempotency-key' || p.$ref?.endsWith('/idempotencyKeyHeader'),
      );
      expect(declares !== route in KEY_NOT_TAKEN, route).toBe(true);
      if (declares) honoured.push(route);
      expect(table, `docs/api.md's table names POST ${path}`).toContain(`\`POST ${path}\``);
    }
    expect(honoured.length).toBeGreaterThanOrEqual(25);
  });

  it('refuses the header with 400, and does nothing', async () => {
    const key = newIdempotencyKey();
    const email = `k_${Date.now()}@mail.test`;
    const registered = await t.http.post(
      '/api/v1/customers/register',
      {
        email,
        password: 'a long customer password',
        first_name: 'A',
        last_name: 'B',
        phone: '08031234567',
      },
      { headers: { 'idempotency-key': key } },
    );
    expect(registered.status).toBe(400);
    expect(registered.body.code).toBe('invalid_idempotency_key');
    expect(registered.body.detail).toContain('takes no Idempotency-Key');
    expect(
      await t.ctx.db.selectFrom('customers').select('id').where('email', '=', email).execute(),
    ).toEqual([]);

    const preview = await t.http.post(
      '/api/v1/checkout/preview',
      { amount: 100_000, frequency: 'monthly', installment_count: 3, upfront_pct: 25 },
      { token: merchant.testKey, headers: { 'idempotency-key': key } },
    );
    expect(preview.status).toBe(400);
    expect(preview.body.code).toBe('invalid_idempotency_key');

    const unverified = await createTestCustomer(t, { verified: false });
    const identity = await t.http.post(
      '/api/v1/customers/me/identity',
      { bvn: '22222222222', date_of_birth: '1990-01-01' },
      { token: unverified.accessToken, headers: { 'idempotency-key': key } },
    );
    expect(identity.status).toBe(400);
    expect(identity.body.code).toBe('invalid_idempotency_key');
    expect(identity.body.detail).toContain('BVN is never stored');

    const probe = await t.http.post(merchantPath('/webhook/test'), undefined, {
      token: merchant.testKey,
      headers: { 'idempotency-key': key },
    });
    expect(probe.status).toBe(400);
    expect(probe.body.code).toBe('invalid_idempotency_key');

    const pending = await createTestMerchant(t);
    // Ready for approval (decision 0074): only the Idempotency-Key can refuse it.
    await provideBusinessDetails(t, pending.id);
    const approve = await t.http.post(`/api/v1/admin/merchants/${pending.id}/approve`, undefined, {
      token: await operatorToken(t),
      headers: { 'idempotency-key': key },
    });
    expect(approve.status).toBe(400);
    const row = await t.ctx.db
      .selectFrom('merchants')
      .select('status')
      .where('id', '=', pending.id)
      .executeTakeFirstOrThrow();
    expect(row.status).not.toBe('active');

    // Without the header each works as before.
    expect(
      (
        await t.http.post(
          '/api/v1/checkout/preview',
          { amount: 100_000, frequency: 'monthly', installment_count: 3, upfront_pct: 25 },
          { token: merchant.testKey },
        )
      ).status,
    ).toBe(200);
  });

  it('a malformed key is refused before anything runs, on the newly covered routes too', async () => {
    const res = await t.http.post(
      merchantPath('/payment-links'),
      { title: 'Sofa', amount: 5_000 },
      {
        token: merchant.testKey,
        headers: { 'idempotency-key': 'not-a-uuid' },
      },
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_idempotency_key');
  });
});
