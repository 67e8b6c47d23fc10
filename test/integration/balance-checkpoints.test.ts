import fc from 'fast-check';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { connectDatabase, type DatabaseHandle, type Db, type Tx } from '../../src/db/database.ts';
import type { LedgerAccount } from '../../src/domain/ledger.ts';
import { accountBalances, checkpointBalances } from '../../src/features/money/index.ts';
import { randomBase62 } from '../../src/platform/ids.ts';
import { createTestDatabase } from '../harness/database.ts';
import { loadInvariantChecks } from '../harness/invariants.ts';

/**
 * Balance checkpoints (decision 0070): a balance read as checkpoint + postings since equals the
 * plain sum of every posting, whatever the order of bookings, checkpoint runs and transactions
 * still open while a checkpoint is taken; and the read stops growing with the history.
 */
let database: { url: string; drop(): Promise<void> };
let handle: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  handle = connectDatabase(database.url, 6);
});
afterAll(async () => {
  await handle.close();
  await database.drop();
});

const now = new Date('2026-11-27T10:00:00Z');
const MERCHANTS = ['mer_a', 'mer_b', 'mer_c'];
const ACCOUNTS: LedgerAccount[] = [
  { kind: 'gateway_clearing' },
  { kind: 'platform_fee_revenue' },
  ...MERCHANTS.flatMap((merchantId): LedgerAccount[] => [
    { kind: 'merchant_payable', merchantId },
    { kind: 'merchant_pending', merchantId },
  ]),
  { kind: 'customer_receivable', planId: 'plan_x' },
];

/** A collection-shaped entry: 5 postings that balance, in `db`'s transaction or a new one. */
async function book(db: Db | Tx, merchant: string, grossKobo: number): Promise<void> {
  const id = `je_${randomBase62(16)}`;
  const fee = Math.floor((grossKobo * 25 + 500) / 1000);
  const write = async (tx: Db | Tx) => {
    await tx
      .insertInto('journal_entries')
      .values({
        id,
        kind: 'payment_collected',
        reference: `chg_${randomBase62(12)}`,
        currency: 'NGN',
        merchant_id: null,
        reverses_entry_id: null,
        created_at: now,
      })
      .execute();
    const postings: [string, number, number][] = [
      ['gateway_clearing', grossKobo, 0],
      ['customer_receivable:plan_x', 0, grossKobo],
      [`merchant_pending:${merchant}`, grossKobo, 0],
      [`merchant_payable:${merchant}`, 0, grossKobo - fee],
      ['platform_fee_revenue', 0, fee],
    ];
    await tx
      .insertInto('journal_postings')
      .values(
        postings.map(([account, debit, credit], line) => ({
          entry_id: id,
          line: line + 1,
          account,
          debit_kobo: debit,
          credit_kobo: credit,
        })),
      )
      .execute();
  };
  if (db.isTransaction) await write(db);
  else await db.transaction().execute(write);
}

async function plainSums(): Promise<Map<string, number>> {
  const rows = await handle.db
    .selectFrom('journal_postings')
    .select(['account', sql<string>`sum(debit_kobo) - sum(credit_kobo)`.as('balance')])
    .groupBy('account')
    .execute();
  return new Map(rows.map((row) => [row.account, Number(row.balance)]));
}

/**
 * Runs checkpoints until one covers every posting committed so far. The horizon is the oldest
 * transaction open anywhere on the server, so another test file's transaction can hold it back
 * for a moment.
 */
