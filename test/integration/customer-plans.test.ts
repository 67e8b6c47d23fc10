import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { recordIntents } from '../../src/features/collections/intents.ts';
import { createTestMerchant, sessionBody, type TestMerchant } from '../harness/fixtures.ts';
import { addCard, collectToStatus, confirmPlanFor } from '../harness/plans.ts';
import { startTestAppWithSandbox, type TestAppWithSandbox } from '../harness/test-app.ts';

/**
 * The customer's own money actions (issue 11 item 4) through real HTTP and the sandbox gateway:
 * pay what is overdue now, pay off early, move a plan to another method.
 */

let t: TestAppWithSandbox;
let merchant: TestMerchant;
beforeAll(async () => {
  t = await startTestAppWithSandbox();
  merchant = await createTestMerchant(t, { approve: true });
});
afterAll(async () => t.close());

type Planned = Awaited<ReturnType<typeof confirmPlanFor>>;

const collectAs = (installmentId: string) => collectToStatus(t, installmentId);

const plansPath = (planId: string) => `/api/v1/customers/me/plans/${planId}`;

async function eligibility(p: Planned) {
  const session = await t.http.post(
    '/api/v1/checkout/sessions',
    sessionBody(merchant.id, { amount: 10_000 }),
    { token: merchant.testKey },
  );
  const res = await t.http.get(`/api/v1/checkout/sessions/${session.body.data.token}/eligibility`, {
    token: p.customer.accessToken,
  });
  return res.body.data as { eligible: boolean; reason: string | null };
}

async function merchantEvents(): Promise<string[]> {
  const rows = await t.ctx.db
    .selectFrom('webhook_events')
    .select('type')
    .where('merchant_id', '=', merchant.id)
    .execute();
  return rows.map((r) => r.type);
}

/** A plan with its deposit paid and installment 1 failed, past its due date. */
async function planWithMissedInstallment(): Promise<Planned> {
  const planned = await confirmPlanFor(t, merchant);
  expect(await collectAs(planned.plan.installments[0]!.id)).toBe('paid');
  await t.sandbox.control('POST', `/_sandbox/authorizations/${planned.authorizationCode}`, {
    behaviour: 'insufficient_funds',
  });
  // Sandbox time travel: 33 days pass for this plan, so installment 1 is two days overdue.
  const travelled = await t.http.post(
    `/api/v1/merchant/${merchant.id}/plans/${planned.plan.id}/advance-clock`,
    { days: 33 },
    { token: merchant.testKey },
  );
  expect(travelled.status).toBe(200);
  expect(await collectAs(planned.plan.installments[1]!.id)).toBe('failed');
  return planned;
}

/** What a failed payment the customer started must leave exactly as it was (issue 27 fix 1). */
async function footprint(p: Planned) {
  const installments = await t.ctx.db
    .selectFrom('installments')
    .select(['id', 'status', 'failed_attempts', 'charge_reference'])
    .where('plan_id', '=', p.plan.id)
    .orderBy('sequence')
    .execute();
  const plan = await t.ctx.db
    .selectFrom('payment_plans')
    .select(['status', 'payment_method_id'])
    .where('id', '=', p.plan.id)
    .executeTakeFirstOrThrow();
  const jobs = await sql<{ key: string; run_at: Date }>`
    SELECT key, run_at FROM graphile_worker.jobs
     WHERE task_identifier = 'collect_installment' AND key = ANY(${installments
       .map((i) => [1, 2, 3, 4].map((n) => `collect:${i.id}:${n}`))
       .flat()}::text[])
     ORDER BY key`.execute(t.ctx.db);
  const events = await t.ctx.db
    .selectFrom('webhook_events')
    .select('type')
    .where('merchant_id', '=', merchant.id)
    .where('body', 'like', `%${p.plan.id}%`)
    .orderBy('id')
    .execute();
  const notices = await t.ctx.db
    .selectFrom('notification_outbox')
    .select('kind')
    .where('customer_id', '=', p.customer.id)
    .orderBy('id')
    .execute();
  const trust = await t.http.get('/api/v1/customers/me/trust', { token: p.customer.accessToken });
  return {
    installments,
    plan,
    jobs: jobs.rows.map((j) => ({ key: j.key, runAt: j.run_at.toISOString() })),
    events: events.map((e) => e.type),
    notices: notices.map((n) => n.kind),
    trust: trust.body.data as { score: number; delinquent: boolean; factors: object },
  };
}

async function declineCard(authorizationCode: string): Promise<void> {
  await t.sandbox.control('POST', `/_sandbox/authorizations/${authorizationCode}`, {
    behaviour: 'insufficient_funds',
  });
}

