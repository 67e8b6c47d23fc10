import type { Task } from 'graphile-worker';

import type { JobDeps } from '../../jobs/deps.ts';
import { typedTask } from '../../jobs/tasks.ts';
import { reconcile } from './reconciliation.ts';

/** Cron, daily: reconciles the last two days and logs every difference for the operators. */
export function reconcileTask(deps: JobDeps): Task {
  return typedTask('reconcile', async (_payload, helpers) => {
    const since = new Date(deps.clock.now().getTime() - 2 * 24 * 60 * 60_000);
    const report = await reconcile(deps.app, { since, gateway: true });
    for (const d of report.differences) {
      helpers.logger.error(`reconciliation: ${d.kind} ${d.reference}: ${d.detail}`);
    }
    helpers.logger.info(
      `reconciled ${report.charges_checked} charges, ${report.payouts_checked} payouts and ${report.refunds_checked} refund parts: ${report.differences.length} differences`,
    );
  });
}
