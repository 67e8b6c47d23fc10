import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { revokeApiKey } from '../../src/features/merchants/api-keys.ts';
import { rollApiKey } from '../../src/features/merchants/index.ts';
import { sendPayout } from '../../src/features/money/payouts.ts';
import { csvObjects, parseCsv, sumColumn } from '../harness/csv.ts';
import {
  createTestCustomer,
  createTestMerchant,
  sessionBody,
  type TestMerchant,
} from '../harness/fixtures.ts';
import { collect, customerWithCard } from '../harness/plans.ts';
import { merchantRouteSecuritySuite, type SecurityFixtures } from '../harness/security-suite.ts';
import { startTestAppWithSandbox, type TestAppWithSandbox } from '../harness/test-app.ts';

let t: TestAppWithSandbox;
let merchant: TestMerchant;
const DAY = 86_400_000;

interface MadePlan {
  id: string;
  email: string;
  installments: { id: string; sequence: number; amount: number }[];
}

/** A confirmed plan (half upfront, one installment) for a new buyer, with the given title. */
async function planFor(
  m: TestMerchant,
  title: string,
  amount: number,
  token = m.testKey,
): Promise<MadePlan> {
  const card = await customerWithCard(t);
  const session = await t.http.post(
    '/api/v1/checkout/sessions',
    sessionBody(m.id, { amount, title }),
    { token },
  );
  if (session.status !== 201) throw new Error(`session: ${JSON.stringify(session.body)}`);
  const confirm = await t.http.post(
    `/api/v1/checkout/sessions/${session.body.data.token}/confirm`,
    {
      frequency: 'monthly',
      installment_count: 1,
      upfront_pct: 50,
      payment_method_id: card.methodId,
    },
    { token: card.customer.accessToken },
  );
  if (confirm.status !== 201) throw new Error(`confirm: ${JSON.stringify(confirm.body)}`);
  return {
    id: confirm.body.data.plan.id,
    email: card.customer.email,
    installments: confirm.body.data.plan.installments,
  };
}

async function collectAll(plan: MadePlan): Promise<void> {
  for (const installment of plan.installments) {
    expect(['paid', 'nothing_to_do']).toContain(await collect(t, installment.id));
  }
}

const m = (path: string, who: TestMerchant = merchant) => `/api/v1/merchant/${who.id}${path}`;
const wallet = async (who: TestMerchant) =>
  (await t.http.get(m('/wallet', who), { token: who.testKey })).body.data;
