import { sql } from 'kysely';
import { DomainError } from '../domain/errors.ts';
import type { Db, Tx } from './database.ts';

/**
 * The one write pipeline (conventions §2). Handlers never open transactions: they hand a
 * command to `runWrite`, which runs it in one transaction and commits. Later issues add the
 * ledger and outbox appends here, so every state change and its side effects commit together.
 * No network call may happen inside `command`.
 */
export async function runWrite<T>(db: Db, command: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().execute(command);
}

export interface IdempotencyScope {
  merchantId: string;
  livemode: boolean;
  key: string;
  /** Hash of method, path and canonical body: the same key with another request is a conflict. */
  requestHash: string;
  now: Date;
}

export interface StoredResponse {
  status: number;
  body: unknown;
}

export interface IdempotentResult extends StoredResponse {
  replayed: boolean;
}

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60_000;

/**
 * Stripe's idempotency semantics on top of `runWrite`:
 * - the key row is claimed with INSERT … ON CONFLICT inside the command's transaction, so
 *   concurrent requests with one key queue on the row: exactly one runs the command, the others
 *   wait for its commit and replay its response (or run it themselves if it rolled back);
 * - only successful responses are stored (a failed command rolls the claim back, so a retry
 *   after fixing the problem runs again);
 * - a key older than 24 hours is claimed afresh and runs the command again.
 */
export async function runIdempotentWrite(
  db: Db,
  scope: IdempotencyScope,
  command: (tx: Tx) => Promise<StoredResponse>,
): Promise<IdempotentResult> {
  const expiredBefore = new Date(scope.now.getTime() - IDEMPOTENCY_WINDOW_MS);
  return runWrite(db, async (tx) => {
    const claimed = await sql<{ key: string }>`
      INSERT INTO idempotency_keys AS k (merchant_id, livemode, key, request_hash, response_status, response_body, created_at)
      VALUES (${scope.merchantId}, ${scope.livemode}, ${scope.key}, ${scope.requestHash}, 0, 'null', ${scope.now})
      ON CONFLICT (merchant_id, livemode, key) DO UPDATE
        SET request_hash = excluded.request_hash, response_status = 0, response_body = 'null', created_at = excluded.created_at
        WHERE k.created_at <= ${expiredBefore}
      RETURNING key`.execute(tx);
    if (claimed.rows.length === 0) {
      const existing = await tx
        .selectFrom('idempotency_keys')
        .select(['request_hash', 'response_status', 'response_body'])
        .where('merchant_id', '=', scope.merchantId)
        .where('livemode', '=', scope.livemode)
        .where('key', '=', scope.key)
        .executeTakeFirstOrThrow();
      if (existing.request_hash !== scope.requestHash) {
        throw new DomainError(
          'idempotency_key_reused',
          'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
        );
      }
      return { status: existing.response_status, body: existing.response_body, replayed: true };
    }
    const response = await command(tx);
    await tx
      .updateTable('idempotency_keys')
      .set({ response_status: response.status, response_body: JSON.stringify(response.body) })
      .where('merchant_id', '=', scope.merchantId)
      .where('livemode', '=', scope.livemode)
      .where('key', '=', scope.key)
      .execute();
    return { ...response, replayed: false };
  });
}
