import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DAY_MS, formatCalendarDate, lagosDateOf } from '../../src/domain/lagos-time.ts';
import { revokeApiKey, rollApiKey } from '../../src/features/merchants/api-keys.ts';
import { createTestCustomer, createTestMerchant, type TestMerchant } from '../harness/fixtures.ts';
import { operatorToken } from '../harness/operators.ts';
import { collectToStatus, confirmPlanFor } from '../harness/plans.ts';
import { merchantRouteSecuritySuite, type SecurityFixtures } from '../harness/security-suite.ts';
import { startTestAppWithSandbox, type TestAppWithSandbox } from '../harness/test-app.ts';

/**
 * Hardship requests (issue 29 "Build 3", decision 0072) through real HTTP, real PostgreSQL and the
 * sandbox gateway: the customer asks, the merchant decides, the schedule, its collection jobs and
 * events follow, and a rescheduled installment does not count against the customer's score.
 */

let t: TestAppWithSandbox;
let merchant: TestMerchant;
beforeAll(async () => {
  t = await startTestAppWithSandbox();
  merchant = await createTestMerchant(t, { approve: true });
});
afterAll(async () => t.close());

type Planned = Awaited<ReturnType<typeof confirmPlanFor>>;

const requestsPath = (planId: string) => `/api/v1/customers/me/plans/${planId}/hardship-requests`;
const decidePath = (m: TestMerchant, id: string, decision: 'approve' | 'decline') =>
  `/api/v1/merchant/${m.id}/hardship-requests/${id}/${decision}`;
const day = (at: Date, plusDays = 0) =>
  formatCalendarDate(lagosDateOf(new Date(at.getTime() + plusDays * DAY_MS)));

async function installment(id: string) {
  return t.ctx.db
    .selectFrom('installments')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function collectJobs(installmentId: string) {
  const { rows } = await sql<{ key: string; run_at: Date }>`
    SELECT key, run_at FROM graphile_worker.jobs
     WHERE task_identifier = 'collect_installment' AND key LIKE ${`collect:${installmentId}:%`}
     ORDER BY key`.execute(t.ctx.db);
  return rows.map((r) => ({ key: r.key, runAt: r.run_at.toISOString() }));
}

async function planEvents(planId: string) {
  const rows = await t.ctx.db
    .selectFrom('webhook_events')
    .select(['type', 'body'])
    .where('merchant_id', '=', merchant.id)
    .where('body', 'like', `%${planId}%`)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    type: r.type,
    body: JSON.parse(r.body) as { data: Record<string, unknown> },
  }));
}

async function journalEntries(): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('journal_entries')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function trust(p: Planned) {
  const res = await t.http.get('/api/v1/customers/me/trust?livemode=false', {
    token: p.customer.accessToken,
  });
  expect(res.status).toBe(200);
  return res.body.data as { score: number; delinquent: boolean };
}

async function ask(p: Planned, body: object) {
  return t.http.post(requestsPath(p.plan.id), body, { token: p.customer.accessToken });
}

async function decide(id: string, decision: 'approve' | 'decline', m = merchant) {
  return t.http.post(decidePath(m, id, decision), {}, { token: m.testKey });
}

/** A plan whose deposit is paid. */
async function runningPlan(): Promise<Planned> {
  const planned = await confirmPlanFor(t, merchant);
  expect(await collectToStatus(t, planned.plan.installments[0]!.id)).toBe('paid');
  return planned;
}

