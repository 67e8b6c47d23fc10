import { sql } from 'kysely';

import type { Db, Tx } from '../../db/database.ts';
import {
  accountKey,
  assertBalanced,
  entryMerchantId,
  type JournalEntry,
  type LedgerAccount,
} from '../../domain/ledger.ts';
import { assert } from '../../platform/assert.ts';
import { newId } from '../../platform/ids.ts';

/**
 * Books a journal entry inside the caller's transaction. The entry is checked in code first (a
 * programmer error never reaches the database) and again by PostgreSQL at commit. The same
 * movement (kind, reference) is booked once: a replay returns the existing entry's id with
 * `booked: false`, so a duplicated webhook or job changes nothing twice.
 */
export async function appendJournalEntry(
  tx: Tx,
  entry: JournalEntry,
  now: Date,
): Promise<{ id: string; booked: boolean }> {
  assertBalanced(entry);
  const reversesId = entry.reverses
    ? (
        await tx
          .selectFrom('journal_entries')
          .select('id')
          .where('kind', '=', entry.reverses.kind)
          .where('reference', '=', entry.reverses.reference)
          .executeTakeFirstOrThrow()
      ).id
    : null;
  const inserted = await tx
    .insertInto('journal_entries')
    .values({
      id: newId('je'),
      kind: entry.kind,
      reference: entry.reference,
      currency: entry.currency,
      merchant_id: entryMerchantId(entry),
      reverses_entry_id: reversesId,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['kind', 'reference']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) {
    const existing = await tx
      .selectFrom('journal_entries')
      .select('id')
      .where('kind', '=', entry.kind)
      .where('reference', '=', entry.reference)
      .executeTakeFirstOrThrow();
    return { id: existing.id, booked: false };
  }
  await tx
    .insertInto('journal_postings')
    .values(
      entry.postings.map((posting, index) => ({
        entry_id: inserted.id,
        line: index + 1,
        account: accountKey(posting.account),
        debit_kobo: posting.debitKobo,
        credit_kobo: posting.creditKobo,
      })),
    )
    .execute();
  return { id: inserted.id, booked: true };
}

/**
 * `appendJournalEntry` for many entries at once (a batch of collections settled in one
 * transaction): the same checks and the same once-per-(kind, reference) rule, in one insert of
 * the entries and one of their postings. Entries that reverse another are not batched.
 */
export async function appendJournalEntries(
  tx: Tx,
  entries: readonly JournalEntry[],
  now: Date,
): Promise<{ id: string; booked: boolean }[]> {
  if (entries.length === 0) return [];
  for (const entry of entries) {
    assertBalanced(entry);
    assert(!entry.reverses, 'appendJournalEntries: reversals are booked one by one');
  }
  const keyOf = (kind: string, reference: string) => `${kind}\u0000${reference}`;
  assert(
    new Set(entries.map((e) => keyOf(e.kind, e.reference))).size === entries.length,
    'appendJournalEntries: the same (kind, reference) twice in one batch',
  );
  const rows = entries.map((entry) => ({
    id: newId('je'),
    kind: entry.kind,
    reference: entry.reference,
    currency: entry.currency,
    merchant_id: entryMerchantId(entry),
    reverses_entry_id: null,
    created_at: now,
  }));
  const inserted = await tx
    .insertInto('journal_entries')
    .values(rows)
    .onConflict((oc) => oc.columns(['kind', 'reference']).doNothing())
    .returning('id')
    .execute();
  const booked = new Set(inserted.map((row) => row.id));
  const postings = rows.flatMap((row, i) =>
    booked.has(row.id)
      ? (entries[i]?.postings ?? []).map((posting, index) => ({
          entry_id: row.id,
          line: index + 1,
          account: accountKey(posting.account),
          debit_kobo: posting.debitKobo,
          credit_kobo: posting.creditKobo,
        }))
      : [],
  );
  if (postings.length > 0) await tx.insertInto('journal_postings').values(postings).execute();
  const results = rows.map((row) => ({ id: row.id, booked: booked.has(row.id) }));
  const replayed = rows.filter((row) => !booked.has(row.id));
  if (replayed.length > 0) {
    // Already booked: report the existing entries' ids, as appendJournalEntry does.
    for (const row of replayed) {
      const existing = await tx
        .selectFrom('journal_entries')
        .select('id')
        .where('kind', '=', row.kind)
        .where('reference', '=', row.reference)
        .executeTakeFirstOrThrow();
      const result = results[rows.indexOf(row)];
      if (result) result.id = existing.id;
    }
  }
  return results;
}

/**
 * Signed (debit-positive) balances of the given accounts: each account's checkpoint plus its
 * postings since (decision 0070), so the cost follows the postings of the last minute or so,
 * not the account's whole history. Accounts with no posting at all are left out of the map.
 * Inside a transaction it sees that transaction's own postings, which are always after any
 * checkpoint (the transaction had not ended when the checkpoint's horizon was taken).
 */
export async function accountBalances(
  db: Db,
  accounts: readonly LedgerAccount[],
): Promise<Map<string, number>> {
  const keys = accounts.map(accountKey);
  const result = await sql<{ account: string; balance: string; seen: boolean }>`
    SELECT k.account, coalesce(c.balance_kobo, 0) + coalesce(t.delta, 0) AS balance,
           (c.account IS NOT NULL OR t.n > 0) AS seen
      FROM unnest(${keys}::text[]) AS k(account)
      LEFT JOIN ledger_balance_checkpoints c ON c.account = k.account
     CROSS JOIN LATERAL (
           SELECT sum(p.debit_kobo) - sum(p.credit_kobo) AS delta, count(*) AS n
             FROM journal_postings p
            WHERE p.account = k.account AND p.tx >= coalesce(c.before_tx, '0'::xid8)) t`.execute(
    db,
  );
  return new Map(
    result.rows.filter((row) => row.seen).map((row) => [row.account, Number(row.balance)]),
  );
}

export interface LedgerEntryRow {
  id: string;
  kind: string;
  reference: string;
  createdAt: Date;
  postings: { account: string; debitKobo: number; creditKobo: number }[];
}

/** A merchant's entries, newest first, keyset-paginated on (created_at, id). */
export async function merchantEntries(
  db: Db,
  merchantId: string,
  page: { limit: number; before?: { createdAt: Date; id: string } },
): Promise<LedgerEntryRow[]> {
  let query = db
    .selectFrom('journal_entries')
    .select(['id', 'kind', 'reference', 'created_at'])
    .where('merchant_id', '=', merchantId);
  const before = page.before;
  if (before) {
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', before.createdAt),
        eb.and([eb('created_at', '=', before.createdAt), eb('id', '<', before.id)]),
      ]),
    );
  }
  const entries = await query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .execute();
  if (entries.length === 0) return [];
  const postings = await db
    .selectFrom('journal_postings')
    .select(['entry_id', 'account', 'debit_kobo', 'credit_kobo'])
    .where(
      'entry_id',
      'in',
      entries.map((e) => e.id),
    )
    .orderBy('entry_id')
    .orderBy('line')
    .execute();
  return entries.map((e) => ({
    id: e.id,
    kind: e.kind,
    reference: e.reference,
    createdAt: e.created_at,
    postings: postings
      .filter((p) => p.entry_id === e.id)
      .map((p) => ({ account: p.account, debitKobo: p.debit_kobo, creditKobo: p.credit_kobo })),
  }));
}

