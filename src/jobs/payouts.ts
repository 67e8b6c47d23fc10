import type { Task } from 'graphile-worker';
import { payoutSweep, sendPayout, verifyPayout } from '../app/payouts.ts';
import type { JobDeps } from './deps.ts';

/** Sends one payout's transfer (queued with the payout); retried with back-off on outages. */
export function sendPayoutTask(deps: JobDeps): Task {
  return async (payload, helpers) => {
    const payoutId =
      typeof payload === 'object' && payload !== null && 'payout_id' in payload
        ? String(payload.payout_id)
        : '';
    if (!payoutId) throw new Error('send_payout needs a payout_id');
    helpers.logger.info(`payout ${payoutId}: ${await sendPayout(deps.app, payoutId)}`);
  };
}

/** Asks the gateway about a payout in transit until it is final (throws, to retry, until then). */
export function verifyPayoutTask(deps: JobDeps): Task {
  return async (payload, helpers) => {
    const payoutId =
      typeof payload === 'object' && payload !== null && 'payout_id' in payload
        ? String(payload.payout_id)
        : '';
    if (!payoutId) throw new Error('verify_payout needs a payout_id');
    helpers.logger.info(`payout ${payoutId}: ${await verifyPayout(deps.app, payoutId)}`);
  };
}

/** Cron, daily at 10:00 Lagos (09:00 UTC): pays out every merchant's available balance. */
export function payoutSweepTask(deps: JobDeps): Task {
  return async (_payload, helpers) => {
    helpers.logger.info(`payout sweep created ${await payoutSweep(deps.app)} payouts`);
  };
}
