import type { Task } from 'graphile-worker';
import { sql } from 'kysely';

import type { Db } from '../../db/database.ts';
import type { JobDeps } from '../../jobs/deps.ts';
import { typedTask } from '../../jobs/tasks.ts';

/**
 * Balance checkpoints (decision 0070, migration 0050). Each posting carries the id of the
 * transaction that wrote it; a checkpoint holds an account's balance over its postings from
 * transactions below a horizon, the xmin of a snapshot: every transaction below it has ended, so
 * that set of postings can never change again. A balance read is then the checkpoint plus the
 * postings since, which stay few however long the history grows.
 *
 * Runs take the one horizon row FOR UPDATE, so they never overlap, and each adds the postings of
 * [previous horizon, new horizon) to the checkpoints: contiguous ranges, nothing counted twice or
 * missed. An account with no posting in a range keeps its older checkpoint, which stays exact
 * (it had nothing in between). Per-plan receivables are left out: a plan's account has a handful
 * of postings for life, so its sum is already cheap, and checkpointing every plan would write a
 * row per plan.
 */
export async function checkpointBalances(
  db: Db,
  now: Date,
): Promise<{ accounts: number; postings: number }> {
  return db.transaction().execute(async (tx) => {
    const horizon = await sql<{ before_tx: string }>`
      SELECT before_tx::text FROM ledger_checkpoint_horizon FOR UPDATE`.execute(tx);
    const from = horizon.rows[0]?.before_tx ?? '0';
    // One statement, one snapshot: its xmin and the postings summed below it agree.
    const result = await sql<{ accounts: string; postings: string }>`
      WITH next AS (
        SELECT pg_snapshot_xmin(pg_current_snapshot()) AS before_tx),
      tail AS (
        SELECT p.account, sum(p.debit_kobo) - sum(p.credit_kobo) AS delta, count(*) AS n
          FROM journal_postings p
         WHERE p.tx >= ${from}::xid8 AND p.tx < (SELECT before_tx FROM next)
           AND p.account NOT LIKE 'customer_receivable:%'
         GROUP BY p.account),
      saved AS (
        INSERT INTO ledger_balance_checkpoints AS c (account, before_tx, balance_kobo, taken_at)
        SELECT t.account, n.before_tx, t.delta, ${now} FROM tail t CROSS JOIN next n
            ON CONFLICT (account) DO UPDATE
           SET before_tx = EXCLUDED.before_tx,
               balance_kobo = c.balance_kobo + EXCLUDED.balance_kobo,
               taken_at = EXCLUDED.taken_at
        RETURNING 1),
      moved AS (
        UPDATE ledger_checkpoint_horizon
           SET before_tx = (SELECT before_tx FROM next), taken_at = ${now}
         WHERE (SELECT before_tx FROM next) > ${from}::xid8)
      SELECT (SELECT count(*) FROM saved) AS accounts,
             (SELECT coalesce(sum(n), 0) FROM tail) AS postings`.execute(tx);
    const row = result.rows[0];
    return { accounts: Number(row?.accounts ?? 0), postings: Number(row?.postings ?? 0) };
  });
}

/** Cron, every minute: keeps the postings after each checkpoint to about a minute's worth. */
export function checkpointBalancesTask(deps: JobDeps): Task {
  return typedTask('checkpoint_ledger_balances', async (_payload, helpers) => {
    const done = await checkpointBalances(deps.app.db, deps.clock.now());
    if (done.postings > 0) {
      helpers.logger.debug(
        `balance checkpoints: ${done.postings} postings into ${done.accounts} accounts`,
      );
    }
  });
}
