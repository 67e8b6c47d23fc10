import type { Task } from 'graphile-worker';
import { sendRefund, verifyRefund } from './delivery.ts';
import type { JobDeps } from '../../jobs/deps.ts';

function refundIdOf(payload: unknown, task: string): string {
  const id =
    typeof payload === 'object' && payload !== null && 'refund_id' in payload
      ? String(payload.refund_id)
      : '';
  if (!id) throw new Error(`${task} needs a refund_id`);
  return id;
}

/** Sends a refund's cash parts to the gateway (queued in the refund's transaction). */
export function sendRefundTask(deps: JobDeps): Task {
  return async (payload, helpers) => {
    const refundId = refundIdOf(payload, 'send_refund');
    await sendRefund(deps.app, refundId);
    helpers.logger.info(`refund ${refundId}: sent`);
  };
}

/** Polls the gateway until every part of a refund is final (throws, to retry, until then). */
export function verifyRefundTask(deps: JobDeps): Task {
  return async (payload) => {
    await verifyRefund(deps.app, refundIdOf(payload, 'verify_refund'));
  };
}
