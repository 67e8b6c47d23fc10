import type { NotificationOutboxRow } from '../../db/schema.ts';
import {
  decideMerchantDelivery,
  type MerchantNotificationContent,
  type MerchantNotificationKind,
  renderMerchantNotification,
} from '../../domain/merchant-notification.ts';
import type { NotificationChannels } from '../../notifications/port.ts';
import {
  type DeliverySummary,
  type OutboxDeliveryDeps,
  type OutboxOutcome,
  outcomeOfSendError,
  runOutboxDelivery,
} from '../customer-notifications/index.ts';
import { merchantRecipients } from './preferences.ts';

/**
 * Delivery of due merchant e-mails (the deliver_merchant_notifications job) through the outbox's
 * shared loop (claim and lease, send, record, back-off). What is the merchants' own: the topic
 * switch and the address are read now, and there are no quiet hours.
 */

export interface MerchantDeliveryDeps extends OutboxDeliveryDeps {
  channels: Pick<NotificationChannels, 'email'>;
}

export async function deliverDueMerchantNotifications(
  deps: MerchantDeliveryDeps,
  options: { batchSize?: number; maxBatches?: number } = {},
): Promise<DeliverySummary> {
  return runOutboxDelivery(
    deps,
    'merchant',
    async (rows, now) => {
      const recipients = await merchantRecipients(
        deps.db,
        rows.flatMap((r) => (r.merchant_id === null ? [] : [r.merchant_id])),
      );
      return async (row) =>
        deliverOne(deps, row, now, row.merchant_id ? recipients.get(row.merchant_id) : undefined);
    },
    options,
  );
}

async function deliverOne(
  deps: MerchantDeliveryDeps,
  row: NotificationOutboxRow,
  now: Date,
  recipient: Awaited<ReturnType<typeof merchantRecipients>> extends Map<string, infer V>
    ? V | undefined
    : never,
): Promise<OutboxOutcome> {
  if (!recipient) return { status: 'failed', error: 'the merchant no longer exists' };
  // Written by notifyMerchant for this kind (the table allows merchant kinds on merchant rows).
  const kind = row.kind as MerchantNotificationKind;
  const decision = decideMerchantDelivery(kind, recipient.preferences);
  if (decision.action === 'skip') return { status: 'skipped', reason: decision.reason };
  const content = { kind, facts: row.data } as unknown as MerchantNotificationContent;
  let rendered: ReturnType<typeof renderMerchantNotification>;
  try {
    rendered = renderMerchantNotification(content);
  } catch (error) {
    return { status: 'failed', error: `cannot render: ${String(error)}` };
  }
  try {
    await deps.channels.email.send({
      id: row.id,
      kind,
      customerId: null,
      recipient: { email: recipient.email, name: recipient.name },
      rendered,
      data: { ...row.data },
      at: now,
    });
    return { status: 'sent', at: now };
  } catch (error) {
    return outcomeOfSendError(error, { channel: 'email', quietHours: false }, row.attempts, now);
  }
}
