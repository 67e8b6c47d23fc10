import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestMerchant, sessionBody, type TestMerchant } from '../harness/fixtures.ts';
import { collectToStatus, customerWithCard } from '../harness/plans.ts';
import { startTestAppWithSandbox, type TestAppWithSandbox } from '../harness/test-app.ts';

/*
 * What an order is and who bought it (issue 28 fixes 2 and 3, issue 27 fix 9; decisions 0051 and
 * 0052): session metadata and line items, validated field by field; the plan's title, line
 * items, metadata and buyer; the same in every plan webhook; a payment link's questions and the
 * buyer's answers.
 */

let t: TestAppWithSandbox;
let merchant: TestMerchant;

beforeAll(async () => {
  t = await startTestAppWithSandbox({ settings: { rateLimitSandboxPerMin: 100_000 } });
  merchant = await createTestMerchant(t, { approve: true });
});
afterAll(async () => t.close());

const createSession = (body: Record<string, unknown>) =>
  t.http.post('/api/v1/checkout/sessions', sessionBody(merchant.id, body), {
    token: merchant.testKey,
  });

const LINE_ITEMS = [
  { name: 'Samsung Galaxy A15', quantity: 1, unit_amount: 2_300_000 },
  { name: 'Phone case', quantity: 2, unit_amount: 100_000 },
];
const METADATA = { cart_id: 'c-1042', channel: 'woocommerce' };

async function confirm(sessionToken: string) {
  const card = await customerWithCard(t);
  const res = await t.http.post(
    `/api/v1/checkout/sessions/${sessionToken}/confirm`,
    {
      frequency: 'monthly',
      installment_count: 3,
      upfront_pct: 25,
      payment_method_id: card.methodId,
    },
    { token: card.customer.accessToken },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { ...card, confirmed: res.body.data, planId: res.body.data.payment_plan_id as string };
}

async function eventsOfPlan(planId: string) {
  const rows = await t.ctx.db
    .selectFrom('webhook_events')
    .select(['type', 'body'])
    .where('merchant_id', '=', merchant.id)
    .orderBy('created_at')
    .execute();
  return rows
    .map((r) => ({
      type: r.type,
      body: (typeof r.body === 'string' ? JSON.parse(r.body) : r.body) as {
        data: { payment_plan?: Record<string, unknown> & { id: string } };
      },
    }))
    .filter((e) => e.body.data.payment_plan?.id === planId);
}

describe('metadata and line items on a session', () => {
  const refused = [
    ['more than 20 metadata keys', { metadata: keys(21) }, 'metadata'],
    ['a metadata key over 40 characters', { metadata: { ['k'.repeat(41)]: 'v' } }, 'metadata'],
    ['an empty metadata key', { metadata: { '': 'v' } }, 'metadata'],
    ['a metadata value over 500 characters', { metadata: { a: 'v'.repeat(501) } }, 'metadata.a'],
    ['a metadata value that is not a string', { metadata: { a: 5 } }, 'metadata.a'],
    ['nested metadata', { metadata: { a: { b: 'c' } } }, 'metadata.a'],
    ['metadata that is an array', { metadata: ['a'] }, 'metadata'],
    ['an empty line_items list', { line_items: [] }, 'line_items'],
    [
      'a line item with quantity 0',
      { line_items: [{ name: 'A', quantity: 0, unit_amount: 2_500_000 }] },
      'line_items.0.quantity',
    ],
    [
      'a line item without a name',
      { line_items: [{ quantity: 1, unit_amount: 2_500_000 }] },
      'line_items.0.name',
    ],
    [
      'a line item with an unknown field',
      { line_items: [{ name: 'A', quantity: 1, unit_amount: 2_500_000, sku: 'x' }] },
      'line_items.0.sku',
    ],
    [
      'a fractional unit amount',
      { line_items: [{ name: 'A', quantity: 1, unit_amount: 2_499_999.5 }] },
      'line_items.0.unit_amount',
    ],
    [
      'line items that do not add up to amount',
      { line_items: [{ name: 'A', quantity: 2, unit_amount: 1_000_000 }] },
      'line_items',
    ],
    ['an unknown top-level field (strict validation stays)', { note: 'x' }, 'note'],
  ] as const;

  it.each(refused)('refuses %s with 400 and the field named in errors', async (_, body, field) => {
    const res = await createSession(body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.ok).toBe(false);
    expect(res.body.detail).toEqual(expect.any(String));
    expect(res.body.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ field, message: expect.any(String) })]),
    );
  });

  it('refuses text PostgreSQL cannot store (NUL, a lone surrogate) in metadata with 400', async () => {
    for (const metadata of [{ a: 'x\u0000y' }, { ['k\u0000']: 'v' }, { a: '\ud800' }]) {
      const res = await createSession({ metadata });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.ok).toBe(false);
    }
  });

  it('names every wrong field at once', async () => {
    const res = await createSession({
      metadata: { a: 1 },
      line_items: [{ name: '', quantity: 0, unit_amount: -1 }],
    });
    expect(res.status).toBe(400);
    const fields = (res.body.errors as { field: string }[]).map((e) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'metadata.a',
        'line_items.0.name',
        'line_items.0.quantity',
        'line_items.0.unit_amount',
      ]),
    );
  });

  it('accepts 20 keys at the limits and returns metadata and line items on the session', async () => {
    const metadata = { ...keys(19), ['k'.repeat(40)]: 'v'.repeat(500) };
    const res = await createSession({ metadata, line_items: LINE_ITEMS });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.metadata).toEqual(metadata);
    expect(res.body.data.line_items).toEqual(LINE_ITEMS);
  });

  it('leaves both out when not sent: {} and null', async () => {
    const res = await createSession({});
    expect(res.status).toBe(201);
    expect(res.body.data.metadata).toEqual({});
    expect(res.body.data.line_items).toBeNull();
  });

  it('shows line items but never the metadata to the widget (the read by token)', async () => {
    const created = await createSession({ metadata: METADATA, line_items: LINE_ITEMS });
    const read = await t.http.get(`/api/v1/checkout/sessions/${created.body.data.token}`);
    expect(read.status).toBe(200);
    expect(read.body.data.line_items).toEqual(LINE_ITEMS);
    expect(read.body.data).not.toHaveProperty('metadata');
  });

  it('replays a retry with the same key and body, and refuses the key with other metadata', async () => {
    const key = crypto.randomUUID();
    const body = sessionBody(merchant.id, { metadata: METADATA });
    const first = await t.http.post('/api/v1/checkout/sessions', body, {
      token: merchant.testKey,
      headers: { 'idempotency-key': key },
    });
    const again = await t.http.post('/api/v1/checkout/sessions', body, {
      token: merchant.testKey,
      headers: { 'idempotency-key': key },
    });
    expect(again.status).toBe(201);
    expect(again.body.data.id).toBe(first.body.data.id);
    const other = await t.http.post(
      '/api/v1/checkout/sessions',
      { ...body, metadata: { cart_id: 'another' } },
      { token: merchant.testKey, headers: { 'idempotency-key': key } },
    );
    expect(other.status).toBe(409);
  });
});

