import type { Task } from 'graphile-worker';

import type { JobDeps } from '../../jobs/deps.ts';
import { typedTask } from '../../jobs/tasks.ts';
import { deactivateAtGateway, syncMandates } from './direct-debit.ts';

/** Cron: revocations, activations and stuck activations of Direct Debit mandates (decision 0044). */
export function syncMandatesTask(deps: JobDeps): Task {
  return typedTask('sync_mandates', async (_payload, helpers) => {
    const report = await syncMandates(deps.app);
    if (report.activated + report.retried + report.failed + report.revoked > 0) {
      helpers.logger.info(
        `mandates: ${report.activated} activated, ${report.retried} activation retried, ${report.failed} failed, ${report.revoked} revoked`,
      );
    }
  });
}

/** A removed or failed method's authorization is deactivated at the gateway; retried until it answers. */
export function deactivateAuthorizationTask(deps: JobDeps): Task {
  return typedTask('deactivate_authorization', async ({ payment_method_id }) => {
    await deactivateAtGateway(deps.app, payment_method_id);
  });
}
