import type pg from 'pg';

import { accountKey, planConfirmedEntry } from '../../src/domain/ledger.ts';
import { createMerchant } from '../../src/features/merchants/index.ts';
import type { Runtime } from '../../src/main/runtime.ts';
import { sha256Hex } from '../../src/platform/crypto.ts';
import { newId, randomBase62 } from '../../src/platform/ids.ts';

/**
 * Many active plans at once, written in bulk SQL rather than through checkouts (a checkout takes
 * about a second; a backlog needs thousands): merchants (through createMerchant), then per plan a
 * customer, a sandbox customer and a card authorization that succeeds, a payment method sealing
 * it, a completed checkout session, an active weekly plan of two installments with no deposit,
 * the `plan_confirmed` ledger entry and the installments' reminders (skipped). Used by the collections bench and the worker's
 * backlog fault tests; the sandbox gateway must share the database (its `sandbox_gateway` schema).
 */

/** Installment amounts vary (and so do fee roundings): 100.00 to 9,999.99 naira. */
function installmentKobo(index: number): number {
  return 10_000 + ((index * 7_919) % 989_999);
}

export interface SeededPlans {
  /** Installment 1 of every plan: the one `makeDue` makes due. */
  installmentIds: string[];
  planIds: string[];
}

export interface SeedOptions {
  installments: number;
  merchants: number;
  /** Names this batch's merchants, customers and orders, so a database can take several. */
  batch?: string;
  /** Plans for these merchants instead of `merchants` new ones (the growth bench's history). */
  merchantIds?: readonly string[];
  /** VACUUM ANALYZE after the insert (default true); a caller seeding many batches does it once. */
  analyze?: boolean;
}

/**
 * Everything but the jobs, in a few statements over arrays (unnest): N plans, each with one
 * customer, one card payment method and a sandbox authorization that succeeds.
 */
