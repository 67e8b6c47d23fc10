import { sql } from 'kysely';

import type { Db, Tx } from '../../db/database.ts';
import type { WebhookEventStatus } from '../../db/schema.ts';

/** An event taken by a dispatcher, with what it needs to sign and send it. */
export interface ClaimedEvent {
  id: string;
  merchant_id: string;
  livemode: boolean;
  type: string;
  body: string;
  attempts: number;
  retry_until: Date;
  /** The URL of the event's own mode's endpoint (decision 0015), and its sealed secrets. */
  webhook_url: string;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_expires_at: Date | null;
  /** The lease this claim took (the event's next_attempt_at until it is recorded). */
  lease_until: Date;
}

/**
 * An endpoint is a merchant's test or live address (decision 0015): the unit the dispatcher caps
 * and isolates, since the two modes' addresses are different servers.
 */
export function endpointKey(event: { merchant_id: string; livemode: boolean }): string {
  return `${event.merchant_id}:${event.livemode ? 'live' : 'test'}`;
}

function parseEndpointKey(key: string): { merchantId: string; livemode: boolean } {
  const at = key.lastIndexOf(':');
  return { merchantId: key.slice(0, at), livemode: key.slice(at + 1) === 'live' };
}

export interface ClaimRequest {
  now: Date;
  /** The claimed events are not offered again before this instant (the lease). */
  leaseUntil: Date;
  limit: number;
  /** Most events one endpoint (merchant and mode) may have in flight in this dispatcher. */
  perMerchant: number;
  /** Endpoints (`endpointKey`) with deliveries in flight here, and how many more each may take. */
  freeSlots: ReadonlyMap<string, number>;
}

/**
 * Takes due events by status and due time (never by "id after the last seen", brief §6), at most
 * `freeSlots` (or `perMerchant`) per endpoint, so a merchant with a backlog behind a slow endpoint
 * cannot fill a batch and hold back everyone else. Rows locked by another dispatcher are skipped.
 * Events whose mode's endpoint has no URL, or was disabled, wait in place.
 *
 * The cost does not grow with the backlog: the endpoints (merchant and mode) with waiting events
 * are found by a loose scan of webhook_events_endpoint_claim_idx (one probe per endpoint), and
 * each one's oldest due events by one more probe of the same index, limited to its free slots
 * (none for an endpoint at its cap). The ids then go through the primary key (`= ANY (ARRAY(…))`,
 * so the planner cannot pick a hash join over the whole table).
 */
export async function claimDueEvents(db: Db, request: ClaimRequest): Promise<ClaimedEvent[]> {
  const endpoints = [...request.freeSlots.keys()].map(parseEndpointKey);
  const merchantIds = endpoints.map((e) => e.merchantId);
  const livemodes = endpoints.map((e) => e.livemode);
  const free = [...request.freeSlots.values()];
  const result = await sql<ClaimedEvent>`
    WITH RECURSIVE waiting AS (
      (SELECT merchant_id, livemode FROM webhook_events
        WHERE status IN ('pending', 'retrying')
        ORDER BY merchant_id, livemode LIMIT 1)
      UNION ALL
      SELECT n.merchant_id, n.livemode
        FROM waiting w
       CROSS JOIN LATERAL (
             SELECT e.merchant_id, e.livemode FROM webhook_events e
              WHERE e.status IN ('pending', 'retrying')
                AND (e.merchant_id, e.livemode) > (w.merchant_id, w.livemode)
              ORDER BY e.merchant_id, e.livemode LIMIT 1
             ) n
    ), candidates AS (
      SELECT d.id
        FROM waiting w
        JOIN webhook_endpoints ep ON ep.merchant_id = w.merchant_id AND ep.livemode = w.livemode
        LEFT JOIN unnest(${merchantIds}::text[], ${livemodes}::boolean[], ${free}::int[])
               AS f(merchant_id, livemode, free)
          ON f.merchant_id = w.merchant_id AND f.livemode = w.livemode
       CROSS JOIN LATERAL (
             SELECT e.id
               FROM webhook_events e
              WHERE e.merchant_id = w.merchant_id AND e.livemode = w.livemode
                AND e.status IN ('pending', 'retrying')
                AND e.next_attempt_at <= ${request.now}
              ORDER BY e.next_attempt_at, e.id
              LIMIT coalesce(f.free, ${request.perMerchant}::int)
             ) d
       WHERE ep.url IS NOT NULL AND ep.disabled_at IS NULL
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
      FROM webhook_endpoints ep
     WHERE e.id = ANY (ARRAY(SELECT id FROM picked))
       AND ep.merchant_id = e.merchant_id AND ep.livemode = e.livemode
    RETURNING e.id, e.merchant_id, e.livemode, e.type, e.body, e.attempts, e.retry_until,
              ep.url AS webhook_url, ep.secret_sealed, ep.previous_secret_sealed,
              ep.previous_secret_expires_at, e.next_attempt_at AS lease_until`.execute(db);
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
  /** The event's mode: a 410 disables that mode's endpoint only. */
  livemode: boolean;
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
    for (const r of gone) await disableEndpoint(tx, r);
  });
}

/** A 410 Gone disables the endpoint of the event's mode; the other mode's keeps delivering. */
async function disableEndpoint(
  tx: Tx,
  r: Pick<AttemptRecord, 'merchantId' | 'livemode' | 'attemptedAt' | 'url'>,
): Promise<void> {
  await tx
    .updateTable('webhook_endpoints')
    .set({
      disabled_at: r.attemptedAt,
      disabled_reason: `${r.url} answered 410 Gone at ${r.attemptedAt.toISOString()}; deliveries are paused until the webhook URL is set again.`,
    })
    .where('merchant_id', '=', r.merchantId)
    .where('livemode', '=', r.livemode)
    // Only the address that answered 410: a merchant who already moved to a new one keeps it.
    .where('url', '=', r.url)
    .where('disabled_at', 'is', null)
    .execute();
}
