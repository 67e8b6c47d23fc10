import { sql } from 'kysely';

import type { Db, Tx } from '../../db/database.ts';
import type { NotificationOutboxRow } from '../../db/schema.ts';
import type { MerchantNotificationKind } from '../../domain/merchant-notification.ts';
import type { ChannelName, NotificationKind } from '../../domain/notification.ts';
import { enqueue } from '../../jobs/enqueue.ts';

/**
 * The notification outbox (migration 0013): rows are written in the transaction of their cause
 * and claimed by the delivery job by status and due time, never by "id after the last seen". A
 * row is a customer's notification or, since migration 0046, a merchant's e-mail (decision 0067):
 * each audience has its own delivery job over the same rows, claim, lease and outcomes.
 */

/** Whose rows a delivery job claims. */
export type OutboxAudience = 'customer' | 'merchant';

export interface NewOutboxRow {
  id: string;
  /** Exactly one of the two (the table refuses anything else). */
  customerId: string | null;
  merchantId?: string | null;
  kind: NotificationKind | MerchantNotificationKind;
  channel: ChannelName;
  subjectId: string;
  data: Record<string, unknown>;
  /** When it is first due; null writes it `skipped` (it could not arrive in time). */
  dueAt: Date | null;
  skipReason?: string;
}

/**
 * Inserts the rows; one already written for the same (kind, subject, channel) wins, so a cause
 * replayed (a webhook and a job settling the same charge) notifies once. Returns how many new rows
 * are due at or before `now`.
 */
export async function insertOutboxRows(
  tx: Tx,
  rows: readonly NewOutboxRow[],
  now: Date,
): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await tx
    .insertInto('notification_outbox')
    .values(
      rows.map((row) => ({
        id: row.id,
        customer_id: row.customerId,
        merchant_id: row.merchantId ?? null,
        kind: row.kind,
        channel: row.channel,
        subject_id: row.subjectId,
        data: JSON.stringify(row.data),
        status: row.dueAt ? ('pending' as const) : ('skipped' as const),
        next_attempt_at: row.dueAt,
        created_at: now,
        sent_at: null,
        last_error: row.dueAt ? null : (row.skipReason ?? 'no time left to send it'),
      })),
    )
    .onConflict((oc) => oc.columns(['kind', 'subject_id', 'channel']).doNothing())
    .returning('next_attempt_at')
    .execute();
  return inserted.filter((r) => r.next_attempt_at && r.next_attempt_at <= now).length;
}

/**
 * Wakes the delivery job now (it also runs every minute for rows that fall due later). No
 * job_key: a keyed add_job upserts one shared row and holds its lock until commit, so every
 * transaction writing a notification (each settled charge of a collection batch) would wait for
 * the one before it to commit (found by the B27 battery test). A wake per transaction is cheap:
 * runs that find nothing due claim nothing.
 */
export async function wakeDelivery(
  tx: Tx,
  now: Date,
  audience: OutboxAudience = 'customer',
): Promise<void> {
  const task = audience === 'customer' ? 'deliver_notifications' : 'deliver_merchant_notifications';
  await enqueue(tx, task, {}, { runAt: now, maxAttempts: 3 });
}

/**
 * Takes up to `limit` due rows, skipping those another worker holds, and leases them: their
 * next_attempt_at moves to `leaseUntil`, so a worker that dies mid-send leaves them due again
 * then (the send may then happen twice: at-least-once, with one Message-ID).
 */
export async function claimDueNotifications(
  db: Db,
  request: { now: Date; leaseUntil: Date; limit: number; audience?: OutboxAudience },
): Promise<NotificationOutboxRow[]> {
  const ownerColumn = sql.ref(request.audience === 'merchant' ? 'merchant_id' : 'customer_id');
  const result = await sql<NotificationOutboxRow>`
    WITH picked AS (
      SELECT id FROM notification_outbox
       WHERE status IN ('pending', 'retrying') AND next_attempt_at <= ${request.now}
         AND ${ownerColumn} IS NOT NULL
       ORDER BY next_attempt_at, id
       LIMIT ${request.limit}
         FOR UPDATE SKIP LOCKED
    )
    UPDATE notification_outbox o
       SET next_attempt_at = ${request.leaseUntil}
      FROM picked
     WHERE o.id = picked.id
    RETURNING o.*`.execute(db);
  return result.rows;
}

/** What became of one claimed row. Only a row still open is changed: a final state stays. */
export type OutboxOutcome =
  | { status: 'sent'; at: Date; data?: Record<string, unknown> }
  | { status: 'skipped'; reason: string }
  | { status: 'waiting'; until: Date }
  | { status: 'retrying'; until: Date; error: string }
  | { status: 'failed'; error: string };

export async function recordOutcome(db: Db, id: string, outcome: OutboxOutcome): Promise<void> {
  const open = db
    .updateTable('notification_outbox')
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'retrying']);
  switch (outcome.status) {
    case 'sent':
      await open
        .set((eb) => ({
          status: 'sent',
          sent_at: outcome.at,
          next_attempt_at: null,
          attempts: eb('attempts', '+', 1),
          last_error: null,
          ...(outcome.data && { data: JSON.stringify(outcome.data) }),
        }))
        .execute();
      return;
    case 'skipped':
      await open
        .set({ status: 'skipped', next_attempt_at: null, last_error: outcome.reason })
        .execute();
      return;
    case 'waiting':
      await open.set({ next_attempt_at: outcome.until }).execute();
      return;
    case 'retrying':
      await open
        .set((eb) => ({
          status: 'retrying',
          next_attempt_at: outcome.until,
          attempts: eb('attempts', '+', 1),
          last_error: outcome.error,
        }))
        .execute();
      return;
    case 'failed':
      await open
        .set((eb) => ({
          status: 'failed',
          next_attempt_at: null,
          attempts: eb('attempts', '+', 1),
          last_error: outcome.error,
        }))
        .execute();
      return;
  }
}
