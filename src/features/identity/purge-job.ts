import type { Task } from 'graphile-worker';

import type { JobDeps } from '../../jobs/deps.ts';
import { typedTask } from '../../jobs/tasks.ts';

/**
 * Checks waiting for a phone code that were never finished (decision 0046): once expired, the
 * masked phone and Dojah's code reference have no use left, so an hourly cron deletes them.
 */
export function purgeIdentityPhoneChecksTask(deps: JobDeps): Task {
  return typedTask('purge_identity_phone_checks', async (_payload, helpers) => {
    const result = await deps.db
      .deleteFrom('identity_phone_checks')
      .where('expires_at', '<', deps.clock.now())
      .executeTakeFirst();
    if (result.numDeletedRows > 0n) {
      helpers.logger.info(`purged ${result.numDeletedRows} expired identity phone checks`);
    }
  });
}
