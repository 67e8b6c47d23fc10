import type { Db } from '../../db/database.ts';
import type { NotificationOutboxRow } from '../../db/schema.ts';
import {
  type ChannelName,
  retryAfterFailure,
  retryAfterGap,
} from '../../domain/notification-timing.ts';
import { DeliveryError } from '../../notifications/port.ts';
import type { Clock } from '../../platform/clock.ts';
import {
  claimDueNotifications,
  type OutboxAudience,
  type OutboxOutcome,
  recordOutcome,
} from './outbox-queries.ts';

/**
 * The outbox's delivery loop, shared by each audience's job (customers: delivery.ts; merchants:
 * src/features/merchant-notifications, decision 0067). In three steps so that no transaction is
 * held across an SMTP conversation (brief §6):
 *   1. claim due rows of the audience with FOR UPDATE SKIP LOCKED and lease them (commit);
 *   2. the audience decides each one and sends it through its channel (`prepare`);
 *   3. record the outcome on the row: sent, skipped, waiting, retrying with back-off, or failed.
 * A sent row is final, so running the job again sends nothing more. A worker that dies between
 * 2 and 3 leaves a leased row that is due again when its lease ends: e-mail is at least once,
 * and both copies carry the same Message-ID (the outbox id).
 */

export interface OutboxDeliveryDeps {
  db: Db;
  clock: Clock;
}

export interface DeliverySummary {
  sent: number;
  skipped: number;
  waiting: number;
  retrying: number;
  failed: number;
}

/** Longer than one batch's sends can take (SMTP waits are bounded at 10 s + 10 s + 30 s). */
const LEASE_MS = 2 * 60_000;
const BATCH_SIZE = 50;
/** A run stops after this many batches; the next run (a minute later at most) goes on. */
const MAX_BATCHES = 20;

/**
 * Reads what a batch needs in a few queries (`prepare`) and returns how to deliver one row of it;
 * the loop records each outcome as soon as it is known.
 */
export type PrepareBatch = (
  rows: readonly NotificationOutboxRow[],
  now: Date,
) => Promise<(row: NotificationOutboxRow) => Promise<OutboxOutcome>>;

export async function runOutboxDelivery(
  deps: OutboxDeliveryDeps,
  audience: OutboxAudience,
  prepare: PrepareBatch,
  options: { batchSize?: number; maxBatches?: number } = {},
): Promise<DeliverySummary> {
  const summary: DeliverySummary = { sent: 0, skipped: 0, waiting: 0, retrying: 0, failed: 0 };
  const maxBatches = options.maxBatches ?? MAX_BATCHES;
  for (let batch = 0; batch < maxBatches; batch++) {
    const now = deps.clock.now();
    const claimed = await claimDueNotifications(deps.db, {
      now,
      leaseUntil: new Date(now.getTime() + LEASE_MS),
      limit: options.batchSize ?? BATCH_SIZE,
      audience,
    });
    if (claimed.length === 0) break;
    const deliverOne = await prepare(claimed, now);
    const outcomes = await Promise.all(
      claimed.map(async (row) => {
        const outcome = await deliverOne(row);
        await recordOutcome(deps.db, row.id, outcome);
        return outcome;
      }),
    );
    for (const outcome of outcomes) {
      if (outcome.status === 'sent') summary.sent++;
      else if (outcome.status === 'skipped') summary.skipped++;
      else if (outcome.status === 'waiting') summary.waiting++;
      else if (outcome.status === 'retrying') summary.retrying++;
      else summary.failed++;
    }
  }
  return summary;
}

/**
 * A channel's refusal as an outcome: retried with back-off (after quiet hours where the audience
 * keeps them), unless the channel says the same
 * message would fail again (a 5xx reply) or the attempts are spent.
 */
export function outcomeOfSendError(
  error: unknown,
  retry: { channel: ChannelName; quietHours: boolean },
  attemptsBefore: number,
  now: Date,
): OutboxOutcome {
  const message = error instanceof Error ? error.message : String(error);
  const permanent = error instanceof DeliveryError && error.permanent;
  const attempts = attemptsBefore + 1;
  const retryAt = permanent
    ? null
    : retry.quietHours
      ? retryAfterFailure(retry.channel, attempts, now)
      : retryAfterGap(attempts, now);
  return retryAt
    ? { status: 'retrying', until: retryAt, error: message }
    : { status: 'failed', error: message };
}