/** An entry's place in the order entries were written in (`seq`, migration 0045). */
export type SequencedEntry = LedgerEntryRow & { seq: number };

/**
 * A merchant's entries in the order they were written: those after `afterSeq`, up to
 * `throughSeq` (inclusive), created in [`from`, `before`). For exports and settlement reports,
 * read in bounded pages.
 */
export async function merchantEntriesInOrder(
  db: Db,
  merchantId: string,
  page: { limit: number; afterSeq?: number; throughSeq?: number; from?: Date; before?: Date },
): Promise<SequencedEntry[]> {
  let query = db
    .selectFrom('journal_entries')
    .select(['id', 'kind', 'reference', 'created_at', 'seq'])
    .where('merchant_id', '=', merchantId);
  if (page.afterSeq !== undefined) query = query.where('seq', '>', page.afterSeq);
  if (page.throughSeq !== undefined) query = query.where('seq', '<=', page.throughSeq);
  if (page.from) query = query.where('created_at', '>=', page.from);
  if (page.before) query = query.where('created_at', '<', page.before);
  const entries = await query.orderBy('seq').limit(page.limit).execute();
  if (entries.length === 0) return [];
  const postings = await db
    .selectFrom('journal_postings')
    .select(['entry_id', 'account', 'debit_kobo', 'credit_kobo'])
    .where(
      'entry_id',
      'in',
      entries.map((e) => e.id),
    )
    .orderBy('entry_id')
    .orderBy('line')
    .execute();
  return entries.map((e) => ({
    id: e.id,
    seq: e.seq,
    kind: e.kind,
    reference: e.reference,
    createdAt: e.created_at,
    postings: postings
      .filter((p) => p.entry_id === e.id)
      .map((p) => ({ account: p.account, debitKobo: p.debit_kobo, creditKobo: p.credit_kobo })),
  }));
}

/** The merchant's available balance (`merchant_payable`, credit-positive) right after entry `seq`. */
export async function availableThrough(db: Db, merchantId: string, seq: number): Promise<number> {
  const row = await db
    .selectFrom('journal_postings as p')
    .innerJoin('journal_entries as e', 'e.id', 'p.entry_id')
    .select(sql<string | null>`sum(p.credit_kobo) - sum(p.debit_kobo)`.as('balance'))
    .where('p.account', '=', `merchant_payable:${merchantId}`)
    .where('e.merchant_id', '=', merchantId)
    .where('e.seq', '<=', seq)
    .executeTakeFirst();
  return Number(row?.balance ?? 0);
}
