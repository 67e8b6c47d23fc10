import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestMerchant, sessionBody, type TestMerchant } from '../harness/fixtures.ts';
import { addCard, collect, confirmPlanFor } from '../harness/plans.ts';
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
  expect(await collect(t, planned.plan.installments[0]!.id)).toBe('paid');
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
  expect(await collect(t, planned.plan.installments[1]!.id)).toBe('failed');
  return planned;
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
    expect(await collect(t, planned.plan.installments[0]!.id)).toBe('paid');
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
