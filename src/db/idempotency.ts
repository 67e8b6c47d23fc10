import { sql } from 'kysely';

import { DomainError } from '../domain/errors.ts';
import type { Db, Tx } from './database.ts';
import {
  IDEMPOTENCY_WINDOW_MS,
  type IdempotencyScope,
  type Idempotent,
  runWrite,
  storedData,
  storedResponseOf,
} from './write.ts';

/**
 * `runWrite` with an `Idempotency-Key` (decision 0002) for writes other than session creation
 * (which claims its key in its one statement). The key row is claimed first thing in the command's
 * transaction: a concurrent request with the same key waits on it, then replays what the first
 * answered (or claims the key itself if the first rolled back). Only a successful answer is kept:
 * an error rolls the claim back with everything else, so the request can be fixed and retried.
 */
export async function runIdempotentWrite<T>(
  db: Db,
  scope: IdempotencyScope | undefined,
  command: (tx: Tx) => Promise<T>,
): Promise<Idempotent<T>> {
  return runWrite(db, async (tx) => {
    if (scope === undefined) return { data: await command(tx), replayed: false };
    const expiredBefore = new Date(scope.now.getTime() - IDEMPOTENCY_WINDOW_MS);
    const claimed = await sql<{ key: string }>`
      INSERT INTO idempotency_keys
        (merchant_id, livemode, key, request_hash, response_status, response_body, created_at)
      VALUES (${scope.merchantId}, ${scope.livemode}, ${scope.key}, ${scope.requestHash}, 0,
              'null'::jsonb, ${scope.now})
      ON CONFLICT (merchant_id, livemode, key) DO UPDATE
        SET request_hash = EXCLUDED.request_hash, response_status = 0,
            response_body = 'null'::jsonb, created_at = EXCLUDED.created_at
        WHERE idempotency_keys.created_at <= ${expiredBefore}
      RETURNING key`.execute(tx);
    if (claimed.rows.length === 0) return replay<T>(tx, scope);
    const data = await command(tx);
    const response = storedResponseOf(data);
    await sql`
      UPDATE idempotency_keys
         SET response_status = ${response.status}, response_body = ${JSON.stringify(response.body)}::jsonb
       WHERE merchant_id = ${scope.merchantId} AND livemode = ${scope.livemode} AND key = ${scope.key}`.execute(
      tx,
    );
    return { data, replayed: false };
  });
}

async function replay<T>(tx: Tx, scope: IdempotencyScope): Promise<Idempotent<T>> {
  const stored = await tx
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'response_status', 'response_body'])
    .where('merchant_id', '=', scope.merchantId)
    .where('livemode', '=', scope.livemode)
    .where('key', '=', scope.key)
    .executeTakeFirstOrThrow();
  if (stored.request_hash !== scope.requestHash) {
    throw new DomainError(
      'idempotency_key_reused',
      'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
    );
  }
  return { data: storedData(stored.response_body) as T, replayed: true };
}
