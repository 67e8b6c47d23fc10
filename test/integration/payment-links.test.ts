import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { revokeApiKey } from '../../src/features/merchants/api-keys.ts';
import { rollApiKey } from '../../src/features/merchants/index.ts';
import {
  createTestCustomer,
  createTestMerchant,
  sessionBody,
  type TestMerchant,
} from '../harness/fixtures.ts';
import { customerWithCard } from '../harness/plans.ts';
import { merchantRouteSecuritySuite, type SecurityFixtures } from '../harness/security-suite.ts';
import { startTestAppWithSandbox, type TestAppWithSandbox } from '../harness/test-app.ts';

let t: TestAppWithSandbox;
let merchant: TestMerchant;
let other: TestMerchant;
let revokedKey: string;
let customerToken: string;

beforeAll(async () => {
  t = await startTestAppWithSandbox({ settings: { rateLimitSandboxPerMin: 100_000 } });
  merchant = await createTestMerchant(t, { approve: true });
  other = await createTestMerchant(t);
  const rolled = await rollApiKey(t.ctx, merchant.id, 'test', 60);
  revokedKey = rolled.secret_key;
  await revokeApiKey(t.ctx, merchant.id, rolled.id);
  customerToken = (await createTestCustomer(t)).accessToken;
});
afterAll(async () => t.close());

const links = (m: TestMerchant = merchant) => `/api/v1/merchant/${m.id}/payment-links`;

async function createLink(body: Record<string, unknown>, m: TestMerchant = merchant) {
  const res = await t.http.post(links(m), body, { token: m.testKey });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; url: string; active: boolean };
}

/** What a browser does with the link: no redirect followed, so the 303 is visible. */
async function visit(url: string) {
  const res = await fetch(url.replace('http://checkout.test', t.url), { redirect: 'manual' });
  return {
    status: res.status,
    location: res.headers.get('location'),
    contentType: res.headers.get('content-type'),
    cacheControl: res.headers.get('cache-control'),
    headers: res.headers,
    text: await res.text(),
  };
}

const tokenFrom = (checkoutUrl: string | null) => {
  const match = /\/checkout\/(cst_\w+)$/.exec(checkoutUrl ?? '');
  if (!match?.[1]) throw new Error(`not a checkout URL: ${checkoutUrl}`);
  return match[1];
};

async function checkout(sessionToken: string) {
  const { customer, methodId } = await customerWithCard(t);
  return t.http.post(
    `/api/v1/checkout/sessions/${sessionToken}/confirm`,
    { frequency: 'monthly', installment_count: 2, upfront_pct: 50, payment_method_id: methodId },
    { token: customer.accessToken },
  );
}

