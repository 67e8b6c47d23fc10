import type { Task } from 'graphile-worker';

import type { JobDeps } from '../../jobs/deps.ts';
import { typedTask } from '../../jobs/tasks.ts';
import { CollectionBatcher } from './batcher.ts';

/** Installments a worker collects together at most, and how long it gathers them. */
const MAX_BATCH = 100;
const GATHER_MS = 5;

/**
 * Collects one installment (deposit or later); queued per installment at its due time. The jobs
 * this worker runs at the same time are collected in batches (CollectionBatcher); each job still
 * succeeds or fails with its own installment.
 */
export function collectInstallmentTask(deps: JobDeps): Task {
  const batcher = new CollectionBatcher(deps.app, { maxBatch: MAX_BATCH, gatherMs: GATHER_MS });
  return typedTask('collect_installment', async ({ installment_id: installmentId }, helpers) => {
    const outcome = await batcher.collect(installmentId);
    deps.onCollected?.(outcome);
    helpers.logger.info(`installment ${installmentId}: ${outcome}`);
  });
}
