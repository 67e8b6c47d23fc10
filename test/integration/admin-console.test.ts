import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runWrite } from '../../src/db/write.ts';
import { recordEvent } from '../../src/features/merchant-webhooks/events.ts';
import { disableOperator } from '../../src/features/operator/index.ts';
import {
  createTestMerchant,
  provideBusinessDetails,
  sessionBody,
  type TestMerchant,
} from '../harness/fixtures.ts';
import {
  addOperator,
  operatorLogin,
  operatorToken,
  type TestOperator,
} from '../harness/operators.ts';
import { collect, confirmPlanFor } from '../harness/plans.ts';
import { startTestAppWithSandbox, type TestAppWithSandbox } from '../harness/test-app.ts';

/**
 * The operator routes behind the console (/admin, decision 0020): merchant status changes with
 * who and why in the audit log, a merchant's overview, reconciliation, dead letters across
 * merchants and the ledger check.
 */
let t: TestAppWithSandbox;
beforeAll(async () => {
  t = await startTestAppWithSandbox({ settings: { rateLimitSandboxPerMin: 100_000 } });
});
afterAll(async () => t.close());

/** Signed in as the operator account called `name` (test/harness/operators.ts). */
const as = async (name = 'Test Operator') => ({ token: await operatorToken(t, name) });
const action = (id: string, what: 'approve' | 'deactivate' | 'reactivate') =>
  `/api/v1/admin/merchants/${id}/${what}`;

/** An event that failed until its retry window ran out, as the dispatcher leaves it. */
async function deadLetter(merchantId: string, type: 'payment.success' | 'payment.failed') {
  await runWrite(t.ctx.db, (tx) =>
    recordEvent(tx, { merchantId, livemode: false, type, data: {} }, t.clock.now()),
  );
  const event = await t.ctx.db
    .selectFrom('webhook_events')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('type', '=', type)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  await t.ctx.db
    .insertInto('webhook_attempts')
    .values({
      event_id: event.id,
      attempted_at: t.clock.now(),
      url: 'https://shop.example/hooks',
      outcome: 'failed',
      status_code: 500,
      latency_ms: 12,
      error: `HTTP 500 for ${merchantId}`,
    })
    .execute();
  await t.ctx.db
    .updateTable('webhook_events')
    .set({
      status: 'dead',
      next_attempt_at: null,
      attempts: 1,
      last_status_code: 500,
      last_error: `HTTP 500 for ${merchantId}`,
    })
    .where('id', '=', event.id)
    .execute();
  return event.id;
}

async function auditOf(targetId: string) {
  const res = await t.http.get(`/api/v1/admin/audit-log?target_id=${targetId}`, await as());
  expect(res.status).toBe(200);
  return res.body.data as {
    operator: string;
    action: string;
    reason: string | null;
    detail: Record<string, unknown>;
    operator_id: string | null;
    request_id: string | null;
    ip: string | null;
  }[];
}

