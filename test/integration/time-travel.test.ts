import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestMerchant, type TestMerchant } from '../harness/fixtures.ts';
import { collect, confirmPlanFor } from '../harness/plans.ts';
import { startTestAppWithSandbox, type TestAppWithSandbox } from '../harness/test-app.ts';

let t: TestAppWithSandbox;
let merchant: TestMerchant;
beforeAll(async () => {
  t = await startTestAppWithSandbox();
  merchant = await createTestMerchant(t, { approve: true });
});
afterAll(async () => t.close());

const DAY = 86_400_000;
const jobRunAt = async (key: string) =>
  (
    await sql<{ run_at: Date }>`SELECT run_at FROM graphile_worker.jobs WHERE key = ${key}`.execute(
      t.ctx.db,
    )
  ).rows[0]?.run_at.getTime();

describe("advance the plan's clock (sandbox time travel)", () => {
  it('moves unpaid due dates and waiting collections earlier: an installment left unpaid past its grace day makes its customer delinquent until paid', async () => {
    const { plan, authorizationCode, customer } = await confirmPlanFor(t, merchant);
    const [deposit, first, second] = plan.installments;
    if (!deposit || !first || !second) throw new Error('expected installments');
    expect(await collect(t, deposit.id)).toMatch(/paid|nothing_to_do/);
    const session = await t.http.post(
      '/api/v1/checkout/sessions',
      {
        merchant_id: merchant.id,
        amount: 10_000,
        currency: 'NGN',
        title: 'Case',
        order_reference: `tt-${Date.now()}`,
      },
      { token: merchant.testKey },
    );
    const eligibility = async () => {
      const res = await t.http.get(
        `/api/v1/checkout/sessions/${session.body.data.token}/eligibility`,
        { token: customer.accessToken },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };
    expect(await eligibility()).toMatchObject({ eligible: true });

    // Jump past the first installment's due date and its grace day. No worker runs in this test,
    // so the installment stays unpaid: the customer is delinquent.
    const days = Math.ceil((Date.parse(first.due_at) - t.clock.now().getTime()) / DAY) + 2;
    const firstRunAt = await jobRunAt(`collect:${first.id}:1`);
    const secondRunAt = await jobRunAt(`collect:${second.id}:1`);
    if (firstRunAt === undefined || secondRunAt === undefined) throw new Error('jobs missing');
    const res = await t.http.post(
      `/api/v1/merchant/${merchant.id}/plans/${plan.id}/advance-clock`,
      { days },
      { token: merchant.testKey },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const now = t.clock.now().getTime();
    expect(Date.parse(res.body.data.installments[1].due_at)).toBe(
      Date.parse(first.due_at) - days * DAY,
    );
    expect(Date.parse(res.body.data.installments[2].due_at)).toBe(
      Date.parse(second.due_at) - days * DAY,
    );
    // The first collection is now overdue: it runs at once; the next one comes forward too.
    expect(await jobRunAt(`collect:${first.id}:1`)).toBe(now);
    expect(await jobRunAt(`collect:${second.id}:1`)).toBe(secondRunAt - days * DAY);
    expect(await eligibility()).toMatchObject({ eligible: false, reason: 'delinquent' });

    // The collection fails: still delinquent, retry scheduled.
    await t.sandbox.control('POST', `/_sandbox/authorizations/${authorizationCode}`, {
      behaviour: 'insufficient_funds',
    });
    expect(await collect(t, first.id)).toBe('failed');
    expect(await jobRunAt(`collect:${first.id}:2`)).toEqual(expect.any(Number));
    expect(await eligibility()).toMatchObject({ eligible: false, reason: 'delinquent' });

    // Paid on the retry: no longer delinquent.
    await t.sandbox.control('POST', `/_sandbox/authorizations/${authorizationCode}`, {
      behaviour: 'success',
    });
    expect(await collect(t, first.id)).toMatch(/paid|nothing_to_do/);
    expect(await eligibility()).toMatchObject({ eligible: true, reason: null });
  });

  it('sandbox keys only; bad input is a 400; another merchant gets 404', async () => {
    const { plan } = await confirmPlanFor(t, merchant);
    const path = `/api/v1/merchant/${merchant.id}/plans/${plan.id}/advance-clock`;
    expect((await t.http.post(path, { days: 2 }, { token: merchant.liveKey })).status).toBe(403);
    for (const body of [{ days: 0 }, { days: 1.5 }, { days: 'two' }, {}, { days: 2, extra: 1 }]) {
      expect((await t.http.post(path, body, { token: merchant.testKey })).status).toBe(400);
    }
    const other = await createTestMerchant(t);
    expect((await t.http.post(path, { days: 2 }, { token: other.testKey })).status).toBe(404);
  });

  it("the dashboard token travels its merchant's sandbox plans only: a live or another merchant's plan is 404", async () => {
    const dashboardToken = async (m: typeof merchant) => {
      const login = await t.http.post('/api/v1/merchant/login', {
        email: m.email,
        password: m.password,
      });
      expect(login.status).toBe(200);
      return login.body.data.access_token as string;
    };
    const token = await dashboardToken(merchant);
    const { plan, session } = await confirmPlanFor(t, merchant);
    const base = `/api/v1/merchant/${merchant.id}/plans/${plan.id}`;
    const advanced = await t.http.post(`${base}/advance-clock`, { days: 2 }, { token });
    expect(advanced.status, JSON.stringify(advanced.body)).toBe(200);
    expect(advanced.body.data).toMatchObject({ id: plan.id, livemode: false });
    expect((await t.http.post(`${base}/advance`, undefined, { token })).status).toBe(200);

    const other = await createTestMerchant(t);
    const otherToken = await dashboardToken(other);
    expect((await t.http.post(`${base}/advance`, undefined, { token: otherToken })).status).toBe(
      404,
    );
    expect(
      (
        await t.http.post(`/api/v1/merchant/${other.id}/plans/${plan.id}/advance`, undefined, {
          token: otherToken,
        })
      ).status,
    ).toBe(404);

    // The same plan turned live (live plans cannot be confirmed in tests): out of reach.
    await t.ctx.db
      .updateTable('payment_plans')
      .set({ livemode: true })
      .where('id', '=', plan.id)
      .execute();
    await t.ctx.db
      .updateTable('checkout_sessions')
      .set({ livemode: true })
      .where('id', '=', session.body.data.id as string)
      .execute();
    for (const [suffix, body] of [
      ['advance', undefined],
      ['advance-clock', { days: 2 }],
    ] as const) {
      const res = await t.http.post(`${base}/${suffix}`, body, { token });
      expect(res.status, suffix).toBe(404);
      expect(res.body).toMatchObject({ ok: false, code: 'not_found' });
    }
  });
});
