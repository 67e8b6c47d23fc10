import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/database.ts';
import type { PreparedStatements } from '../../db/prepared.ts';
import type { CheckoutSessionRow } from '../../db/schema.ts';
import {
  IDEMPOTENCY_WINDOW_MS,
  type IdempotencyScope,
  type StoredResponse,
} from '../../db/write.ts';

const INSERT_SESSION_ONCE = `
  WITH session AS (
    INSERT INTO checkout_sessions
      (id, token, merchant_id, livemode, amount_kobo, currency, title, order_reference, customer_email, status, constraints, created_at, expires_at, metadata, line_items)
    SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', $10::jsonb, $11, $12, $18::jsonb, $19::jsonb
    WHERE NOT EXISTS (
      SELECT 1 FROM checkout_sessions c
      WHERE c.merchant_id = $3 AND c.livemode = $4 AND c.order_reference = $8 AND c.status = 'completed'
    )
    RETURNING id
  ), claim AS (
    INSERT INTO idempotency_keys (merchant_id, livemode, key, request_hash, response_status, response_body, created_at)
    SELECT $3, $4, $14, $15, $16, $17::jsonb, $11
    FROM session WHERE $13::boolean
    RETURNING key
  )
  SELECT (SELECT count(*) FROM session)::int AS inserted`;

export type InsertSessionOutcome =
  | { kind: 'created' }
  | { kind: 'order_completed' }
  | { kind: 'replay'; requestHash: string; response: StoredResponse };

/**
 * The hot path of the API, in one statement (one round trip, atomic without an explicit
 * transaction): insert the session unless its order already has a completed checkout, and, in
 * the same statement, store the idempotency key with the response (computed beforehand: every
 * field of a new session is generated here, not by the database).
 *
 * A concurrent request with the same key blocks on the key's unique index until the first
 * commits, then fails with a unique violation, which rolls its whole statement back (its own
 * session included) and turns into a replay of the stored response. A key older than the 24-hour
 * window is deleted and the statement runs again once.
 */
export async function insertSessionOnce(
  db: Db,
  prepared: PreparedStatements,
  row: CheckoutSessionRow,
  idempotency: IdempotencyScope | undefined,
  response: StoredResponse,
): Promise<InsertSessionOutcome> {
  for (let attempt = 0; ; attempt++) {
    try {
      const rows = await prepared.run<{ inserted: number }>(
        'insert_session_once',
        INSERT_SESSION_ONCE,
        [
          row.id,
          row.token,
          row.merchant_id,
          row.livemode,
          row.amount_kobo,
          row.currency,
          row.title,
          row.order_reference,
          row.customer_email,
          JSON.stringify(row.constraints),
          row.created_at,
          row.expires_at,
          idempotency !== undefined,
          idempotency?.key ?? '',
          idempotency?.requestHash ?? '',
          response.status,
          JSON.stringify(response.body),
          JSON.stringify(row.metadata),
          row.line_items === null ? null : JSON.stringify(row.line_items),
        ],
      );
      if (rows[0]?.inserted === 1) return { kind: 'created' };
      // The order's checkout is completed. A retry of the request that created its session
      // (same key) still gets that session back: the key is the answer, not the order's state.
      return (idempotency && (await storedAnswer(db, idempotency))) ?? { kind: 'order_completed' };
    } catch (error) {
      if (!idempotency || !isUniqueViolation(error, 'idempotency_keys_pkey')) throw error;
      const replay = await storedAnswer(db, idempotency);
      if (replay) return replay;
      if (attempt > 0) throw error;
      const expiredBefore = new Date(idempotency.now.getTime() - IDEMPOTENCY_WINDOW_MS);
      // Past its 24 hours the key is free again: forget the old use and try once more.
      await db
        .deleteFrom('idempotency_keys')
        .where('merchant_id', '=', idempotency.merchantId)
        .where('livemode', '=', idempotency.livemode)
        .where('key', '=', idempotency.key)
        .where('created_at', '<=', expiredBefore)
        .execute();
    }
  }
}

/** The key's stored answer while it is within its 24 hours; undefined otherwise. */
async function storedAnswer(
  db: Db,
  idempotency: IdempotencyScope,
): Promise<InsertSessionOutcome | undefined> {
  const existing = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'response_status', 'response_body', 'created_at'])
    .where('merchant_id', '=', idempotency.merchantId)
    .where('livemode', '=', idempotency.livemode)
    .where('key', '=', idempotency.key)
    .executeTakeFirst();
  const expiredBefore = new Date(idempotency.now.getTime() - IDEMPOTENCY_WINDOW_MS);
  if (!existing || existing.created_at <= expiredBefore) return undefined;
  return {
    kind: 'replay',
    requestHash: existing.request_hash,
    response: { status: existing.response_status, body: existing.response_body },
  };
}