describe('the plan: what was bought and who bought it', () => {
  it('carries title, line items, metadata and the buyer on the merchant’s plan and in every plan webhook', async () => {
    const session = await createSession({ metadata: METADATA, line_items: LINE_ITEMS });
    const { planId, customer, confirmed } = await confirm(session.body.data.token);

    const plan = await t.http.get(`/api/v1/merchant/${merchant.id}/plans/${planId}`, {
      token: merchant.testKey,
    });
    expect(plan.status).toBe(200);
    expect(plan.body.data).toMatchObject({
      title: 'Samsung Galaxy A15',
      line_items: LINE_ITEMS,
      metadata: METADATA,
      customer: {
        id: customer.id,
        name: 'Ada Obi',
        email: customer.email,
        phone: '+2348031234567',
      },
      customer_fields: null,
    });
    const listed = await t.http.get(`/api/v1/merchant/${merchant.id}/plans?limit=5`, {
      token: merchant.testKey,
    });
    expect(listed.body.data.find((p: { id: string }) => p.id === planId)).toMatchObject({
      metadata: METADATA,
      customer: { name: 'Ada Obi' },
    });

    // The customer's own answers: the shop's name, not the merchant's metadata.
    expect(confirmed.plan.merchant_name).toBe('Ade Stores');
    expect(confirmed.plan).not.toHaveProperty('metadata');

    const deposit = plan.body.data.installments.find((i: { sequence: number }) => i.sequence === 0);
    expect(await collectToStatus(t, deposit.id)).toBe('paid');
    const events = await eventsOfPlan(planId);
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['debit.scheduled', 'payment.success']),
    );
    for (const e of events) {
      expect(e.body.data.payment_plan, e.type).toMatchObject({
        title: 'Samsung Galaxy A15',
        line_items: LINE_ITEMS,
        metadata: METADATA,
        customer: { id: customer.id, name: 'Ada Obi', email: customer.email },
      });
    }
  });

  it('keeps the buyer as they were at the checkout when the account changes later', async () => {
    const session = await createSession({});
    const { planId, customer } = await confirm(session.body.data.token);
    await t.ctx.db
      .updateTable('customers')
      .set({ phone: '08099999999' })
      .where('id', '=', customer.id)
      .execute();
    const plan = await t.http.get(`/api/v1/merchant/${merchant.id}/plans/${planId}`, {
      token: merchant.testKey,
    });
    expect(plan.body.data.customer.phone).toBe('+2348031234567');
  });

  it('names the plan by its title and shop for the customer, without the metadata', async () => {
    const session = await createSession({ metadata: METADATA, title: 'Hisense 43" TV' });
    const { planId, customer } = await confirm(session.body.data.token);
    const list = await t.http.get('/api/v1/customers/me/plans', { token: customer.accessToken });
    expect(list.status).toBe(200);
    const mine = list.body.data.find((p: { id: string }) => p.id === planId);
    expect(mine).toMatchObject({ title: 'Hisense 43" TV', merchant_name: 'Ade Stores' });
    expect(mine).not.toHaveProperty('metadata');
    const one = await t.http.get(`/api/v1/customers/me/plans/${planId}`, {
      token: customer.accessToken,
    });
    expect(one.body.data).toMatchObject({ title: 'Hisense 43" TV', merchant_name: 'Ade Stores' });
    expect(one.body.data).not.toHaveProperty('metadata');
  });

  it('says what was bought in the customer’s e-mails', async () => {
    const session = await createSession({ title: 'Tecno Camon 30' });
    const { planId } = await confirm(session.body.data.token);
    const rows = await t.ctx.db
      .selectFrom('notification_outbox')
      .select('data')
      .where('subject_id', 'in', (eb) =>
        eb.selectFrom('installments').select('id').where('plan_id', '=', planId),
      )
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(JSON.stringify(row.data)).toContain('"title":"Tecno Camon 30"');
    }
  });
});

