import { Kysely, type LogEvent, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';

import { recordFinishedSpan } from '../platform/tracing.ts';
import type { Database } from './schema.ts';

// bigint columns hold kobo; they arrive as strings unless told otherwise. Amounts beyond 2^53
// would be a bug elsewhere, so refuse them loudly instead of losing precision.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => {
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed)) {
    throw new RangeError(`bigint ${value} exceeds the safe integer range`);
  }
  return parsed;
});

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;

export interface DatabaseHandle {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

export function connectDatabase(
  connectionString: string,
  poolSize: number,
  options: { traced?: boolean } = {},
): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: poolSize, idleTimeoutMillis: 30_000 });
  // An idle client's error (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // Nor may a checked-out client's: the pool listens only while a client is idle, and a client
  // between two statements (a transaction awaiting, a query about to be sent) emits 'error' with
  // no listener when the server goes away, which would end the process. Its next query fails
  // instead (503), and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    // One span per statement, child of the request or job that made it (decision 0063).
    ...(options.traced && {
      log: (event: LogEvent) =>
        recordFinishedSpan(
          'db.query',
          {
            'db.system.name': 'postgresql',
            'db.query.text': event.query.sql.slice(0, 2_000),
          },
          event.queryDurationMillis,
          event.level === 'error',
        ),
    }),
  });
  return {
    db,
    pool,
    close: async () => {
      await db.destroy();
    },
  };
}

/** True when PostgreSQL refused a write because a unique index already holds that value. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: string; constraint?: string };
  return e.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

/**
 * True when PostgreSQL rolled a transaction back because it lost a race with another one: a
 * serialization failure (40001) or a deadlock (40P01, the victim PostgreSQL chose). Nothing of
 * the transaction was applied and the same transaction may succeed when run again (runWrite
 * does), so past its retries the caller answers 503, not 500. Looks through `cause` like
 * isDatabaseUnavailable.
 */
export function isTransactionConflict(error: unknown): boolean {
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 5; depth++) {
    const { code } = e as { code?: unknown };
    if (code === '40001' || code === '40P01') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * True when an error means the database cannot be reached right now (refused or cut connection,
 * a server shutting down, restarting or in crash recovery): the request may succeed later, so
 * callers answer 503, not 500. SQLSTATE class 08 is "connection exception"; 57P01–57P03 are a
 * shutdown and a server not yet accepting connections.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (code.startsWith('08') || ['57P01', '57P02', '57P03'].includes(code)) return true;
      if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND'].includes(code)) {
        return true;
      }
    }
    // node-postgres reports a dropped connection or a connect timeout without a code.
    if (
      typeof message === 'string' &&
      /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/.test(
        message,
      )
    ) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