const listIds = async (query: string, token = merchant.testKey) => {
  const res = await t.http.get(m(`/plans?${query}`), { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as { id: string }[]).map((p) => p.id);
};
const csv = async (path: string, who: TestMerchant = merchant) => {
  const res = await t.http.get(m(path, who), { token: who.testKey });
  expect(res.status, String(res.body)).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(res.headers.get('content-disposition')).toMatch(
    /^attachment; filename="tranche-.+\.csv"$/,
  );
  return res.body as string;
};

const TRICKY_TITLE = '=HYPERLINK("http://evil.example","Deluxe"), edition';
let tricky: MadePlan;
let galaxy: MadePlan;
let spark: MadePlan;
let sparkCreatedAt: Date;

beforeAll(async () => {
  t = await startTestAppWithSandbox({ settings: { rateLimitSandboxPerMin: 100_000 } });
  merchant = await createTestMerchant(t, { approve: true });
  await t.http.patch(
    m('/settings'),
    { settlement_account: { bank_code: '058', account_number: '0123456789' } },
    { token: merchant.testKey },
  );
  tricky = await planFor(merchant, TRICKY_TITLE, 100_000);
  // A minute apart: on one instant the list's order between them would be the ids' (random).
  t.clock.advance(60_000);
  galaxy = await planFor(merchant, 'Samsung Galaxy A15', 250_000);
  t.clock.advance(2 * DAY);
  sparkCreatedAt = t.clock.now();
  spark = await planFor(merchant, 'Tecno Spark 20', 60_000);
  // Another buyer's phone, as the checkout recorded it.
  await t.ctx.db
    .updateTable('payment_plans')
    .set({ customer_phone: '+2348099990000' })
    .where('id', '=', spark.id)
    .execute();
  await collectAll(tricky);
});
afterAll(async () => t.close());

describe('GET /merchant/{id}/plans: finding plans', () => {
  it('by the buyer’s e-mail (case ignored) or phone (any usual form)', async () => {
    expect(
      await listIds(`customer_email=${encodeURIComponent(galaxy.email.toUpperCase())}`),
    ).toEqual([galaxy.id]);
    for (const phone of ['0809 999 0000', '+2348099990000', '2348099990000']) {
      expect(await listIds(`customer_phone=${encodeURIComponent(phone)}`), phone).toEqual([
        spark.id,
      ]);
    }
    const short = await t.http.get(m('/plans?customer_phone=12345'), { token: merchant.testKey });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ ok: false, code: 'invalid_request' });
    expect(short.body.detail).toMatch(/10 digits/);
  });

  it('by part of the title, the amount, the status and the date', async () => {
    expect(await listIds('title=GALAXY')).toEqual([galaxy.id]);
    expect(await listIds('amount_min=70000&amount_max=200000')).toEqual([tricky.id]);
    expect(await listIds('amount_min=60000&amount_max=60000')).toEqual([spark.id]);
    expect(await listIds('status=completed')).toEqual([tricky.id]);
    expect((await listIds('status=pending_deposit')).sort()).toEqual([galaxy.id, spark.id].sort());
    const from = encodeURIComponent(new Date(sparkCreatedAt.getTime() - DAY).toISOString());
    expect(await listIds(`created_from=${from}`)).toEqual([spark.id]);
    expect((await listIds(`created_before=${from}`)).sort()).toEqual([tricky.id, galaxy.id].sort());
    // Filters narrow together.
    expect(await listIds(`created_before=${from}&title=tecno`)).toEqual([]);
  });

  it('with one search box (e-mail, title, order reference, phone digits), a % being a %', async () => {
    expect(await listIds(`q=${encodeURIComponent(spark.email.slice(0, 8))}`)).toEqual([spark.id]);
    expect(await listIds('q=spark')).toEqual([spark.id]);
    expect(await listIds(`q=${encodeURIComponent('0809 999')}`)).toEqual([spark.id]);
    expect(await listIds('q=%25')).toEqual([]);
  });

  it('keeps cursor pages under a filter', async () => {
    const first = await t.http.get(m('/plans?amount_min=70000&limit=1'), {
      token: merchant.testKey,
    });
    expect(first.body.data.map((p: { id: string }) => p.id)).toEqual([galaxy.id]);
    expect(first.body.has_more).toBe(true);
    const second = await t.http.get(
      m(`/plans?amount_min=70000&limit=1&cursor=${first.body.next_cursor}`),
      { token: merchant.testKey },
    );
    expect(second.body.data.map((p: { id: string }) => p.id)).toEqual([tricky.id]);
    expect(second.body.has_more).toBe(false);
  });

  it('a secret key finds its own mode only', async () => {
    expect(await listIds('title=galaxy', merchant.liveKey)).toEqual([]);
  });
});

