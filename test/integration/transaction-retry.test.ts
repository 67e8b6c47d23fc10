import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { connectDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { runWrite, TRANSACTION_ATTEMPTS } from '../../src/db/write.ts';
import { createTestDatabase } from '../harness/database.ts';
import { createTestMerchant, type TestMerchant } from '../harness/fixtures.ts';
import { startTestApp, type TestApp } from '../harness/test-app.ts';

/**
 * runWrite runs a transaction again when PostgreSQL rolled it back for a deadlock (40P01) or a
 * serialization failure (40001), a few times with a random pause; past that the API answers 503
 * with Retry-After, never 500 (issue 24). The errors here are PostgreSQL's own: raised by the
 * server inside the transaction, or a real deadlock between two transactions.
 */

let scratch: { url: string; drop(): Promise<void> };
let handle: DatabaseHandle;
let t: TestApp;
let merchant: TestMerchant;

beforeAll(async () => {
  scratch = await createTestDatabase();
  handle = connectDatabase(scratch.url, 4);
  await sql`CREATE TABLE retry_probe (id integer PRIMARY KEY, n integer NOT NULL)`.execute(
    handle.db,
  );
  t = await startTestApp();
  merchant = await createTestMerchant(t, { approve: true });
});
afterAll(async () => {
  await t.close();
  await handle.close();
  await scratch.drop();
});

/** Makes PostgreSQL itself fail the current statement with `sqlstate`. */
const raise = (sqlstate: string) =>
  sql`DO $$ BEGIN RAISE EXCEPTION 'forced by the test' USING ERRCODE = '${sql.raw(sqlstate)}'; END $$`;

async function rows(): Promise<{ id: number; n: number }[]> {
  return (
    await sql<{ id: number; n: number }>`SELECT id, n FROM retry_probe ORDER BY id`.execute(
      handle.db,
    )
  ).rows;
}

describe('runWrite retries a transaction PostgreSQL rolled back for a conflict', () => {
  it.each([
    ['a deadlock', '40P01'],
    ['a serialization failure', '40001'],
  ])(
    '%s (%s) on the first attempt: run again, committed once, with what the second run wrote',
    async (_, sqlstate) => {
      await sql`TRUNCATE retry_probe`.execute(handle.db);
      let attempts = 0;
      const result = await runWrite(handle.db, async (tx) => {
        attempts++;
        await sql`INSERT INTO retry_probe (id, n) VALUES (1, ${attempts})`.execute(tx);
        if (attempts === 1) await raise(sqlstate).execute(tx);
        return 'done';
      });
      expect(result).toBe('done');
      expect(attempts).toBe(2);
      // The first attempt's insert was rolled back with it: one row, from the second.
      expect(await rows()).toEqual([{ id: 1, n: 2 }]);
    },
  );

  it('a conflict every time: given up after TRANSACTION_ATTEMPTS attempts, the error as it was, nothing written', async () => {
    await sql`TRUNCATE retry_probe`.execute(handle.db);
    let attempts = 0;
    const failed = await runWrite(handle.db, async (tx) => {
      attempts++;
      await sql`INSERT INTO retry_probe (id, n) VALUES (${attempts}, 0)`.execute(tx);
      await raise('40001').execute(tx);
    }).catch((error: unknown) => error);
    expect(attempts).toBe(TRANSACTION_ATTEMPTS);
    expect(failed).toMatchObject({ code: '40001' });
    expect(await rows()).toEqual([]);
  });

  it('any other error is not retried', async () => {
    let attempts = 0;
    const failed = await runWrite(handle.db, async (tx) => {
      attempts++;
      await raise('23505').execute(tx);
    }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ code: '23505' });
    expect(attempts).toBe(1);
  });

  it('a real deadlock between two transactions: PostgreSQL picks one, runWrite runs it again, both commit', async () => {
    await sql`TRUNCATE retry_probe`.execute(handle.db);
    await sql`INSERT INTO retry_probe (id, n) VALUES (1, 0), (2, 0)`.execute(handle.db);
    // Each transaction locks its first row, waits until the other has locked its own, then
    // updates the other's: a cycle PostgreSQL breaks with 40P01 after deadlock_timeout.
    let locked = 0;
    const bothLocked = async () => {
      locked++;
      while (locked < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    const attempts = { a: 0, b: 0 };
    const transfer = (name: 'a' | 'b', first: number, second: number) =>
      runWrite(handle.db, async (tx) => {
        attempts[name]++;
        await sql`UPDATE retry_probe SET n = n + 1 WHERE id = ${first}`.execute(tx);
        if (attempts[name] === 1) await bothLocked();
        await sql`UPDATE retry_probe SET n = n + 10 WHERE id = ${second}`.execute(tx);
      });
    await Promise.all([transfer('a', 1, 2), transfer('b', 2, 1)]);
    expect(attempts.a + attempts.b).toBe(3);
    // Each transaction's effect exactly once: 1 + 10 on each row.
    expect(await rows()).toEqual([
      { id: 1, n: 11 },
      { id: 2, n: 11 },
    ]);
  });
});

describe('a conflict through the HTTP API', () => {
  let linkPath: string;
  beforeAll(async () => {
    const made = await t.http.post(
      `/api/v1/merchant/${merchant.id}/payment-links`,
      { title: 'Retry probe', amount: 150_000 },
      { token: merchant.testKey },
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    linkPath = `/api/v1/merchant/${merchant.id}/payment-links/${made.body.data.id}`;
  });
  afterAll(async () => {
    await sql`DROP TRIGGER IF EXISTS retry_probe ON payment_links`.execute(t.ctx.db);
  });

  /** The next `failures` updates of payment_links fail with 40P01 (a sequence counts them). */
  async function failLinkUpdates(failures: number): Promise<void> {
    await sql`DROP TRIGGER IF EXISTS retry_probe ON payment_links`.execute(t.ctx.db);
    await sql`DROP SEQUENCE IF EXISTS retry_probe_seq`.execute(t.ctx.db);
    // A sequence, because nextval survives the rollback of the transaction that called it.
    await sql`CREATE SEQUENCE retry_probe_seq`.execute(t.ctx.db);
    await sql
      .raw(
        `CREATE OR REPLACE FUNCTION retry_probe() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
           IF nextval('retry_probe_seq') <= ${failures} THEN
             RAISE EXCEPTION 'deadlock forced by the test' USING ERRCODE = '40P01';
           END IF;
           RETURN NEW;
         END $$`,
      )
      .execute(t.ctx.db);
    await sql`CREATE TRIGGER retry_probe BEFORE UPDATE ON payment_links
              FOR EACH ROW EXECUTE FUNCTION retry_probe()`.execute(t.ctx.db);
  }

  const title = async () =>
    (await t.http.get(linkPath, { token: merchant.testKey })).body.data.title as string;

  it('a deadlock on the first two attempts: the request succeeds (200), the change made', async () => {
    await failLinkUpdates(2);
    const res = await t.http.patch(linkPath, { title: 'Second try' }, { token: merchant.testKey });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await title()).toBe('Second try');
  });

  it('a deadlock on every attempt: 503 service_unavailable with Retry-After, retryable, nothing changed', async () => {
    await failLinkUpdates(TRANSACTION_ATTEMPTS);
    const before = await title();
    const res = await t.http.patch(linkPath, { title: 'Never' }, { token: merchant.testKey });
    expect(res.status, JSON.stringify(res.body)).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(res.body).toMatchObject({ ok: false, code: 'service_unavailable', retryable: true });
    expect(await title()).toBe(before);
    // Sent again once the conflict is over (the trigger has run out of failures), it succeeds.
    const again = await t.http.patch(linkPath, { title: 'Later' }, { token: merchant.testKey });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await title()).toBe('Later');
  });
});
