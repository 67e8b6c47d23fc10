import type { Task } from 'graphile-worker';
import { collectInstallment } from '../app/collections.ts';
import type { JobDeps } from './deps.ts';

/** Collects one installment (deposit or later); queued per installment at its due time. */
export function collectInstallmentTask(deps: JobDeps): Task {
  return async (payload, helpers) => {
    const installmentId =
      typeof payload === 'object' && payload !== null && 'installment_id' in payload
        ? String(payload.installment_id)
        : '';
    if (!installmentId) throw new Error('collect_installment needs an installment_id');
    const outcome = await collectInstallment(deps.app, installmentId);
    helpers.logger.info(`installment ${installmentId}: ${outcome}`);
  };
}