describe('merchant status changes are audited', () => {
  it('a write needs a well-formed body and, to deactivate or reactivate, a reason', async () => {
    const m = await createTestMerchant(t);
    const refusals: [string, unknown, RegExp][] = [
      [action(m.id, 'approve'), { reason: 'ok', surprise: 1 }, /surprise|additional/i],
      [action(m.id, 'deactivate'), {}, /reason is required.*shown to the merchant/],
      [action(m.id, 'deactivate'), { reason: '  ' }, /reason is required/],
      [action(m.id, 'reactivate'), {}, /reason is required/],
      [action(m.id, 'deactivate'), { reason: 'x'.repeat(501) }, /reason/],
    ];
    for (const [path, body, detail] of refusals) {
      const res = await t.http.post(path, body, await as('Ada'));
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body).toMatchObject({ ok: false, code: 'invalid_request' });
      expect(res.body.detail).toMatch(detail);
    }
    expect(await auditOf(m.id)).toEqual([]);
    const row = await t.ctx.db
      .selectFrom('merchants')
      .select('status')
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending_approval');
  });

  it('approve, deactivate, reactivate: each one row with who, what, why, from and to', async () => {
    const m = await createTestMerchant(t);
    // Refused without the business details (decision 0074): no audit row, the status unchanged.
    const early = await t.http.post(action(m.id, 'approve'), {}, await as('Ada Obi'));
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('business_details_incomplete');
    expect(await auditOf(m.id)).toEqual([]);
    await provideBusinessDetails(t, m.id);
    const approve = await t.http.post(action(m.id, 'approve'), {}, await as('Ada Obi'));
    expect(approve.status).toBe(200);
    const deactivate = await t.http.post(
      action(m.id, 'deactivate'),
      { reason: '  Repeated chargebacks on electronics  ' },
      await as('Bola Ade'),
    );
    expect(deactivate.body.data).toMatchObject({
      status: 'deactivated',
      deactivation_reason: 'Repeated chargebacks on electronics',
    });
    expect(deactivate.body.data.deactivated_at).toEqual(expect.any(String));
    const refused = await t.http.post('/api/v1/checkout/sessions', sessionBody(m.id), {
      token: m.liveKey,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('merchant_inactive');
    expect(refused.body.detail).toContain('Repeated chargebacks on electronics');

    const reactivate = await t.http.post(
      action(m.id, 'reactivate'),
      { reason: 'Chargebacks repaid' },
      await as('Ada Obi'),
    );
    expect(reactivate.body.data).toMatchObject({
      status: 'active',
      deactivated_at: null,
      deactivation_reason: null,
    });
    expect(
      (
        await t.http.post('/api/v1/checkout/sessions', sessionBody(m.id), {
          token: m.liveKey,
        })
      ).status,
    ).toBe(201);

    const audit = await auditOf(m.id);
    expect(audit).toMatchObject([
      {
        action: 'merchant.reactivate',
        operator: 'Ada Obi',
        reason: 'Chargebacks repaid',
        detail: { from: 'deactivated', to: 'active' },
      },
      {
        action: 'merchant.deactivate',
        operator: 'Bola Ade',
        reason: 'Repeated chargebacks on electronics',
        detail: { from: 'active', to: 'deactivated', business_name: 'Ade Stores' },
      },
      {
        action: 'merchant.approve',
        operator: 'Ada Obi',
        reason: null,
        detail: { from: 'pending_approval', to: 'active' },
      },
    ]);
    for (const row of audit) {
      expect(row.operator_id).toMatch(/^opr_/);
      expect(row.request_id).toEqual(expect.any(String));
      expect(row.ip).toEqual(expect.any(String));
    }
  });

  it('a refused change (approving a deactivated merchant) leaves no audit row', async () => {
    const m = await createTestMerchant(t);
    await t.http.post(action(m.id, 'deactivate'), { reason: 'Fraud review' }, await as('Ada'));
    const approve = await t.http.post(action(m.id, 'approve'), { reason: 'oops' }, await as('Ada'));
    expect(approve.status).toBe(409);
    expect((await auditOf(m.id)).map((a) => a.action)).toEqual(['merchant.deactivate']);
    expect((await t.http.post(action('mer_nope', 'approve'), {}, await as('Ada'))).status).toBe(
      404,
    );
  });

  it('the audit log cannot be edited or deleted', async () => {
    await expect(
      t.ctx.db.updateTable('operator_audit_log').set({ reason: 'rewritten' }).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(t.ctx.db.deleteFrom('operator_audit_log').execute()).rejects.toThrow(
      /append-only/,
    );
  });

  it('the audit log pages newest first with a cursor', async () => {
    const m = await createTestMerchant(t);
    for (const n of [1, 2, 3]) {
      await t.http.post(action(m.id, 'deactivate'), { reason: `reason ${n}` }, await as('Ada'));
    }
    const first = await t.http.get(`/api/v1/admin/audit-log?target_id=${m.id}&limit=2`, await as());
    expect(first.body.data.map((a: { reason: string }) => a.reason)).toEqual([
      'reason 3',
      'reason 2',
    ]);
    expect(first.body.has_more).toBe(true);
    const second = await t.http.get(
      `/api/v1/admin/audit-log?target_id=${m.id}&limit=2&cursor=${first.body.next_cursor}`,
      await as(),
    );
    expect(second.body.data.map((a: { reason: string }) => a.reason)).toEqual(['reason 1']);
    expect(second.body.has_more).toBe(false);
    expect((await t.http.get('/api/v1/admin/audit-log?cursor=nonsense', await as())).status).toBe(
      400,
    );
  });
});

describe('what an operator watches', () => {
  let merchant: TestMerchant;
  beforeAll(async () => {
    merchant = await createTestMerchant(t, { approve: true });
    const { plan } = await confirmPlanFor(t, merchant);
    const deposit = plan.installments.find((i) => i.sequence === 0);
    if (deposit) await collect(t, deposit.id);
  });

  it('the merchant list puts pending approval first', async () => {
    await createTestMerchant(t);
    const res = await t.http.get('/api/v1/admin/merchants?limit=100', await as());
    const statuses = (res.body.data as { status: string }[]).map((m) => m.status);
    const firstOther = statuses.findIndex((s) => s !== 'pending_approval');
    expect(firstOther).toBeGreaterThan(0);
    expect(statuses.slice(firstOther)).not.toContain('pending_approval');
    expect(res.body.total).toBe(statuses.length);
  });

  it("a merchant's overview: plans by status, wallet, webhook health per mode", async () => {
    const eventId = await deadLetter(merchant.id, 'payment.success');

    const res = await t.http.get(`/api/v1/admin/merchants/${merchant.id}`, await as());
    expect(res.status).toBe(200);
    const overview = res.body.data;
    expect(overview.merchant).toMatchObject({ id: merchant.id, status: 'active' });
    const testPlans = Object.values(overview.plans.test as Record<string, number>);
    expect(testPlans.reduce((a, b) => a + b, 0)).toBe(1);
    expect(overview.plans.live).toEqual({
      pending_deposit: 0,
      active: 0,
      completed: 0,
      defaulted: 0,
      cancelled: 0,
    });
    expect(overview.wallet).toMatchObject({
      available: expect.any(Number),
      pending: expect.any(Number),
    });
    const wallet = overview.wallet as { pending: number; available: number };
    expect(wallet.pending + wallet.available).toBeGreaterThan(0);
    expect(overview.webhooks.test).toMatchObject({
      dead_letters: 1,
      last_attempt: { event_id: eventId, outcome: 'failed', status_code: 500 },
    });
    expect(overview.webhooks.live).toMatchObject({ dead_letters: 0, last_attempt: null });
    expect((await t.http.get('/api/v1/admin/merchants/mer_nope', await as())).status).toBe(404);
  });

  it('dead letters across merchants, newest first, with their merchant, paged', async () => {
    const other = await createTestMerchant(t);
    for (const m of [merchant, other]) await deadLetter(m.id, 'payment.failed');
    const all = await t.http.get('/api/v1/admin/webhook-events/dead?limit=100', await as());
    expect(all.status).toBe(200);
    const merchants = new Set(all.body.data.map((e: { merchant_id: string }) => e.merchant_id));
    expect(merchants).toEqual(new Set([merchant.id, other.id]));
    expect(all.body.data[0]).toMatchObject({
      business_name: 'Ade Stores',
      object: 'webhook_event',
    });
    const one = await t.http.get(
      `/api/v1/admin/webhook-events/dead?limit=1&merchant_id=${other.id}`,
      await as(),
    );
    expect(one.body.data).toMatchObject([
      { merchant_id: other.id, last_error: `HTTP 500 for ${other.id}` },
    ]);
    const page = await t.http.get('/api/v1/admin/webhook-events/dead?limit=1', await as());
    expect(page.body.has_more).toBe(true);
    const next = await t.http.get(
      `/api/v1/admin/webhook-events/dead?limit=100&cursor=${page.body.next_cursor}`,
      await as(),
    );
    expect(next.body.data).toHaveLength(all.body.data.length - 1);
  });

  it('the ledger check: postings sum to zero, every entry balances, no account on the wrong side', async () => {
    const res = await t.http.get('/api/v1/admin/ledger/check', await as());
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      object: 'ledger_check',
      sum_kobo: 0,
      balanced: true,
      unbalanced_entries: [],
      wrong_side_accounts: [],
      unknown_accounts: [],
    });
    expect(res.body.data.entries).toBeGreaterThan(0);
    expect(res.body.data.total_debits_kobo).toBeGreaterThan(0);
  });

  it('reconciliation: the report with each difference, and who ran it', async () => {
    const clean = await t.http.post('/api/v1/admin/reconciliation', {}, await as('Ada Obi'));
    expect(clean.status).toBe(200);
    expect(clean.body.data.differences).toEqual([]);
    expect(clean.body.data.charges_checked).toBeGreaterThan(0);

    // A charge recorded as collected that the ledger never booked (then removed again, so the
    // file's invariant check sees the real books).
    const charge = await t.ctx.db
      .selectFrom('charges')
      .selectAll()
      .where('merchant_id', '=', merchant.id)
      .executeTakeFirstOrThrow();
    const reference = `${charge.reference}-phantom`;
    await t.ctx.db
      .insertInto('charges')
      .values({ ...charge, reference, attempt: charge.attempt + 50, status: 'success' })
      .execute();
    try {
      const report = await t.http.post(
        '/api/v1/admin/reconciliation',
        { gateway: false, reason: 'checking a reported gap' },
        await as('Bola Ade'),
      );
      expect(report.status).toBe(200);
      expect(report.body.data.differences).toContainEqual({
        kind: 'charge',
        reference,
        detail: 'collected, but no payment_collected ledger entry',
      });
    } finally {
      await t.ctx.db.deleteFrom('charges').where('reference', '=', reference).execute();
    }
    const runs = await t.ctx.db
      .selectFrom('operator_audit_log')
      .selectAll()
      .where('action', '=', 'reconciliation.run')
      .orderBy('created_at')
      .execute();
    expect(runs.map((r) => [r.operator, r.reason, r.detail.differences, r.detail.gateway])).toEqual(
      [
        ['Ada Obi', null, 0, true],
        ['Bola Ade', 'checking a reported gap', 1, false],
      ],
    );
    const future = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    expect(
      (await t.http.post('/api/v1/admin/reconciliation', { since: future }, await as('Ada')))
        .status,
    ).toBe(400);
    const old = new Date(t.clock.now().getTime() - 40 * 86_400_000).toISOString();
    expect(
      (await t.http.post('/api/v1/admin/reconciliation', { since: old }, await as('Ada'))).status,
    ).toBe(400);
    expect(
      (
        await t.http.post(
          '/api/v1/admin/reconciliation',
          { since: old, gateway: false },
          await as('Ada'),
        )
      ).status,
    ).toBe(200);
  });
});