describe('moving one due date', () => {
  it('approved: the installment is collected on the new date, not before, and the merchant is told', async () => {
    const p = await runningPlan();
    const first = p.plan.installments[1]!;
    const dueAt = new Date(first.due_at);
    expect(await collectJobs(first.id)).toEqual([
      { key: `collect:${first.id}:1`, runAt: dueAt.toISOString() },
    ]);
    const asked = await ask(p, {
      kind: 'move_due_date',
      installment_id: first.id,
      new_due_date: day(dueAt, 10),
      reason: 'Salary comes late this month',
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body.data.hardship_request).toMatchObject({
      status: 'requested',
      kind: 'move_due_date',
      installment_id: first.id,
      new_due_date: day(dueAt, 10),
    });
    // Nothing changes before the merchant decides.
    expect((await installment(first.id)).due_at.toISOString()).toBe(dueAt.toISOString());

    const entriesBefore = await journalEntries();
    const approved = await decide(asked.body.data.hardship_request.id, 'approve');
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data.hardship_request).toMatchObject({
      status: 'approved',
      decided_by: 'merchant',
    });
    const newDueAt = new Date(dueAt.getTime() + 10 * DAY_MS);
    expect(approved.body.data.payment_plan.installments[1].due_at).toBe(newDueAt.toISOString());
    // The one waiting collection job now runs at the new due time (09:00 Lagos), none earlier.
    expect(await collectJobs(first.id)).toEqual([
      { key: `collect:${first.id}:1`, runAt: newDueAt.toISOString() },
    ]);
    const events = await planEvents(p.plan.id);
    const updated = events.filter((e) => e.type === 'payment_plan.updated');
    expect(updated).toHaveLength(1);
    expect(updated[0]?.body.data).toMatchObject({
      reason: 'hardship',
      refund: null,
      hardship_request: { id: asked.body.data.hardship_request.id, status: 'approved' },
    });
    // No money moved: the approval booked nothing.
    expect(await journalEntries()).toBe(entriesBefore);

    // On the new date the collection runs and pays.
    const now = t.clock.now();
    t.clock.set(newDueAt);
    expect(await collectToStatus(t, first.id)).toBe('paid');
    const charge = await t.ctx.db
      .selectFrom('charges')
      .select(['created_at', 'amount_kobo'])
      .where('installment_id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(charge.created_at.getTime()).toBeGreaterThanOrEqual(newDueAt.getTime());
    t.clock.set(now);
  });

  it('declined: the schedule stays, and the plan has used its one request', async () => {
    const p = await runningPlan();
    const first = p.plan.installments[1]!;
    const asked = await ask(p, {
      kind: 'move_due_date',
      installment_id: first.id,
      new_due_date: day(new Date(first.due_at), 3),
    });
    expect(asked.status).toBe(201);
    const declined = await t.http.post(
      decidePath(merchant, asked.body.data.hardship_request.id, 'decline'),
      { note: 'We cannot wait, sorry' },
      { token: merchant.testKey },
    );
    expect(declined.status).toBe(200);
    expect(declined.body.data.hardship_request).toMatchObject({
      status: 'declined',
      decision_note: 'We cannot wait, sorry',
    });
    expect((await installment(first.id)).due_at.toISOString()).toBe(first.due_at);
    expect(await collectJobs(first.id)).toEqual([
      { key: `collect:${first.id}:1`, runAt: first.due_at },
    ]);
    // Deciding again is refused, and so is a second request.
    expect((await decide(asked.body.data.hardship_request.id, 'approve')).status).toBe(409);
    const second = await ask(p, { kind: 'spread', extra_installments: 1 });
    expect(second.status).toBe(409);
    expect(second.body.detail).toMatch(/already has a hardship request \(declined\)/);
    expect((await planEvents(p.plan.id)).map((e) => e.type)).not.toContain('payment_plan.updated');
  });

  it('a second request is refused while one waits and after one is approved; a cancelled one frees it', async () => {
    const p = await runningPlan();
    const [, first, second] = p.plan.installments;
    const offered = await t.http.get(`/api/v1/customers/me/plans/${p.plan.id}/hardship`, {
      token: p.customer.accessToken,
    });
    expect(offered.body.data).toMatchObject({
      can_request: true,
      movable_installments: [
        {
          installment_id: first!.id,
          sequence: 1,
          due_date: day(new Date(first!.due_at)),
          earliest_due_date: day(new Date(first!.due_at), 1),
          latest_due_date: day(new Date(first!.due_at), 14),
        },
        { sequence: 2 },
        { sequence: 3 },
      ],
    });
    const one = await ask(p, {
      kind: 'move_due_date',
      installment_id: first!.id,
      new_due_date: day(new Date(first!.due_at), 2),
    });
    expect(one.status).toBe(201);
    const whileWaiting = await ask(p, {
      kind: 'move_due_date',
      installment_id: second!.id,
      new_due_date: day(new Date(second!.due_at), 2),
    });
    expect(whileWaiting.status).toBe(409);
    const cancelled = await t.http.post(
      `${requestsPath(p.plan.id)}/${one.body.data.hardship_request.id}/cancel`,
      {},
      { token: p.customer.accessToken },
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.hardship_request.status).toBe('cancelled');
    expect((await decide(one.body.data.hardship_request.id, 'approve')).status).toBe(409);
    const again = await ask(p, {
      kind: 'move_due_date',
      installment_id: second!.id,
      new_due_date: day(new Date(second!.due_at), 2),
    });
    expect(again.status).toBe(201);
    expect((await decide(again.body.data.hardship_request.id, 'approve')).status).toBe(200);
    const afterApproval = await ask(p, { kind: 'spread', extra_installments: 1 });
    expect(afterApproval.status).toBe(409);
    const shown = await t.http.get(`/api/v1/customers/me/plans/${p.plan.id}/hardship`, {
      token: p.customer.accessToken,
    });
    expect(shown.body.data).toMatchObject({ can_request: false, max_move_days: 14 });
    expect((shown.body.data.requests as { status: string }[]).map((r) => r.status)).toEqual([
      'approved',
      'cancelled',
    ]);
  });

  it("refuses beyond the merchant's limit (4xx), and the merchant sets the limit within its cap", async () => {
    const m = await createTestMerchant(t, { approve: true });
    const settingsPath = `/api/v1/merchant/${m.id}/hardship-settings`;
    expect((await t.http.get(settingsPath, { token: m.testKey })).body.data).toEqual({
      max_move_days: 14,
      max_extra_installments: 3,
      auto_approve: false,
    });
    const p = await confirmPlanFor(t, m);
    expect(await collectToStatus(t, p.plan.installments[0]!.id)).toBe('paid');
    const first = p.plan.installments[1]!;
    const tooFar = await ask(p, {
      kind: 'move_due_date',
      installment_id: first.id,
      new_due_date: day(new Date(first.due_at), 15),
    });
    expect(tooFar.status).toBe(400);
    expect(tooFar.body.detail).toMatch(/at most 14/);
    const set = await t.http.put(
      settingsPath,
      { max_move_days: 3, max_extra_installments: 1, auto_approve: false },
      { token: m.testKey },
    );
    expect(set.status).toBe(200);
    const beyondThree = await ask(p, {
      kind: 'move_due_date',
      installment_id: first.id,
      new_due_date: day(new Date(first.due_at), 4),
    });
    expect(beyondThree.status).toBe(400);
    expect((await ask(p, { kind: 'spread', extra_installments: 2 })).status).toBe(400);
    const earlier = await ask(p, {
      kind: 'move_due_date',
      installment_id: first.id,
      new_due_date: day(new Date(first.due_at), -1),
    });
    expect(earlier.status).toBe(400);
    const deposit = await ask(p, {
      kind: 'move_due_date',
      installment_id: p.plan.installments[0]!.id,
      new_due_date: day(new Date(first.due_at), 1),
    });
    expect(deposit.status).toBe(400);
    const notADay = await ask(p, {
      kind: 'move_due_date',
      installment_id: first.id,
      new_due_date: '2027-02-30',
    });
    expect(notADay.status).toBe(400);
    for (const bad of [
      { max_move_days: 31, max_extra_installments: 1, auto_approve: false },
      { max_move_days: 3, max_extra_installments: 7, auto_approve: false },
      { max_move_days: 3 },
    ]) {
      expect((await t.http.put(settingsPath, bad, { token: m.testKey })).status).toBe(400);
    }
    // Nothing was stored by the refusals: the plan's one request is still there.
    const ok = await ask(p, {
      kind: 'move_due_date',
      installment_id: first.id,
      new_due_date: day(new Date(first.due_at), 3),
    });
    expect(ok.status).toBe(201);
  });

  it("only the plan's customer asks and only its merchant decides; others get 404", async () => {
    const p = await runningPlan();
    const other = await runningPlan();
    const first = p.plan.installments[1]!;
    const body = {
      kind: 'move_due_date',
      installment_id: first.id,
      new_due_date: day(new Date(first.due_at), 2),
    };
    const stranger = await t.http.post(requestsPath(p.plan.id), body, {
      token: other.customer.accessToken,
    });
    expect(stranger.status).toBe(404);
    expect(
      (
        await t.http.get(`/api/v1/customers/me/plans/${p.plan.id}/hardship`, {
          token: other.customer.accessToken,
        })
      ).status,
    ).toBe(404);
    const asked = await ask(p, body);
    const otherMerchant = await createTestMerchant(t, { approve: true });
    expect(
      (await decide(asked.body.data.hardship_request.id, 'approve', otherMerchant)).status,
    ).toBe(404);
    expect(
      (
        await t.http.post(
          `${requestsPath(p.plan.id)}/${asked.body.data.hardship_request.id}/cancel`,
          {},
          { token: other.customer.accessToken },
        )
      ).status,
    ).toBe(404);
  });

  it('a merchant that approves automatically changes the schedule at once', async () => {
    const m = await createTestMerchant(t, { approve: true });
    await t.http.put(
      `/api/v1/merchant/${m.id}/hardship-settings`,
      { max_move_days: 7, max_extra_installments: 2, auto_approve: true },
      { token: m.testKey },
    );
    const p = await confirmPlanFor(t, m);
    expect(await collectToStatus(t, p.plan.installments[0]!.id)).toBe('paid');
    const first = p.plan.installments[1]!;
    const asked = await ask(p, {
      kind: 'move_due_date',
      installment_id: first.id,
      new_due_date: day(new Date(first.due_at), 7),
    });
    expect(asked.status).toBe(201);
    expect(asked.body.data.hardship_request).toMatchObject({
      status: 'approved',
      decided_by: 'automatic',
    });
    expect(asked.body.data.payment_plan.installments[1].due_at).toBe(
      new Date(new Date(first.due_at).getTime() + 7 * DAY_MS).toISOString(),
    );
  });
});

describe("an operator answers in the merchant's place", () => {
  it("approves under the merchant's limits, in the audit log; customers and merchants cannot use the admin route", async () => {
    const p = await runningPlan();
    const first = p.plan.installments[1]!;
    const asked = await ask(p, {
      kind: 'move_due_date',
      installment_id: first.id,
      new_due_date: day(new Date(first.due_at), 4),
    });
    const id = asked.body.data.hardship_request.id as string;
    const token = await operatorToken(t, 'Ops Ada');
    const listed = await t.http.get('/api/v1/admin/hardship-requests?status=requested', { token });
    expect(listed.status).toBe(200);
    expect((listed.body.data as { id: string }[]).map((r) => r.id)).toContain(id);
    for (const wrong of [p.customer.accessToken, merchant.testKey]) {
      const refused = await t.http.post(
        `/api/v1/admin/hardship-requests/${id}/approve`,
        {},
        {
          token: wrong,
        },
      );
      expect(refused.status).toBe(401);
    }
    const approved = await t.http.post(
      `/api/v1/admin/hardship-requests/${id}/approve`,
      { note: 'Merchant asked us to' },
      { token },
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data.hardship_request).toMatchObject({
      status: 'approved',
      decided_by: 'operator',
      decision_note: 'Merchant asked us to',
    });
    expect(approved.body.data.payment_plan.installments[1].due_at).toBe(
      new Date(new Date(first.due_at).getTime() + 4 * DAY_MS).toISOString(),
    );
    const audit = await t.ctx.db
      .selectFrom('operator_audit_log')
      .select(['operator', 'action', 'target_id', 'reason', 'detail'])
      .where('action', '=', 'hardship.approve')
      .execute();
    expect(audit).toEqual([
      {
        operator: 'Ops Ada',
        action: 'hardship.approve',
        target_id: merchant.id,
        reason: 'Merchant asked us to',
        detail: { hardship_request_id: id, payment_plan_id: p.plan.id },
      },
    ]);
    const again = await t.http.post(`/api/v1/admin/hardship-requests/${id}/decline`, {}, { token });
    expect(again.status).toBe(409);
  });
});

describe('spreading the rest', () => {
  it('approved: the sum is conserved in kobo, more installments, each with its collection job', async () => {
    const p = await confirmPlanFor(t, merchant, { amount: 100_001 });
    expect(await collectToStatus(t, p.plan.installments[0]!.id)).toBe('paid');
    const before = p.plan.installments.slice(1);
    const left = before.reduce((s, i) => s + i.amount, 0);
    const asked = await ask(p, { kind: 'spread', extra_installments: 3 });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const approved = await decide(asked.body.data.hardship_request.id, 'approve');
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const plan = approved.body.data.payment_plan as {
      installment_count: number;
      amount: number;
      installments: {
        id: string;
        sequence: number;
        amount: number;
        due_at: string;
        status: string;
      }[];
    };
    expect(plan.installment_count).toBe(6);
    const after = plan.installments.filter((i) => i.sequence > 0);
    expect(after).toHaveLength(6);
    expect(after.reduce((s, i) => s + i.amount, 0)).toBe(left);
    expect(plan.installments.reduce((s, i) => s + i.amount, 0)).toBe(plan.amount);
    for (const i of after) expect(i.amount).toBeGreaterThan(0);
    expect(
      Math.max(...after.map((i) => i.amount)) - Math.min(...after.map((i) => i.amount)),
    ).toBeLessThanOrEqual(1);
    // The first three keep their dates; the added ones come a month apart after the last.
    expect(after.slice(0, 3).map((i) => i.due_at)).toEqual(before.map((i) => i.due_at));
    for (const added of after.slice(3)) {
      expect(await collectJobs(added.id)).toEqual([
        { key: `collect:${added.id}:1`, runAt: added.due_at },
      ]);
    }
    // The receivable is what it was: the ledger did not move.
    const receivable = await t.ctx.db
      .selectFrom('journal_postings')
      .select((eb) => eb.fn.sum<string>(eb('debit_kobo', '-', eb.ref('credit_kobo'))).as('balance'))
      .where('account', '=', `customer_receivable:${p.plan.id}`)
      .executeTakeFirstOrThrow();
    expect(Number(receivable.balance)).toBe(left);
    // The last added installment is collected like any other.
    expect(await collectToStatus(t, after[5]!.id)).toBe('paid');
  });
});

describe("the customer's score", () => {
  /** Installment 1 is made to fail two days after its due date (sandbox time travel). */
  async function missInstallment(p: Planned) {
    await t.sandbox.control('POST', `/_sandbox/authorizations/${p.authorizationCode}`, {
      behaviour: 'insufficient_funds',
    });
    const travelled = await t.http.post(
      `/api/v1/merchant/${merchant.id}/plans/${p.plan.id}/advance-clock`,
      { days: 33 },
      { token: merchant.testKey },
    );
    expect(travelled.status).toBe(200);
    expect(await collectToStatus(t, p.plan.installments[1]!.id)).toBe('failed');
  }

  it('a rescheduled installment keeps the score a missed one loses', async () => {
    const rescheduled = await runningPlan();
    const missed = await runningPlan();
    const start = await trust(rescheduled);
    expect(await trust(missed)).toEqual(start);

    await missInstallment(rescheduled);
    await missInstallment(missed);
    const afterMiss = await trust(missed);
    expect(afterMiss.score).toBeLessThan(start.score);
    expect(afterMiss.delinquent).toBe(true);
    expect(await trust(rescheduled)).toEqual(afterMiss);

    // The failed installment moves ten days past its (travelled) due date and is approved.
    const first = await installment(rescheduled.plan.installments[1]!.id);
    const asked = await ask(rescheduled, {
      kind: 'move_due_date',
      installment_id: first.id,
      new_due_date: day(first.due_at, 10),
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect((await decide(asked.body.data.hardship_request.id, 'approve')).status).toBe(200);
    expect(await trust(rescheduled)).toMatchObject({ score: start.score, delinquent: false });
    expect(await trust(missed)).toEqual(afterMiss);
    // Its retry waits for the new date instead of tomorrow.
    const moved = await installment(first.id);
    expect(moved).toMatchObject({
      status: 'failed',
      failed_attempts: 1,
      excused_failed_attempts: 1,
    });
    // (Job :1 is the one this test ran by hand through collectToStatus; a worker removes it.)
    expect((await collectJobs(first.id)).filter((j) => j.key.endsWith(':2'))).toEqual([
      { key: `collect:${first.id}:2`, runAt: moved.due_at.toISOString() },
    ]);

    // Paid on the new date: on time, so the score rises as for any payment on time.
    await t.sandbox.control('POST', `/_sandbox/authorizations/${rescheduled.authorizationCode}`, {
      behaviour: 'success',
    });
    const now = t.clock.now();
    t.clock.set(moved.due_at);
    expect(await collectToStatus(t, first.id)).toBe('paid');
    t.clock.set(now); // the customer's access token is minutes old, not days
    expect((await trust(rescheduled)).score).toBeGreaterThan(start.score);
  });
});

describe('merchant hardship routes refuse the wrong callers', () => {
  let owner: TestMerchant;
  let other: TestMerchant;
  let revokedKey = '';
  let customerToken = '';
  let requestIds: string[] = [];
  beforeAll(async () => {
    owner = await createTestMerchant(t, { approve: true });
    other = await createTestMerchant(t);
    const rolled = await rollApiKey(t.ctx, owner.id, 'test', 60);
    revokedKey = rolled.secret_key;
    await revokeApiKey(t.ctx, owner.id, rolled.id);
    customerToken = (await createTestCustomer(t)).accessToken;
    requestIds = [];
    for (let k = 0; k < 2; k++) {
      const p = await confirmPlanFor(t, owner);
      expect(await collectToStatus(t, p.plan.installments[0]!.id)).toBe('paid');
      const asked = await ask(p, { kind: 'spread', extra_installments: 1 });
      expect(asked.status).toBe(201);
      requestIds.push(asked.body.data.hardship_request.id as string);
    }
  });
  const fixtures: SecurityFixtures = {
    t: () => t,
    merchant: () => owner,
    revokedKey: () => revokedKey,
    otherMerchant: () => other,
    customerToken: () => customerToken,
  };
  const base = () => `/api/v1/merchant/${owner.id}`;
  const send =
    (method: 'get' | 'post' | 'put', path: () => string, body?: unknown) =>
    (token: string | undefined) =>
      method === 'get'
        ? t.http.get(path(), { ...(token && { token }) })
        : method === 'put'
          ? t.http.put(path(), body, { ...(token && { token }) })
          : t.http.post(path(), body, { ...(token && { token }) });
  const settings = { max_move_days: 14, max_extra_installments: 3, auto_approve: false };
  for (const [name, method, path, body, mode] of [
    [
      'GET /merchant/{id}/hardship-requests',
      'get',
      () => `${base()}/hardship-requests`,
      undefined,
      { lists: 'test', id: () => requestIds[0] ?? '' },
    ],
    [
      'POST /merchant/{id}/hardship-requests/{request}/approve',
      'post',
      () => `${base()}/hardship-requests/${requestIds[0]}/approve`,
      {},
      { object: 'test' },
    ],
    [
      'POST /merchant/{id}/hardship-requests/{request}/decline',
      'post',
      () => `${base()}/hardship-requests/${requestIds[1]}/decline`,
      {},
      { object: 'test' },
    ],
    [
      'GET /merchant/{id}/hardship-settings',
      'get',
      () => `${base()}/hardship-settings`,
      undefined,
      { noModeObject: "the shop's limits, one for both modes" },
    ],
    [
      'PUT /merchant/{id}/hardship-settings',
      'put',
      () => `${base()}/hardship-settings`,
      settings,
      { noModeObject: "the shop's limits, one for both modes" },
    ],
  ] as const) {
    merchantRouteSecuritySuite(
      { name, otherMerchantStatus: 404, mode, send: send(method, path, body) },
      fixtures,
    );
  }
});
