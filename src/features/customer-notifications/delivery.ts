import type { Db } from '../../db/database.ts';
import type { NotificationOutboxRow } from '../../db/schema.ts';
import {
  decideDelivery,
  defaultPreferences,
  type FailureSubject,
  type NotificationContent,
  type NotificationKind,
  type NotificationPreferences,
  type PaymentFailedFacts,
} from '../../domain/notification.ts';
import { renderNotification } from '../../domain/notification-content.ts';
import type { NotificationChannels } from '../../notifications/port.ts';
import { assert } from '../../platform/assert.ts';
import { currentFailureSubjects, currentReminderFacts } from './enqueue.ts';
import {
  type DeliverySummary,
  type OutboxDeliveryDeps,
  outcomeOfSendError,
  runOutboxDelivery,
} from './outbox-delivery.ts';
import type { OutboxOutcome } from './outbox-queries.ts';
import { preferencesOf } from './preferences.ts';

/**
 * Delivery of due customer notifications (the deliver_notifications job), through the outbox's
 * shared loop (outbox-delivery.ts: claim and lease, send, record). What is the customers' own:
 * each row is decided on preferences, quiet hours, a reminder's installment as it is now and
 * whether a failure notice's cause is still there. In-app notices are exactly once (their id is
 * derived from the outbox id).
 */

export interface DeliveryDeps extends OutboxDeliveryDeps {
  channels: NotificationChannels;
}

export type { DeliverySummary } from './outbox-delivery.ts';

export async function deliverDueNotifications(
  deps: DeliveryDeps,
  options: { batchSize?: number; maxBatches?: number } = {},
): Promise<DeliverySummary> {
  return runOutboxDelivery(deps, 'customer', (rows, now) => prepareBatch(deps, rows, now), options);
}

async function prepareBatch(
  deps: DeliveryDeps,
  rows: readonly NotificationOutboxRow[],
  now: Date,
): Promise<(row: NotificationOutboxRow) => Promise<OutboxOutcome>> {
  const customerIds = rows.map(customerOf);
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
  return (row) =>
    deliverOne(deps, row, now, {
      preferences: preferences.get(customerOf(row)) ?? defaultPreferences(),
      recipient: recipients.get(customerOf(row)),
      reminder: row.kind === 'payment_reminder' ? reminders.get(row.subject_id) : undefined,
      failure: row.kind === 'payment_failed' ? failures.get(row.subject_id) : undefined,
    });
}

/** The customer job claims customer rows only (claimDueNotifications, audience `customer`). */
function customerOf(row: NotificationOutboxRow): string {
  assert(row.customer_id !== null, `outbox row ${row.id} is not a customer's`);
  return row.customer_id;
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
  const kind = row.kind as NotificationKind;
  const decision = decideDelivery({
    kind,
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
    reminder ? { kind: 'payment_reminder', facts: reminder.facts } : { kind, facts: row.data }
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
      kind,
      customerId: customerOf(row),
      recipient: { email: recipient.email, name: recipient.name, phone: recipient.verifiedPhone },
      rendered,
      data: { ...content.facts },
      at: now,
    });
    return { status: 'sent', at: now, ...(reminder && { data: { ...reminder.facts } }) };
  } catch (error) {
    return outcomeOfSendError(error, { channel: row.channel, quietHours: true }, row.attempts, now);
  }
}