describe('a payment link that asks the buyer', () => {
  const links = () => `/api/v1/merchant/${merchant.id}/payment-links`;
  const FIELDS = [
    { key: 'delivery_address', label: 'Delivery address', type: 'address', required: true },
    { key: 'delivery_phone', label: 'Phone for the rider', type: 'phone', required: true },
    { key: 'size', label: 'Shoe size', type: 'text', required: false },
  ];

  async function linkWithFields(extra: Record<string, unknown> = {}) {
    const res = await t.http.post(
      links(),
      { title: 'Ankara sneakers', amount: 4_500_000, customer_fields: FIELDS, ...extra },
      { token: merchant.testKey },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { id: string; customer_fields: unknown };
  }

  const pagePath = (id: string) => `${t.url}/pay/${id}`;
  const post = (id: string, form: Record<string, string>) =>
    fetch(pagePath(id), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  const sessionsOfLink = async (linkId: string) =>
    (
      await t.ctx.db
        .selectFrom('payment_link_sessions')
        .select('checkout_session_id')
        .where('payment_link_id', '=', linkId)
        .execute()
    ).length;

  it('refuses questions with a duplicate key, a bad key, or too many, naming the field', async () => {
    const cases = [
      [[FIELDS[0], FIELDS[0]], 'customer_fields.1.key'],
      [[{ ...FIELDS[0], key: 'Delivery Address' }], 'customer_fields.0.key'],
      [[{ ...FIELDS[0], type: 'date' }], 'customer_fields.0.type'],
      [[{ key: 'a', label: 'A', type: 'text' }], 'customer_fields.0.required'],
      [Array.from({ length: 6 }, (_, n) => ({ ...FIELDS[2], key: `f${n}` })), 'customer_fields'],
    ] as const;
    for (const [fields, field] of cases) {
      const res = await t.http.post(
        links(),
        { title: 'X', amount: 100_000, customer_fields: fields },
        { token: merchant.testKey },
      );
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    }
  });

  it('shows the questions on a visit without opening a checkout', async () => {
    const link = await linkWithFields();
    expect(link.customer_fields).toEqual(FIELDS);
    const res = await fetch(pagePath(link.id), { redirect: 'manual' });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<form method="post"');
    expect(html).toContain('Delivery address');
    expect(html).toContain('name="field_delivery_phone"');
    expect(html).toContain('(optional)');
    expect(await sessionsOfLink(link.id)).toBe(0);
  });

  it('asks again, naming each missing or wrong answer, and opens nothing', async () => {
    const link = await linkWithFields();
    const res = await post(link.id, { field_delivery_phone: 'call me', field_size: '42' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Please fill in “Delivery address”.');
    expect(html).toContain('Enter a phone number');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('value="42"');
    expect(await sessionsOfLink(link.id)).toBe(0);
  });

  it('puts the answers on the session and the plan, and in the plan’s webhooks', async () => {
    const link = await linkWithFields();
    const res = await post(link.id, {
      field_delivery_address: '12 Allen Avenue, Ikeja, Lagos',
      field_delivery_phone: '0803 123 4567',
      field_size: '',
      field_unasked: 'ignored',
    });
    expect(res.status).toBe(303);
    const token = /\/checkout\/(cst_\w+)$/.exec(res.headers.get('location') ?? '')?.[1];
    expect(token).toBeDefined();
    const answers = [
      {
        key: 'delivery_address',
        label: 'Delivery address',
        value: '12 Allen Avenue, Ikeja, Lagos',
      },
      { key: 'delivery_phone', label: 'Phone for the rider', value: '0803 123 4567' },
    ];
    const { planId } = await confirm(token ?? '');
    const plan = await t.http.get(`/api/v1/merchant/${merchant.id}/plans/${planId}`, {
      token: merchant.testKey,
    });
    expect(plan.body.data).toMatchObject({
      title: 'Ankara sneakers',
      customer_fields: answers,
      customer: { name: 'Ada Obi' },
    });
    const events = await eventsOfPlan(planId);
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) expect(e.body.data.payment_plan?.customer_fields).toEqual(answers);
  });

  it('asks the amount with the questions on a link where the buyer enters it', async () => {
    const res = await t.http.post(
      links(),
      {
        title: 'Tailoring deposit',
        min_amount: 100_000,
        max_amount: 5_000_000,
        customer_fields: [FIELDS[1]],
      },
      { token: merchant.testKey },
    );
    const id = res.body.data.id as string;
    const tooLow = await post(id, { amount: '5', field_delivery_phone: '08031234567' });
    expect(tooLow.status).toBe(400);
    expect(await tooLow.text()).toContain('Enter an amount from');
    const ok = await post(id, { amount: '2500', field_delivery_phone: '08031234567' });
    expect(ok.status).toBe(303);
  });

  it('answers a body it cannot read with a page, never JSON or a 500', async () => {
    const link = await linkWithFields();
    const tooMany = Object.fromEntries(Array.from({ length: 30 }, (_, n) => [`f${n}`, 'x']));
    const res = await post(link.id, tooMany);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('text/html');
  });

  it('answers a JSON or broken body with the form’s page too, never the API’s JSON', async () => {
    const link = await linkWithFields();
    for (const body of ['{"field_delivery_phone":"0803"}', '{not json', '{"a":1,"a":2}']) {
      const res = await fetch(pagePath(link.id), {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(res.status, body).toBe(400);
      expect(res.headers.get('content-type'), body).toContain('text/html');
    }
    expect(await sessionsOfLink(link.id)).toBe(0);
  });

  it('refuses an answer PostgreSQL cannot store with a page, not a 500', async () => {
    const link = await linkWithFields();
    const res = await post(link.id, {
      field_delivery_address: 'Ikeja\u0000',
      field_delivery_phone: '08031234567',
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await sessionsOfLink(link.id)).toBe(0);
  });

  it('clears the questions with an empty list: the link goes straight to the checkout again', async () => {
    const link = await linkWithFields();
    const cleared = await t.http.patch(
      `${links()}/${link.id}`,
      { customer_fields: [] },
      { token: merchant.testKey },
    );
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    const res = await fetch(pagePath(link.id), { redirect: 'manual' });
    expect(res.status).toBe(303);
  });
});

function keys(count: number): Record<string, string> {
  return Object.fromEntries(Array.from({ length: count }, (_, n) => [`key_${n}`, `value ${n}`]));
}
