import type { Task } from 'graphile-worker';

import type { JobDeps } from '../../jobs/deps.ts';
import { typedTask } from '../../jobs/tasks.ts';
import { deliverDueNotifications } from './delivery.ts';

/**
 * Sends due customer notifications (decision 0017). Runs every minute and whenever a cause writes
 * a notification that is due at once; runs that overlap claim different rows (SKIP LOCKED).
 */
export function deliverNotificationsTask(deps: JobDeps): Task {
  return typedTask('deliver_notifications', async (_payload, helpers) => {
    const summary = await deliverDueNotifications({
      db: deps.db,
      clock: deps.clock,
      channels: deps.notificationChannels,
    });
    const { sent, skipped, waiting, retrying, failed } = summary;
    if (sent + skipped + waiting + retrying + failed > 0) {
      helpers.logger.info(
        `notifications: ${sent} sent, ${skipped} skipped, ${waiting} held, ${retrying} to retry, ${failed} failed`,
      );
    }
  });
}
