import type { Task } from 'graphile-worker';

import { GatewayError } from '../../gateway/port.ts';
import type { JobDeps } from '../../jobs/deps.ts';
import { typedTask } from '../../jobs/tasks.ts';

/**
 * Refunds the ₦50 verification charge of a saved card or mandate (enqueued in the transaction
 * that saved it). Safe to run twice: when the gateway refuses because the charge is already
 * refunded (a retry after a lost response), verify confirms `reversed` and the job is done.
 */
export function refundVerificationChargeTask(deps: JobDeps): Task {
  return typedTask('refund_verification_charge', async ({ reference }, helpers) => {
    try {
      await deps.gateway.refund({ transactionReference: reference });
      helpers.logger.info(`refunded verification charge ${reference}`);
    } catch (error) {
      if (error instanceof GatewayError && error.kind === 'rejected') {
        const transaction = await deps.gateway.verifyTransaction(reference);
        if (transaction?.status === 'reversed') return;
      }
      throw error;
    }
  });
}
