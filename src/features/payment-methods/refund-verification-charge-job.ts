import type { Task } from 'graphile-worker';

import type { JobDeps } from '../../jobs/deps.ts';
import { typedTask } from '../../jobs/tasks.ts';
import { refundVerificationCharge } from './verification-refund.ts';

/**
 * Refunds the verification charge of a setup, saved or refused, or sweeps an abandoned one after
 * its hour (verification-refund.ts, decision 0042). Safe to run twice: a refund the gateway
 * already has is not asked for again; a refused or timed-out refund throws and is retried.
 */
export function refundVerificationChargeTask(deps: JobDeps): Task {
  return typedTask('refund_verification_charge', async ({ reference }, helpers) => {
    const outcome = await refundVerificationCharge(deps.app, reference);
    helpers.logger.info(`verification charge ${reference}: ${outcome}`);
  });
}