describe("the customer's plans", () => {
  it('lists and reads only their own plans', async () => {
    const planned = await confirmPlanFor(t, merchant);
    const list = await t.http.get('/api/v1/customers/me/plans', {
      token: planned.customer.accessToken,
    });
    expect(list.status).toBe(200);
    expect(list.body.data.map((p: { id: string }) => p.id)).toEqual([planned.plan.id]);
    const one = await t.http.get(plansPath(planned.plan.id), {
      token: planned.customer.accessToken,
    });
    expect(one.body.data.installments).toHaveLength(4);
    const other = await confirmPlanFor(t, merchant);
    for (const [method, path] of [
      ['GET', plansPath(planned.plan.id)],
      ['POST', `${plansPath(planned.plan.id)}/pay-now`],
      ['POST', `${plansPath(planned.plan.id)}/pay-off`],
      ['PATCH', plansPath(planned.plan.id)],
    ] as const) {
      const res = await t.http.request(method, path, {
        token: other.customer.accessToken,
        ...(method === 'POST' && { body: {} }),
        ...(method === 'PATCH' && { body: { payment_method_id: other.methodId } }),
      });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
  });

  it('pay now with another card clears a missed installment: no longer delinquent', async () => {
    const planned = await planWithMissedInstallment();
    expect(await eligibility(planned)).toMatchObject({ eligible: false, reason: 'delinquent' });
    const second = await addCard(t, planned.customer, { isDefault: false });
    const paid = await t.http.post(
      `${plansPath(planned.plan.id)}/pay-now`,
      { payment_method_id: second.methodId },
      { token: planned.customer.accessToken },
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data.payments).toEqual([
      { installment_id: planned.plan.installments[1]!.id, outcome: 'paid', message: null },
    ]);
    expect(paid.body.data.payment_plan.payment_method_id).toBe(second.methodId);
    expect(paid.body.data.payment_plan.installments[1].status).toBe('paid');
    expect(await eligibility(planned)).toMatchObject({ eligible: true, reason: null });
    // Nothing else is overdue now: saying so, not charging ahead.
    const again = await t.http.post(
      `${plansPath(planned.plan.id)}/pay-now`,
      {},
      { token: planned.customer.accessToken },
    );
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/Nothing is overdue/);
  });

  it('a declined pay-now says so and leaves the customer delinquent', async () => {
    const planned = await planWithMissedInstallment();
    const declined = await t.http.post(
      `${plansPath(planned.plan.id)}/pay-now`,
      {},
      { token: planned.customer.accessToken },
    );
    expect(declined.status).toBe(200);
    expect(declined.body.data.payments[0].outcome).toBe('failed');
    expect(await eligibility(planned)).toMatchObject({ eligible: false, reason: 'delinquent' });
  });

  it('paying off early charges everything left, completes the plan, and the merchant is told', async () => {
    const planned = await confirmPlanFor(t, merchant);
    expect(await collectAs(planned.plan.installments[0]!.id)).toBe('paid');
    const off = await t.http.post(
      `${plansPath(planned.plan.id)}/pay-off`,
      {},
      { token: planned.customer.accessToken },
    );
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.data.payments.map((p: { outcome: string }) => p.outcome)).toEqual([
      'paid',
      'paid',
      'paid',
    ]);
    expect(off.body.data.payment_plan.status).toBe('completed');
    const events = await merchantEvents();
    expect(events).toContain('payment_plan.completed');
    // The amounts are the schedule's: no fee, no penalty for paying early.
    const charges = await t.ctx.db
      .selectFrom('charges')
      .select('amount_kobo')
      .where('plan_id', '=', planned.plan.id)
      .where('status', '=', 'success')
      .execute();
    expect(charges.reduce((sum, c) => sum + c.amount_kobo, 0)).toBe(100_000);
    const done = await t.http.post(
      `${plansPath(planned.plan.id)}/pay-off`,
      {},
      { token: planned.customer.accessToken },
    );
    expect(done.status).toBe(409);
  });

  it('a declined pay-off changes nothing: no missed installment, no event, no e-mail, same schedule', async () => {
    const planned = await confirmPlanFor(t, merchant);
    expect(await collectAs(planned.plan.installments[0]!.id)).toBe('paid');
    const before = await footprint(planned);
    expect(before.jobs.length).toBeGreaterThanOrEqual(3);
    await declineCard(planned.authorizationCode);
    const off = await t.http.post(
      `${plansPath(planned.plan.id)}/pay-off`,
      {},
      { token: planned.customer.accessToken },
    );
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.data.payments).toHaveLength(3);
    for (const payment of off.body.data.payments) {
      expect(payment.outcome).toBe('failed');
      expect(payment.message).toMatch(/did not go through: .+\. Nothing on your plan changed/);
    }
    expect(off.body.data.payment_plan.status).toBe('active');
    expect(await footprint(planned)).toEqual(before);
    expect(before.trust.delinquent).toBe(false);
    // The attempts are on record for the merchant, as the customer's own, and failed.
    const charges = await t.http.get(
      `/api/v1/merchant/${merchant.id}/plans/${planned.plan.id}/charges`,
      { token: merchant.testKey },
    );
    const own = charges.body.data.filter((c: { reference: string }) =>
      c.reference.startsWith('pay-'),
    );
    expect(own.map((c: { status: string }) => c.status)).toEqual(['failed', 'failed', 'failed']);
    // Once the card works, paying off goes through with new references and completes the plan.
    await t.sandbox.control('POST', `/_sandbox/authorizations/${planned.authorizationCode}`, {
      behaviour: 'success',
    });
    const paid = await t.http.post(
      `${plansPath(planned.plan.id)}/pay-off`,
      {},
      { token: planned.customer.accessToken },
    );
    expect(paid.body.data.payments.map((p: { outcome: string }) => p.outcome)).toEqual([
      'paid',
      'paid',
      'paid',
    ]);
    expect(paid.body.data.payment_plan.status).toBe('completed');
  });

  it('a declined pay-off with another card leaves the plan on its own card', async () => {
    const planned = await confirmPlanFor(t, merchant);
    expect(await collectAs(planned.plan.installments[0]!.id)).toBe('paid');
    const other = await addCard(t, planned.customer, { isDefault: false });
    await declineCard(other.authorizationCode);
    const before = await footprint(planned);
    const off = await t.http.post(
      `${plansPath(planned.plan.id)}/pay-off`,
      { payment_method_id: other.methodId },
      { token: planned.customer.accessToken },
    );
    expect(off.body.data.payments.map((p: { outcome: string }) => p.outcome)).toEqual([
      'failed',
      'failed',
      'failed',
    ]);
    expect(off.body.data.payment_plan.payment_method_id).toBe(planned.methodId);
    expect(await footprint(planned)).toEqual(before);
  });

  it('a declined pay-now of a missed installment keeps its count, its reference and its retry', async () => {
    const planned = await planWithMissedInstallment();
    const before = await footprint(planned);
    expect(before.installments[1]).toMatchObject({ status: 'failed', failed_attempts: 1 });
    expect(before.jobs.map((j) => j.key)).toContain(
      `collect:${planned.plan.installments[1]!.id}:2`,
    );
    for (let round = 0; round < 4; round += 1) {
      const declined = await t.http.post(
        `${plansPath(planned.plan.id)}/pay-now`,
        {},
        { token: planned.customer.accessToken },
      );
      expect(declined.body.data.payments[0].outcome).toBe('failed');
    }
    // Four declines would have used up every retry and defaulted the plan: they count for nothing.
    expect(await footprint(planned)).toEqual(before);
  });

  it("the collection job that resumes a customer's failed payment queues the automatic attempt again", async () => {
    const planned = await confirmPlanFor(t, merchant);
    expect(await collectAs(planned.plan.installments[0]!.id)).toBe('paid');
    const installmentId = planned.plan.installments[1]!.id;
    const before = await footprint(planned);
    // A pay-off died after recording its intent: the installment is processing a customer charge.
    const intents = await recordIntents(t.ctx, [installmentId], { customerInitiated: true });
    expect(intents.get(installmentId)?.reference).toMatch(/^pay-/);
    // The automatic job runs (as at the due date) and finishes that charge, which declines.
    await declineCard(planned.authorizationCode);
    await sql`DELETE FROM graphile_worker._private_jobs WHERE key = ${`collect:${installmentId}:1`}`.execute(
      t.ctx.db,
    );
    // Declined, and back where it was: scheduled, its automatic attempt queued as before.
    expect(await collectAs(installmentId)).toBe('scheduled');
    expect(await footprint(planned)).toEqual(before);
  });

  it('a defaulted plan is active again once its arrears are paid', async () => {
    const planned = await planWithMissedInstallment();
    await t.ctx.db
      .updateTable('payment_plans')
      .set({ status: 'defaulted' })
      .where('id', '=', planned.plan.id)
      .execute();
    await t.sandbox.control('POST', `/_sandbox/authorizations/${planned.authorizationCode}`, {
      behaviour: 'success',
    });
    const paid = await t.http.post(
      `${plansPath(planned.plan.id)}/pay-now`,
      {},
      { token: planned.customer.accessToken },
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data.payment_plan.status).toBe('active');
  });

  it("moves a plan to another of the customer's methods; never to someone else's", async () => {
    const planned = await confirmPlanFor(t, merchant);
    const second = await addCard(t, planned.customer, { isDefault: false });
    const moved = await t.http.patch(
      plansPath(planned.plan.id),
      { payment_method_id: second.methodId },
      { token: planned.customer.accessToken },
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.payment_method_id).toBe(second.methodId);
    const stranger = await confirmPlanFor(t, merchant);
    const refused = await t.http.patch(
      plansPath(planned.plan.id),
      { payment_method_id: stranger.methodId },
      { token: planned.customer.accessToken },
    );
    expect(refused.status).toBe(404);
    // The method now backing the plan cannot be deleted; the first one can.
    expect(
      (
        await t.http.request('DELETE', `/api/v1/payment-methods/${second.methodId}`, {
          token: planned.customer.accessToken,
        })
      ).status,
    ).toBe(409);
  });
});
