import type pg from 'pg';

import { int, type Queryable, type Raw, withAmount } from './db.ts';

/** Queries over every table with a `settle_at` column: what is due, and a summary of state. */

type SettleTable = 'transactions' | 'transfers' | 'refunds';

/** Locks the due rows of one table for the caller's database transaction (SKIP LOCKED). */
export async function claimDue<T extends { amount: number }>(
  client: pg.PoolClient,
  table: SettleTable,
  now: Date,
): Promise<T[]> {
  const result = await client.query<Raw<T>>(
    `SELECT * FROM sandbox_gateway.${table}
     WHERE settle_at IS NOT NULL AND settle_at <= $1
     ORDER BY settle_at, id
     FOR UPDATE SKIP LOCKED`,
    [now],
  );
  return result.rows.map((row) => withAmount<T>(row));
}

export async function nextSettleAt(q: Queryable): Promise<Date | null> {
  const result = await q.query<{ next: Date | null }>(
    `SELECT min(next) AS next FROM (
       SELECT min(settle_at) AS next FROM sandbox_gateway.transactions WHERE settle_at IS NOT NULL
       UNION ALL SELECT min(settle_at) FROM sandbox_gateway.transfers WHERE settle_at IS NOT NULL
       UNION ALL SELECT min(settle_at) FROM sandbox_gateway.refunds WHERE settle_at IS NOT NULL
       UNION ALL SELECT min(settle_at) FROM sandbox_gateway.mandates WHERE settle_at IS NOT NULL
     ) due`,
  );
  return result.rows[0]?.next ?? null;
}

/**
 * Brings every scheduled settlement forward to `now` (POST /_sandbox/settle), except a transfer
 * waiting for its OTP: its abandonment is brought forward by POST /_sandbox/transfer-otp/abandon.
 */
export async function makeEverythingDue(q: Queryable, now: Date): Promise<void> {
  for (const table of ['transactions', 'transfers', 'refunds', 'mandates'] as const) {
    await q.query(
      `UPDATE sandbox_gateway.${table} SET settle_at = $1 WHERE settle_at IS NOT NULL AND settle_at > $1${table === 'transfers' ? " AND status <> 'otp'" : ''}`,
      [now],
    );
  }
}

export interface StateSummary {
  transactions: Record<string, number>;
  transfers: Record<string, number>;
  refunds: Record<string, number>;
  scheduled: number;
}

export async function summarise(q: Queryable): Promise<StateSummary> {
  const summary: StateSummary = { transactions: {}, transfers: {}, refunds: {}, scheduled: 0 };
  for (const table of ['transactions', 'transfers', 'refunds'] as const) {
    const result = await q.query<{ status: string; count: string; scheduled: string }>(
      `SELECT status, count(*) AS count, count(settle_at) AS scheduled
       FROM sandbox_gateway.${table} GROUP BY status`,
    );
    for (const row of result.rows) {
      summary[table][row.status] = int(row.count);
      summary.scheduled += int(row.scheduled);
    }
  }
  return summary;
}
