import { sql } from 'kysely';
import type { Db } from './database.ts';

/**
 * A position in a merchant's test event stream: after the event `id` of transaction `xid`
 * (xid8 as text). `id: ''` is "before every event of that transaction".
 */
export interface StreamCursor {
  xid: string;
  id: string;
}

export interface StreamedEventRow {
  id: string;
  type: string;
  body: string;
  created_xid: string;
}

/**
 * Where a stream that asks for no past events starts: the oldest transaction still running.
 * Everything older is already visible and counts as the past; anything it or a later transaction
 * writes is streamed once it commits.
 */
export async function streamHead(db: Db): Promise<StreamCursor> {
  const result = await sql<{ xid: string }>`
    SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xid`.execute(db);
  const xid = result.rows[0]?.xid;
  if (xid === undefined) throw new Error('pg_current_snapshot returned no row');
  return { xid, id: '' };
}

/** The cursor just after one of the merchant's test events, or null if it is not one. */
export async function cursorAfterEvent(
  db: Db,
  merchantId: string,
  eventId: string,
): Promise<StreamCursor | null> {
  const result = await sql<{ xid: string | null }>`
    SELECT created_xid::text AS xid FROM webhook_events
     WHERE id = ${eventId} AND merchant_id = ${merchantId} AND NOT livemode`.execute(db);
  const xid = result.rows[0]?.xid;
  return xid ? { xid, id: eventId } : null;
}

/**
 * The merchant's test events after `cursor` whose transactions can no longer be followed by an
 * earlier-committing one (older than the oldest running transaction), in stream order. Uses
 * webhook_events_test_stream_idx.
 */
export async function readStream(
  db: Db,
  request: {
    merchantId: string;
    after: StreamCursor;
    types: readonly string[] | null;
    limit: number;
  },
): Promise<StreamedEventRow[]> {
  const types = request.types;
  const result = await sql<StreamedEventRow>`
    SELECT id, type, body, created_xid::text AS created_xid
      FROM webhook_events
     WHERE merchant_id = ${request.merchantId}
       AND NOT livemode
       AND (created_xid, id) > (${request.after.xid}::xid8, ${request.after.id})
       AND created_xid < pg_snapshot_xmin(pg_current_snapshot())
       ${types ? sql`AND type = ANY(${types}::text[])` : sql``}
     ORDER BY created_xid, id
     LIMIT ${request.limit}`.execute(db);
  return result.rows;
}
