import { sql } from 'kysely';
import type { Db, Tx } from './database.ts';
import type { WebhookEventStatus } from './schema.ts';

/** An event taken by a dispatcher, with what it needs to sign and send it. */
export interface ClaimedEvent {
  id: string;
  merchant_id: string;
  livemode: boolean;
  type: string;
  body: string;
  attempts: number;
  retry_until: Date;
  webhook_url: string;
  webhook_secret_sealed: string;
  previous_webhook_secret_sealed: string | null;
  previous_webhook_secret_expires_at: Date | null;
  /** The lease this claim took (the event's next_attempt_at until it is recorded). */
  lease_until: Date;
}

export interface ClaimRequest {
  now: Date;
  /** The claimed events are not offered again before this instant (the lease). */
  leaseUntil: Date;
  limit: number;
  /** Most events one merchant may have in flight in this dispatcher. */
  perMerchant: number;
  /** Merchants with deliveries in flight here, and how many more each may take. */
  freeSlots: ReadonlyMap<string, number>;
}

/**
 * Takes due events by status and due time (never by "id after the last seen", brief §6), at most
 * `freeSlots` (or `perMerchant`) per merchant, so a merchant with a backlog behind a slow endpoint
 * cannot fill a batch and hold back everyone else. Rows locked by another dispatcher are skipped.
 * Events of merchants without a URL, or whose endpoint was disabled, wait in place.
 *
 * The cost does not grow with the backlog: the merchants with waiting events are found by a
 * loose scan of webhook_events_claim_idx (one probe per merchant), and each one's oldest due
 * events by one more probe of the same index, limited to its free slots (none for a merchant at
 * its cap). The ids then go through the primary key (`= ANY (ARRAY(…))`, so the planner cannot
 * pick a hash join over the whole table).
 */
export async function claimDueEvents(db: Db, request: ClaimRequest): Promise<ClaimedEvent[]> {
  const ids = [...request.freeSlots.keys()];
  const free = ids.map((id) => request.freeSlots.get(id) ?? 0);
  const result = await sql<ClaimedEvent>`
    WITH RECURSIVE waiting AS (
      (SELECT merchant_id FROM webhook_events
        WHERE status IN ('pending', 'retrying')
        ORDER BY merchant_id LIMIT 1)
      UNION ALL
      SELECT (SELECT e.merchant_id FROM webhook_events e
               WHERE e.status IN ('pending', 'retrying') AND e.merchant_id > w.merchant_id
               ORDER BY e.merchant_id LIMIT 1)
        FROM waiting w
       WHERE w.merchant_id IS NOT NULL
    ), candidates AS (
      SELECT d.id
        FROM waiting w
        JOIN merchants m ON m.id = w.merchant_id
        LEFT JOIN unnest(${ids}::text[], ${free}::int[]) AS f(merchant_id, free)
          ON f.merchant_id = w.merchant_id
       CROSS JOIN LATERAL (
             SELECT e.id
               FROM webhook_events e
              WHERE e.merchant_id = w.merchant_id AND e.status IN ('pending', 'retrying')
                AND e.next_attempt_at <= ${request.now}
              ORDER BY e.next_attempt_at, e.id
              LIMIT coalesce(f.free, ${request.perMerchant}::int)
             ) d
       WHERE m.webhook_url IS NOT NULL AND m.webhook_disabled_at IS NULL
    ), picked AS (
      SELECT e.id
        FROM webhook_events e
       WHERE e.id = ANY (ARRAY(SELECT id FROM candidates))
         AND e.status IN ('pending', 'retrying') AND e.next_attempt_at <= ${request.now}
       ORDER BY e.next_attempt_at
       LIMIT ${request.limit}
         FOR UPDATE OF e SKIP LOCKED
    )
    UPDATE webhook_events e
       SET next_attempt_at = ${request.leaseUntil}
      FROM merchants m
     WHERE e.id = ANY (ARRAY(SELECT id FROM picked)) AND m.id = e.merchant_id
    RETURNING e.id, e.merchant_id, e.livemode, e.type, e.body, e.attempts, e.retry_until,
              m.webhook_url, m.webhook_secret_sealed, m.previous_webhook_secret_sealed,
              m.previous_webhook_secret_expires_at, e.next_attempt_at AS lease_until`.execute(db);
  return result.rows;
}