describe('CSV exports', () => {
  it('plans: RFC 4180 quoting, a formula neutralised, naira = kobo ÷ 100, the filters', async () => {
    const text = await csv('/exports/plans.csv');
    // The raw field: the apostrophe first, quotes doubled, the comma inside quotes.
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""Deluxe""), edition"`);
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = csvObjects(text);
    expect(rows.map((r) => r.plan_id)).toEqual([tricky.id, galaxy.id, spark.id]);
    const row = rows[0]!;
    expect(row.title).toBe(`'${TRICKY_TITLE}`);
    expect(row).toMatchObject({
      status: 'completed',
      mode: 'test',
      amount_kobo: '100000',
      amount_naira: '1000.00',
      collected_kobo: '100000',
      collected_naira: '1000.00',
    });
    // A phone that begins with + is text a spreadsheet would run: guarded too.
    expect(rows[2]!.customer_phone).toBe("'+2348099990000");
    for (const r of rows) {
      expect(Math.round(Number(r.amount_naira) * 100)).toBe(Number(r.amount_kobo));
    }
    const filtered = csvObjects(await csv('/exports/plans.csv?title=galaxy'));
    expect(filtered.map((r) => r.plan_id)).toEqual([galaxy.id]);
    const none = parseCsv(await csv('/exports/plans.csv?title=nothing-like-this'));
    expect(none).toHaveLength(1); // the header alone
    expect(
      (await t.http.get(m('/exports/plans.csv?customer_phone=1'), { token: merchant.testKey }))
        .status,
    ).toBe(400);
  });

  it('streams a large export in pages, whole and in order', async () => {
    const big = await createTestMerchant(t, { approve: true });
    const template = await t.ctx.db
      .selectFrom('payment_plans')
      .selectAll()
      .where('id', '=', galaxy.id)
      .executeTakeFirstOrThrow();
    const session = await t.ctx.db
      .selectFrom('checkout_sessions')
      .selectAll()
      .where('id', '=', template.checkout_session_id)
      .executeTakeFirstOrThrow();
    const count = 1_234; // more than two pages of 500
    const base = t.clock.now().getTime();
    const key = (i: number) => String(i).padStart(6, '0');
    const sessions = Array.from({ length: count }, (_, i) => ({
      ...session,
      id: `cs_bulk${key(i)}`,
      token: `cst_bulk${key(i)}${big.id}`,
      merchant_id: big.id,
      order_reference: `bulk-${i}`,
      constraints: JSON.stringify(session.constraints),
      metadata: JSON.stringify(session.metadata),
      line_items: null,
      customer_fields: null,
    }));
    const rows = Array.from({ length: count }, (_, i) => ({
      ...template,
      id: `plan_bulk${key(i)}`,
      merchant_id: big.id,
      checkout_session_id: `cs_bulk${key(i)}`,
      order_reference: `bulk-${i}`,
      // Ties on created_at too, so the keyset's id tiebreak is exercised.
      created_at: new Date(base + Math.floor(i / 3) * 1000),
      metadata: JSON.stringify(template.metadata),
      line_items: null,
      customer_fields: null,
    }));
    for (let i = 0; i < rows.length; i += 400) {
      await t.ctx.db
        .insertInto('checkout_sessions')
        .values(sessions.slice(i, i + 400))
        .execute();
    }
    for (let i = 0; i < rows.length; i += 400) {
      await t.ctx.db
        .insertInto('payment_plans')
        .values(rows.slice(i, i + 400))
        .execute();
    }
    const exported = csvObjects(await csv('/exports/plans.csv', big));
    expect(exported.map((r) => r.order_reference)).toEqual(rows.map((r) => r.order_reference));
    // Bare rows (no installments, no ledger entries): gone before the ledger invariants run.
    await t.ctx.db.deleteFrom('payment_plans').where('merchant_id', '=', big.id).execute();
    await t.ctx.db.deleteFrom('checkout_sessions').where('merchant_id', '=', big.id).execute();
  });

  it('charges, refunds and the wallet: their sums match the wallet', async () => {
    await collectAll(galaxy);
    const refund = await t.http.post(
      m(`/plans/${galaxy.id}/refunds`),
      { amount: 20_000, reason: 'scratched, returned' },
      { token: merchant.testKey },
    );
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    const w = await wallet(merchant);

    const charges = csvObjects(await csv('/exports/charges.csv'));
    expect(charges.map((c) => c.plan_id).sort()).toEqual(
      [tricky.id, tricky.id, galaxy.id, galaxy.id].sort(),
    );
    expect(sumColumn(charges, 'gross_kobo')).toBe(350_000);
    for (const c of charges) {
      expect(Number(c.gross_kobo)).toBe(Number(c.fee_kobo) + Number(c.net_kobo));
    }
    const refunds = csvObjects(await csv('/exports/refunds.csv'));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      plan_id: galaxy.id,
      amount_kobo: '20000',
      amount_naira: '200.00',
      cash_refund_kobo: '20000',
      fee_returned_kobo: '500',
      wallet_debit_kobo: '19500',
      reason: '"scratched, returned"'.slice(1, -1),
    });
    // Collected net, less what refunds and payouts took from the wallet, is the available balance.
    const payouts = (await t.http.get(m('/payouts'), { token: merchant.testKey })).body.data;
    const paidOut = payouts.reduce((sum: number, p: { amount: number }) => sum + p.amount, 0);
    expect(sumColumn(charges, 'net_kobo') - sumColumn(refunds, 'wallet_debit_kobo') - paidOut).toBe(
      w.available,
    );

    const history = csvObjects(await csv('/exports/wallet.csv'));
    expect(sumColumn(history, 'available_change_kobo')).toBe(w.available);
    expect(sumColumn(history, 'pending_change_kobo')).toBe(w.pending);
    const naira = history.reduce(
      (sum, r) => sum + Math.round(Number(r.available_change_naira) * 100),
      0,
    );
    expect(naira).toBe(w.available);
    expect(history.map((r) => r.type)).toContain('refund_initiated');

    // The same filters: only what the plan filter and the date range keep.
    expect(
      csvObjects(await csv('/exports/charges.csv?title=galaxy')).every(
        (c) => c.plan_id === galaxy.id,
      ),
    ).toBe(true);
    const later = encodeURIComponent(new Date(t.clock.now().getTime() + DAY).toISOString());
    expect(csvObjects(await csv(`/exports/wallet.csv?created_from=${later}`))).toEqual([]);
  });

  it('a live key exports no test plans; the wallet export has the gateway’s mode (live key: 404)', async () => {
    const live = await t.http.get(m('/exports/plans.csv'), { token: merchant.liveKey });
    expect(live.status).toBe(200);
    expect(parseCsv(live.body as string)).toHaveLength(1);
    const walletLive = await t.http.get(m('/exports/wallet.csv'), { token: merchant.liveKey });
    expect(walletLive.status).toBe(404);
  });
});

