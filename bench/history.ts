// History for the growth bench (bench/growth.ts): finished plans as months of trading leave them,
// so that the tables the hot paths touch hold N times today's rows. Each plan is seeded the way
// the collections bench seeds an active one (test/harness/bulk-plans.ts: customer, card, session,
// plan, two installments, reminders, the plan_confirmed entry), then finished in bulk SQL: both
// installments paid through a successful charge with its payment_collected entry (built by the
// domain, so every entry balances), the plan completed, a receipt per installment, and three
// delivered webhook events (plan confirmed, two payments) each with its delivery attempt.
// Dates are spread over the past year, as real history is.
import type pg from 'pg';

import { accountKey, paymentCollectedEntry } from '../src/domain/ledger.ts';
import type { Runtime } from '../src/main/runtime.ts';
import { newId } from '../src/platform/ids.ts';
import { seedPlans } from '../test/harness/bulk-plans.ts';

/** Plans per transaction: large enough to be fast, small enough to keep memory flat. */
const CHUNK = 10_000;

/** Rows one finished plan leaves in the tables that grow (for the printed table sizes). */
export const GROWING_TABLES = [
  'checkout_sessions',
  'payment_plans',
  'installments',
  'charges',
  'journal_entries',
  'journal_postings',
  'webhook_events',
  'webhook_attempts',
  'notification_outbox',
] as const;

/** Adds `plans` finished plans spread over `merchantIds`; `label` keeps batches apart. */
export async function seedHistory(
  client: pg.Client,
  runtime: Runtime,
  options: { plans: number; merchantIds: readonly string[]; label: string },
  progress: (done: number) => void = () => undefined,
): Promise<void> {
  for (let done = 0; done < options.plans; done += CHUNK) {
    const size = Math.min(CHUNK, options.plans - done);
    const { planIds } = await seedPlans(client, runtime, {
      installments: size,
      merchants: options.merchantIds.length,
      merchantIds: options.merchantIds,
      batch: `${options.label}-${done / CHUNK}`,
      analyze: false,
    });
    await finishPlans(client, planIds);
    progress(done + size);
  }
}

