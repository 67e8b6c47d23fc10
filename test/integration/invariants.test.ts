import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { chargeReference } from '../../src/features/collections/intents.ts';
import { sendPayout } from '../../src/features/money/payouts.ts';
import { sendRefund } from '../../src/features/refunds/delivery.ts';
import { waitFor } from '../harness/e2e.ts';
import { createTestMerchant, newIdempotencyKey, type TestMerchant } from '../harness/fixtures.ts';
import {
  checkInvariants,
  loadInvariantChecks,
  runInvariantChecks,
  type Violation,
} from '../harness/invariants.ts';
import { collect, confirmPlanFor } from '../harness/plans.ts';
import { startTestAppWithSandbox, type TestAppWithSandbox } from '../harness/test-app.ts';

/**
 * test/invariants.sql can fail: a real plan runs through a deposit, an installment and a payout
 * (no violation), a second merchant's plan is paid in full and partly refunded in cash through
 * the sandbox, and a third plan waits for its deposit; then each invariant is broken with direct
 * SQL inside a transaction that is rolled back (the checks run in that transaction and see the
 * broken rows; nothing stays), and the named violation must come out. TestApp.close() checks the
 * database once more at the end: clean again.
 */
let t: TestAppWithSandbox;
let merchant: TestMerchant;
/** A merchant whose fully paid plan was refunded in part, in cash, and one plan with nothing paid. */
let refundMerchant: TestMerchant;
const refunded = {
  planId: '',
  refundId: '',
  /** The refund's cash parts (each one gateway refund of one charge), processed. */
  parts: [] as { reference: string; chargeReference: string; amountKobo: number }[],
  /** A plan confirmed whose deposit is not collected: nothing paid. */
  unpaidPlanId: '',
  unpaidInstallments: [] as string[],
};
const flow = {
  planId: '',
  /** sequence → installment id (0 is the deposit). */
  installments: [] as string[],
  depositCharge: '',
  firstCharge: '',
  payoutId: '',
  payoutReference: '',
};

beforeAll(async () => {
  t = await startTestAppWithSandbox();
  merchant = await createTestMerchant(t, { approve: true });
  await t.http.patch(
    `/api/v1/merchant/${merchant.id}/settings`,
    { settlement_account: { bank_code: '058', account_number: '0123456789' } },
    { token: merchant.testKey },
  );
  const { plan } = await confirmPlanFor(t, merchant, { amount: 100_000 });
  flow.planId = plan.id;
  flow.installments = [...plan.installments]
    .sort((a, b) => a.sequence - b.sequence)
    .map((i) => i.id);
  const [deposit = '', first = ''] = flow.installments;
  for (const id of [deposit, first]) {
    t.clock.advance(1_000);
    expect(['paid', 'nothing_to_do']).toContain(await collect(t, id));
  }
  flow.depositCharge = chargeReference(deposit, 1);
  flow.firstCharge = chargeReference(first, 1);
  const payout = await t.http.post(
    `/api/v1/merchant/${merchant.id}/payouts`,
    {},
    { token: merchant.testKey },
  );
  expect(payout.status, JSON.stringify(payout.body)).toBe(201);
  flow.payoutId = payout.body.data.id as string;
  flow.payoutReference = payout.body.data.reference as string;
  await sendPayout(t.ctx, flow.payoutId);
  await t.sandbox.control('POST', '/_sandbox/settle');

  // Refunds: every installment paid (4 × 25,000), then 30,000 back. With nothing unpaid it is all
  // cash, taken from the charges newest first, sent to the gateway and settled there.
  refundMerchant = await createTestMerchant(t, { approve: true });
  const paidInFull = (await confirmPlanFor(t, refundMerchant, { amount: 100_000 })).plan;
  refunded.planId = paidInFull.id;
  for (const installment of [...paidInFull.installments].sort((a, b) => a.sequence - b.sequence)) {
    t.clock.advance(1_000);
    expect(['paid', 'nothing_to_do']).toContain(await collect(t, installment.id));
  }
  const refund = await t.http.post(
    `/api/v1/merchant/${refundMerchant.id}/plans/${refunded.planId}/refunds`,
    { amount: 30_000, reason: 'two items back' },
    { token: refundMerchant.testKey, headers: { 'idempotency-key': newIdempotencyKey() } },
  );
  expect(refund.status, JSON.stringify(refund.body)).toBe(201);
  refunded.refundId = refund.body.data.id as string;
  await sendRefund(t.ctx, refunded.refundId);
  await t.sandbox.control('POST', '/_sandbox/settle');
  const readParts = () =>
    t.ctx.db
      .selectFrom('refund_parts')
      .select(['reference', 'charge_reference', 'amount_kobo', 'status'])
      .where('refund_id', '=', refunded.refundId)
      .orderBy('reference')
      .execute();
  // The sandbox's refund.processed webhook settles the parts.
  await waitFor(
    async () => (await readParts()).every((p) => p.status === 'processed'),
    10_000,
    () => 'refund parts not processed',
  );
  refunded.parts = (await readParts()).map((p) => ({
    reference: p.reference,
    chargeReference: p.charge_reference,
    amountKobo: p.amount_kobo,
  }));
  expect(refunded.parts.length).toBeGreaterThan(0);
  const unpaid = (await confirmPlanFor(t, refundMerchant, { amount: 100_000 })).plan;
  refunded.unpaidPlanId = unpaid.id;
  refunded.unpaidInstallments = [...unpaid.installments]
    .sort((a, b) => a.sequence - b.sequence)
    .map((i) => i.id);
});
afterAll(async () => t.close());

