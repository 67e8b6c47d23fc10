import type { Task } from 'graphile-worker';

import type { JobDeps } from '../../jobs/deps.ts';
import { typedTask } from '../../jobs/tasks.ts';
import { sendRefund, verifyRefund } from './delivery.ts';

/** Sends a refund's cash parts to the gateway (queued in the refund's transaction). */
export function sendRefundTask(deps: JobDeps): Task {
  return typedTask('send_refund', async ({ refund_id: refundId }, helpers) => {
    await sendRefund(deps.app, refundId);
    helpers.logger.info(`refund ${refundId}: sent`);
  });
}

/** Polls the gateway until every part of a refund is final (throws, to retry, until then). */
export function verifyRefundTask(deps: JobDeps): Task {
  return typedTask('verify_refund', async ({ refund_id: refundId }) => {
    await verifyRefund(deps.app, refundId);
  });
}
