import { spawnSync } from 'node:child_process';

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { collectInstallment } from '../../src/features/collections/collect.ts';
import { chargeReference } from '../../src/features/collections/intents.ts';
import { reconcile } from '../../src/features/money/reconciliation.ts';
import { createTestMerchant, sessionBody, type TestMerchant } from '../harness/fixtures.ts';
import { ledgerTotal as ledgerTotalOf } from '../harness/ledger.ts';
import {
  addCard,
  confirmBankPlanFor,
  customerWithCard as linkCustomerCard,
} from '../harness/plans.ts';
import { startTestAppWithSandbox, type TestAppWithSandbox } from '../harness/test-app.ts';

let t: TestAppWithSandbox;
let merchant: TestMerchant;
beforeAll(async () => {
  t = await startTestAppWithSandbox();
  merchant = await createTestMerchant(t);
});
afterAll(async () => t.close());

const customerWithCard = () => linkCustomerCard(t);

async function confirmNewPlan(amount = 100_000) {
  const { customer, methodId, authorizationCode } = await customerWithCard();
  const session = await t.http.post(
    '/api/v1/checkout/sessions',
    sessionBody(merchant.id, { amount }),
    { token: merchant.testKey },
  );
  const confirm = await t.http.post(
    `/api/v1/checkout/sessions/${session.body.data.token}/confirm`,
    { frequency: 'monthly', installment_count: 3, upfront_pct: 25, payment_method_id: methodId },
    { token: customer.accessToken },
  );
  return { customer, methodId, authorizationCode, session, confirm };
}

/**
 * Collects and expects the installment paid. The sandbox also sends charge.success, which the app
 * verifies and settles; whichever path settles first wins and the other finds nothing to do.
 */
async function collectPaid(installmentId: string): Promise<void> {
  expect(['paid', 'nothing_to_do']).toContain(await collectInstallment(t.ctx, installmentId));
  const row = await t.ctx.db
    .selectFrom('installments')
    .select('status')
    .where('id', '=', installmentId)
    .executeTakeFirstOrThrow();
  expect(row.status).toBe('paid');
}

const ledgerTotal = () => ledgerTotalOf(t.ctx.db);

