import type { Task } from 'graphile-worker';

import type { JobDeps } from './deps.ts';
import { typedTask } from './tasks.ts';

/** Keys replay for 24 hours; rows are kept 72 hours for support, then deleted (hourly cron). */
export const IDEMPOTENCY_RETENTION_MS = 72 * 60 * 60_000;

export function purgeIdempotencyKeysTask(deps: JobDeps): Task {
  return typedTask('purge_idempotency_keys', async (_payload, helpers) => {
    const before = new Date(deps.clock.now().getTime() - IDEMPOTENCY_RETENTION_MS);
    const result = await deps.db
      .deleteFrom('idempotency_keys')
      .where('created_at', '<', before)
      .executeTakeFirst();
    if (result.numDeletedRows > 0n) {
      helpers.logger.info(`purged ${result.numDeletedRows} idempotency keys`);
    }
  });
}
