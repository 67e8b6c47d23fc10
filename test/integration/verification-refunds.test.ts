import { Logger, runOnce } from 'graphile-worker';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { refundVerificationChargeTask } from '../../src/features/payment-methods/index.ts';
import { refundVerificationCharge } from '../../src/features/payment-methods/verification-refund.ts';
import type { JobDeps } from '../../src/jobs/deps.ts';
import { createTestCustomer } from '../harness/fixtures.ts';
import { runInvariantChecks, type Violation } from '../harness/invariants.ts';
import { payOnCardPage, TEST_CARDS } from '../harness/sandbox.ts';
import { startTestAppWithSandbox, type TestAppWithSandbox } from '../harness/test-app.ts';

/**
 * Issue 26 item 2, decision 0042: the ₦50 verification charge comes back on every path where the
 * gateway took it and Tranche refused the method, the answer says so, the refund goes through the
 * one refund_verification_charge job (idempotent, retried on a refused or lost call), and the
 * invariant I5 `verification-charges-returned` finds a charge kept.
 *
 * Real PostgreSQL, real HTTP to the sandbox gateway. The sandbox has no card or account that
 * answers a non-reusable authorization, another amount or another customer's e-mail after a
 * success (Paystack can: §3, §5 of docs/gateway-protocol.md); each such test pays for real, then
 * edits the sandbox's own record of the payment so that its verify answers what Paystack would.
 */
let t: TestAppWithSandbox;
beforeAll(async () => {
  // Webhooks on, settlement by hand (POST /_sandbox/settle) for the pending bank account.
  t = await startTestAppWithSandbox({ sandbox: { settleDelayMs: 60_000 } });
});
afterAll(async () => t.close());

type Customer = Awaited<ReturnType<typeof createTestCustomer>>;
const auth = (c: Customer) => ({ token: c.accessToken });
const CALLBACK = 'https://shop.example/checkout/card-return';
/** The sandbox's pay-with-bank account that answers `pending`, then settles to success. */
const WEMA = { code: '035', name: 'Wema Bank', account: '0000000004' };

async function paidCard(c: Customer) {
  const init = await t.http.post(
    '/api/v1/payment-methods/initialize-card',
    { customer_id: c.id, callback_url: CALLBACK, is_default: false },
    auth(c),
  );
  expect(init.status, JSON.stringify(init.body)).toBe(200);
  await payOnCardPage(init.body.authorization_url, TEST_CARDS.success);
  return init.body.reference as string;
}

const verifyCard = (c: Customer, reference: string) =>
  t.http.post('/api/v1/payment-methods/verify-card', { customer_id: c.id, reference }, auth(c));

/** What the sandbox gateway has for a reference: the payment and its refunds. */
async function atGateway(reference: string) {
  const tx = await sql<{ id: number; status: string; amount: string }>`
    SELECT id, status, amount FROM sandbox_gateway.transactions WHERE reference = ${reference}`.execute(
    t.ctx.db,
  );
  const row = tx.rows[0];
  if (!row) throw new Error(`no sandbox transaction ${reference}`);
  const refunds = await sql<{ amount: string; status: string }>`
    SELECT amount, status FROM sandbox_gateway.refunds WHERE transaction_id = ${row.id}`.execute(
    t.ctx.db,
  );
  return {
    status: row.status,
    amount: Number(row.amount),
    refunds: refunds.rows.map((r) => ({ amount: Number(r.amount), status: r.status })),
  };
}