export async function seedPlans(
  client: pg.Client,
  runtime: Runtime,
  options: SeedOptions,
): Promise<SeededPlans> {
  const batch = options.batch ?? 'bench';
  const merchantIds: string[] = [...(options.merchantIds ?? [])];
  for (let m = 0; m < (options.merchantIds ? 0 : options.merchants); m++) {
    const created = await createMerchant(runtime.ctx, {
      businessName: `Bench Stores ${batch} ${m + 1}`,
      email: `${batch}${m + 1}@shop.test`,
      approve: true,
    });
    merchantIds.push(created.merchant.id);
  }
  const constraints = await client.query<{ default_constraints: unknown }>(
    'SELECT default_constraints FROM merchants WHERE id = $1',
    [merchantIds[0]],
  );
  const box = runtime.ctx.secretBox;
  const n = options.installments;
  const now = new Date();
  const cols = {
    customer: [] as string[],
    email: [] as string[],
    method: [] as string[],
    code: [] as string[],
    sealed: [] as string[],
    digest: [] as string[],
    setup: [] as string[],
    session: [] as string[],
    token: [] as string[],
    plan: [] as string[],
    merchant: [] as string[],
    amount: [] as number[],
    first: [] as string[],
    second: [] as string[],
  };
  for (let i = 0; i < n; i++) {
    const code = `AUTH_${randomBase62(10).toLowerCase()}`;
    cols.customer.push(newId('cus'));
    cols.email.push(`buyer${i}@${batch}.test`);
    cols.method.push(newId('pm'));
    cols.code.push(code);
    cols.sealed.push(box.seal(code));
    cols.digest.push(sha256Hex(code));
    cols.setup.push(`setup-${batch}-${i}-${randomBase62(8)}`);
    cols.session.push(newId('cs'));
    cols.token.push(`cs_tok_${randomBase62(32)}`);
    cols.plan.push(newId('plan'));
    cols.merchant.push(merchantIds[i % merchantIds.length] ?? '');
    cols.amount.push(2 * installmentKobo(i));
    cols.first.push(newId('inst'));
    cols.second.push(newId('inst'));
  }

  await client.query('BEGIN');
  await client.query(
    `INSERT INTO sandbox_gateway.customers (customer_code, email, email_key, created_at)
     SELECT 'CUS_' || $3::text || '_' || ord, e, lower(e), $2 FROM unnest($1::text[]) WITH ORDINALITY AS t(e, ord)`,
    [cols.email, now, batch],
  );
  await client.query(
    `INSERT INTO sandbox_gateway.authorizations
       (authorization_code, customer_id, channel, bin, last4, exp_month, exp_year, card_type, bank,
        brand, reusable, signature, account_name, behaviour, created_at)
     SELECT t.code, c.id, 'card', '408408', '4081', '12', '2030', 'visa ', 'TEST BANK', 'visa', true,
            'SIG_' || c.id, NULL, 'success', $3
     FROM unnest($1::text[], $2::text[]) AS t(code, email)
     JOIN sandbox_gateway.customers c ON c.email_key = lower(t.email)`,
    [cols.code, cols.email, now],
  );
  await client.query(
    `INSERT INTO customers (id, email, password_hash, first_name, last_name, phone, created_at, updated_at)
     SELECT id, email, 'not-a-login', 'Bench', 'Buyer', '08030000000', $3, $3
     FROM unnest($1::text[], $2::text[]) AS t(id, email)`,
    [cols.customer, cols.email, now],
  );
  await client.query(
    `INSERT INTO payment_methods (id, customer_id, type, label, last4, brand, exp_month, exp_year,
       authorization_sealed, authorization_digest, gateway_signature, is_default, status,
       setup_reference, created_at)
     SELECT id, customer_id, 'card', 'Visa •••• 4081', '4081', 'visa', '12', '2030', sealed, digest,
            NULL, true, 'active', setup, $6
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
       AS t(id, customer_id, sealed, digest, setup)`,
    [cols.method, cols.customer, cols.sealed, cols.digest, cols.setup, now],
  );
  await client.query(
    `INSERT INTO checkout_sessions (id, token, merchant_id, livemode, amount_kobo, currency, title,
       order_reference, customer_email, status, constraints, created_at, expires_at, completed_at)
     SELECT id, token, merchant_id, false, amount, 'NGN', 'Bench order', $8::text || '-' || ord, email,
            'completed', $6::jsonb, $7, $7::timestamptz + interval '1 hour', $7
     FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::text[])
       WITH ORDINALITY AS t(id, token, merchant_id, amount, email, ord)`,
    [
      cols.session,
      cols.token,
      cols.merchant,
      cols.amount,
      cols.email,
      JSON.stringify(constraints.rows[0]?.default_constraints ?? {}),
      now,
      batch,
    ],
  );
  await client.query(
    `INSERT INTO payment_plans (id, merchant_id, customer_id, checkout_session_id, payment_method_id,
       livemode, amount_kobo, currency, frequency, installment_count, upfront_pct, order_reference,
       title, status, created_at, updated_at)
     SELECT id, merchant_id, customer_id, session_id, method_id, false, amount, 'NGN', 'weekly', 2, 0,
            $8::text || '-' || ord, 'Bench order', 'active', $7, $7
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[])
       WITH ORDINALITY AS t(id, merchant_id, customer_id, session_id, method_id, amount, ord)`,
    [cols.plan, cols.merchant, cols.customer, cols.session, cols.method, cols.amount, now, batch],
  );
  // Installment 1's due time is set when the jobs are queued; until then it is a week away.
  await client.query(
    `INSERT INTO installments (id, plan_id, sequence, amount_kobo, due_at, status, failed_attempts)
     SELECT first, plan, 1, amount / 2, $4::timestamptz + interval '7 days', 'scheduled', 0
     FROM unnest($1::text[], $2::text[], $3::bigint[]) AS t(first, plan, amount)
     UNION ALL
     SELECT second, plan, 2, amount / 2, $4::timestamptz + interval '14 days', 'scheduled', 0
     FROM unnest($5::text[], $2::text[], $3::bigint[]) AS t(second, plan, amount)`,
    [cols.first, cols.plan, cols.amount, now, cols.second],
  );
  // The reminder each installment after a deposit gets on each channel when its plan is
  // confirmed (invariant I9), already skipped: the seeded customers are not written to.
  await client.query(
    `INSERT INTO notification_outbox (id, customer_id, kind, channel, subject_id, data, status,
       attempts, created_at)
     SELECT 'nto_' || substr(md5(random()::text || inst || channel), 1, 20), customer, 'payment_reminder',
            channel, inst, '{}'::jsonb, 'skipped', 0, $4
     FROM unnest($1::text[], $2::text[], $3::text[]) AS t(customer, first, second)
     CROSS JOIN LATERAL (VALUES (t.first), (t.second)) AS i(inst)
     CROSS JOIN (VALUES ('email'), ('in_app')) AS ch(channel)`,
    [cols.customer, cols.first, cols.second, now],
  );
  // The receivable each confirmed plan books (what confirmPlan appends), built by the domain.
  const entryIds: string[] = [];
  const postingEntry: string[] = [];
  const postingLine: number[] = [];
  const postingAccount: string[] = [];
  const postingDebit: number[] = [];
  const postingCredit: number[] = [];
  for (let i = 0; i < n; i++) {
    const entry = planConfirmedEntry({
      planId: cols.plan[i] ?? '',
      merchantId: cols.merchant[i] ?? '',
      amountKobo: cols.amount[i] ?? 0,
    });
    const id = newId('je');
    entryIds.push(id);
    entry.postings.forEach((posting, line) => {
      postingEntry.push(id);
      postingLine.push(line + 1);
      postingAccount.push(accountKey(posting.account));
      postingDebit.push(posting.debitKobo);
      postingCredit.push(posting.creditKobo);
    });
  }
  await client.query(
    `INSERT INTO journal_entries (id, kind, reference, currency, merchant_id, created_at)
     SELECT id, 'plan_confirmed', plan, 'NGN', merchant_id, $4
     FROM unnest($1::text[], $2::text[], $3::text[]) AS t(id, plan, merchant_id)`,
    [entryIds, cols.plan, cols.merchant, now],
  );
  await client.query(
    `INSERT INTO journal_postings (entry_id, line, account, debit_kobo, credit_kobo)
     SELECT * FROM unnest($1::text[], $2::smallint[], $3::text[], $4::bigint[], $5::bigint[])`,
    [postingEntry, postingLine, postingAccount, postingDebit, postingCredit],
  );
  await client.query('COMMIT');
  if (options.analyze ?? true) await client.query('VACUUM ANALYZE');
  return { installmentIds: cols.first, planIds: cols.plan };
}

/** Makes installment 1 of every plan due now and queues its collection, in one transaction. */
export async function makeDue(
  client: pg.Client,
  installmentIds: string[],
): Promise<{ dueAt: Date }> {
  await client.query('BEGIN');
  const due = await client.query<{ now: Date }>('SELECT now()');
  await client.query(`UPDATE installments SET due_at = now() WHERE id = ANY($1::text[])`, [
    installmentIds,
  ]);
  // As scheduleCollection (src/features/plans/plans.ts) queues one: same task, payload, key and attempts.
  await client.query(
    `SELECT count(*) FROM graphile_worker.add_jobs((
       SELECT array_agg(ROW('collect_installment', json_build_object('installment_id', id), NULL,
                            now(), 10, 'collect:' || id || ':1', NULL, NULL)::graphile_worker.job_spec)
       FROM unnest($1::text[]) AS id))`,
    [installmentIds],
  );
  await client.query('COMMIT');
  return { dueAt: due.rows[0]?.now ?? new Date() };
}