async function finishPlans(client: pg.Client, planIds: string[]): Promise<void> {
  await client.query('BEGIN');
  // One moment per plan within the past year; its installments were paid a week and two after.
  await client.query(
    `WITH dated AS (
       SELECT id, now() - (random() * interval '365 days') AS confirmed_at
       FROM unnest($1::text[]) AS id)
     UPDATE payment_plans p SET status = 'completed', created_at = d.confirmed_at,
                                updated_at = d.confirmed_at + interval '14 days'
     FROM dated d WHERE p.id = d.id`,
    [planIds],
  );
  const rows = await client.query<{
    id: string;
    plan_id: string;
    merchant_id: string;
    amount_kobo: string;
  }>(
    `UPDATE installments i
        SET status = 'paid', charge_reference = 'chg_h' || substr(i.id, 5),
            due_at = p.created_at + make_interval(days => 7 * i.sequence),
            paid_at = p.created_at + make_interval(days => 7 * i.sequence, mins => 1)
       FROM payment_plans p
      WHERE p.id = i.plan_id AND i.plan_id = ANY($1::text[])
      RETURNING i.id, i.plan_id, p.merchant_id, i.amount_kobo`,
    [planIds],
  );
  await client.query(
    `INSERT INTO charges (reference, installment_id, plan_id, merchant_id, payment_method_id,
       attempt, amount_kobo, status, created_at, settled_at)
     SELECT i.charge_reference, i.id, i.plan_id, p.merchant_id, p.payment_method_id, 1,
            i.amount_kobo, 'success', i.due_at, i.paid_at
     FROM installments i JOIN payment_plans p ON p.id = i.plan_id
     WHERE i.plan_id = ANY($1::text[])`,
    [planIds],
  );
  const entryIds: string[] = [];
  const entryKinds: string[] = [];
  const entryReferences: string[] = [];
  const entryMerchants: string[] = [];
  const entryInstallments: string[] = [];
  const posting = {
    entry: [] as string[],
    line: [] as number[],
    account: [] as string[],
    debit: [] as number[],
    credit: [] as number[],
  };
  for (const row of rows.rows) {
    const reference = `chg_h${row.id.slice(4)}`;
    const entry = paymentCollectedEntry({
      planId: row.plan_id,
      merchantId: row.merchant_id,
      chargeReference: reference,
      grossKobo: Number(row.amount_kobo),
    });
    const id = newId('je');
    entryIds.push(id);
    entryKinds.push(entry.kind);
    entryReferences.push(entry.reference);
    entryMerchants.push(row.merchant_id);
    entryInstallments.push(row.id);
    entry.postings.forEach((p, line) => {
      posting.entry.push(id);
      posting.line.push(line + 1);
      posting.account.push(accountKey(p.account));
      posting.debit.push(p.debitKobo);
      posting.credit.push(p.creditKobo);
    });
  }
  await client.query(
    `INSERT INTO journal_entries (id, kind, reference, currency, merchant_id, created_at)
     SELECT t.id, t.kind, t.reference, 'NGN', t.merchant_id, i.paid_at
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
       AS t(id, kind, reference, merchant_id, installment_id)
     JOIN installments i ON i.id = t.installment_id`,
    [entryIds, entryKinds, entryReferences, entryMerchants, entryInstallments],
  );
  await client.query(
    `INSERT INTO journal_postings (entry_id, line, account, debit_kobo, credit_kobo)
     SELECT * FROM unnest($1::text[], $2::smallint[], $3::text[], $4::bigint[], $5::bigint[])`,
    [posting.entry, posting.line, posting.account, posting.debit, posting.credit],
  );
  await client.query(
    `INSERT INTO notification_outbox (id, customer_id, kind, channel, subject_id, data, status,
       attempts, created_at, sent_at)
     SELECT 'nto_h' || substr(i.id, 5), p.customer_id, 'payment_receipt', 'email', i.id,
            jsonb_build_object('amount_kobo', i.amount_kobo), 'sent', 1, i.paid_at, i.paid_at
     FROM installments i JOIN payment_plans p ON p.id = i.plan_id
     WHERE i.plan_id = ANY($1::text[])`,
    [planIds],
  );
  // Three events per plan, each about the size of a real payment.success body.
  await client.query(
    `WITH events AS (
       SELECT 'evt_h' || substr(md5(p.id || e.type || i.n), 1, 20) AS id, p.merchant_id,
              e.type, p.created_at + make_interval(days => 7 * i.n) AS at, p.id AS plan_id,
              p.amount_kobo
       FROM payment_plans p
       CROSS JOIN LATERAL (VALUES (0, 'plan.confirmed'), (1, 'payment.success'),
                                  (2, 'payment.success')) AS e(n, type)
       CROSS JOIN LATERAL (SELECT e.n AS n) AS i
       WHERE p.id = ANY($1::text[])),
     inserted AS (
       INSERT INTO webhook_events (id, merchant_id, livemode, type, body, created_at, status,
         attempts, next_attempt_at, retry_until, delivered_at, last_status_code)
       SELECT id, merchant_id, false, type,
              json_build_object('id', id, 'type', type, 'created_at', at,
                'data', json_build_object('plan_id', plan_id, 'amount_kobo', amount_kobo,
                  'currency', 'NGN', 'order_reference', 'ord-' || plan_id,
                  'metadata', json_build_object()))::text,
              at, 'delivered', 1, NULL, at + interval '3 days', at + interval '150 ms', 200
       FROM events
       RETURNING id, created_at)
     INSERT INTO webhook_attempts (event_id, attempted_at, url, outcome, status_code, latency_ms)
     SELECT id, created_at, 'https://shop.example.ng/hooks/tranche', 'delivered', 200, 150
     FROM inserted`,
    [planIds],
  );
  await client.query('COMMIT');
}

/** Rows in each growing table (estimates from the planner's statistics: counting is slow). */
export async function tableSizes(client: pg.Client): Promise<Record<string, number>> {
  const result = await client.query<{ relname: string; n: string }>(
    `SELECT relname, n_live_tup AS n FROM pg_stat_user_tables
     WHERE schemaname = 'public' AND relname = ANY($1::text[])`,
    [[...GROWING_TABLES]],
  );
  return Object.fromEntries(result.rows.map((row) => [row.relname, Number(row.n)]));
}