/** Runs `breakIt` and the checks in one transaction, then rolls everything back. */
async function violationsAfter(breakIt: (db: pg.Client) => Promise<unknown>): Promise<Violation[]> {
  const client = new pg.Client({ connectionString: t.databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    await breakIt(client);
    return await runInvariantChecks(client, { now: t.clock.now() });
  } finally {
    await client.query('ROLLBACK');
    await client.end();
  }
}

const named = (invariant: string, object: string) => expect.objectContaining({ invariant, object });

/** Books an entry as the application would not: postings as given, checked only at commit. */
async function bookRaw(
  db: pg.Client,
  entry: { id: string; kind: string; reference: string; merchantId: string | null },
  postings: [account: string, debit: number, credit: number][],
): Promise<void> {
  await db.query(
    `INSERT INTO journal_entries (id, kind, reference, currency, merchant_id, created_at)
     VALUES ($1, $2, $3, 'NGN', $4, $5)`,
    [entry.id, entry.kind, entry.reference, entry.merchantId, t.clock.now()],
  );
  for (const [index, [account, debit, credit]] of postings.entries()) {
    await db.query(
      `INSERT INTO journal_postings (entry_id, line, account, debit_kobo, credit_kobo)
       VALUES ($1, $2, $3, $4, $5)`,
      [entry.id, index + 1, account, debit, credit],
    );
  }
}

describe('test/invariants.sql', () => {
  it('has a query for each of I1–I16, each one statement', () => {
    const checks = loadInvariantChecks();
    expect(new Set(checks.map((c) => c.invariant))).toEqual(
      new Set(Array.from({ length: 16 }, (_, i) => `I${i + 1}`)),
    );
  });

  it('I16 hardship-excuses: failed attempts excused with no approved move of the installment', async () => {
    const found = await violationsAfter(async (db) => {
      // Installment 2 of the flow: a failed attempt, then excused as if its date had moved.
      await db.query(
        `UPDATE installments SET failed_attempts = 1, excused_failed_attempts = 1 WHERE id = $1`,
        [flow.installments[2]],
      );
    });
    expect(found.filter((v) => v.invariant === 'I16')).toEqual([
      named('I16', flow.installments[2] ?? ''),
    ]);
  });

  it('I13 dispute-entries: a dispute without its opening entry, one booked for the wrong amount, a won one not given back, one about a charge of another plan', async () => {
    const found = await violationsAfter(async (db) => {
      const dispute = async (
        id: string,
        fields: { status?: string; returned?: number; plan?: string },
      ) =>
        db.query(
          `INSERT INTO disputes (id, gateway_dispute_id, merchant_id, livemode, plan_id, installment_id,
             charge_reference, status, amount_kobo, fee_share_kobo, merchant_share_kobo,
             returned_kobo, returned_fee_kobo, gateway_status, created_at, updated_at)
           VALUES ($1, $1, $2, false, $3, $4, $5, $6, 25000, 625, 24375, $7, 0, 'resolved', $8, $8)`,
          [
            id,
            merchant.id,
            fields.plan ?? flow.planId,
            flow.installments[1],
            flow.firstCharge,
            fields.status ?? 'needs_response',
            fields.returned ?? 0,
            t.clock.now(),
          ],
        );
      const opened = (id: string, amount: number) =>
        bookRaw(
          db,
          { id: `je_${id}`, kind: 'dispute_opened', reference: id, merchantId: merchant.id },
          [
            [`merchant_payable:${merchant.id}`, amount - 625, 0],
            ['platform_fee_revenue', 625, 0],
            ['gateway_clearing', 0, amount],
          ],
        );
      await dispute('dsp_no_entry', {});
      await dispute('dsp_wrong_amount', {});
      await opened('dsp_wrong_amount', 20_000);
      await dispute('dsp_won_kept', { status: 'won' });
      await opened('dsp_won_kept', 25_000);
      await dispute('dsp_other_plan', { plan: refunded.planId });
      await opened('dsp_other_plan', 25_000);
    });
    expect(found.filter((v) => v.invariant === 'I13')).toEqual(
      expect.arrayContaining([
        named('I13', 'dsp_no_entry'),
        named('I13', 'dsp_wrong_amount'),
        named('I13', 'dsp_won_kept'),
        named('I13', 'dsp_other_plan'),
      ]),
    );
    // What the disputes took from the merchant is not what the ledger took: I7 sees it too.
    expect(found).toEqual(expect.arrayContaining([named('I7', merchant.id)]));
  });

  it('I15 reversal-entries: a reversal without its entry, one booked for the wrong amount, one superseded without being undone, one larger than what is left unrefunded', async () => {
    const found = await violationsAfter(async (db) => {
      const reversal = async (
        id: string,
        fields: { charge?: string; plan?: string; amount?: number; supersededBy?: string },
      ) => {
        const amount = fields.amount ?? 25_000;
        await db.query(
          `INSERT INTO charge_reversals (id, charge_reference, merchant_id, livemode, plan_id,
             installment_id, amount_kobo, fee_share_kobo, merchant_share_kobo,
             superseded_by_dispute_id, created_at, superseded_at)
           VALUES ($1, $2, $3, false, $4, $5, $6, 625, $7, $8, $9, $10)`,
          [
            id,
            fields.charge ?? flow.firstCharge,
            merchant.id,
            fields.plan ?? flow.planId,
            flow.installments[1],
            amount,
            amount - 625,
            fields.supersededBy ?? null,
            t.clock.now(),
            fields.supersededBy ? t.clock.now() : null,
          ],
        );
      };
      const booked = (id: string, amount: number) =>
        bookRaw(
          db,
          { id: `je_${id}`, kind: 'payment_reversed', reference: id, merchantId: merchant.id },
          [
            [`merchant_payable:${merchant.id}`, amount - 625, 0],
            ['platform_fee_revenue', 625, 0],
            ['gateway_clearing', 0, amount],
          ],
        );
      // One reversal per charge (unique): each broken one is about another charge of a plan.
      await reversal('rvs_no_entry', {});
      const refundedCharge = refunded.parts[0]?.chargeReference ?? '';
      await reversal('rvs_wrong_amount', { charge: refundedCharge, plan: refunded.planId });
      await booked('rvs_wrong_amount', 20_000);
      await db.query(
        `INSERT INTO disputes (id, gateway_dispute_id, merchant_id, livemode, plan_id, installment_id,
           charge_reference, status, amount_kobo, fee_share_kobo, merchant_share_kobo,
           gateway_status, created_at, updated_at)
         VALUES ('dsp_i14', 'dsp_i14', $1, false, $2, $3, $4, 'needs_response', 25000, 625, 24375,
           'awaiting-merchant-feedback', $5, $5)`,
        [merchant.id, flow.planId, flow.installments[1], flow.firstCharge, t.clock.now()],
      );
      await reversal('rvs_not_undone', { charge: flow.depositCharge, supersededBy: 'dsp_i14' });
      await booked('rvs_not_undone', 25_000);
    });
    expect(found.filter((v) => v.invariant === 'I15')).toEqual(
      expect.arrayContaining([
        named('I15', 'rvs_no_entry'),
        named('I15', 'rvs_wrong_amount'),
        named('I15', 'rvs_not_undone'),
      ]),
    );
    // What the reversals took from the merchant is not what the ledger took: I7 sees it too.
    expect(found).toEqual(expect.arrayContaining([named('I7', merchant.id)]));
  });

  it('finds nothing after real plans: deposit, an installment, a payout paid; a cash refund processed', async () => {
    const plan = await t.ctx.db
      .selectFrom('installments')
      .select(['sequence', 'status'])
      .where('plan_id', '=', flow.planId)
      .orderBy('sequence')
      .execute();
    expect(plan.map((i) => i.status)).toEqual(['paid', 'paid', 'scheduled', 'scheduled']);
    const payout = await t.ctx.db
      .selectFrom('payouts')
      .select('status')
      .where('id', '=', flow.payoutId)
      .executeTakeFirstOrThrow();
    expect(payout.status).toBe('paid');
    const refund = await t.ctx.db
      .selectFrom('refunds')
      .select(['status', 'cash_kobo', 'reduction_kobo'])
      .where('id', '=', refunded.refundId)
      .executeTakeFirstOrThrow();
    expect(refund).toEqual({ status: 'processed', cash_kobo: 30_000, reduction_kobo: 0 });
    expect(await checkInvariants(t.databaseUrl, { now: t.clock.now() })).toEqual([]);
  });

  it('I1, I2: an unbalanced entry (the deferred balance trigger only fires at commit)', async () => {
    const found = await violationsAfter((db) =>
      bookRaw(
        db,
        {
          id: 'je_unbalanced',
          kind: 'payment_collected',
          reference: 'chg-unbalanced-1',
          merchantId: merchant.id,
        },
        [
          ['gateway_clearing', 100, 0],
          [`merchant_payable:${merchant.id}`, 0, 90],
        ],
      ),
    );
    expect(found).toEqual(
      expect.arrayContaining([named('I1', 'je_unbalanced'), named('I2', 'currency NGN')]),
    );
  });

  it('I3: an account outside the chart, and merchant payable pushed to the debit side', async () => {
    const found = await violationsAfter((db) =>
      bookRaw(
        db,
        {
          id: 'je_overdrawn',
          kind: 'payout_initiated',
          reference: 'trf-nothing',
          merchantId: merchant.id,
        },
        [
          [`merchant_payable:${merchant.id}`, 5_000_000, 0],
          ['suspense', 0, 5_000_000],
        ],
      ),
    );
    expect(found).toEqual(
      expect.arrayContaining([
        named('I3', `merchant_payable:${merchant.id}`),
        named('I3', 'suspense'),
      ]),
    );
  });

  it('I4: a collection whose fee is not 2.5% rounded half up, and a webhook that says so', async () => {
    const found = await violationsAfter(async (db) => {
      await bookRaw(
        db,
        {
          id: 'je_badfee',
          kind: 'payment_collected',
          reference: 'chg-badfee-1',
          merchantId: merchant.id,
        },
        [
          ['gateway_clearing', 10_000, 0],
          [`customer_receivable:${flow.planId}`, 0, 10_000],
          [`merchant_pending:${merchant.id}`, 10_000, 0],
          [`merchant_payable:${merchant.id}`, 0, 9_700],
          ['platform_fee_revenue', 0, 300],
        ],
      );
      await db.query(
        `UPDATE webhook_events
            SET body = jsonb_set(body::jsonb, '{data,payment,fee}', '1')::text
          WHERE type = 'payment.success' AND body::jsonb #>> '{data,payment,reference}' = $1`,
        [flow.depositCharge],
      );
    });
    const event = await t.ctx.db
      .selectFrom('webhook_events')
      .select('id')
      .where('type', '=', 'payment.success')
      .where('merchant_id', '=', merchant.id)
      .executeTakeFirstOrThrow();
    expect(found).toEqual(
      expect.arrayContaining([named('I4', 'chg-badfee-1'), named('I4', event.id)]),
    );
  });

  it('I5: a collected charge marked failed; a paid payout marked pending', async () => {
    const found = await violationsAfter(async (db) => {
      await db.query(`UPDATE charges SET status = 'failed' WHERE reference = $1`, [
        flow.firstCharge,
      ]);
      await db.query(`UPDATE payouts SET status = 'pending' WHERE id = $1`, [flow.payoutId]);
    });
    expect(found).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ check: 'I5 entry-to-charge', object: flow.firstCharge }),
        expect.objectContaining({ check: 'I5 gateway-charges', object: flow.firstCharge }),
        expect.objectContaining({ check: 'I5 payout-entries', object: flow.payoutReference }),
      ]),
    );
  });

  it('I5: a successful charge whose ledger entry is missing (the ledger rows deleted)', async () => {
    const found = await violationsAfter(async (db) => {
      await db.query('ALTER TABLE journal_postings DISABLE TRIGGER journal_postings_append_only');
      await db.query('ALTER TABLE journal_entries DISABLE TRIGGER journal_entries_append_only');
      const { rows } = await db.query<{ id: string }>(
        `SELECT id FROM journal_entries WHERE kind = 'payment_collected' AND reference = $1`,
        [flow.firstCharge],
      );
      await db.query('DELETE FROM journal_postings WHERE entry_id = $1', [rows[0]?.id]);
      await db.query('DELETE FROM journal_entries WHERE id = $1', [rows[0]?.id]);
    });
    expect(found).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ check: 'I5 charge-to-entry', object: flow.firstCharge }),
      ]),
    );
  });

  it('I5 refund-entries: a processed part marked sent again, fee entries not for a part, cash its parts do not make', async () => {
    const [sent, wrongFee] = refunded.parts;
    if (!sent || !wrongFee) throw new Error('the refund was meant to have two cash parts');
    const found = await violationsAfter(async (db) => {
      // The ledger says the gateway refunded it; the part says it is still on its way.
      await db.query(`UPDATE refund_parts SET status = 'sent' WHERE reference = $1`, [
        sent.reference,
      ]);
      // The part now claims 1 kobo more of fee returned than its entries moved.
      await db.query(
        `UPDATE refund_parts SET fee_returned_kobo = fee_returned_kobo + 1 WHERE reference = $1`,
        [wrongFee.reference],
      );
      // 1 kobo moved from cash to balance reduction: the parts no longer make the cash, and no
      // receivable_reduced entry books the reduction.
      await db.query(
        `UPDATE refunds SET cash_kobo = cash_kobo - 1, reduction_kobo = reduction_kobo + 1
          WHERE id = $1`,
        [refunded.refundId],
      );
    });
    expect(found).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          check: 'I5 refund-entries',
          object: sent.reference,
          detail: expect.stringMatching(
            /^refund part is sent, the ledger has \[refund_initiated, refund_succeeded\]/,
          ),
        }),
        expect.objectContaining({
          check: 'I5 refund-entries',
          object: wrongFee.reference,
          detail: expect.stringMatching(/^entries refund_initiated are not for/),
        }),
        expect.objectContaining({
          check: 'I5 refund-entries',
          object: refunded.refundId,
          detail: expect.stringMatching(/^refund reduces the balance by 1 kobo but has 0/),
        }),
        expect.objectContaining({
          check: 'I5 refund-entries',
          object: refunded.refundId,
          detail: expect.stringMatching(/cash 29999 but its parts total 30000$/),
        }),
      ]),
    );
  });

  it('I5 entries-mapped: an entry kind with no mapping, a payout entry and a refund entry of nothing, a plan without its plan_confirmed, an entry naming another merchant', async () => {
    const found = await violationsAfter(async (db) => {
      // First, before any insert queues the deferred balance check (ALTER TABLE refuses then).
      await db.query('ALTER TABLE journal_postings DISABLE TRIGGER journal_postings_append_only');
      await db.query('ALTER TABLE journal_entries DISABLE TRIGGER journal_entries_append_only');
      await db.query(
        `DELETE FROM journal_postings WHERE entry_id IN (
           SELECT id FROM journal_entries WHERE kind = 'plan_confirmed' AND reference = $1)`,
        [refunded.unpaidPlanId],
      );
      await db.query(
        `DELETE FROM journal_entries WHERE kind = 'plan_confirmed' AND reference = $1`,
        [refunded.unpaidPlanId],
      );
      await bookRaw(
        db,
        { id: 'je_unmapped', kind: 'reversal', reference: 'rev-1', merchantId: null },
        [
          ['gateway_clearing', 100, 0],
          ['platform_fee_revenue', 0, 100],
        ],
      );
      await bookRaw(
        db,
        {
          id: 'je_no_payout',
          kind: 'payout_succeeded',
          reference: 'trf-nobody',
          merchantId: merchant.id,
        },
        [
          [`payouts_in_transit:${merchant.id}`, 100, 0],
          ['gateway_clearing', 0, 100],
        ],
      );
      await bookRaw(
        db,
        {
          id: 'je_no_part',
          kind: 'refund_succeeded',
          reference: 'rfp-nothing-1',
          merchantId: merchant.id,
        },
        [
          [`refunds_in_transit:${merchant.id}`, 100, 0],
          ['gateway_clearing', 0, 100],
        ],
      );
      await bookRaw(
        db,
        {
          id: 'je_other_merchant',
          kind: 'plan_cancelled',
          reference: refunded.unpaidPlanId,
          merchantId: merchant.id,
        },
        [
          [`merchant_pending:${refundMerchant.id}`, 100, 0],
          [`customer_receivable:${refunded.unpaidPlanId}`, 0, 100],
        ],
      );
    });
    const mapped = (object: string, detail: RegExp) =>
      expect.objectContaining({
        check: 'I5 entries-mapped',
        object,
        detail: expect.stringMatching(detail),
      });
    expect(found).toEqual(
      expect.arrayContaining([
        mapped('je_unmapped', /^reversal rev-1: no mapping/),
        mapped('je_no_payout', /^payout_succeeded trf-nobody: no payout has this reference$/),
        mapped('je_no_part', /^refund_succeeded rfp-nothing-1: no refund part has this reference$/),
        mapped('je_other_merchant', /^plan_cancelled .*: the plan is pending_deposit$/),
        mapped(refunded.unpaidPlanId, /^plan has 0 plan_confirmed entries, not 1$/),
      ]),
    );
    // The plan is cancelled in a second break, so that the entry's merchant is what is wrong.
    const merchantOnly = await violationsAfter(async (db) => {
      await db.query(`UPDATE payment_plans SET status = 'cancelled' WHERE id = $1`, [
        refunded.unpaidPlanId,
      ]);
      await bookRaw(
        db,
        {
          id: 'je_other_merchant',
          kind: 'plan_cancelled',
          reference: refunded.unpaidPlanId,
          merchantId: merchant.id,
        },
        [
          [`merchant_pending:${refundMerchant.id}`, 100, 0],
          [`customer_receivable:${refunded.unpaidPlanId}`, 0, 100],
        ],
      );
    });
    expect(merchantOnly).toEqual(
      expect.arrayContaining([
        mapped(
          'je_other_merchant',
          /^plan_cancelled .*: merchant_id mer_\w+ is not the merchant of its accounts$/,
        ),
      ]),
    );
  });

  it('I5 gateway-transfers: a paid payout whose transfer failed at the gateway, and a transfer no payout sent', async () => {
    const found = await violationsAfter(async (db) => {
      await db.query(
        `UPDATE sandbox_gateway.transfers SET status = 'failed' WHERE reference = $1`,
        [flow.payoutReference],
      );
      await db.query(
        `INSERT INTO sandbox_gateway.transfers (transfer_code, reference, amount, currency, source,
                                                reason, recipient_id, status, created_at, updated_at)
         SELECT 'TRF_stray', 'trf-stray-transfer', 5000, currency, source, reason, recipient_id,
                'success', created_at, updated_at
           FROM sandbox_gateway.transfers WHERE reference = $1`,
        [flow.payoutReference],
      );
    });
    expect(found).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          check: 'I5 gateway-transfers',
          object: flow.payoutReference,
          detail: expect.stringMatching(/is paid but the gateway says failed$/),
        }),
        expect.objectContaining({
          check: 'I5 gateway-transfers',
          object: 'trf-stray-transfer',
        }),
      ]),
    );
  });

  it('I5 gateway-refunds: a processed part refunded for less at the gateway, a part the gateway never saw, a failed part the gateway paid, a refund no part asked for', async () => {
    const [short, missing] = refunded.parts;
    if (!short || !missing) throw new Error('the refund was meant to have two cash parts');
    const found = await violationsAfter(async (db) => {
      await db.query(
        `UPDATE sandbox_gateway.refunds SET amount = amount - 1 WHERE merchant_note = $1`,
        [short.reference],
      );
      await db.query(
        `UPDATE sandbox_gateway.refunds SET merchant_note = 'rfp-renamed-1' WHERE merchant_note = $1`,
        [missing.reference],
      );
    });
    expect(found).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ check: 'I5 gateway-refunds', object: short.reference }),
        expect.objectContaining({
          check: 'I5 gateway-refunds',
          object: missing.reference,
          detail: expect.stringMatching(/the gateway has 0 refund\(s\) with this note: none$/),
        }),
        expect.objectContaining({ check: 'I5 gateway-refunds', object: 'rfp-renamed-1' }),
      ]),
    );
    // Ours says failed (money back to the merchant), the gateway paid the customer.
    const failedHere = await violationsAfter((db) =>
      db.query(`UPDATE refund_parts SET status = 'failed' WHERE reference = $1`, [short.reference]),
    );
    expect(failedHere).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          check: 'I5 gateway-refunds',
          object: short.reference,
          detail: expect.stringMatching(/^refund part failed/),
        }),
      ]),
    );
  });

  it('I6: a second successful charge for a paid installment, here and at the gateway', async () => {
    const second = chargeReference(flow.installments[1] ?? '', 2);
    const found = await violationsAfter(async (db) => {
      await db.query(
        `INSERT INTO charges (reference, installment_id, plan_id, merchant_id, payment_method_id,
                              attempt, amount_kobo, status, created_at, settled_at)
         SELECT $2, installment_id, plan_id, merchant_id, payment_method_id, 2, amount_kobo,
                'success', created_at, settled_at
           FROM charges WHERE reference = $1`,
        [flow.firstCharge, second],
      );
      await db.query(
        `INSERT INTO sandbox_gateway.transactions
           (reference, customer_id, amount, currency, channel, status, gateway_response,
            authorization_code, paid_at, created_at, updated_at)
         SELECT $2, customer_id, amount, currency, channel, status, gateway_response,
                authorization_code, paid_at, created_at, updated_at
           FROM sandbox_gateway.transactions WHERE reference = $1`,
        [flow.firstCharge, second],
      );
    });
    expect(found).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          check: 'I6 one-charge-per-installment',
          object: flow.installments[1],
        }),
        expect.objectContaining({
          check: 'I6 one-gateway-charge-per-installment',
          object: flow.installments[1],
        }),
      ]),
    );
  });

  it('partial debits (decision 0045): what an installment records as partially paid without the charges, and a full payment passed off as a partial one', async () => {
    const unpaid = flow.installments[2] ?? '';
    const recordedOnly = await violationsAfter((db) =>
      db.query(
        `UPDATE installments SET amount_kobo = amount_kobo - 1000, partially_paid_kobo = 1000
          WHERE id = $1`,
        [unpaid],
      ),
    );
    expect(recordedOnly).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ check: 'I6 one-charge-per-installment', object: unpaid }),
        expect.objectContaining({ check: 'I8 receivable-matches-schedule', object: flow.planId }),
      ]),
    );
    // The schedule itself still sums (amount + refunded + partially paid): no I8 schedule row.
    expect(recordedOnly.map((v) => v.check)).not.toContain('I8 schedule-sums-to-total');

    const relabelled = await violationsAfter((db) =>
      db.query(
        `UPDATE charges SET at_least_kobo = 1, requested_kobo = amount_kobo + 1 WHERE reference = $1`,
        [flow.firstCharge],
      ),
    );
    expect(relabelled).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          check: 'I6 one-charge-per-installment',
          object: flow.installments[1],
        }),
        expect.objectContaining({
          check: 'I9 one-row-per-notified-change',
          object: flow.firstCharge,
        }),
        expect.objectContaining({
          check: 'I10 installment-history',
          object: flow.installments[1],
        }),
      ]),
    );
  });

  it('I7: a payout above what was ever available; a gateway refund above its payment', async () => {
    const found = await violationsAfter(async (db) => {
      await db.query(
        `INSERT INTO payouts (id, merchant_id, reference, amount_kobo, bank_code, account_number,
                              status, trigger, created_at, updated_at)
         VALUES ('po_toomuch', $1, 'trf-toomuch', 1000000, '058', '0123456789', 'paid',
                 'request', $2, $2)`,
        [merchant.id, t.clock.now()],
      );
      await db.query(
        `INSERT INTO sandbox_gateway.refunds (transaction_id, amount, currency, status, created_at, updated_at)
         SELECT id, amount + 1, currency, 'processed', created_at, updated_at
           FROM sandbox_gateway.transactions WHERE reference = $1`,
        [flow.depositCharge],
      );
    });
    expect(found).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ check: 'I7 payouts-within-available', object: merchant.id }),
        expect.objectContaining({
          check: 'I7 gateway-refunds-within-captured',
          object: flow.depositCharge,
        }),
      ]),
    );
  });

  it('I7 refunds-within-collected: more fee returned than the charge paid, more refunded than it collected', async () => {
    const [overFee, overAmount] = refunded.parts;
    if (!overFee || !overAmount) throw new Error('the refund was meant to have two cash parts');
    const found = await violationsAfter(async (db) => {
      // Fee taken on a 25,000 charge: 625.
      await db.query(`UPDATE refund_parts SET fee_returned_kobo = 626 WHERE reference = $1`, [
        overFee.reference,
      ]);
      await db.query(
        `UPDATE refund_parts SET amount_kobo = amount_kobo + 25000 WHERE reference = $1`,
        [overAmount.reference],
      );
    });
    expect(found).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          check: 'I7 refunds-within-collected',
          object: overFee.chargeReference,
          detail: expect.stringMatching(/and 626 kobo of fee returned$/),
        }),
        expect.objectContaining({
          check: 'I7 refunds-within-collected',
          object: overAmount.chargeReference,
        }),
      ]),
    );
  });

  it('I8: installments that no longer sum to the order total', async () => {
    const found = await violationsAfter((db) =>
      db.query('UPDATE installments SET amount_kobo = amount_kobo + 1 WHERE id = $1', [
        flow.installments[3],
      ]),
    );
    expect(found).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ check: 'I8 schedule-sums-to-total', object: flow.planId }),
      ]),
    );
  });

  it('I8 receivable-matches-schedule: installments shortened behind the ledger, on a plan with payments and on one with none', async () => {
    // What a refund's balance reduction does to the schedule, without its receivable_reduced
    // entry: the schedule still sums to the total, but the ledger says more is owed.
    const shorten = `UPDATE installments SET amount_kobo = amount_kobo - 1000, refunded_kobo = refunded_kobo + 1000
                      WHERE id = $1`;
    const found = await violationsAfter(async (db) => {
      await db.query(shorten, [flow.installments[3]]);
      await db.query(shorten, [refunded.unpaidInstallments[3]]);
    });
    const receivable = (object: string, detail: RegExp) =>
      expect.objectContaining({
        check: 'I8 receivable-matches-schedule',
        object,
        detail: expect.stringMatching(detail),
      });
    expect(found).toEqual(
      expect.arrayContaining([
        receivable(
          flow.planId,
          /^customer_receivable is 50000 kobo; the schedule says 49000 is owed$/,
        ),
        receivable(
          refunded.unpaidPlanId,
          /^customer_receivable is 100000 kobo; the schedule says 99000 is owed$/,
        ),
        receivable(merchant.id, /^merchant_pending is 50000 kobo/),
        receivable(refundMerchant.id, /^merchant_pending is 100000 kobo/),
      ]),
    );
    expect(found.filter((v) => v.check !== 'I8 receivable-matches-schedule')).toEqual([]);
  });

  it('I9: a collected charge whose event is missing, a transfer told twice, a delivered row never delivered', async () => {
    const found = await violationsAfter(async (db) => {
      await db.query(
        `DELETE FROM webhook_attempts WHERE event_id IN (
           SELECT id FROM webhook_events
            WHERE body::jsonb #>> '{data,payment,reference}' = $1 AND type = 'payment.success')`,
        [flow.depositCharge],
      );
      await db.query(
        `DELETE FROM webhook_events
          WHERE body::jsonb #>> '{data,payment,reference}' = $1 AND type = 'payment.success'`,
        [flow.depositCharge],
      );
      await db.query(
        `INSERT INTO webhook_events (id, merchant_id, livemode, type, body, created_at, status,
                                     attempts, next_attempt_at, retry_until)
         SELECT 'evt_again', merchant_id, livemode, type,
                jsonb_set(body::jsonb, '{id}', '"evt_again"')::text, created_at, 'pending', 0,
                created_at, retry_until
           FROM webhook_events WHERE type = 'transfer.success' AND merchant_id = $1`,
        [merchant.id],
      );
      await db.query(
        `UPDATE webhook_events SET status = 'delivered', next_attempt_at = NULL
          WHERE type = 'debit.scheduled' AND merchant_id = $1`,
        [merchant.id],
      );
    });
    expect(found).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          check: 'I9 one-row-per-notified-change',
          object: flow.depositCharge,
        }),
        expect.objectContaining({ check: 'I9 one-row-per-notified-change', object: flow.payoutId }),
        expect.objectContaining({ check: 'I9 outbox-rows' }),
      ]),
    );
  });

  it('I9: a collected charge without its e-mail receipt, an in-app notice lost after it was sent', async () => {
    const found = await violationsAfter(async (db) => {
      await db.query(
        `DELETE FROM notification_outbox WHERE subject_id = $1 AND channel = 'email'`,
        [flow.depositCharge],
      );
      await db.query(
        `DELETE FROM customer_notifications WHERE id IN (
           SELECT 'ntf_' || substr(id, 5) FROM notification_outbox
            WHERE subject_id = $1 AND channel = 'in_app')`,
        [flow.firstCharge],
      );
      await db.query(
        `UPDATE notification_outbox SET status = 'sent', sent_at = created_at, attempts = 1,
                next_attempt_at = NULL
          WHERE subject_id = $1 AND channel = 'in_app'`,
        [flow.firstCharge],
      );
    });
    expect(found).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ check: 'I9 customer-notifications', object: flow.depositCharge }),
        expect.objectContaining({
          check: 'I9 customer-notifications',
          detail: expect.stringMatching(/^in-app notification sent, but notice ntf_/),
        }),
      ]),
    );
  });

  it('I10: a paid installment moved back to scheduled; a plan back to pending_deposit', async () => {
    const found = await violationsAfter(async (db) => {
      await db.query(`UPDATE installments SET status = 'scheduled' WHERE id = $1`, [
        flow.installments[1],
      ]);
      await db.query(`UPDATE payment_plans SET status = 'pending_deposit' WHERE id = $1`, [
        flow.planId,
      ]);
    });
    expect(found).toEqual(
      expect.arrayContaining([named('I10', flow.installments[1] ?? ''), named('I10', flow.planId)]),
    );
  });

  it('I11: the append-only trigger disabled, and a posting rewritten behind it', async () => {
    const found = await violationsAfter(async (db) => {
      await db.query('ALTER TABLE journal_postings DISABLE TRIGGER journal_postings_append_only');
      await db.query(
        `UPDATE journal_postings SET credit_kobo = credit_kobo
          WHERE entry_id = (SELECT id FROM journal_entries WHERE kind = 'payout_initiated' AND reference = $1)`,
        [flow.payoutReference],
      );
    });
    const entry = await t.ctx.db
      .selectFrom('journal_entries')
      .select('id')
      .where('kind', '=', 'payout_initiated')
      .where('reference', '=', flow.payoutReference)
      .executeTakeFirstOrThrow();
    expect(found).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ check: 'I11 ledger-append-only', object: 'journal_postings' }),
        expect.objectContaining({ check: 'I11 ledger-never-rewritten', object: entry.id }),
      ]),
    );
  });

  it('I12: a stored key without its session, a pending charge without its job, a payout in transit without its re-check, a job locked past its lease', async () => {
    const stuck = flow.installments[2] ?? '';
    const found = await violationsAfter(async (db) => {
      await db.query(
        `INSERT INTO idempotency_keys (merchant_id, livemode, key, request_hash, response_status,
                                       response_body, created_at)
         VALUES ($1, false, 'stuck-key', 'h', 201, '{"ok":true,"data":{"id":"cs_gone"}}', $2)`,
        [merchant.id, t.clock.now()],
      );
      await db.query(
        `INSERT INTO charges (reference, installment_id, plan_id, merchant_id, payment_method_id,
                              attempt, amount_kobo, status, created_at)
         SELECT $2, $3, plan_id, merchant_id, payment_method_id, 1, amount_kobo, 'pending', created_at
           FROM charges WHERE reference = $1`,
        [flow.firstCharge, chargeReference(stuck, 1), stuck],
      );
      await db.query(
        `UPDATE installments SET status = 'processing', charge_reference = $2 WHERE id = $1`,
        [stuck, chargeReference(stuck, 1)],
      );
      await db.query(`DELETE FROM graphile_worker._private_jobs WHERE key = $1`, [
        `collect:${stuck}:1`,
      ]);
      await db.query(
        `UPDATE graphile_worker._private_jobs SET locked_at = now() - interval '5 hours',
                locked_by = 'a-dead-worker'
          WHERE key = $1`,
        [`collect:${flow.installments[3]}:1`],
      );
      await db.query(`UPDATE payouts SET status = 'in_transit' WHERE id = $1`, [flow.payoutId]);
      await db.query(`DELETE FROM graphile_worker._private_jobs WHERE key = $1`, [
        `verify-payout:${flow.payoutId}`,
      ]);
    });
    expect(found).toEqual(
      expect.arrayContaining([
        named('I12', `${merchant.id}/stuck-key`),
        named('I12', chargeReference(stuck, 1)),
        named('I12', flow.payoutReference),
        named('I12', `collect:${flow.installments[3]}:1`),
      ]),
    );
  });

  it('I12: a payout awaiting its transfer OTP needs no verify_payout job (the OTP check completes it), but its transfer code', async () => {
    const awaiting = (transferCode: string | null) =>
      violationsAfter(async (db) => {
        await db.query(
          `UPDATE payouts SET status = 'in_transit', otp_requested_at = $2, transfer_code = $3
            WHERE id = $1`,
          [flow.payoutId, t.clock.now(), transferCode],
        );
        await db.query(`DELETE FROM graphile_worker._private_jobs WHERE key = $1`, [
          `verify-payout:${flow.payoutId}`,
        ]);
      });
    const withCode = await awaiting('TRF_held');
    expect(withCode.filter((v) => v.invariant === 'I12')).toEqual([]);
    const withoutCode = await awaiting(null);
    expect(withoutCode).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          invariant: 'I12',
          object: flow.payoutReference,
          detail: expect.stringMatching(/awaits its transfer OTP but has no transfer code/),
        }),
      ]),
    );
  });
});
