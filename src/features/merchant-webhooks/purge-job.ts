import type { Task } from 'graphile-worker';

import type { JobDeps } from '../../jobs/deps.ts';
import { typedTask } from '../../jobs/tasks.ts';
import { purgeOldWebhookEvents } from './events.ts';

/** Daily: finished webhook events past their 30-day retention go, with their attempt logs. */
export function purgeWebhookEventsTask(deps: JobDeps): Task {
  return typedTask('purge_webhook_events', async (_payload, helpers) => {
    const purged = await purgeOldWebhookEvents(deps.db, deps.clock.now());
    if (purged > 0) helpers.logger.info(`purged ${purged} webhook events`);
  });
}
