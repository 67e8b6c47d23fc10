import { sql } from 'kysely';

import type { Db } from '../../db/database.ts';
import { assert } from '../../platform/assert.ts';

export interface StreamedEventRow {
  id: string;
  type: string;
  body: string;
  /** The writing transaction's id (xid8 as text). */
  created_xid: string;
}

/**
 * The oldest transaction id still running anywhere in the cluster (xid8 as text): every
 * transaction with a smaller id has ended, so its events are visible to a read that starts after
 * this one, and no event with a smaller id can appear later.
 */
export async function oldestRunningXid(db: Db): Promise<string> {
  const result = await sql<{ xid: string }>`
    SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xid`.execute(db);
  const xid = result.rows[0]?.xid;
  assert(xid !== undefined, 'pg_current_snapshot returned no row');
  return xid;
}

/** The next transaction id to be handed out (xid8 as text): no cursor this database issued is above it. */
export async function nextXid(db: Db): Promise<string> {
  const result = await sql<{ xid: string }>`
    SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xid`.execute(db);
  const xid = result.rows[0]?.xid;
  assert(xid !== undefined, 'pg_current_snapshot returned no row');
  return xid;
}

/** The writing transaction of one of the merchant's test events, or null if it is not one. */
export async function eventXid(
  db: Db,
  merchantId: string,
  eventId: string,
): Promise<string | null> {
  const result = await sql<{ xid: string | null }>`
    SELECT created_xid::text AS xid FROM webhook_events
     WHERE id = ${eventId} AND merchant_id = ${merchantId} AND NOT livemode`.execute(db);
  return result.rows[0]?.xid ?? null;
}

/**
 * The merchant's visible test events written by transaction `fromXid` or later, after
 * (`afterXid`, `afterId`) in (created_xid, id) order: one page of the stream's window. Uses
 * webhook_events_test_stream_idx.
 */
export async function readStreamWindow(
  db: Db,
  request: {
    merchantId: string;
    after: { xid: string; id: string };
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
       ${types ? sql`AND type = ANY(${types}::text[])` : sql``}
     ORDER BY created_xid, id
     LIMIT ${request.limit}`.execute(db);
  return result.rows;
}
