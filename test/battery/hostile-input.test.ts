/**
 * B4 (hostile amount parsing) and B32 (mass assignment), over real HTTP against the real app on a
 * real database. Each test prints its figure. After every refused request the stored state (row
 * counts of every table a request could write, and the rows the requests aim at) must be exactly
 * what it was before: "refused" means nothing was written.
 */
import { randomUUID } from 'node:crypto';

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestCustomer, createTestMerchant, type TestMerchant } from '../harness/fixtures.ts';
import { confirmPlanFor } from '../harness/plans.ts';
import { startTestAppWithSandbox, type TestAppWithSandbox } from '../harness/test-app.ts';
import { report } from './battery.ts';

let t: TestAppWithSandbox;
let merchant: TestMerchant;
let other: TestMerchant;
let plan: { id: string; methodId: string; customerToken: string; sessionToken: string };
let freshSessionToken: string;
let otherCustomerId: string;
let linkId: string;

const TABLES = [
  'merchants',
  'customers',
  'checkout_sessions',
  'payment_links',
  'payment_plans',
  'installments',
  'charges',
  'refunds',
  'payouts',
  'journal_entries',
  'webhook_events',
  'customer_notification_preferences',
];

/** Row counts of every table a request here could write, and the rows the requests aim at. */
async function snapshot(): Promise<string> {
  const counts: Record<string, string> = {};
  for (const table of TABLES) {
    const { rows } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM ${sql.table(
      table,
    )}`.execute(t.ctx.db);
    counts[table] = rows[0]?.n ?? '?';
  }
  const row = async (table: string, id: string) =>
    (
      await sql<{
        j: string;
      }>`SELECT row_to_json(x)::text AS j FROM ${sql.table(table)} x WHERE id = ${id}`.execute(
        t.ctx.db,
      )
    ).rows[0]?.j;
  return JSON.stringify({
    counts,
    merchant: await row('merchants', merchant.id),
    link: await row('payment_links', linkId),
    plan: await row('payment_plans', plan.id),
  });
}

interface Target {
  name: string;
  method: string;
  path: () => string;
  token: () => string;
  /** A body the route accepts, to which the hostile part is added. */
  body: () => Record<string, unknown>;
  idempotent?: boolean;
}

async function sendRaw(target: Target, rawBody: string) {
  const res = await t.http.request(target.method, target.path(), {
    token: target.token(),
    rawBody,
    headers: {
      'content-type': 'application/json',
      ...(target.idempotent && { 'idempotency-key': randomUUID() }),
    },
  });
  return res;
}

/** The body's JSON text with `field` set to the raw JSON text `value` (other fields as given). */
const withRaw = (body: Record<string, unknown>, field: string, value: string) => {
  const rest = Object.fromEntries(Object.entries(body).filter(([k]) => k !== field));
  const text = JSON.stringify(rest);
  return text === '{}' ? `{"${field}":${value}}` : `{"${field}":${value},${text.slice(1)}`;
};

beforeAll(async () => {
  t = await startTestAppWithSandbox({
    settings: { rateLimitSandboxPerMin: 1_000_000, rateLimitIpPerMin: 1_000_000 },
  });
  merchant = await createTestMerchant(t, { approve: true });
  other = await createTestMerchant(t, { approve: true });
  otherCustomerId = (await createTestCustomer(t)).id;
  const confirmed = await confirmPlanFor(t, merchant, { amount: 400_000 });
  plan = {
    id: confirmed.plan.id,
    methodId: confirmed.methodId,
    customerToken: confirmed.customer.accessToken,
    sessionToken: confirmed.session.body.data.token,
  };
  const session = await t.http.post(
    '/api/v1/checkout/sessions',
    {
      merchant_id: merchant.id,
      amount: 300_000,
      currency: 'NGN',
      title: 'Fresh session',
      order_reference: 'ord_fresh',
    },
    { token: merchant.testKey },
  );
  freshSessionToken = session.body.data.token;
  const link = await t.http.post(
    `/api/v1/merchant/${merchant.id}/payment-links`,
    { title: 'Shoes', amount: 150_000 },
    { token: merchant.testKey },
  );
  linkId = link.body.data.id;
}, 120_000);
afterAll(async () => t.close());

describe('B4: hostile amounts are refused with a typed 400, never a 500, never rounded', () => {
  const amountTargets: (Target & { field: string })[] = [
    {
      name: 'POST /checkout/sessions amount',
      field: 'amount',
      method: 'POST',
      path: () => '/api/v1/checkout/sessions',
      token: () => merchant.testKey,
      body: () => ({
        merchant_id: merchant.id,
        currency: 'NGN',
        title: 'Phone',
        order_reference: `ord_${randomUUID()}`,
      }),
      idempotent: true,
    },
    ...(['amount', 'min_amount', 'max_amount'] as const).map((field) => ({
      name: `POST /payment-links ${field}`,
      field,
      method: 'POST',
      path: () => `/api/v1/merchant/${merchant.id}/payment-links`,
      token: () => merchant.testKey,
      body: () => ({ title: 'Shoes' }),
    })),
    {
      name: 'PATCH /payment-links/{id} amount',
      field: 'amount',
      method: 'PATCH',
      path: () => `/api/v1/merchant/${merchant.id}/payment-links/${linkId}`,
      token: () => merchant.testKey,
      body: () => ({}),
    },
    {
      name: 'POST /plans/{id}/refunds amount',
      field: 'amount',
      method: 'POST',
      path: () => `/api/v1/merchant/${merchant.id}/plans/${plan.id}/refunds`,
      token: () => merchant.testKey,
      body: () => ({ reason: 'hostile amount' }),
      idempotent: true,
    },
    {
      name: 'POST /payouts amount',
      field: 'amount',
      method: 'POST',
      path: () => `/api/v1/merchant/${merchant.id}/payouts`,
      token: () => merchant.testKey,
      body: () => ({}),
    },
    {
      name: 'POST /checkout/preview amount',
      field: 'amount',
      method: 'POST',
      path: () => '/api/v1/checkout/preview',
      token: () => merchant.testKey,
      body: () => ({ frequency: 'monthly', installment_count: 3, upfront_pct: 25 }),
    },
  ];

  /** Raw JSON text for the amount. Each is refused: wrong type, not an integer, out of range, or not JSON. */
  const hostile = [
    '1.5',
    '-0',
    '0',
    '-1',
    '0.1e-400',
    '1e-7',
    '"100"',
    '"1e3"',
    '9007199254740993',
    '9007199254740992',
    '1e309',
    '-1e309',
    '1E400',
    '1000000001',
    `1${'0'.repeat(400)}`,
    'null',
    'true',
    '[100]',
    '{"value":100}',
    `"${'9'.repeat(20_000)}"`,
    `"${'9'.repeat(70_000)}"`,
    'NaN',
    'Infinity',
    '0x10',
    '+1',
    '01',
    '.5',
    '1_000',
    '"\\u0000"',
    '"\\ud800"',
    // An integer spelled as a float: JSON.parse reads each as exactly 100000.
    '1e5',
    '1E5',
    '1E+5',
    '100000.0',
  ];

  it('every hostile amount on every amount field: 400/413 with a typed code, nothing stored', async () => {
    let tried = 0;
    let serverErrors = 0;
    const leaks: string[] = [];
    const codes = new Map<string, number>();
    for (const target of amountTargets) {
      const inputs = [
        ...hostile.map((value) => ({
          label: value.slice(0, 30),
          raw: withRaw(target.body(), target.field, value),
        })),
        // The same key twice (valid first, hostile last, and the reverse), and amount behind __proto__.
        {
          label: 'duplicate key (valid, then 1e309)',
          raw: withRaw(target.body(), target.field, `200000,"${target.field}":1e309`),
        },
        {
          label: 'duplicate key (1.5, then valid)',
          raw: withRaw(target.body(), target.field, `1.5,"${target.field}":200000`),
        },
        {
          label: '__proto__ carrying the amount',
          raw: withRaw(target.body(), '__proto__', `{"${target.field}":200000}`),
        },
        {
          label: 'constructor.prototype carrying the amount',
          raw: withRaw(target.body(), 'constructor', `{"prototype":{"${target.field}":200000}}`),
        },
      ];
      for (const input of inputs) {
        const before = await snapshot();
        const res = await sendRaw(target, input.raw);
        tried += 1;
        if (res.status >= 500) serverErrors += 1;
        const code = String(res.body?.code);
        codes.set(code, (codes.get(code) ?? 0) + 1);
        // A typed 400 (or 413 for a body over the limit); a valid integer above what the merchant
        // has (a payout of ₦10,000,000.01) may instead be the rule's 409.
        const refused =
          (res.status === 400 && ['invalid_request', 'invalid_json'].includes(code)) ||
          (res.status === 413 && code === 'payload_too_large') ||
          (res.status === 409 && /^\d+$/.test(input.label));
        // The preview stores nothing either way; it must still refuse what it cannot read.
        if (!refused) leaks.push(`${target.name} ← ${input.label}: ${res.status} ${code}`);
        if ((await snapshot()) !== before) {
          leaks.push(`${target.name} ← ${input.label}: stored something`);
        }
      }
    }
    console.log(
      `B4 hostile amounts: ${tried} requests (${amountTargets.length} amount fields × ${hostile.length + 4} inputs); ` +
        `codes ${[...codes].map(([c, n]) => `${c}:${n}`).join(' ')}; 5xx: ${serverErrors}; accepted or stored: ${leaks.length}`,
    );
    report('B4 hostile-amounts', {
      requests: tried,
      fields: amountTargets.length,
      inputs: hostile.length + 4,
      server_errors: serverErrors,
      accepted_or_stored: leaks.length,
    });
    expect(serverErrors).toBe(0);
    expect(leaks).toEqual([]);
    // Two database snapshots around each of 304 requests: 125 s at load ~24 on 2 cores, with
    // or without the all-errors validation (measured side by side, 170 s and 178 s per file).
  }, 300_000);

  it('an integer spelled as a float (1e5, 100000.0) is refused with a clear 400; the same integer in digits is stored exactly', async () => {
    const target = amountTargets[0];
    if (!target) throw new Error('no target');
    for (const spelling of ['1e5', '100000.0']) {
      const res = await sendRaw(target, withRaw(target.body(), 'amount', spelling));
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.code).toBe('invalid_request');
      expect(res.body.detail).toContain(`The number ${spelling} is an integer spelled as a float`);
    }
    // Both gateway webhook endpoints take the gateway's own spelling: the signature is judged
    // (401 here), not the numbers.
    for (const path of ['/api/v1/webhooks/gateway', '/api/v1/webhooks/payment-gateway']) {
      const hook = await t.http.request('POST', path, {
        rawBody: '{"event":"charge.success","data":{"amount":1e5,"fees":150.0}}',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': 'a'.repeat(128) },
      });
      expect(hook.status, `${path} ${JSON.stringify(hook.body)}`).toBe(401);
    }
    const res = await sendRaw(target, withRaw(target.body(), 'amount', '100000'));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const stored = await t.ctx.db
      .selectFrom('checkout_sessions')
      .select('amount_kobo')
      .where('id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    expect(stored.amount_kobo).toBe(100_000);
  });
});

describe('B32: server-owned fields cannot be set by a client', () => {
  /** Field → the values tried for it (another merchant's or customer's ids where it names one). */
  const injected = (): [string, unknown][] => [
    ['status', 'completed'],
    ['status', 'active'],
    ['amount_captured', 999_999],
    ['amount_refunded', 0],
    ['fee', 0],
    ['fee_amount', 0],
    ['merchant_id', other.id],
    ['customer_id', otherCustomerId],
    ['livemode', true],
    ['id', 'cs_forged'],
    ['created_at', '2000-01-01T00:00:00Z'],
    ['approved_at', '2000-01-01T00:00:00Z'],
    ['tier', 'Tranche Gold'],
    ['is_default', true],
    ['__proto__', { status: 'completed', admin: true }],
    ['constructor', { prototype: { status: 'completed', admin: true } }],
    ['prototype', { admin: true }],
  ];

  const targets: Target[] = [
    {
      name: 'POST /checkout/sessions',
      method: 'POST',
      path: () => '/api/v1/checkout/sessions',
      token: () => merchant.testKey,
      body: () => ({
        merchant_id: merchant.id,
        amount: 200_000,
        currency: 'NGN',
        title: 'Phone',
        order_reference: `ord_${randomUUID()}`,
      }),
      idempotent: true,
    },
    {
      name: 'POST /checkout/sessions/{token}/confirm',
      method: 'POST',
      path: () => `/api/v1/checkout/sessions/${freshSessionToken}/confirm`,
      token: () => plan.customerToken,
      body: () => ({
        frequency: 'monthly',
        installment_count: 3,
        upfront_pct: 25,
        payment_method_id: plan.methodId,
      }),
    },
    {
      name: 'POST /payment-links',
      method: 'POST',
      path: () => `/api/v1/merchant/${merchant.id}/payment-links`,
      token: () => merchant.testKey,
      body: () => ({ title: 'Shoes', amount: 150_000 }),
    },
    {
      name: 'PATCH /payment-links/{id}',
      method: 'PATCH',
      path: () => `/api/v1/merchant/${merchant.id}/payment-links/${linkId}`,
      token: () => merchant.testKey,
      body: () => ({ title: 'Shoes, again' }),
    },
    {
      name: 'PATCH /merchant/{id}/settings',
      method: 'PATCH',
      path: () => `/api/v1/merchant/${merchant.id}/settings`,
      token: () => merchant.testKey,
      body: () => ({ min_customer_tier: 'Tranche Bronze' }),
    },
    {
      name: 'POST /plans/{id}/refunds',
      method: 'POST',
      path: () => `/api/v1/merchant/${merchant.id}/plans/${plan.id}/refunds`,
      token: () => merchant.testKey,
      body: () => ({ amount: 1_000, reason: 'mass assignment' }),
      idempotent: true,
    },
    {
      name: 'PATCH /customers/me/plans/{id}',
      method: 'PATCH',
      path: () => `/api/v1/customers/me/plans/${plan.id}`,
      token: () => plan.customerToken,
      body: () => ({ payment_method_id: plan.methodId }),
    },
    {
      name: 'PUT /customers/me/notification-preferences',
      method: 'PUT',
      path: () => '/api/v1/customers/me/notification-preferences',
      token: () => plan.customerToken,
      body: () => ({ email: { reminders: true } }),
    },
    {
      name: 'POST /customers/register',
      method: 'POST',
      path: () => '/api/v1/customers/register',
      token: () => '',
      body: () => ({
        email: `mass_${randomUUID().slice(0, 8)}@mail.test`,
        password: 'a long customer password',
        first_name: 'Ada',
        last_name: 'Obi',
        phone: '08031234567',
      }),
    },
    {
      name: 'POST /merchant/register',
      method: 'POST',
      path: () => '/api/v1/merchant/register',
      token: () => '',
      body: () => ({
        business_name: 'Forged Stores',
        email: `mass_${randomUUID().slice(0, 8)}@shop.test`,
        password: 'a long merchant password',
      }),
    },
  ];

  it('each extra field on each create/update body: refused (400) and nothing stored, or the field ignored', async () => {
    let tried = 0;
    let serverErrors = 0;
    const leaks: string[] = [];
    const statuses = new Map<number, number>();
    for (const target of targets) {
      for (const [field, value] of injected()) {
        const body = target.body();
        // A field the body legitimately has (merchant_id on a session) is replaced, not duplicated.
        const raw = withRaw(body, field, JSON.stringify(value));
        const before = await snapshot();
        const res = await sendRaw(target, raw);
        tried += 1;
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status >= 500) serverErrors += 1;
        const after = await snapshot();
        if (res.status < 300) leaks.push(`${target.name} + ${field}: accepted (${res.status})`);
        else if (after !== before) leaks.push(`${target.name} + ${field}: refused but stored`);
        if (JSON.stringify(res.body).includes('"completed"') && field === 'status') {
          leaks.push(`${target.name} + status: echoed`);
        }
      }
    }
    // Nothing reached a prototype (the app runs in this process).
    const probe: Record<string, unknown> = {};
    if (probe.admin !== undefined || probe.status !== undefined) {
      leaks.push('Object.prototype polluted');
    }
    console.log(
      `B32 mass assignment: ${tried} requests (${targets.length} create/update bodies × ${injected().length} fields); ` +
        `statuses ${[...statuses].map(([s, n]) => `${s}:${n}`).join(' ')}; 5xx: ${serverErrors}; leaks: ${leaks.length}`,
    );
    report('B32 mass-assignment', {
      requests: tried,
      bodies: targets.length,
      fields: injected().length,
      server_errors: serverErrors,
      leaks: leaks.length,
    });
    expect(serverErrors).toBe(0);
    expect(leaks).toEqual([]);
  }, 300_000);

  it('the same bodies without the extra field pass validation (the refusals above are the field’s doing)', async () => {
    const ok: string[] = [];
    for (const target of targets) {
      if (target.name.endsWith('/confirm')) continue; // would confirm the session the cells above aim at
      const res = await sendRaw(target, JSON.stringify(target.body()));
      // Not refused as a request (a rule may still refuse it: a refund before anything was collected).
      expect(res.status, `${target.name}: ${JSON.stringify(res.body)}`).not.toBe(400);
      expect(res.status).toBeLessThan(500);
      ok.push(target.name);
    }
    console.log(
      `B32 controls: ${ok.length} of ${targets.length - 1} bodies pass validation without the extra field`,
    );
  });
});