describe('payment link lifecycle', () => {
  it('create; two checkouts through one link, each its own session; the customer is sent to redirect_url; update; deactivate shows a page; reactivate', async () => {
    const link = await createLink({
      title: 'Ankara dress',
      amount: 1_800_000,
      redirect_url: 'https://shop.example/thanks',
    });
    expect(link).toMatchObject({
      object: 'payment_link',
      active: true,
      amount: 1_800_000,
      min_amount: null,
      livemode: false,
      redirect_url: 'https://shop.example/thanks',
      constraints: null,
      url: `http://checkout.test/pay/${link.id}`,
    });
    expect(link.id).toMatch(/^pl_/);

    const first = await visit(link.url);
    const second = await visit(link.url);
    for (const v of [first, second]) {
      expect(v.status).toBe(303);
      expect(v.cacheControl).toBe('no-store');
    }
    const tokens = [tokenFrom(first.location), tokenFrom(second.location)];
    expect(tokens[0]).not.toBe(tokens[1]);
    for (const token of tokens) {
      const session = (await t.http.get(`/api/v1/checkout/sessions/${token}`)).body.data;
      expect(session).toMatchObject({
        merchant_id: merchant.id,
        amount: 1_800_000,
        title: 'Ankara dress',
        status: 'pending',
        livemode: false,
      });
      expect(session.order_reference.startsWith(`${link.id}.`)).toBe(true);
      const confirmed = await checkout(token);
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
      expect(confirmed.body.data.redirect_url).toBe('https://shop.example/thanks');
    }
    // Ordinary sessions: the merchant sees two plans for the link's orders.
    const plans = await t.http.get(`/api/v1/merchant/${merchant.id}/plans?limit=100`, {
      token: merchant.testKey,
    });
    expect(
      plans.body.data.filter((p: { order_reference: string }) =>
        p.order_reference.startsWith(`${link.id}.`),
      ),
    ).toHaveLength(2);
    // …and the same webhooks as any session: each link plan's automatic debits are announced.
    const linkPlanIds = plans.body.data
      .filter((p: { order_reference: string }) => p.order_reference.startsWith(`${link.id}.`))
      .map((p: { id: string }) => p.id);
    const events = await t.http.get(
      `/api/v1/merchant/${merchant.id}/webhook-events?event=debit.scheduled&limit=100`,
      { token: merchant.testKey },
    );
    for (const planId of linkPlanIds) {
      expect(
        events.body.data.some(
          (e: { payload: { data: { payment_plan: { id: string } } } }) =>
            e.payload.data.payment_plan.id === planId,
        ),
      ).toBe(true);
    }

    // Update: later visits use the new title; no redirect_url sends the customer to the dashboard.
    const updated = await t.http.patch(
      `${links()}/${link.id}`,
      { title: 'Ankara dress (blue)', redirect_url: null },
      { token: merchant.testKey },
    );
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ title: 'Ankara dress (blue)', redirect_url: null });
    const third = tokenFrom((await visit(link.url)).location);
    expect((await t.http.get(`/api/v1/checkout/sessions/${third}`)).body.data.title).toBe(
      'Ankara dress (blue)',
    );
    const confirmed = await checkout(third);
    expect(confirmed.body.data.redirect_url).toBe('http://checkout.test/dashboard');

    // Deactivate: a clear page, not an error trace; idempotent.
    const opened = tokenFrom((await visit(link.url)).location);
    for (let i = 0; i < 2; i++) {
      const off = await t.http.post(`${links()}/${link.id}/deactivate`, undefined, {
        token: merchant.testKey,
      });
      expect(off.status).toBe(200);
      expect(off.body.data.active).toBe(false);
      expect(off.body.data.deactivated_at).not.toBeNull();
    }
    const gone = await visit(link.url);
    expect(gone.status).toBe(410);
    expect(gone.contentType).toMatch(/^text\/html/);
    expect(gone.text).toContain('This payment link is no longer active.');
    expect(gone.text).toContain('Ankara dress (blue)');
    expect(gone.text).not.toMatch(/"ok"|stack|Error/);
    // A checkout opened before deactivation can still finish.
    expect((await checkout(opened)).status).toBe(201);

    const listed = await t.http.get(`${links()}?active=false`, { token: merchant.testKey });
    expect(listed.body.data.map((l: { id: string }) => l.id)).toContain(link.id);

    const on = await t.http.post(`${links()}/${link.id}/activate`, undefined, {
      token: merchant.testKey,
    });
    expect(on.body.data).toMatchObject({ active: true, deactivated_at: null });
    expect((await visit(link.url)).status).toBe(303);
  });

  it('a customer-entered amount: a small form first, checked against the bounds, then checkout for that amount', async () => {
    const link = await createLink({ title: 'Tithe', min_amount: 100_000, max_amount: 5_000_000 });
    const form = await visit(link.url);
    expect(form.status).toBe(200);
    expect(form.contentType).toMatch(/^text\/html/);
    expect(form.text).toContain('₦1,000 to ₦50,000');
    for (const amount of ['abc', '999.99', '50000.01']) {
      const refused = await visit(`${link.url}?amount=${encodeURIComponent(amount)}`);
      expect(refused.status, amount).toBe(400);
      expect(refused.text).toContain('class="problem"');
    }
    const ok = await visit(`${link.url}?amount=${encodeURIComponent('1,500.50')}&utm_source=wa`);
    expect(ok.status).toBe(303);
    const session = (await t.http.get(`/api/v1/checkout/sessions/${tokenFrom(ok.location)}`)).body
      .data;
    expect(session.amount).toBe(150_050);
    // The form posted with no amount (a fuzzed POST found it answering the first visit's 200):
    // a form to correct, 400 with the problem beside the field, and no session.
    const posted = await fetch(`${t.url}/pay/${link.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(posted.status).toBe(400);
    expect(await posted.text()).toContain('<p class="problem">Enter an amount.</p>');
  });

  it('link constraints are snapshotted into each session; without them the merchant defaults apply', async () => {
    const constraints = {
      allowed_frequencies: ['weekly'],
      max_weekly_duration: 4,
      max_monthly_duration: 1,
      min_upfront_pct: 30,
      allowed_schedule_types: ['installment'],
    };
    const link = await createLink({ title: 'Shoes', amount: 500_000, constraints });
    const token = tokenFrom((await visit(link.url)).location);
    expect((await t.http.get(`/api/v1/checkout/sessions/${token}`)).body.data.constraints).toEqual(
      constraints,
    );
  });

  it('a merchant-created session has no redirect target: the widget hands back to the merchant page', async () => {
    const session = await t.http.post('/api/v1/checkout/sessions', sessionBody(merchant.id), {
      token: merchant.testKey,
    });
    const confirmed = await checkout(session.body.data.token);
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.data.redirect_url).toBeNull();
  });

  it('an unknown link is a 404 page; a deactivated merchant’s link says it cannot take payments', async () => {
    const missing = await visit('http://checkout.test/pay/pl_doesnotexist');
    expect(missing.status).toBe(404);
    expect(missing.contentType).toMatch(/^text\/html/);
    const seller = await createTestMerchant(t);
    const link = await createLink({ title: 'Rice', amount: 100_000 }, seller);
    await t.ctx.db
      .updateTable('merchants')
      .set({ status: 'deactivated' })
      .where('id', '=', seller.id)
      .execute();
    const page = await visit(link.url);
    expect(page.status).toBe(403);
    expect(page.text).toContain('cannot take payments');
  });
});

describe('payment link pages: security headers and stylesheet', () => {
  const expectPageHeaders = (headers: Headers, what: string) => {
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp, what).toContain("default-src 'self'");
    expect(csp, what).toContain("script-src 'self'");
    expect(csp, what).toContain("style-src 'self'");
    expect(csp, what).toContain("frame-ancestors 'none'");
    expect(csp, what).not.toContain('unsafe-inline');
    expect(headers.get('x-content-type-options'), what).toBe('nosniff');
    expect(headers.get('referrer-policy'), what).toBe('no-referrer');
    expect(headers.get('x-frame-options'), what).toBe('DENY');
  };

  it('the 404 page, the amount form and the 303 redirect carry the CSP, nosniff and Referrer-Policy; no inline style', async () => {
    const missing = await visit('http://checkout.test/pay/pl_doesnotexist');
    expect(missing.status).toBe(404);
    expectPageHeaders(missing.headers, '404 page');

    const link = await createLink({ title: 'Offering', min_amount: 100_000, max_amount: 500_000 });
    const form = await visit(link.url);
    expect(form.status).toBe(200);
    expectPageHeaders(form.headers, 'amount form');
    expect(form.text).not.toMatch(/<style|style=|<script/i);
    expect(form.text).toContain('<link rel="stylesheet" href="/pay/assets/pay.css">');

    const redirect = await visit(`${link.url}?amount=2000`);
    expect(redirect.status).toBe(303);
    expectPageHeaders(redirect.headers, '303 redirect');

    const refused = await visit(`http://checkout.test/pay/${'x'.repeat(65)}`);
    expect(refused.status).toBe(400);
    expectPageHeaders(refused.headers, 'refused request');
  });

  it('serves the pages’ stylesheet as text/css, cacheable for an hour', async () => {
    const res = await fetch(`${t.url}/pay/assets/pay.css`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/css/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toContain('.problem{color:#a40000}');
  });
});

