import type { Task } from 'graphile-worker';

import type { JobDeps } from '../../jobs/deps.ts';
import { typedTask } from '../../jobs/tasks.ts';
import { forgetOldPlanChoices } from './plan-choices.ts';
import { expireDueSessions } from './sessions.ts';

/**
 * Cron, every minute: writes back `expired` for pending sessions past their 30 minutes, and
 * forgets plan choices kept longer than 24 hours (decision 0049).
 */
export function expireCheckoutSessionsTask(deps: JobDeps): Task {
  return typedTask('expire_checkout_sessions', async (_payload, helpers) => {
    let total = 0;
    for (
      let batch = await expireDueSessions(deps.db, deps.clock.now());
      batch > 0;
      batch = await expireDueSessions(deps.db, deps.clock.now())
    ) {
      total += batch;
    }
    if (total > 0) helpers.logger.info(`expired ${total} checkout sessions`);
    await forgetOldPlanChoices(deps, deps.clock.now());
  });
}
