import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { connectDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { randomBase62 } from '../../src/platform/ids.ts';
import { createTestDatabase } from '../harness/database.ts';

/** The database itself refuses unbalanced entries and any change to booked history. */
let database: { url: string; drop(): Promise<void> };
let handle: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  handle = connectDatabase(database.url, 4);
});
afterAll(async () => {
  await handle.close();
  await database.drop();
});

const now = new Date('2026-11-21T10:00:00Z');

async function book(
  postings: [string, number, number][],
  reference = `ref-${randomBase62(8)}`,
): Promise<string> {
  const id = `je_${randomBase62(16)}`;
  await handle.db.transaction().execute(async (tx) => {
    await tx
      .insertInto('journal_entries')
      .values({
        id,
        kind: 'payment_collected',
        reference,
        currency: 'NGN',
        merchant_id: null,
        reverses_entry_id: null,
        created_at: now,
      })
      .execute();
    let line = 0;
    for (const [account, debit, credit] of postings) {
      line += 1;
      await tx
        .insertInto('journal_postings')
        .values({ entry_id: id, line, account, debit_kobo: debit, credit_kobo: credit })
        .execute();
    }
  });
  return id;
}

describe('ledger tables (PostgreSQL enforces the invariants)', () => {
  it('accepts a balanced entry', async () => {
    const id = await book([
      ['gateway_clearing', 10_000, 0],
      ['platform_fee_revenue', 0, 250],
      ['merchant_payable:mer_x', 0, 9_750],
    ]);
    const sums = await handle.db
      .selectFrom('journal_postings')
      .select((eb) => [
        eb.fn.sum<string>('debit_kobo').as('d'),
        eb.fn.sum<string>('credit_kobo').as('c'),
      ])
      .where('entry_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(sums.d)).toBe(10_000);
    expect(Number(sums.c)).toBe(10_000);
  });

  it('refuses an unbalanced entry at commit, leaving nothing behind', async () => {
    const reference = `unbalanced-${randomBase62(6)}`;
    await expect(
      book(
        [
          ['gateway_clearing', 10_000, 0],
          ['merchant_payable:mer_x', 0, 9_999],
        ],
        reference,
      ),
    ).rejects.toThrow(/unbalanced/);
    const left = await handle.db
      .selectFrom('journal_entries')
      .select('id')
      .where('reference', '=', reference)
      .execute();
    expect(left).toHaveLength(0);
  });

  it('refuses an entry with fewer than two postings', async () => {
    await expect(book([['gateway_clearing', 10_000, 0]])).rejects.toThrow(/at least 2/);
    await expect(book([])).rejects.toThrow(/at least 2/);
  });

  it('refuses a posting with both or neither side set, or a negative amount', async () => {
    await expect(
      book([
        ['gateway_clearing', 100, 100],
        ['merchant_payable:mer_x', 0, 0],
      ]),
    ).rejects.toThrow(/check constraint/);
    await expect(
      book([
        ['gateway_clearing', -100, 0],
        ['merchant_payable:mer_x', 0, -100],
      ]),
    ).rejects.toThrow(/check constraint/);
  });

  it('refuses to book the same movement (kind, reference) twice', async () => {
    const reference = `once-${randomBase62(6)}`;
    await book(
      [
        ['gateway_clearing', 500, 0],
        ['merchant_payable:mer_x', 0, 500],
      ],
      reference,
    );
    await expect(
      book(
        [
          ['gateway_clearing', 500, 0],
          ['merchant_payable:mer_x', 0, 500],
        ],
        reference,
      ),
    ).rejects.toThrow(/duplicate key/);
  });

  it('refuses UPDATE, DELETE and TRUNCATE on booked history', async () => {
    const id = await book([
      ['gateway_clearing', 700, 0],
      ['merchant_payable:mer_x', 0, 700],
    ]);
    await expect(
      sql`UPDATE journal_postings SET credit_kobo = 1 WHERE entry_id = ${id} AND line = 2`.execute(
        handle.db,
      ),
    ).rejects.toThrow(/append-only/);
    await expect(
      sql`UPDATE journal_entries SET reference = 'edited' WHERE id = ${id}`.execute(handle.db),
    ).rejects.toThrow(/append-only/);
    await expect(
      sql`DELETE FROM journal_postings WHERE entry_id = ${id}`.execute(handle.db),
    ).rejects.toThrow(/append-only/);
    await expect(
      sql`DELETE FROM journal_entries WHERE id = ${id}`.execute(handle.db),
    ).rejects.toThrow(/append-only/);
    await expect(
      sql`TRUNCATE journal_postings, journal_entries`.execute(handle.db),
    ).rejects.toThrow(/append-only/);
    // Adding a posting to an already balanced entry unbalances it: refused too.
    await expect(
      handle.db
        .insertInto('journal_postings')
        .values({
          entry_id: id,
          line: 3,
          account: 'gateway_clearing',
          debit_kobo: 1,
          credit_kobo: 0,
        })
        .execute(),
    ).rejects.toThrow(/unbalanced/);
  });

  it('refuses to delete a merchant (they are deactivated, never deleted)', async () => {
    await expect(sql`DELETE FROM merchants`.execute(handle.db)).resolves.toBeDefined(); // no rows yet: nothing to refuse
    await handle.db
      .insertInto('merchants')
      .values({
        id: 'mer_keep',
        business_name: 'Keep',
        email: 'keep@shop.test',
        password_hash: null,
        status: 'active',
        approved_at: now,
        deactivated_at: null,
        settlement_bank_code: null,
        settlement_account_number: null,
        default_constraints: '{}',
        min_customer_tier: 'Tranche Bronze',
        goods_release_rule: '{"type":"deposit_paid"}',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await expect(
      sql`DELETE FROM merchants WHERE id = 'mer_keep'`.execute(handle.db),
    ).rejects.toThrow(/never deleted/);
    await expect(sql`TRUNCATE merchants CASCADE`.execute(handle.db)).rejects.toThrow(
      /never deleted|append-only/,
    );
  });
});
