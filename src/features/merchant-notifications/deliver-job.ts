import type { Task } from 'graphile-worker';

import type { JobDeps } from '../../jobs/deps.ts';
import { typedTask } from '../../jobs/tasks.ts';
import { deliverDueMerchantNotifications } from './delivery.ts';
import { checkWebhookHealth } from './webhook-health.ts';

/**
 * Sends due merchant e-mails (decision 0067). Runs every minute and whenever a cause writes one;
 * runs that overlap claim different rows (SKIP LOCKED).
 */
export function deliverMerchantNotificationsTask(deps: JobDeps): Task {
  return typedTask('deliver_merchant_notifications', async (_payload, helpers) => {
    const s = await deliverDueMerchantNotifications({
      db: deps.db,
      clock: deps.clock,
      channels: deps.notificationChannels,
    });
    if (s.sent + s.skipped + s.waiting + s.retrying + s.failed > 0) {
      helpers.logger.info(
        `merchant e-mails: ${s.sent} sent, ${s.skipped} skipped, ${s.retrying} to retry, ${s.failed} failed`,
      );
    }
  });
}

/** Opens and closes webhook incidents (webhook-health.ts), every five minutes. */
export function checkWebhookHealthTask(deps: JobDeps): Task {
  return typedTask('check_webhook_health', async (_payload, helpers) => {
    const { opened, recovered } = await checkWebhookHealth({ db: deps.db, clock: deps.clock });
    if (opened + recovered > 0) {
      helpers.logger.info(`webhook incidents: ${opened} opened, ${recovered} recovered`);
    }
  });
}