async function checkpointPast(): Promise<void> {
  const { rows } = await sql<{ tx: string }>`SELECT pg_current_xact_id()::text AS tx`.execute(
    handle.db,
  );
  const mark = rows[0]?.tx ?? '0';
  for (let tries = 0; tries < 300; tries++) {
    await checkpointBalances(handle.db, now);
    const horizon = await sql<{ past: boolean }>`
      SELECT before_tx > ${mark}::xid8 AS past FROM ledger_checkpoint_horizon`.execute(handle.db);
    if (horizon.rows[0]?.past) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the checkpoint horizon did not pass this test’s postings within 30 s');
}

async function expectBalancesMatchSums(): Promise<void> {
  const [read, summed] = await Promise.all([accountBalances(handle.db, ACCOUNTS), plainSums()]);
  expect(Object.fromEntries(read)).toEqual(Object.fromEntries(summed));
  const check = loadInvariantChecks().find((c) => c.name === 'balance-checkpoints');
  if (!check) throw new Error('test/invariants.sql has no balance-checkpoints check');
  const violations = await sql.raw(check.sql).execute(handle.db);
  expect(violations.rows).toEqual([]);
}

describe('balance checkpoints', () => {
  it('checkpoint + postings since = the sum of every posting, for any order of bookings and runs', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({
              kind: fc.constant('book' as const),
              merchant: fc.constantFrom(...MERCHANTS),
              grossKobo: fc.integer({ min: 100, max: 5_000_000 }),
            }),
            fc.record({ kind: fc.constant('checkpoint' as const) }),
          ),
          { minLength: 1, maxLength: 12 },
        ),
        async (steps) => {
          for (const step of steps) {
            if (step.kind === 'book') await book(handle.db, step.merchant, step.grossKobo);
            else await checkpointBalances(handle.db, now);
          }
          await expectBalancesMatchSums();
        },
      ),
      { numRuns: 15 },
    );
  });

  it('a transaction still open while a checkpoint is taken is counted once it commits, never lost', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await book(handle.db, 'mer_a', 100_000);
      await checkpointPast();
      await client.query('BEGIN');
      // Takes its transaction id now: every horizon taken while it is open stays at or below it.
      await client.query('SELECT pg_current_xact_id()');
      const id = `je_${randomBase62(16)}`;
      await client.query(
        `INSERT INTO journal_entries (id, kind, reference, currency, created_at)
         VALUES ($1, 'payment_collected', $2, 'NGN', now())`,
        [id, `chg_${randomBase62(12)}`],
      );
      await client.query(
        `INSERT INTO journal_postings (entry_id, line, account, debit_kobo, credit_kobo)
         VALUES ($1, 1, 'gateway_clearing', 77777, 0), ($1, 2, 'merchant_payable:mer_a', 0, 77777)`,
        [id],
      );
      // Checkpoints taken while it is open leave its postings to the tail.
      await checkpointBalances(handle.db, now);
      await book(handle.db, 'mer_b', 50_000);
      await checkpointBalances(handle.db, now);
      await client.query('COMMIT');
      await expectBalancesMatchSums();
      await checkpointPast();
      await expectBalancesMatchSums();
    } finally {
      await client.end();
    }
  });

  it('inside a transaction, the balance includes that transaction’s own postings', async () => {
    await checkpointBalances(handle.db, now);
    const before = (await accountBalances(handle.db, ACCOUNTS)).get('merchant_payable:mer_c') ?? 0;
    await handle.db
      .transaction()
      .execute(async (tx) => {
        await book(tx, 'mer_c', 1_000_000);
        const inside = await accountBalances(tx, [
          { kind: 'merchant_payable', merchantId: 'mer_c' },
        ]);
        // Credit-normal: the merchant's payable grows by the net (gross − 2.5 % fee).
        expect(inside.get('merchant_payable:mer_c')).toBe(before - 975_000);
        throw new Error('roll back');
      })
      .catch((error: unknown) => expect((error as Error).message).toBe('roll back'));
    await expectBalancesMatchSums();
  });

  it('after a checkpoint, reading a balance touches the same pages however long the history', async () => {
    const pagesToRead = async (): Promise<number> => {
      const result = await sql<{ 'QUERY PLAN': [{ Plan: Record<string, number> }] }>`
        EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON)
        SELECT coalesce(c.balance_kobo, 0) + coalesce(t.delta, 0)
          FROM (VALUES ('merchant_payable:mer_b')) AS k(account)
          LEFT JOIN ledger_balance_checkpoints c ON c.account = k.account
         CROSS JOIN LATERAL (
               SELECT sum(p.debit_kobo) - sum(p.credit_kobo) AS delta FROM journal_postings p
                WHERE p.account = k.account AND p.tx >= coalesce(c.before_tx, '0'::xid8)) t`.execute(
        handle.db,
      );
      const plan = result.rows[0]?.['QUERY PLAN'][0]?.Plan ?? {};
      return (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0);
    };
    // Collection-shaped entries for one shop, in bulk: gross 10,000 kobo, fee 250, net 9,750.
    const grow = async (entries: number) => {
      await sql`
        WITH e AS (
          INSERT INTO journal_entries (id, kind, reference, currency, created_at)
          SELECT 'je_g' || md5(random()::text), 'payment_collected', 'chg_g' || md5(random()::text),
                 'NGN', now()
            FROM generate_series(1, ${entries}) RETURNING id)
        INSERT INTO journal_postings (entry_id, line, account, debit_kobo, credit_kobo)
        SELECT e.id, l.line, l.account, l.debit, l.credit FROM e
         CROSS JOIN (VALUES (1, 'gateway_clearing', 10000, 0),
                            (2, 'customer_receivable:plan_x', 0, 10000),
                            (3, 'merchant_pending:mer_b', 10000, 0),
                            (4, 'merchant_payable:mer_b', 0, 9750),
                            (5, 'platform_fee_revenue', 0, 250)) AS l(line, account, debit, credit)`.execute(
        handle.db,
      );
    };
    await grow(1_000);
    await checkpointPast();
    await sql`VACUUM ANALYZE journal_postings`.execute(handle.db);
    const small = await pagesToRead();
    await grow(4_000);
    await sql`VACUUM ANALYZE journal_postings`.execute(handle.db);
    const uncheckpointed = await pagesToRead();
    await checkpointPast();
    await sql`VACUUM ANALYZE journal_postings`.execute(handle.db);
    const large = await pagesToRead();
    // Without the checkpoint the read walks every new posting; with it, a few index pages.
    expect(uncheckpointed).toBeGreaterThan(small + 10);
    expect(large).toBeLessThanOrEqual(small + 2);
    await expectBalancesMatchSums();
  }, 120_000);
});
