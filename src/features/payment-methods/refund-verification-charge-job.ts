import type { Task } from 'graphile-worker';
import { GatewayError } from '../../gateway/port.ts';
import type { JobDeps } from '../../jobs/deps.ts';

/**
 * Refunds the ₦50 verification charge of a saved card or mandate (enqueued in the transaction
 * that saved it). Safe to run twice: when the gateway refuses because the charge is already
 * refunded (a retry after a lost response), verify confirms `reversed` and the job is done.
 */
export function refundVerificationChargeTask(deps: JobDeps): Task {
  return async (payload, helpers) => {
    const reference =
      typeof payload === 'object' && payload !== null && 'reference' in payload
        ? String(payload.reference)
        : '';
    if (!reference) throw new Error('refund_verification_charge needs a reference');
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
  };
}
