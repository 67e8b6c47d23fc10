import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import type { CustomerNotificationPreferencesTable } from '../../db/schema.ts';
import { runWrite } from '../../db/write.ts';
import {
  defaultPreferences,
  type NotificationPreferences,
  type NotificationTopic,
} from '../../domain/notification.ts';

/**
 * A customer's notification switches, per channel and topic (decision 0017). Everything is on
 * until they change it; the delivery job reads them when each notification is due, so switching
 * a topic off also stops what is already queued.
 */

export interface NotificationPreferencesView extends NotificationPreferences {
  object: 'notification_preferences';
  /** Null until the customer first changes something. */
  updated_at: string | null;
}

export type PreferencesPatch = {
  [C in keyof NotificationPreferences]?: Partial<Record<NotificationTopic, boolean>>;
};

type Row = Omit<CustomerNotificationPreferencesTable, 'customer_id' | 'updated_at'>;

function fromRow(row: Row): NotificationPreferences {
  return {
    email: {
      reminders: row.email_reminders,
      receipts: row.email_receipts,
      failed_payments: row.email_failed_payments,
    },
    in_app: {
      reminders: row.in_app_reminders,
      receipts: row.in_app_receipts,
      failed_payments: row.in_app_failed_payments,
    },
    sms: {
      reminders: row.sms_reminders,
      receipts: row.sms_receipts,
      failed_payments: row.sms_failed_payments,
    },
  };
}

function toRow(p: NotificationPreferences): Row {
  return {
    email_reminders: p.email.reminders,
    email_receipts: p.email.receipts,
    email_failed_payments: p.email.failed_payments,
    in_app_reminders: p.in_app.reminders,
    in_app_receipts: p.in_app.receipts,
    in_app_failed_payments: p.in_app.failed_payments,
    sms_reminders: p.sms.reminders,
    sms_receipts: p.sms.receipts,
    sms_failed_payments: p.sms.failed_payments,
  };
}

/** Each customer's preferences (the defaults for those who never chose). */
export async function preferencesOf(
  db: Pick<Db, 'selectFrom'>,
  customerIds: readonly string[],
): Promise<Map<string, NotificationPreferences>> {
  const found = new Map<string, NotificationPreferences>();
  if (customerIds.length === 0) return found;
  const rows = await db
    .selectFrom('customer_notification_preferences')
    .selectAll()
    .where('customer_id', 'in', [...new Set(customerIds)])
    .execute();
  for (const row of rows) found.set(row.customer_id, fromRow(row));
  for (const id of customerIds) if (!found.has(id)) found.set(id, defaultPreferences());
  return found;
}

export async function getNotificationPreferences(
  ctx: AppContext,
  customerId: string,
): Promise<NotificationPreferencesView> {
  const row = await ctx.db
    .selectFrom('customer_notification_preferences')
    .selectAll()
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return {
    object: 'notification_preferences',
    ...(row ? fromRow(row) : defaultPreferences()),
    updated_at: row?.updated_at.toISOString() ?? null,
  };
}

/** Changes the switches given; the others keep their value. */
export async function updateNotificationPreferences(
  ctx: AppContext,
  customerId: string,
  patch: PreferencesPatch,
): Promise<NotificationPreferencesView> {
  const now = ctx.clock.now();
  return runWrite(ctx.db, async (tx) => {
    // The customer's row serialises changes, also the first two, when no preference row exists
    // yet to lock: each merges into what the one before it wrote.
    await tx
      .selectFrom('customers')
      .select('id')
      .where('id', '=', customerId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const current = await tx
      .selectFrom('customer_notification_preferences')
      .selectAll()
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    const base = current ? fromRow(current) : defaultPreferences();
    const next: NotificationPreferences = {
      email: { ...base.email, ...patch.email },
      in_app: { ...base.in_app, ...patch.in_app },
      sms: { ...base.sms, ...patch.sms },
    };
    await tx
      .insertInto('customer_notification_preferences')
      .values({ customer_id: customerId, ...toRow(next), updated_at: now })
      .onConflict((oc) => oc.column('customer_id').doUpdateSet({ ...toRow(next), updated_at: now }))
      .execute();
    return { object: 'notification_preferences', ...next, updated_at: now.toISOString() };
  });
}
