import type { Db } from '../../db/database.ts';
import type { NotificationOutboxRow } from '../../db/schema.ts';
import {
  decideDelivery,
  defaultPreferences,
  type FailureSubject,
  type NotificationContent,
  type NotificationPreferences,
  type PaymentFailedFacts,
} from '../../domain/notification.ts';
import { renderNotification } from '../../domain/notification-content.ts';
import { retryAfterFailure } from '../../domain/notification-timing.ts';
import { DeliveryError, type NotificationChannels } from '../../notifications/port.ts';
import type { Clock } from '../../platform/clock.ts';
import { currentFailureSubjects, currentReminderFacts } from './enqueue.ts';
import { claimDueNotifications, type OutboxOutcome, recordOutcome } from './outbox-queries.ts';
import { preferencesOf } from './preferences.ts';

/**
 * Delivery of due customer notifications (the deliver_notifications job), in three steps so that
 * no transaction is held across an SMTP conversation (brief §6):
 *   1. claim due rows with FOR UPDATE SKIP LOCKED and lease them (commit);
 *   2. decide each one (preferences, quiet hours, a reminder's installment as it is now, whether
 *      a failure notice's cause is still there) and send it through its channel;
 *   3. record the outcome on the row: sent, skipped, waiting (a new due time), retrying with
 *      back-off, or failed.
 * A sent row is final, so running the job again sends nothing more. A worker that dies between
 * 2 and 3 leaves a leased row that is due again when its lease ends: e-mail is at least once,
 * and both copies carry the same Message-ID (the outbox id). In-app notices are exactly once
 * (their id is derived from the outbox id).
 */

export interface DeliveryDeps {
  db: Db;
  clock: Clock;
  channels: NotificationChannels;
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

export async function deliverDueNotifications(
  deps: DeliveryDeps,
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
    });
    if (claimed.length === 0) break;
    const outcomes = await deliverBatch(deps, claimed, now);
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

async function deliverBatch(
  deps: DeliveryDeps,
  rows: readonly NotificationOutboxRow[],
  now: Date,
): Promise<OutboxOutcome[]> {
  const customerIds = rows.map((r) => r.customer_id);
  const preferences = await preferencesOf(deps.db, customerIds);
  const recipients = await recipientsOf(deps.db, customerIds);
  const reminders = await currentReminderFacts(
    deps.db,
    rows.filter((r) => r.kind === 'payment_reminder').map((r) => r.subject_id),
  );
  // A failure notice's subject is its charge reference; its facts hold the plan's status then.
  const failures = await currentFailureSubjects(
    deps.db,
    rows
      .filter((r) => r.kind === 'payment_failed')
      .map((r) => ({
        chargeReference: r.subject_id,
        planStatusWhenFailed: (r.data as unknown as PaymentFailedFacts).planStatus,
      })),
  );
  return Promise.all(
    rows.map(async (row) => {
      const outcome = await deliverOne(deps, row, now, {
        preferences: preferences.get(row.customer_id) ?? defaultPreferences(),
        recipient: recipients.get(row.customer_id),
        reminder: row.kind === 'payment_reminder' ? reminders.get(row.subject_id) : undefined,
        failure: row.kind === 'payment_failed' ? failures.get(row.subject_id) : undefined,
      });
      await recordOutcome(deps.db, row.id, outcome);
      return outcome;
    }),
  );
}

async function recipientsOf(
  db: Db,
  customerIds: readonly string[],
): Promise<Map<string, Recipient>> {
  const rows = await db
    .selectFrom('customers')
    .select(['id', 'email', 'first_name', 'last_name', 'phone', 'phone_verified_at'])
    .where('id', 'in', [...new Set(customerIds)])
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        email: r.email,
        name: `${r.first_name} ${r.last_name}`,
        firstName: r.first_name,
        verifiedPhone: r.phone_verified_at ? r.phone : null,
      },
    ]),
  );
}

interface Recipient {
  email: string;
  name: string;
  firstName: string;
  /** Texts go to a verified phone only (decision 0053). */
  verifiedPhone: string | null;
}

async function deliverOne(
  deps: DeliveryDeps,
  row: NotificationOutboxRow,
  now: Date,
  context: {
    preferences: NotificationPreferences;
    recipient: Recipient | undefined;
    reminder: Awaited<ReturnType<typeof currentReminderFacts>> extends Map<string, infer V>
      ? V | undefined
      : never;
    failure: FailureSubject | undefined;
  },
): Promise<OutboxOutcome> {
  const { recipient, reminder, failure } = context;
  if (!recipient) return { status: 'failed', error: 'the customer no longer exists' };
  // Checked when due, not when written: a phone verified after the plan was confirmed still
  // gets the plan's reminders.
  if (row.channel === 'sms' && !recipient.verifiedPhone) {
    return { status: 'skipped', reason: 'no verified phone' };
  }
  if (row.kind === 'payment_reminder' && !reminder) {
    return { status: 'skipped', reason: 'the installment no longer exists' };
  }
  if (row.kind === 'payment_failed' && !failure) {
    return { status: 'skipped', reason: 'the charge no longer exists' };
  }
  const decision = decideDelivery({
    kind: row.kind,
    channel: row.channel,
    now,
    preferences: context.preferences,
    ...(reminder && { reminder }),
    ...(failure && { failure }),
  });
  if (decision.action === 'skip') return { status: 'skipped', reason: decision.reason };
  if (decision.action === 'wait') return { status: 'waiting', until: decision.until };
  // The row's facts were written by enqueueCustomerNotification for this kind; a reminder's are
  // read again now, since its amount or due date may have changed since the plan was confirmed.
  const content = (
    reminder
      ? { kind: 'payment_reminder', facts: reminder.facts }
      : { kind: row.kind, facts: row.data }
  ) as NotificationContent;
  let rendered: ReturnType<typeof renderNotification>;
  try {
    rendered = renderNotification(content, recipient);
  } catch (error) {
    // Facts that cannot be put into words will not improve with time: give up, with the reason.
    return { status: 'failed', error: `cannot render: ${String(error)}` };
  }
  try {
    await deps.channels[row.channel].send({
      id: row.id,
      kind: row.kind,
      customerId: row.customer_id,
      recipient: { email: recipient.email, name: recipient.name, phone: recipient.verifiedPhone },
      rendered,
      data: { ...content.facts },
      at: now,
    });
    return { status: 'sent', at: now, ...(reminder && { data: { ...reminder.facts } }) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const permanent = error instanceof DeliveryError && error.permanent;
    const retryAt = permanent ? null : retryAfterFailure(row.channel, row.attempts + 1, now);
    return retryAt
      ? { status: 'retrying', until: retryAt, error: message }
      : { status: 'failed', error: message };
  }
}
