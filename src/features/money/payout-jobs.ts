import type { Task } from 'graphile-worker';

import type { JobDeps } from '../../jobs/deps.ts';
import { typedTask } from '../../jobs/tasks.ts';
import { checkPayoutOtps } from './payout-otp.ts';
import { payoutSweep, sendPayout, verifyPayout } from './payouts.ts';

/** Sends one payout's transfer (queued with the payout); retried with back-off on outages. */
export function sendPayoutTask(deps: JobDeps): Task {
  return typedTask('send_payout', async ({ payout_id: payoutId }, helpers) => {
    helpers.logger.info(`payout ${payoutId}: ${await sendPayout(deps.app, payoutId)}`);
  });
}

/** Asks the gateway about a payout in transit until it is final (throws, to retry, until then). */
export function verifyPayoutTask(deps: JobDeps): Task {
  return typedTask('verify_payout', async ({ payout_id: payoutId }, helpers) => {
    helpers.logger.info(`payout ${payoutId}: ${await verifyPayout(deps.app, payoutId)}`);
  });
}

/** Cron, daily at 10:00 Lagos (09:00 UTC): pays out every merchant's available balance. */
export function payoutSweepTask(deps: JobDeps): Task {
  return typedTask('payout_sweep', async (_payload, helpers) => {
    helpers.logger.info(`payout sweep created ${await payoutSweep(deps.app)} payouts`);
  });
}

/**
 * Cron, each minute: payouts awaiting their transfer OTP past 30 minutes are verified; abandoned
 * ones fail (money back), ones still held are reported overdue (payout-otp.ts).
 */
export function checkPayoutOtpsTask(deps: JobDeps): Task {
  return typedTask('check_payout_otps', async (_payload, helpers) => {
    const { overdue, failed, released } = await checkPayoutOtps(deps.app);
    if (overdue.length > 0) {
      helpers.logger.warn(
        `payouts awaiting a transfer OTP past 30 minutes (give the OTP in the operator console): ${overdue.join(', ')}`,
      );
    }
    if (failed.length > 0) {
      helpers.logger.warn(
        `payouts abandoned at the gateway without their OTP: ${failed.join(', ')}`,
      );
    }
    if (released.length > 0) helpers.logger.info(`payouts past their OTP: ${released.join(', ')}`);
  });
}