/**
 * Hands claimed events that were never sent back to the outbox (a dispatcher stopping with
 * events queued): due again at `now` instead of when their lease would have run out. Only while
 * the lease is still the one that claim took: an event claimed since by someone else is theirs.
 */
export async function releaseClaims(
  db: Db,
  claims: readonly Pick<ClaimedEvent, 'id' | 'lease_until'>[],
  now: Date,
): Promise<void> {
  if (claims.length === 0) return;
  await sql`
    UPDATE webhook_events e
       SET next_attempt_at = ${now}
      FROM unnest(${claims.map((c) => c.id)}::text[],
                  ${claims.map((c) => c.lease_until.toISOString())}::timestamptz[])
           AS c(id, lease_until)
     WHERE e.id = c.id AND e.next_attempt_at = c.lease_until
       AND e.status IN ('pending', 'retrying')`.execute(db);
}

/** The recorded result of one attempt. */
export interface AttemptRecord {
  eventId: string;
  merchantId: string;
  attemptedAt: Date;
  url: string;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  /** The event's state after this attempt. */
  status: Exclude<WebhookEventStatus, 'pending'>;
  nextAttemptAt: Date | null;
  disableEndpoint: boolean;
}

/**
 * Records a batch of attempts in one transaction. An event is only moved from pending/retrying,
 * so a late record (its lease expired and another dispatcher took it) cannot undo a delivery.
 */
export async function recordAttempts(db: Db, records: readonly AttemptRecord[]): Promise<void> {
  if (records.length === 0) return;
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('webhook_attempts')
      .values(
        records.map((r) => ({
          event_id: r.eventId,
          attempted_at: r.attemptedAt,
          url: r.url,
          outcome: r.status === 'delivered' ? ('delivered' as const) : ('failed' as const),
          status_code: r.statusCode,
          latency_ms: r.latencyMs,
          error: r.error,
        })),
      )
      .execute();
    await sql`
      UPDATE webhook_events e
         SET status = r.status,
             attempts = e.attempts + 1,
             next_attempt_at = r.next_attempt_at,
             delivered_at = CASE WHEN r.status = 'delivered' THEN r.attempted_at ELSE e.delivered_at END,
             last_status_code = r.status_code,
             last_error = r.error
        FROM unnest(${records.map((r) => r.eventId)}::text[],
                    ${records.map((r) => r.status)}::text[],
                    ${records.map((r) => r.nextAttemptAt?.toISOString() ?? null)}::timestamptz[],
                    ${records.map((r) => r.attemptedAt.toISOString())}::timestamptz[],
                    ${records.map((r) => r.statusCode)}::int[],
                    ${records.map((r) => r.error)}::text[])
             AS r(id, status, next_attempt_at, attempted_at, status_code, error)
       WHERE e.id = r.id AND e.status IN ('pending', 'retrying')`.execute(tx);
    const gone = records.filter((r) => r.disableEndpoint);
    for (const r of gone) await disableEndpoint(tx, r.merchantId, r.attemptedAt, r.url);
  });
}

async function disableEndpoint(tx: Tx, merchantId: string, at: Date, url: string): Promise<void> {
  await tx
    .updateTable('merchants')
    .set({
      webhook_disabled_at: at,
      webhook_disabled_reason: `${url} answered 410 Gone at ${at.toISOString()}; deliveries are paused until the webhook URL is set again.`,
    })
    .where('id', '=', merchantId)
    // Only the address that answered 410: a merchant who already moved to a new one keeps it.
    .where('webhook_url', '=', url)
    .where('webhook_disabled_at', 'is', null)
    .execute();
}