describe('payment link validation and scope', () => {
  it('refuses bad amounts, URLs and constraints with 400', async () => {
    for (const body of [
      { title: 'x' },
      { title: 'x', amount: 100, min_amount: 1, max_amount: 5 },
      { title: 'x', min_amount: 500 },
      { title: 'x', min_amount: 500, max_amount: 100 },
      { title: 'x', amount: 0 },
      { title: 'x', amount: 1.5 },
      { title: 'x', amount: 100, redirect_url: 'ftp://shop.example' },
      { title: 'x', amount: 100, redirect_url: 'https://user:pw@shop.example' },
      { title: '   ', amount: 100 },
      { title: 'x', amount: 100, livemode: true },
      { title: 'x', amount: 100, surprise: 1 },
    ]) {
      const res = await t.http.post(links(), body, { token: merchant.testKey });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.ok).toBe(false);
    }
  });

  it('a key reaches only its own mode’s links, and only its merchant’s (404 otherwise)', async () => {
    const link = await createLink({ title: 'Bag', amount: 100_000 });
    expect((await t.http.get(`${links()}/${link.id}`, { token: merchant.liveKey })).status).toBe(
      404,
    );
    const foreign = await createLink({ title: 'Other', amount: 100_000 }, other);
    for (const res of [
      await t.http.get(`${links()}/${foreign.id}`, { token: merchant.testKey }),
      await t.http.patch(
        `${links()}/${foreign.id}`,
        { title: 'mine' },
        { token: merchant.testKey },
      ),
      await t.http.post(`${links()}/${foreign.id}/deactivate`, undefined, {
        token: merchant.testKey,
      }),
    ]) {
      expect(res.status).toBe(404);
    }
    const list = await t.http.get(links(), { token: merchant.testKey });
    expect(list.body.data.map((l: { id: string }) => l.id)).not.toContain(foreign.id);
  });

  it('lists newest first with a cursor', async () => {
    const seller = await createTestMerchant(t);
    const ids = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await createLink({ title: `L${i}`, amount: 100_000 }, seller)).id);
      t.clock.advance(1000);
    }
    const page1 = await t.http.get(`${links(seller)}?limit=2`, { token: seller.testKey });
    expect(page1.body.data.map((l: { id: string }) => l.id)).toEqual([ids[2], ids[1]]);
    expect(page1.body.has_more).toBe(true);
    const page2 = await t.http.get(
      `${links(seller)}?limit=2&cursor=${page1.body.next_cursor as string}`,
      { token: seller.testKey },
    );
    expect(page2.body.data.map((l: { id: string }) => l.id)).toEqual([ids[0]]);
    expect(page2.body.has_more).toBe(false);
  });
});

