import type { Tx } from '../../db/database.ts';
import type { PaymentPlanRow } from '../../db/schema.ts';
import { assert } from '../../platform/assert.ts';
import { type NewWebhookEvent, recordEvent, recordEvents } from '../merchant-webhooks/index.ts';
import { currentPlan, statusChangeEvents } from '../plans/index.ts';
import type { RefundView } from './refund-view.ts';

/**
 * A plan changed by the merchant (a refund shortened its schedule, or it was cancelled):
 * payment_plan.updated with the cause, and the status event when its status moved.
 */
export async function emitPlanChanged(
  tx: Tx,
  planId: string,
  cause: { reason: 'refund' | 'cancelled'; refund?: RefundView | null },
  previousStatus: PaymentPlanRow['status'],
  now: Date,
): Promise<void> {
  const { row, view } = await currentPlan(tx, planId);
  const base = { merchantId: row.merchant_id, livemode: row.livemode };
  const events: NewWebhookEvent[] = [];
  if (cause.reason === 'refund') {
    events.push({
      ...base,
      type: 'payment_plan.updated',
      data: { payment_plan: view, reason: 'refund', refund: cause.refund ?? null },
    });
  }
  events.push(...statusChangeEvents(view, previousStatus, base));
  await recordEvents(tx, events, now);
}

/** refund.processed or refund.failed, once the refund's outcome is final. */
export async function emitRefundOutcome(tx: Tx, refund: RefundView, now: Date): Promise<void> {
  assert(refund.status !== 'pending', `refund ${refund.id} is not final`);
  const { view } = await currentPlan(tx, refund.payment_plan_id);
  await recordEvent(
    tx,
    {
      merchantId: refund.merchant_id,
      livemode: refund.livemode,
      type: refund.status === 'processed' ? 'refund.processed' : 'refund.failed',
      data: { refund, payment_plan: view },
    },
    now,
  );
}
