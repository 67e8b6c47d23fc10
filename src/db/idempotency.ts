import { sql } from 'kysely';

import { DomainError } from '../domain/errors.ts';
import type { Db, Tx } from './database.ts';
import {
  IDEMPOTENCY_WINDOW_MS,
  type IdempotencyScope,
  type Idempotent,
  runWrite,
  STORED_SUCCESS_STATUS,
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

/**
 * A claim of `runIdempotentOutside` still in progress after this long is taken to belong to a
 * request that died (a crashed process, a lost database connection before the answer was kept):
 * the next request with the key runs again. Far above the longest request (the gateway's timeouts
 * are seconds), so a live request is never run twice.
 */
export const IN_PROGRESS_RECLAIM_MS = 10 * 60_000;

/**
 * `Idempotency-Key` for a command that cannot run inside one transaction because it calls the
 * gateway (customer pay-now and pay-off, card and mandate set-up; plan confirmation and the
 * sandbox tools too, decision 0038). The key is claimed and
 * committed first (response_status 0: in progress), the command runs with no transaction held
 * open, and its answer, the whole body the route sends, is stored after. A repeat while the first
 * runs is a 409 that says to retry (it never waits on a network call); a repeat after it replays
 * the stored answer. If the command fails the claim is released, so the request can be fixed and
 * retried with the same key; if the process dies before the answer is stored the claim is reclaimed
 * after IN_PROGRESS_RECLAIM_MS, and the command runs again: each of these commands is safe to
 * repeat on its own (a charge in flight is looked up, never made twice).
 */
export async function runIdempotentOutside<T>(
  db: Db,
  scope: IdempotencyScope | undefined,
  command: () => Promise<T>,
): Promise<Idempotent<T>> {
  if (scope === undefined) return { data: await command(), replayed: false };
  const claimedAt = scope.now;
  const earlier = await runWrite(db, async (tx) => {
    const expiredBefore = new Date(claimedAt.getTime() - IDEMPOTENCY_WINDOW_MS);
    const abandonedBefore = new Date(claimedAt.getTime() - IN_PROGRESS_RECLAIM_MS);
    const claimed = await sql<{ key: string }>`
      INSERT INTO idempotency_keys
        (merchant_id, livemode, key, request_hash, response_status, response_body, created_at)
      VALUES (${scope.merchantId}, ${scope.livemode}, ${scope.key}, ${scope.requestHash}, 0,
              'null'::jsonb, ${claimedAt})
      ON CONFLICT (merchant_id, livemode, key) DO UPDATE
        SET request_hash = EXCLUDED.request_hash, response_status = 0,
            response_body = 'null'::jsonb, created_at = EXCLUDED.created_at
        WHERE idempotency_keys.created_at <= ${expiredBefore}
           OR (idempotency_keys.response_status = 0
               AND idempotency_keys.created_at <= ${abandonedBefore}
               AND idempotency_keys.request_hash = EXCLUDED.request_hash)
      RETURNING key`.execute(tx);
    if (claimed.rows.length > 0) return null;
    return storedAnswer(tx, scope);
  });
  if (earlier !== null) return { data: earlier as T, replayed: true };
  let data: T;
  try {
    data = await command();
  } catch (error) {
    // The command's own error is the answer. If the claim cannot be released (the database is
    // down too), it is taken over after IN_PROGRESS_RECLAIM_MS like a dead request's.
    await db
      .deleteFrom('idempotency_keys')
      .where('merchant_id', '=', scope.merchantId)
      .where('livemode', '=', scope.livemode)
      .where('key', '=', scope.key)
      .where('response_status', '=', 0)
      .where('created_at', '=', claimedAt)
      .execute()
      .catch(() => undefined);
    throw error;
  }
  await db
    .updateTable('idempotency_keys')
    .set({ response_status: STORED_SUCCESS_STATUS, response_body: JSON.stringify(data) })
    .where('merchant_id', '=', scope.merchantId)
    .where('livemode', '=', scope.livemode)
    .where('key', '=', scope.key)
    .where('response_status', '=', 0)
    .where('created_at', '=', claimedAt)
    .execute();
  return { data, replayed: false };
}

/** The finished answer stored under the key (a different request or one in progress: refused). */
async function storedAnswer(tx: Tx, scope: IdempotencyScope): Promise<unknown> {
  const stored = await sameRequestUnder(tx, scope);
  if (stored.response_status === 0) {
    throw new DomainError(
      'conflict',
      'A request with this Idempotency-Key is still being processed. Retry in a few seconds with the same key: it will answer as that request did.',
      { retryable: true, retryAfterSeconds: 1 },
    );
  }
  return stored.response_body;
}

/** The row stored under the key, refused when it was claimed for another request. */
async function sameRequestUnder(tx: Tx, scope: IdempotencyScope) {
  const stored = await tx
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'response_status', 'response_body'])
    .where('merchant_id', '=', scope.merchantId)
    .where('livemode', '=', scope.livemode)
    .where('key', '=', scope.key)
    .executeTakeFirstOrThrow();
  if (stored.request_hash !== scope.requestHash) throw keyReused();
  return stored;
}

const keyReused = () =>
  new DomainError(
    'idempotency_key_reused',
    'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
  );

async function replay<T>(tx: Tx, scope: IdempotencyScope): Promise<Idempotent<T>> {
  const stored = await sameRequestUnder(tx, scope);
  return { data: storedData(stored.response_body) as T, replayed: true };
}
