import { sql } from 'kysely';

import type { Db } from '../../src/db/database.ts';

/** Sum of every posting in the database: 0 whenever the ledger balances. */
export async function ledgerTotal(db: Db): Promise<number> {
  const result = await sql<{
    total: string;
  }>`SELECT COALESCE(sum(debit_kobo) - sum(credit_kobo), 0) AS total FROM journal_postings`.execute(
    db,
  );
  return Number(result.rows[0]?.total);
}