describe('confirming a plan and collecting the deposit', () => {
  it('creates the plan, completes the session, books the receivable and queues the deposit', async () => {
    const { confirm, session } = await confirmNewPlan();
    expect(confirm.status, JSON.stringify(confirm.body)).toBe(201);
    const plan = confirm.body.data.plan;
    expect(confirm.body.data.payment_plan_id).toBe(plan.id);
    expect(plan).toMatchObject({
      status: 'pending_deposit',
      amount: 100_000,
      frequency: 'monthly',
      installment_count: 3,
    });
    expect(
      plan.installments.map((i: { sequence: number; amount: number }) => [i.sequence, i.amount]),
    ).toEqual([
      [0, 25_000],
      [1, 25_000],
      [2, 25_000],
      [3, 25_000],
    ]);
    expect(
      (await t.http.get(`/api/v1/checkout/sessions/${session.body.data.token}`)).body.data.status,
    ).toBe('completed');
    const jobs = await sql<{
      key: string;
    }>`SELECT key FROM graphile_worker.jobs WHERE task_identifier = 'collect_installment'`.execute(
      t.ctx.db,
    );
    for (const installment of plan.installments) {
      expect(jobs.rows.map((j) => j.key)).toContain(`collect:${installment.id}:1`);
    }
    expect(await ledgerTotal()).toBe(0);
  });

  it('collects the deposit through the gateway: plan active, wallet credited 97.5%, ledger balanced', async () => {
    const { confirm } = await confirmNewPlan();
    const plan = confirm.body.data.plan;
    const walletBefore = (
      await t.http.get(`/api/v1/merchant/${merchant.id}/wallet`, { token: merchant.testKey })
    ).body.data;
    await collectPaid(plan.installments[0].id);
    const after = (
      await t.http.get(`/api/v1/merchant/${merchant.id}/plans/${plan.id}`, {
        token: merchant.testKey,
      })
    ).body.data;
    expect(after.status).toBe('active');
    expect(after.installments[0]).toMatchObject({ status: 'paid' });
    const walletAfter = (
      await t.http.get(`/api/v1/merchant/${merchant.id}/wallet`, { token: merchant.testKey })
    ).body.data;
    expect(walletAfter.available - walletBefore.available).toBe(25_000 - 625);
    expect(await ledgerTotal()).toBe(0);
    // Running the job again changes nothing.
    expect(await collectInstallment(t.ctx, plan.installments[0].id)).toBe('nothing_to_do');
    const verified = await t.ctx.gateway.verifyTransaction(
      chargeReference(plan.installments[0].id, 1),
    );
    expect(verified).toMatchObject({ status: 'success', amountKobo: 25_000 });
  });

  it('every installment collected completes the plan', async () => {
    const { confirm } = await confirmNewPlan(40_000);
    const plan = confirm.body.data.plan;
    for (const installment of plan.installments) await collectPaid(installment.id);
    const after = (
      await t.http.get(`/api/v1/merchant/${merchant.id}/plans/${plan.id}`, {
        token: merchant.testKey,
      })
    ).body.data;
    expect(after.status).toBe('completed');
    expect(await ledgerTotal()).toBe(0);
  });

  it('a lost gateway response is settled by verify with the same reference: one charge, one ledger entry', async () => {
    const { confirm } = await confirmNewPlan();
    const deposit = confirm.body.data.plan.installments[0];
    await t.sandbox.control('POST', '/_sandbox/faults', { lose_next_response: 1 });
    expect(await collectInstallment(t.ctx, deposit.id)).toBe('pending');
    await t.sandbox.control('DELETE', '/_sandbox/faults');
    // The gateway did charge: its charge.success webhook (verified) or the job's re-check settles
    // it, whichever comes first, and the other finds nothing left to do.
    expect(['paid', 'nothing_to_do']).toContain(await collectInstallment(t.ctx, deposit.id));
    expect(
      (
        await t.ctx.db
          .selectFrom('installments')
          .select('status')
          .where('id', '=', deposit.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('paid');
    const charges = await t.ctx.db
      .selectFrom('charges')
      .selectAll()
      .where('installment_id', '=', deposit.id)
      .execute();
    expect(charges.map((c) => [c.attempt, c.status])).toEqual([[1, 'success']]);
    const entries = await t.ctx.db
      .selectFrom('journal_entries')
      .select('id')
      .where('kind', '=', 'payment_collected')
      .where('reference', '=', chargeReference(deposit.id, 1))
      .execute();
    expect(entries).toHaveLength(1);
  });

  it('a failed debit marks the installment failed and schedules the retry on the documented schedule', async () => {
    const { confirm, authorizationCode } = await confirmNewPlan();
    const deposit = confirm.body.data.plan.installments[0];
    await t.sandbox.control('POST', `/_sandbox/authorizations/${authorizationCode}`, {
      behaviour: 'insufficient_funds',
    });
    expect(await collectInstallment(t.ctx, deposit.id)).toBe('failed');
    const row = await t.ctx.db
      .selectFrom('installments')
      .selectAll()
      .where('id', '=', deposit.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', failed_attempts: 1 });
    const retry = await sql<{
      run_at: Date;
    }>`SELECT run_at FROM graphile_worker.jobs WHERE key = ${`collect:${deposit.id}:2`}`.execute(
      t.ctx.db,
    );
    // First retry: one day after the due date (and at least a day after the failure).
    expect(retry.rows[0]?.run_at.getTime()).toBe(
      new Date(deposit.due_at).getTime() + 24 * 60 * 60_000,
    );
    await t.sandbox.control('POST', `/_sandbox/authorizations/${authorizationCode}`, {
      behaviour: 'success',
    });
    await collectPaid(deposit.id);
    const charges = await t.ctx.db
      .selectFrom('charges')
      .select(['attempt', 'status'])
      .where('installment_id', '=', deposit.id)
      .orderBy('attempt')
      .execute();
    expect(charges).toEqual([
      { attempt: 1, status: 'failed' },
      { attempt: 2, status: 'success' },
    ]);
  });
});

describe('running out of retries', () => {
  const planStatus = async (id: string) =>
    (await t.http.get(`/api/v1/merchant/${merchant.id}/plans/${id}`, { token: merchant.testKey }))
      .body.data.status;

  it('a deposit that fails four times cancels the plan (it never started); nothing more is debited', async () => {
    const { confirm, authorizationCode } = await confirmNewPlan();
    const [deposit, first] = confirm.body.data.plan.installments;
    await t.sandbox.control('POST', `/_sandbox/authorizations/${authorizationCode}`, {
      behaviour: 'insufficient_funds',
    });
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect(await collectInstallment(t.ctx, deposit.id)).toBe('failed');
    }
    expect(await planStatus(confirm.body.data.payment_plan_id)).toBe('cancelled');
    const retry = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM graphile_worker.jobs WHERE key = ${`collect:${deposit.id}:5`}`.execute(
      t.ctx.db,
    );
    expect(Number(retry.rows[0]?.n)).toBe(0);
    expect(await collectInstallment(t.ctx, first.id)).toBe('nothing_to_do');
    // The receivable is released and the order can be offered again.
    const wallet = (
      await t.http.get(`/api/v1/merchant/${merchant.id}/wallet`, { token: merchant.testKey })
    ).body.data;
    expect(wallet.transactions).toContainEqual(
      expect.objectContaining({
        type: 'plan_cancelled',
        plan_id: confirm.body.data.payment_plan_id,
        pending_change: -100_000,
      }),
    );
    expect(
      (
        await t.http.post(
          '/api/v1/checkout/sessions',
          sessionBody(merchant.id, { order_reference: confirm.body.data.plan.order_reference }),
          { token: merchant.testKey },
        )
      ).status,
    ).toBe(201);
    expect(await ledgerTotal()).toBe(0);
  });

  it('an installment that fails four times defaults the plan, and automatic debits stop', async () => {
    const { confirm, authorizationCode } = await confirmNewPlan();
    const [deposit, first, second] = confirm.body.data.plan.installments;
    await collectPaid(deposit.id);
    await t.sandbox.control('POST', `/_sandbox/authorizations/${authorizationCode}`, {
      behaviour: 'insufficient_funds',
    });
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect(await collectInstallment(t.ctx, first.id)).toBe('failed');
    }
    expect(await planStatus(confirm.body.data.payment_plan_id)).toBe('defaulted');
    expect(await collectInstallment(t.ctx, second.id)).toBe('nothing_to_do');
    expect(await ledgerTotal()).toBe(0);
  });
});

describe('confirm: rules and errors', () => {
  it('confirming again returns the same plan; a second session for that order is then a 409', async () => {
    const { customer, methodId, session, confirm } = await confirmNewPlan();
    const again = await t.http.post(
      `/api/v1/checkout/sessions/${session.body.data.token}/confirm`,
      { frequency: 'monthly', installment_count: 3, upfront_pct: 25, payment_method_id: methodId },
      { token: customer.accessToken },
    );
    expect(again.status).toBe(201);
    expect(again.body.data.payment_plan_id).toBe(confirm.body.data.payment_plan_id);
    const reorder = await t.http.post(
      '/api/v1/checkout/sessions',
      { ...sessionBody(merchant.id), order_reference: session.body.data.order_reference },
      { token: merchant.testKey },
    );
    expect(reorder.status).toBe(409);
  });

  it('confirming again with other choices (a second tab) is a 409 and the first plan stands', async () => {
    const { customer, methodId, session, confirm } = await confirmNewPlan();
    const path = `/api/v1/checkout/sessions/${session.body.data.token}/confirm`;
    const first = {
      frequency: 'monthly',
      installment_count: 3,
      upfront_pct: 25,
      payment_method_id: methodId,
    };
    const { methodId: second } = await addCard(t, customer, { isDefault: false });
    for (const other of [
      { ...first, frequency: 'weekly' },
      { ...first, installment_count: 2 },
      { ...first, upfront_pct: 50 },
      { ...first, payment_method_id: second },
    ]) {
      const again = await t.http.post(path, other, { token: customer.accessToken });
      expect(again.status, JSON.stringify(other)).toBe(409);
      expect(again.body.code).toBe('session_not_pending');
      expect(again.body.detail).toMatch(/already confirmed with other choices/);
    }
    const plans = await t.ctx.db
      .selectFrom('payment_plans')
      .select(['id', 'frequency', 'installment_count', 'upfront_pct', 'payment_method_id'])
      .where('customer_id', '=', customer.id)
      .execute();
    expect(plans).toEqual([
      {
        id: confirm.body.data.payment_plan_id,
        frequency: 'monthly',
        installment_count: 3,
        upfront_pct: 25,
        payment_method_id: methodId,
      },
    ]);
    // The same choices once more still answer with that plan.
    const same = await t.http.post(path, first, { token: customer.accessToken });
    expect(same.status).toBe(201);
    expect(same.body.data.payment_plan_id).toBe(confirm.body.data.payment_plan_id);
  });

  it("refuses a configuration outside the constraints (400 naming it), another customer's method (404), no token (401), an expired session (409)", async () => {
    const { customer, methodId } = await customerWithCard();
    const other = await customerWithCard();
    const session = await t.http.post('/api/v1/checkout/sessions', sessionBody(merchant.id), {
      token: merchant.testKey,
    });
    const path = `/api/v1/checkout/sessions/${session.body.data.token}/confirm`;
    const body = {
      frequency: 'monthly',
      installment_count: 3,
      upfront_pct: 25,
      payment_method_id: methodId,
    };
    const tooLong = await t.http.post(
      path,
      { ...body, installment_count: 12 },
      { token: customer.accessToken },
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.detail).toMatch(/max_monthly_duration/);
    expect(
      (
        await t.http.post(
          path,
          { ...body, payment_method_id: other.methodId },
          { token: customer.accessToken },
        )
      ).status,
    ).toBe(404);
    expect((await t.http.post(path, body)).status).toBe(401);
    expect((await t.http.post(path, body, { token: merchant.testKey })).status).toBe(401);
    t.clock.advance(31 * 60_000);
    const login = await t.http.post('/api/v1/customers/login', {
      email: customer.email,
      password: customer.password,
    });
    expect((await t.http.post(path, body, { token: login.body.data.access_token })).status).toBe(
      409,
    );
  });

  it('a method that pays an open plan cannot be deleted (409); another merchant cannot read the plan (404)', async () => {
    const { customer, methodId, confirm } = await confirmNewPlan();
    const del = await t.http.delete(`/api/v1/payment-methods/${methodId}`, {
      token: customer.accessToken,
    });
    expect(del.status).toBe(409);
    expect(del.body.code).toBe('payment_method_in_use');
    const other = await createTestMerchant(t);
    expect(
      (
        await t.http.get(
          `/api/v1/merchant/${other.id}/plans/${confirm.body.data.payment_plan_id}`,
          { token: other.testKey },
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await t.http.get(
          `/api/v1/merchant/${merchant.id}/plans/${confirm.body.data.payment_plan_id}`,
          { token: other.testKey },
        )
      ).status,
    ).toBe(404);
  });
});

describe('bank debits settle through the gateway webhook (POST /api/v1/webhooks/gateway)', () => {
  const bankPlan = () => confirmBankPlanFor(t, merchant);

  const installmentStatus = async (id: string) =>
    (
      await t.ctx.db
        .selectFrom('installments')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;
  const collectedEntries = async (reference: string) =>
    (
      await t.ctx.db
        .selectFrom('journal_entries')
        .select('id')
        .where('kind', '=', 'payment_collected')
        .where('reference', '=', reference)
        .execute()
    ).length;

  it('a `processing` debit stays pending until charge.success arrives, verified, then pays the installment once even when the webhook is duplicated', async () => {
    const plan = await bankPlan();
    const deposit = plan.installments[0]!;
    await t.sandbox.control('POST', '/_sandbox/faults', { duplicate_webhooks: true });
    expect(await collectInstallment(t.ctx, deposit.id)).toBe('pending');
    expect(await installmentStatus(deposit.id)).toBe('processing');
    const settled = await t.sandbox.control('POST', '/_sandbox/settle');
    expect(settled.status).toBe(200);
    await t.sandbox.control('DELETE', '/_sandbox/faults');
    expect(await installmentStatus(deposit.id)).toBe('paid');
    expect(await collectedEntries(chargeReference(deposit.id, 1))).toBe(1);
    const events = await t.ctx.db
      .selectFrom('gateway_events')
      .select('event')
      .where('endpoint', '=', 'gateway')
      .where('event', '=', 'charge.success')
      .execute();
    expect(events.length).toBeGreaterThanOrEqual(1);
    expect(
      (
        await t.http.get(`/api/v1/merchant/${merchant.id}/plans/${plan.id}`, {
          token: merchant.testKey,
        })
      ).body.data.status,
    ).toBe('active');
  });

  it('a forged webhook changes nothing (401); a late replay after payment changes nothing', async () => {
    const plan = await bankPlan();
    const deposit = plan.installments[0]!;
    expect(await collectInstallment(t.ctx, deposit.id)).toBe('pending');
    const body = JSON.stringify({
      event: 'charge.success',
      data: {
        reference: chargeReference(deposit.id, 1),
        status: 'success',
        amount: deposit.amount,
        currency: 'NGN',
      },
    });
    const { createHmac } = await import('node:crypto');
    const forged = await t.http.request('POST', '/api/v1/webhooks/gateway', {
      rawBody: body,
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': createHmac('sha512', 'sk_test_wrong').update(body).digest('hex'),
      },
    });
    expect(forged.status).toBe(401);
    expect(await installmentStatus(deposit.id)).toBe('processing');
    // A correctly signed webhook whose charge the gateway has not settled yet gives no value: verify says pending.
    const early = await t.http.request('POST', '/api/v1/webhooks/gateway', {
      rawBody: body,
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': createHmac('sha512', t.sandbox.secretKey)
          .update(body)
          .digest('hex'),
      },
    });
    expect(early.status).toBe(200);
    expect(await installmentStatus(deposit.id)).toBe('processing');
    await t.sandbox.control('POST', '/_sandbox/settle');
    expect(await installmentStatus(deposit.id)).toBe('paid');
    const late = await t.http.request('POST', '/api/v1/webhooks/gateway', {
      rawBody: `${body} `,
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': createHmac('sha512', t.sandbox.secretKey)
          .update(`${body} `)
          .digest('hex'),
      },
    });
    expect(late.status).toBe(200);
    expect(await collectedEntries(chargeReference(deposit.id, 1))).toBe(1);
  });
});

describe('merchant plan list and sandbox time travel', () => {
  it('lists plans newest first with filters and a cursor', async () => {
    // Strictly newer than every plan the earlier tests made (they share the merchant and the clock).
    t.clock.advance(1_000);
    const a = await confirmNewPlan();
    t.clock.advance(1_000);
    const b = await confirmNewPlan();
    const first = await t.http.get(`/api/v1/merchant/${merchant.id}/plans?limit=1`, {
      token: merchant.testKey,
    });
    expect(first.status).toBe(200);
    expect(first.body.data[0].id).toBe(b.confirm.body.data.payment_plan_id);
    expect(first.body.has_more).toBe(true);
    const second = await t.http.get(
      `/api/v1/merchant/${merchant.id}/plans?limit=1&cursor=${first.body.next_cursor}`,
      { token: merchant.testKey },
    );
    expect(second.body.data[0].id).toBe(a.confirm.body.data.payment_plan_id);
    const byCustomer = await t.http.get(
      `/api/v1/merchant/${merchant.id}/plans?customer_id=${a.customer.id}`,
      { token: merchant.testKey },
    );
    expect(byCustomer.body.data.map((p: { id: string }) => p.id)).toEqual([
      a.confirm.body.data.payment_plan_id,
    ]);
    expect(
      (
        await t.http.get(`/api/v1/merchant/${merchant.id}/plans?status=bogus`, {
          token: merchant.testKey,
        })
      ).status,
    ).toBe(400);
  });

  it('advance makes the next installment due now and queues it; live keys 403, other merchants 404, nothing left 409', async () => {
    const { confirm } = await confirmNewPlan(40_000);
    const plan = confirm.body.data.plan;
    await collectPaid(plan.installments[0].id);
    const advanced = await t.http.post(
      `/api/v1/merchant/${merchant.id}/plans/${plan.id}/advance`,
      undefined,
      { token: merchant.testKey },
    );
    expect(advanced.status, JSON.stringify(advanced.body)).toBe(200);
    expect(new Date(advanced.body.data.installments[1].due_at).getTime()).toBe(
      t.clock.now().getTime(),
    );
    const job = await sql<{
      run_at: Date;
    }>`SELECT run_at FROM graphile_worker.jobs WHERE key = ${`collect:${plan.installments[1].id}:1`}`.execute(
      t.ctx.db,
    );
    expect(job.rows[0]?.run_at.getTime()).toBe(t.clock.now().getTime());

    const live = await createTestMerchant(t, { approve: true });
    expect(
      (
        await t.http.post(`/api/v1/merchant/${live.id}/plans/${plan.id}/advance`, undefined, {
          token: live.liveKey,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await t.http.post(`/api/v1/merchant/${merchant.id}/plans/${plan.id}/advance`, undefined, {
          token: live.testKey,
        })
      ).status,
    ).toBe(404);
    for (const installment of plan.installments.slice(1)) await collectPaid(installment.id);
    expect(
      (
        await t.http.post(`/api/v1/merchant/${merchant.id}/plans/${plan.id}/advance`, undefined, {
          token: merchant.testKey,
        })
      ).status,
    ).toBe(409);
  });
});

describe('reconciliation', () => {
  it('finds no difference after real collections and reports a tampered charge (API and CLI)', async () => {
    const { confirm } = await confirmNewPlan(40_000);
    for (const installment of confirm.body.data.plan.installments) {
      await collectPaid(installment.id);
    }
    await t.sandbox.control('POST', '/_sandbox/settle');
    const since = new Date(0);
    const clean = await reconcile(t.ctx, { since, gateway: true });
    expect(clean.differences, JSON.stringify(clean.differences)).toEqual([]);
    expect(clean.charges_checked).toBeGreaterThanOrEqual(4);

    const cli = (args: string[]) =>
      spawnSync(process.execPath, ['bin/tranche.mjs', 'reconcile', ...args], {
        encoding: 'utf8',
        env: {
          ...process.env,
          DATABASE_URL: t.databaseUrl,
          TRANCHE_DATA_DIR: '/tmp/tranche-reconcile-test',
          LOG_LEVEL: 'silent',
        },
        timeout: 60_000,
      });
    const ok = cli(['--since', '2000-01-01', '--no-gateway', '--json']);
    expect(ok.status, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout).differences).toEqual([]);

    const reference = chargeReference(confirm.body.data.plan.installments[1].id, 1);
    await t.ctx.db
      .updateTable('charges')
      .set({ status: 'failed' })
      .where('reference', '=', reference)
      .execute();
    const tampered = await reconcile(t.ctx, { since, gateway: true });
    expect(tampered.differences).toEqual(
      expect.arrayContaining([
        { kind: 'charge', reference, detail: 'ledger has a collection but the charge is failed' },
        {
          kind: 'charge',
          reference,
          detail: 'failed here, success at the gateway (money not booked)',
        },
      ]),
    );
    const bad = cli(['--since', '2000-01-01', '--no-gateway']);
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain(reference);
    await t.ctx.db
      .updateTable('charges')
      .set({ status: 'success' })
      .where('reference', '=', reference)
      .execute();
  });
});