describe('settlement report per payout', () => {
  const payOut = async (who: TestMerchant, body: { amount?: number } = {}) => {
    const res = await t.http.post(m('/payouts', who), body, { token: who.testKey });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { id: string; amount: number; reference: string };
  };
  const report = async (who: TestMerchant, payoutId: string) => {
    const res = await t.http.get(m(`/payouts/${payoutId}/settlement-report`, who), {
      token: who.testKey,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const total = (lines: { amount: number }[]) => lines.reduce((s, l) => s + l.amount, 0);

  it('lists the collections, fees and refunds a payout paid, summing to its amount (JSON and CSV)', async () => {
    const seller = await createTestMerchant(t, { approve: true });
    await t.http.patch(
      m('/settings', seller),
      { settlement_account: { bank_code: '058', account_number: '0123456789' } },
      { token: seller.testKey },
    );
    const a = await planFor(seller, 'Infinix Hot 40', 100_000);
    const b = await planFor(seller, 'HP Laptop', 300_000);
    await collectAll(a);
    await collectAll(b);
    const refunded = await t.http.post(
      m(`/plans/${b.id}/refunds`, seller),
      { amount: 40_000 },
      { token: seller.testKey },
    );
    expect(refunded.status).toBe(201);
    const first = await payOut(seller);

    const r1 = await report(seller, first.id);
    expect(r1.payout.id).toBe(first.id);
    expect(total(r1.lines)).toBe(first.amount);
    expect(r1.summary).toMatchObject({
      carried_in: 0,
      collections: 400_000,
      fees: -10_000 + 1_000, // 2.5% of 400,000, less the 2.5% returned on 40,000
      refunds: -40_000,
      carried_out: 0,
      total: first.amount,
    });
    const collections = r1.lines.filter((l: { type: string }) => l.type === 'collection');
    expect(collections.map((l: { plan_id: string }) => l.plan_id).sort()).toEqual(
      [a.id, a.id, b.id, b.id].sort(),
    );
    expect(r1.lines.find((l: { type: string }) => l.type === 'refund')).toMatchObject({
      plan_id: b.id,
      amount: -40_000,
    });

    const text = await csv(`/payouts/${first.id}/settlement-report.csv`, seller);
    const rows = csvObjects(text);
    expect(rows).toHaveLength(r1.lines.length);
    expect(sumColumn(rows, 'amount_kobo')).toBe(first.amount);
    expect(rows.reduce((s, r) => s + Math.round(Number(r.amount_naira) * 100), 0)).toBe(
      first.amount,
    );
    expect(rows.every((r) => r.payout_reference === first.reference)).toBe(true);

    // A partial payout leaves a balance: carried out of this one, into the next.
    const c = await planFor(seller, 'Oraimo earbuds', 40_000);
    await collectAll(c);
    const partial = await payOut(seller, { amount: 10_000 });
    const r2 = await report(seller, partial.id);
    expect(total(r2.lines)).toBe(10_000);
    expect(r2.summary).toMatchObject({
      carried_in: 0,
      collections: 40_000,
      fees: -1_000,
      carried_out: -29_000,
    });
    const rest = await payOut(seller);
    expect(rest.amount).toBe(29_000);
    const r3 = await report(seller, rest.id);
    expect(r3.lines).toEqual([expect.objectContaining({ type: 'carried_in', amount: 29_000 })]);
    expect(total(r3.lines)).toBe(29_000);
    // An earlier report is the same later: it is read from the append-only ledger.
    expect(await report(seller, first.id)).toEqual(r1);
  });

  it('a failed payout’s money is paid again by the next payout, which says so', async () => {
    const seller = await createTestMerchant(t, { approve: true });
    // The sandbox fails transfers to this account.
    await t.http.patch(
      m('/settings', seller),
      { settlement_account: { bank_code: '058', account_number: '0000009999' } },
      { token: seller.testKey },
    );
    const a = await planFor(seller, 'Fan', 40_000);
    await collectAll(a);
    const failing = await payOut(seller);
    await sendPayout(t.ctx, failing.id);
    await t.sandbox.control('POST', '/_sandbox/settle');
    expect((await wallet(seller)).available).toBe(39_000);
    const again = await payOut(seller);
    const r = await report(seller, again.id);
    expect(r.lines).toEqual([
      expect.objectContaining({
        type: 'payout_returned',
        amount: 39_000,
        reference: failing.reference,
      }),
    ]);
    expect(total(r.lines)).toBe(again.amount);
  });

  it('another merchant’s payout is 404', async () => {
    const first = (await t.http.get(m('/payouts'), { token: merchant.testKey })).body.data;
    const someone = await createTestMerchant(t, { approve: true });
    const payoutId = first[0]?.id ?? 'po_none';
    const res = await t.http.get(m(`/payouts/${payoutId}/settlement-report`, someone), {
      token: someone.testKey,
    });
    expect(res.status).toBe(404);
  });
});

// ── The shared security cells for the new routes ──────────────────────────────────────────
let other: TestMerchant;
let revokedKey: string;
let customerToken: string;
let payoutId = '';
beforeAll(async () => {
  other = await createTestMerchant(t);
  const rolled = await rollApiKey(t.ctx, merchant.id, 'test', 60);
  revokedKey = rolled.secret_key;
  await revokeApiKey(t.ctx, merchant.id, rolled.id);
  customerToken = (await createTestCustomer(t)).accessToken;
  const payout = await t.http.post(m('/payouts'), { amount: 1_000 }, { token: merchant.testKey });
  payoutId = payout.body.data.id;
});
const fixtures: SecurityFixtures = {
  t: () => t,
  merchant: () => merchant,
  revokedKey: () => revokedKey,
  otherMerchant: () => other,
  customerToken: () => customerToken,
};

describe('the report routes refuse the wrong callers', () => {
  for (const route of [
    {
      name: 'GET /merchant/{id}/exports/plans.csv',
      path: () => 'exports/plans.csv',
      mode: {
        noModeObject: 'exports the key’s own mode only (a live key exports no test plan, above)',
      },
    },
    {
      name: 'GET /merchant/{id}/exports/charges.csv',
      path: () => 'exports/charges.csv',
      mode: { noModeObject: 'exports the key’s own mode only' },
    },
    {
      name: 'GET /merchant/{id}/exports/refunds.csv',
      path: () => 'exports/refunds.csv',
      mode: { noModeObject: 'exports the key’s own mode only' },
    },
    {
      name: 'GET /merchant/{id}/exports/wallet.csv',
      path: () => 'exports/wallet.csv',
      mode: { object: 'test' },
    },
    {
      name: 'GET /merchant/{id}/payouts/{payout_id}/settlement-report',
      path: () => `payouts/${payoutId}/settlement-report`,
      mode: { object: 'test' },
    },
    {
      name: 'GET /merchant/{id}/payouts/{payout_id}/settlement-report.csv',
      path: () => `payouts/${payoutId}/settlement-report.csv`,
      mode: { object: 'test' },
    },
  ] as const) {
    merchantRouteSecuritySuite(
      {
        name: route.name,
        otherMerchantStatus: 404,
        mode: route.mode,
        send: (token) =>
          t.http.get(`/api/v1/merchant/${merchant.id}/${route.path()}`, {
            ...(token && { token }),
          }),
      },
      fixtures,
    );
  }
});