/** Edits the sandbox's record of a payment (see the file's comment). */
async function gatewayAnswers(
  reference: string,
  change: 'not_reusable' | 'amount' | 'other_email',
): Promise<void> {
  if (change === 'not_reusable') {
    await sql`UPDATE sandbox_gateway.authorizations SET reusable = false
               WHERE authorization_code = (SELECT authorization_code FROM sandbox_gateway.transactions
                                            WHERE reference = ${reference})`.execute(t.ctx.db);
  } else if (change === 'amount') {
    await sql`UPDATE sandbox_gateway.transactions SET amount = 10000 WHERE reference = ${reference}`.execute(
      t.ctx.db,
    );
  } else {
    await sql`UPDATE sandbox_gateway.customers
                 SET email = 'someone.else@mail.test', email_key = 'someone.else+' || id || '@mail.test'
               WHERE id = (SELECT customer_id FROM sandbox_gateway.transactions
                            WHERE reference = ${reference})`.execute(t.ctx.db);
  }
}

async function setupRow(reference: string) {
  return t.ctx.db
    .selectFrom('payment_method_setups')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();
}

async function refundJob(reference: string) {
  const rows = await sql<{ task_identifier: string; run_at: Date; attempts: number }>`
    SELECT task_identifier, run_at, attempts FROM graphile_worker.jobs
     WHERE key = ${`refund-verification:${reference}`}`.execute(t.ctx.db);
  return rows.rows;
}

const ledgerEntries = async () =>
  Number(
    (await sql<{ n: string }>`SELECT count(*) AS n FROM journal_entries`.execute(t.ctx.db)).rows[0]
      ?.n,
  );

const savedMethods = async (c: Customer) =>
  (await t.http.get(`/api/v1/payment-methods/customers/${c.id}`, auth(c))).body.total as number;