describe('operators sign in with their own accounts (decision 0035)', () => {
  const nowSeconds = () => t.clock.now().getTime() / 1000;
  const login = (operator: TestOperator, fields: { password?: string; code?: string } = {}) =>
    t.http.post('/api/v1/admin/login', {
      email: operator.email,
      password: fields.password ?? operator.password,
      code: fields.code ?? operator.code(nowSeconds()),
    });
  const wrongCode = (operator: TestOperator) => {
    const near = [-30, 0, 30].map((d) => operator.code(nowSeconds() + d));
    return ['000000', '123456', '999999'].find((c) => !near.includes(c)) ?? '000001';
  };

  it('a wrong code or password answers 401 alike; the right three sign in; a code is good once', async () => {
    const operator = await addOperator(t, 'Chidi Eze');
    for (const attempt of [
      login(operator, { code: wrongCode(operator) }),
      login(operator, { password: 'not the password at all' }),
      t.http.post('/api/v1/admin/login', {
        email: 'nobody@ops.tranche.test',
        password: operator.password,
        code: operator.code(nowSeconds()),
      }),
    ]) {
      const res = await attempt;
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({
        ok: false,
        code: 'unauthenticated',
        detail: 'Email, password or authenticator code is incorrect.',
      });
    }
    const signedIn = await login(operator);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data).toMatchObject({
      operator: { id: operator.id, object: 'operator', email: operator.email, name: 'Chidi Eze' },
      token_type: 'Bearer',
      expires_in: 900,
    });
    const token = signedIn.body.data.access_token as string;
    expect((await t.http.get('/api/v1/admin/merchants?limit=1', { token })).status).toBe(200);
    // The same code again, even with the right password: refused (RFC 6238 section 5.2).
    expect((await login(operator)).status).toBe(401);
    // The next step's code works.
    t.clock.advance(30_000);
    expect((await login(operator)).status).toBe(200);
  });

  it('failed sign-ins are throttled like other logins (429 past LOGIN_MAX_FAILURES)', async () => {
    const operator = await addOperator(t, 'Dayo Bello');
    for (let i = 0; i < 5; i++) {
      expect((await login(operator, { code: wrongCode(operator) })).status).toBe(401);
    }
    const throttled = await login(operator);
    expect(throttled.status).toBe(429);
    expect(throttled.body.code).toBe('login_throttled');
    t.clock.advance(15 * 60_000 + 1_000);
    expect((await login(operator)).status).toBe(200);
  });

  it('a self-declared X-Operator no longer sets who: the audit names the signed-in account', async () => {
    const m = await createTestMerchant(t);
    await provideBusinessDetails(t, m.id);
    const ada = await addOperator(t, 'Ada Obi');
    const session = await operatorLogin(t.http, ada, nowSeconds());
    const res = await t.http.post(
      action(m.id, 'approve'),
      {},
      { token: session.token, headers: { 'x-operator': 'Mallory' } },
    );
    expect(res.status).toBe(200);
    const [entry] = await auditOf(m.id);
    expect(entry).toMatchObject({ operator: 'Ada Obi', operator_id: ada.id });
    const forged = await t.ctx.db
      .selectFrom('operator_audit_log')
      .select('id')
      .where('operator', '=', 'Mallory')
      .execute();
    expect(forged).toEqual([]);
  });

  it('the shared adm_ token is refused, whatever it is', async () => {
    for (const token of ['adm_anything', `adm_${'x'.repeat(40)}`]) {
      const res = await t.http.get('/api/v1/admin/merchants', {
        token,
        headers: { 'x-operator': 'Ada Obi' },
      });
      expect(res.status).toBe(401);
      expect(res.body.detail).toMatch(/Shared operator tokens are no longer accepted/);
    }
  });

  it('refresh rotates; sign-out ends the sign-in; a sign-in lasts 12 hours; disabling ends everything', async () => {
    const operator = await addOperator(t, 'Emeka Uche');
    const first = await operatorLogin(t.http, operator, nowSeconds());
    const refresh = (token: string) =>
      t.http.post('/api/v1/admin/token/refresh', { refresh_token: token });
    const second = await refresh(first.refreshToken);
    expect(second.status).toBe(200);
    expect(second.body.data.operator.id).toBe(operator.id);
    expect((await refresh(first.refreshToken)).status).toBe(401);
    // Reuse revoked the family: the second token is gone too.
    expect((await refresh(second.body.data.refresh_token as string)).status).toBe(401);

    t.clock.advance(30_000);
    const third = await operatorLogin(t.http, operator, nowSeconds());
    const merchants = (token: string) => t.http.get('/api/v1/admin/merchants', { token });
    expect((await merchants(third.token)).status).toBe(200);
    const out = await t.http.post('/api/v1/admin/logout', { refresh_token: third.refreshToken });
    expect(out.status).toBe(200);
    expect((await refresh(third.refreshToken)).status).toBe(401);
    // The access token ends with its login (decision 0034), not 15 minutes later.
    expect((await merchants(third.token)).status).toBe(401);

    t.clock.advance(30_000);
    const fourth = await operatorLogin(t.http, operator, nowSeconds());
    t.clock.advance(11 * 60 * 60_000);
    const late = await refresh(fourth.refreshToken);
    expect(late.status).toBe(200);
    t.clock.advance(60 * 60_000 + 1_000);
    expect((await refresh(late.body.data.refresh_token as string)).status).toBe(401);

    const fifth = await operatorLogin(t.http, operator, nowSeconds());
    expect((await merchants(fifth.token)).status).toBe(200);
    await disableOperator(t.ctx, operator.email);
    expect((await merchants(fifth.token)).status).toBe(401);
    const ended = await t.ctx.db
      .selectFrom('refresh_token_families')
      .select('revoked_at')
      .where('subject_type', '=', 'operator')
      .where('subject_id', '=', operator.id)
      .execute();
    expect(ended.length).toBeGreaterThan(0);
    expect(ended.filter((login) => !login.revoked_at)).toEqual([]);
    expect((await refresh(fifth.refreshToken)).status).toBe(401);
    t.clock.advance(30_000);
    expect((await login(operator)).status).toBe(401);
  });
});
