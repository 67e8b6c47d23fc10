import { randomBytes } from 'node:crypto';

import pg from 'pg';

/** Shared plumbing of the sandbox's stores: connections, transactions, ids, row conversion. */

export type Queryable = pg.Pool | pg.PoolClient;

const LOWER_ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Paystack-looking codes (`re4lyvq3s3`, `AUTH_72btv547`): lowercase alphanumerics. */
export function randomCode(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  // Bytes from 252 up are skipped so that every character is equally likely (252 = 7 × 36).
  for (const byte of bytes) if (byte < 252) out += LOWER_ALPHANUMERIC.charAt(byte % 36);
  return out.length === length ? out : out + randomCode(length - out.length);
}

// bigint columns arrive as strings (or numbers where the host process set a parser).
export function int(value: unknown): number {
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed)) throw new RangeError(`not a safe integer: ${String(value)}`);
  return parsed;
}

export type Raw<T> = Omit<T, 'amount'> & { amount: string | number };

export function withAmount<T extends { amount: number }>(row: Raw<T>): T {
  return { ...row, amount: int(row.amount) } as T;
}

export async function inDbTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let result: T;
  try {
    await client.query('BEGIN');
    result = await work(client);
    await client.query('COMMIT');
  } catch (error) {
    // A connection that cannot even roll back is dropped rather than returned to the pool.
    const rolledBack = await client.query('ROLLBACK').then(
      () => true,
      () => false,
    );
    client.release(!rolledBack);
    throw error;
  }
  client.release();
  return result;
}

export function isUniqueViolation(error: unknown, constraint: string): boolean {
  return (
    error instanceof pg.DatabaseError && error.code === '23505' && error.constraint === constraint
  );
}

/** The single row a statement must have returned. */
export function first<T>(rows: T[], what: string): T {
  const row = rows[0];
  if (row === undefined) throw new Error(`sandbox store: no row for ${what}`);
  return row;
}

/**
 * Runs an insert that may hit a table's unique `reference` index and reports that as Paystack
 * does. The index, not a prior lookup, decides, so two concurrent calls cannot both win.
 */
export async function withUniqueReference<T>(
  table: 'transactions' | 'transfers',
  insert: () => Promise<T>,
  duplicate: () => Error,
): Promise<T> {
  try {
    return await insert();
  } catch (error) {
    if (isUniqueViolation(error, `${table}_reference_key`)) throw duplicate();
    throw error;
  }
}
