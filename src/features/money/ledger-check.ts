import { sql } from 'kysely';
import type { Static } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { normalSide, parseAccountKey } from '../../domain/ledger.ts';
import { signViolations } from '../../domain/ledger-balances.ts';
import { assert } from '../../platform/assert.ts';
import type { LedgerCheck } from '../operator/schemas.ts';

/**
 * The operator's ledger check: the journal as a whole sums to zero, every entry balances on its
 * own, and no account sits on the wrong side of zero. The database already refuses an unbalanced
 * entry at commit (migration 0003); this reads what is there, so it also catches a constraint
 * that was dropped or bypassed. Full scans of the postings: an operator's occasional question,
 * not a hot path.
 */
export type LedgerCheckView = Static<typeof LedgerCheck>;

function safeKobo(value: string | null | undefined): number {
  const kobo = Number(value ?? 0);
  assert(Number.isSafeInteger(kobo), `ledger sum ${value} is not a safe integer`);
  return kobo;
}

export async function checkLedger(ctx: AppContext): Promise<LedgerCheckView> {
  const [totals, entries, unbalanced, balances] = await Promise.all([
    ctx.db
      .selectFrom('journal_postings')
      .select([
        sql<string>`coalesce(sum(debit_kobo) - sum(credit_kobo), 0)`.as('sum'),
        sql<string>`coalesce(sum(debit_kobo), 0)`.as('debits'),
        sql<string>`count(*)`.as('postings'),
      ])
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('journal_entries')
      .select(sql<string>`count(*)`.as('count'))
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('journal_postings')
      .select(['entry_id', sql<string>`sum(debit_kobo) - sum(credit_kobo)`.as('sum')])
      .groupBy('entry_id')
      .having(sql<boolean>`sum(debit_kobo) - sum(credit_kobo) <> 0`)
      .orderBy('entry_id')
      .limit(20)
      .execute(),
    ctx.db
      .selectFrom('journal_postings')
      .select(['account', sql<string>`sum(debit_kobo) - sum(credit_kobo)`.as('balance')])
      .groupBy('account')
      .execute(),
  ]);
  const known = new Map<string, number>();
  const unknown: string[] = [];
  for (const row of balances) {
    try {
      parseAccountKey(row.account);
      known.set(row.account, safeKobo(row.balance));
    } catch {
      unknown.push(row.account);
    }
  }
  const wrongSide = signViolations(known).map((account) => ({
    account,
    balance_kobo: known.get(account) ?? 0,
    normal_side: normalSide(parseAccountKey(account).kind),
  }));
  const sumKobo = safeKobo(totals.sum);
  return {
    object: 'ledger_check',
    checked_at: ctx.clock.now().toISOString(),
    sum_kobo: sumKobo,
    total_debits_kobo: safeKobo(totals.debits),
    entries: safeKobo(entries.count),
    postings: safeKobo(totals.postings),
    balanced: sumKobo === 0 && unbalanced.length === 0,
    unbalanced_entries: unbalanced.map((row) => ({
      entry_id: row.entry_id,
      sum_kobo: safeKobo(row.sum),
    })),
    wrong_side_accounts: wrongSide,
    unknown_accounts: unknown.sort(),
  };
}