/** The answer of a refusal whose charge the gateway took, and what it leaves behind. */
async function expectRefusedWithRefund(
  res: { status: number; body: Record<string, unknown> },
  reference: string,
  expected: { status: number; code: string; amount: number; detail: RegExp },
) {
  expect(res.status, JSON.stringify(res.body)).toBe(expected.status);
  expect(res.body).toMatchObject({
    ok: false,
    code: expected.code,
    verification_charge: { amount: expected.amount, currency: 'NGN', status: 'refund_queued' },
  });
  expect(res.body.detail).toMatch(expected.detail);
  expect(res.body.detail).toMatch(/will be refunded to your (card|bank account) automatically\.$/);
  const setup = await setupRow(reference);
  expect(setup).toMatchObject({ status: 'failed', verification_charge_kobo: expected.amount });
  expect(setup.verification_refund_queued_at).not.toBeNull();
  // The one refund job, due now (not the sweep's later run).
  const jobs = await refundJob(reference);
  expect(jobs.map((j) => j.task_identifier)).toEqual(['refund_verification_charge']);
  expect(jobs[0]!.run_at.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
}

/** Runs the refund job's work and checks the gateway refunded all it took, once. */
async function expectRefundedOnce(reference: string, amount: number) {
  expect(await refundVerificationCharge(t.ctx, reference)).toBe('refunded');
  expect(await refundVerificationCharge(t.ctx, reference)).toBe('already_refunded');
  const gateway = await atGateway(reference);
  expect(gateway.amount).toBe(amount);
  expect(gateway.refunds).toEqual([{ amount, status: 'pending' }]);
}

describe('card: the gateway took the ₦50, Tranche refuses the card, the ₦50 comes back', () => {
  it.each([
    ['a non-reusable authorization', 'not_reusable', 5_000, /cannot be used for automatic debits/],
    ['another amount (amount mismatch)', 'amount', 10_000, /does not match/],
    ["another customer's e-mail", 'other_email', 5_000, /verified for another customer/],
  ] as const)(
    '%s: 402 saying so, the refund queued and done once',
    async (_n, change, amount, why) => {
      const c = await createTestCustomer(t);
      const entries = await ledgerEntries();
      const reference = await paidCard(c);
      await gatewayAnswers(reference, change);
      const res = await verifyCard(c, reference);
      await expectRefusedWithRefund(res, reference, {
        status: 402,
        code: 'payment_failed',
        amount,
        detail: why,
      });
      if (amount === 5_000) expect(res.body.detail).toMatch(/The ₦50 verification charge will/);
      else expect(res.body.detail).toMatch(/The ₦100 taken will be refunded/);
      expect(await savedMethods(c)).toBe(0);

      // Verifying again says the same about the charge, and queues nothing more.
      const again = await verifyCard(c, reference);
      expect(again.status).toBe(402);
      expect(again.body.verification_charge).toEqual(res.body.verification_charge);
      expect(again.body.detail).toMatch(/will be refunded to your card automatically\.$/);
      expect(await refundJob(reference)).toHaveLength(1);

      await expectRefundedOnce(reference, amount);
      // Like the saved card's (decision 0006), the charge and its refund never touch the ledger.
      expect(await ledgerEntries()).toBe(entries);
    },
  );

  it('paid on the page but verified after the setup’s hour: 409 setup_expired saying the ₦50 comes back', async () => {
    const c = await createTestCustomer(t);
    const reference = await paidCard(c);
    t.clock.advance(61 * 60_000);
    const login = await t.http.post('/api/v1/customers/login', {
      email: c.email,
      password: c.password,
    });
    const late = { ...c, accessToken: login.body.data.access_token as string };
    const res = await verifyCard(late, reference);
    await expectRefusedWithRefund(res, reference, {
      status: 409,
      code: 'setup_expired',
      amount: 5_000,
      detail: /expired/,
    });
    await expectRefundedOnce(reference, 5_000);
  });

  it('a declined card took nothing: 402 without verification_charge, no refund', async () => {
    const c = await createTestCustomer(t);
    const init = await t.http.post(
      '/api/v1/payment-methods/initialize-card',
      { customer_id: c.id, callback_url: CALLBACK, is_default: false },
      auth(c),
    );
    await payOnCardPage(init.body.authorization_url, TEST_CARDS.declined);
    const res = await verifyCard(c, init.body.reference);
    expect(res.status).toBe(402);
    expect(res.body.verification_charge).toBeUndefined();
    expect((await setupRow(init.body.reference)).verification_refund_queued_at).toBeNull();
    // The sweep after the hour finds nothing to give back.
    t.clock.advance(76 * 60_000);
    expect(await refundVerificationCharge(t.ctx, init.body.reference)).toBe('nothing_taken');
    expect((await atGateway(init.body.reference)).refunds).toEqual([]);
  });
});

describe('the sweep: paid on the page, never verified', () => {
  it('the job added with the setup runs after its hour and refunds the charge', async () => {
    const c = await createTestCustomer(t);
    const reference = await paidCard(c);
    const [sweep] = await refundJob(reference);
    const setup = await setupRow(reference);
    expect(sweep?.run_at.getTime()).toBe(setup.expires_at.getTime() + 15 * 60_000);
    // Before the hour is over the customer may still verify: the job waits (and is retried).
    await expect(refundVerificationCharge(t.ctx, reference)).rejects.toThrow(/still open/);
    expect((await atGateway(reference)).refunds).toEqual([]);

    t.clock.advance(76 * 60_000);
    await expectRefundedOnce(reference, 5_000);
    expect(await setupRow(reference)).toMatchObject({
      status: 'failed',
      failure_reason: 'not verified within the hour',
      verification_charge_kobo: 5_000,
    });
  });

  it('an initialized card never paid: nothing to refund', async () => {
    const c = await createTestCustomer(t);
    const init = await t.http.post(
      '/api/v1/payment-methods/initialize-card',
      { customer_id: c.id, callback_url: CALLBACK, is_default: false },
      auth(c),
    );
    t.clock.advance(76 * 60_000);
    expect(await refundVerificationCharge(t.ctx, init.body.reference)).toBe('nothing_taken');
    expect(await setupRow(init.body.reference)).toMatchObject({
      verification_refund_queued_at: null,
    });
  });

  it('a saved card: its refund replaces the sweep (one job, due now)', async () => {
    const c = await createTestCustomer(t);
    const reference = await paidCard(c);
    const res = await verifyCard(c, reference);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const jobs = await refundJob(reference);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.run_at.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    expect(await setupRow(reference)).toMatchObject({
      status: 'completed',
      verification_charge_kobo: 5_000,
    });
    await expectRefundedOnce(reference, 5_000);
  });
});

describe('bank mandate (pay-with-bank): the bank took the ₦50, Tranche refuses the mandate', () => {
  async function settledMandate(c: Customer) {
    const start = await t.http.post(
      `/api/v1/payment-methods/customers/${c.id}/initiate-bank-mandate`,
      { bank_code: WEMA.code, account_number: WEMA.account, is_default: false },
      auth(c),
    );
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    expect(start.body.next_action).toBe('pending');
    const settled = await t.sandbox.control('POST', '/_sandbox/settle');
    expect(settled.status).toBe(200);
    return start.body.reference as string;
  }
  const verifyMandate = (c: Customer, reference: string) =>
    t.http.post(
      '/api/v1/payment-methods/bank-mandate/verify',
      {
        customer_id: c.id,
        reference,
        bank_code: WEMA.code,
        bank_name: WEMA.name,
        account_number: WEMA.account,
        is_default: false,
      },
      auth(c),
    );

  it.each([
    ['a non-reusable authorization (Paystack’s pay-with-bank sample)', 'not_reusable', 5_000],
    ['another amount (amount mismatch)', 'amount', 10_000],
  ] as const)('%s: 402 saying so, the refund queued and done once', async (_n, change, amount) => {
    const c = await createTestCustomer(t);
    const reference = await settledMandate(c);
    expect((await atGateway(reference)).status).toBe('success');
    await gatewayAnswers(reference, change);
    const res = await verifyMandate(c, reference);
    await expectRefusedWithRefund(res, reference, {
      status: 402,
      code: 'payment_failed',
      amount,
      detail: /cannot be used for automatic debits/,
    });
    expect(res.body.detail).toMatch(/refunded to your bank account automatically\.$/);
    expect(await savedMethods(c)).toBe(0);
    await expectRefundedOnce(reference, amount);
  });
});

describe('the refund job: idempotent, retried on a refused or lost call, nothing else changes', () => {
  async function refusedCard() {
    const c = await createTestCustomer(t);
    const reference = await paidCard(c);
    await gatewayAnswers(reference, 'not_reusable');
    expect((await verifyCard(c, reference)).status).toBe(402);
    return { c, reference };
  }

  it('the gateway refuses (500 on its calls): the job throws, nothing changes; the retry refunds once', async () => {
    const { reference } = await refusedCard();
    const before = await setupRow(reference);
    const entries = await ledgerEntries();
    await t.sandbox.control('POST', '/_sandbox/faults', { fail_next: 3 });
    try {
      await expect(refundVerificationCharge(t.ctx, reference)).rejects.toThrow();
    } finally {
      await t.sandbox.control('DELETE', '/_sandbox/faults');
    }
    expect(await setupRow(reference)).toEqual(before);
    expect(await ledgerEntries()).toBe(entries);
    expect((await atGateway(reference)).refunds).toEqual([]);
    await expectRefundedOnce(reference, 5_000);
    expect(await setupRow(reference)).toEqual(before);
  });

  it('the refund is made but its answer is lost (a timeout): the retry finds it and refunds nothing more', async () => {
    const { reference } = await refusedCard();
    const before = await setupRow(reference);
    await t.sandbox.control('POST', '/_sandbox/faults', { lose_next_response: 1 });
    try {
      await expect(refundVerificationCharge(t.ctx, reference)).rejects.toThrow();
    } finally {
      await t.sandbox.control('DELETE', '/_sandbox/faults');
    }
    expect((await atGateway(reference)).refunds).toEqual([{ amount: 5_000, status: 'pending' }]);
    expect(await refundVerificationCharge(t.ctx, reference)).toBe('already_refunded');
    expect((await atGateway(reference)).refunds).toEqual([{ amount: 5_000, status: 'pending' }]);
    expect(await setupRow(reference)).toEqual(before);
  });

  it('the refund call times out (the gateway made it, its answer held past our 5 s timeout): the retry refunds nothing more', async () => {
    const { reference } = await refusedCard();
    const before = await setupRow(reference);
    await t.sandbox.control('POST', '/_sandbox/faults', { delay_next_response_ms: 8_000 });
    try {
      await expect(refundVerificationCharge(t.ctx, reference)).rejects.toThrow();
    } finally {
      await t.sandbox.control('DELETE', '/_sandbox/faults');
    }
    expect(await refundVerificationCharge(t.ctx, reference)).toBe('already_refunded');
    expect((await atGateway(reference)).refunds).toEqual([{ amount: 5_000, status: 'pending' }]);
    expect(await setupRow(reference)).toEqual(before);
  });

  it('after the refund is processed (verify says reversed), another run asks for nothing', async () => {
    const { reference } = await refusedCard();
    expect(await refundVerificationCharge(t.ctx, reference)).toBe('refunded');
    await t.sandbox.control('POST', '/_sandbox/settle');
    expect(await atGateway(reference)).toMatchObject({
      status: 'reversed',
      refunds: [{ amount: 5_000, status: 'processed' }],
    });
    expect(await refundVerificationCharge(t.ctx, reference)).toBe('already_refunded');
    expect((await atGateway(reference)).refunds).toHaveLength(1);
  });
});

describe('through graphile-worker: the one refund_verification_charge job', () => {
  /** Runs every due refund_verification_charge job once, as the worker would. */
  async function runDueRefundJobs() {
    const deps: JobDeps = {
      db: t.ctx.db,
      clock: t.ctx.clock,
      gateway: t.ctx.gateway,
      app: t.ctx,
      notificationChannels: {} as JobDeps['notificationChannels'],
    };
    await runOnce({
      connectionString: t.databaseUrl,
      taskList: { refund_verification_charge: refundVerificationChargeTask(deps) },
      noHandleSignals: true,
      logger: new Logger(() => () => undefined),
    });
  }
  async function refusedCard() {
    const c = await createTestCustomer(t);
    const reference = await paidCard(c);
    await gatewayAnswers(reference, 'not_reusable');
    expect((await verifyCard(c, reference)).status).toBe(402);
    return reference;
  }

  /**
   * Runs the job until it is done: on a loaded machine an attempt may time out at the gateway
   * (the job then waits for its back-off, brought forward here). Whatever the attempts, the
   * gateway must end with one refund.
   */
  async function runRefundJobToTheEnd(reference: string) {
    for (let attempt = 1; attempt <= 3; attempt++) {
      await runDueRefundJobs();
      if ((await refundJob(reference)).length === 0) return;
      await sql`UPDATE graphile_worker._private_jobs SET run_at = now()
                 WHERE key = ${`refund-verification:${reference}`}`.execute(t.ctx.db);
    }
    const [left] = await sql<{ last_error: string | null }>`
      SELECT last_error FROM graphile_worker.jobs
       WHERE key = ${`refund-verification:${reference}`}`
      .execute(t.ctx.db)
      .then((r) => r.rows);
    expect.fail(`the refund job still fails after 3 attempts: ${left?.last_error}`);
  }

  it('the job queued by the refusal refunds the charge; run again (a completion lost), it refunds nothing more', async () => {
    const reference = await refusedCard();
    await runRefundJobToTheEnd(reference);
    expect(await refundJob(reference)).toEqual([]);
    expect((await atGateway(reference)).refunds).toEqual([{ amount: 5_000, status: 'pending' }]);
    // The same job again, as after a worker that died before recording its completion.
    await sql`SELECT graphile_worker.add_job('refund_verification_charge',
                json_build_object('reference', ${reference}::text),
                job_key := ${`refund-verification:${reference}`}::text)`.execute(t.ctx.db);
    await runRefundJobToTheEnd(reference);
    expect(await refundJob(reference)).toEqual([]);
    expect((await atGateway(reference)).refunds).toEqual([{ amount: 5_000, status: 'pending' }]);
  });

  it('a refund the gateway refuses fails the attempt and changes nothing else; the next attempt refunds once', async () => {
    const reference = await refusedCard();
    const before = await setupRow(reference);
    await t.sandbox.control('POST', '/_sandbox/faults', { fail_next: 3 });
    try {
      await runDueRefundJobs();
    } finally {
      await t.sandbox.control('DELETE', '/_sandbox/faults');
    }
    const [failed] = await refundJob(reference);
    expect(failed?.attempts).toBe(1);
    expect(await setupRow(reference)).toEqual(before);
    expect((await atGateway(reference)).refunds).toEqual([]);
    // Its back-off over (brought forward here), the retry refunds.
    await sql`UPDATE graphile_worker._private_jobs SET run_at = now()
               WHERE key = ${`refund-verification:${reference}`}`.execute(t.ctx.db);
    await runDueRefundJobs();
    expect(await refundJob(reference)).toEqual([]);
    expect((await atGateway(reference)).refunds).toEqual([{ amount: 5_000, status: 'pending' }]);
    expect(await setupRow(reference)).toEqual(before);
  });
});

describe('I5 verification-charges-returned (test/invariants.sql) can fail', () => {
  async function violationsAfter(breakIt: (db: pg.Client) => Promise<unknown>) {
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      await client.query('BEGIN');
      await breakIt(client);
      return (await runInvariantChecks(client, { now: t.clock.now() })).filter(
        (v: Violation) => v.check === 'I5 verification-charges-returned',
      );
    } finally {
      await client.query('ROLLBACK');
      await client.end();
    }
  }
  const deleteJob = (db: pg.Client, reference: string) =>
    db.query(`DELETE FROM graphile_worker._private_jobs WHERE key = $1`, [
      `refund-verification:${reference}`,
    ]);

  it('finds nothing while each charge taken has its refund or its job', async () => {
    expect(await violationsAfter(async () => undefined)).toEqual([]);
  });

  it('a refused card whose refund job is lost, and one refused without recording its refund', async () => {
    const c = await createTestCustomer(t);
    const lost = await paidCard(c);
    await gatewayAnswers(lost, 'not_reusable');
    expect((await verifyCard(c, lost)).status).toBe(402);
    const unrecorded = await paidCard(c);
    await gatewayAnswers(unrecorded, 'other_email');
    expect((await verifyCard(c, unrecorded)).status).toBe(402);

    const found = await violationsAfter(async (db) => {
      // The refund job of the first is gone before it ran (refused "like before decision 0042").
      await deleteJob(db, lost);
      // The second is refused as before: failed, nothing recorded (its job still there).
      await db.query(
        `UPDATE payment_method_setups
            SET verification_refund_queued_at = NULL, verification_charge_kobo = NULL
          WHERE reference = $1`,
        [unrecorded],
      );
    });
    expect(found).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          object: lost,
          detail: expect.stringMatching(/took 5000 kobo \(success\).*no saved method.*no refund/),
        }),
        expect.objectContaining({
          object: unrecorded,
          detail: expect.stringMatching(/no refund is recorded/),
        }),
      ]),
    );
    expect(found).toHaveLength(2);
  });

  it('a saved card whose refund job is lost, and a card paid but never verified without its sweep', async () => {
    const c = await createTestCustomer(t);
    const saved = await paidCard(c);
    expect((await verifyCard(c, saved)).status).toBe(200);
    const abandoned = await paidCard(c);
    const found = await violationsAfter(async (db) => {
      await deleteJob(db, saved);
      await deleteJob(db, abandoned);
    });
    expect(found).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ object: saved, detail: expect.stringMatching(/saved as pm_/) }),
        expect.objectContaining({
          object: abandoned,
          detail: expect.stringMatching(/setup pending, no saved method/),
        }),
      ]),
    );
    expect(found).toHaveLength(2);
  });
});