describe('payment link routes refuse the wrong callers', () => {
  const fixtures: SecurityFixtures = {
    t: () => t,
    merchant: () => merchant,
    revokedKey: () => revokedKey,
    otherMerchant: () => other,
    customerToken: () => customerToken,
  };
  /** A test-mode link: the merchant's live key must not reach it (decision 0015). */
  let testLinkId = '';
  beforeAll(async () => {
    testLinkId = (await createLink({ title: 'Security check', amount: 100_000 })).id;
  });
  const send =
    (method: 'get' | 'post' | 'patch', path: () => string, body?: unknown) =>
    (token: string | undefined) =>
      method === 'get'
        ? t.http.get(path(), { ...(token && { token }) })
        : t.http[method](path(), body, { ...(token && { token }) });
  const linkPath = () => `${links()}/${testLinkId}`;
  for (const [name, method, path, body, mode] of [
    [
      'POST /merchant/{id}/payment-links',
      'post',
      links,
      { title: 'x', amount: 100 },
      { noModeObject: 'creates a link of the key’s own mode' },
    ],
    [
      'GET /merchant/{id}/payment-links',
      'get',
      links,
      undefined,
      { lists: 'test', id: () => testLinkId },
    ],
    ['GET /merchant/{id}/payment-links/{link}', 'get', linkPath, undefined, { object: 'test' }],
    [
      'PATCH /merchant/{id}/payment-links/{link}',
      'patch',
      linkPath,
      { title: 'y' },
      { object: 'test' },
    ],
    [
      'POST /merchant/{id}/payment-links/{link}/deactivate',
      'post',
      () => `${linkPath()}/deactivate`,
      undefined,
      { object: 'test' },
    ],
    [
      'POST /merchant/{id}/payment-links/{link}/activate',
      'post',
      () => `${linkPath()}/activate`,
      undefined,
      { object: 'test' },
    ],
  ] as const) {
    merchantRouteSecuritySuite(
      { name, otherMerchantStatus: 404, mode, send: send(method, () => path(), body) },
      fixtures,
    );
  }
});
