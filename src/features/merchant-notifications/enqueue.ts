import { sql } from 'kysely';

import { isTransactionConflict, type Tx } from '../../db/database.ts';
import type {
  MerchantFacts,
  MerchantNotificationKind,
} from '../../domain/merchant-notification.ts';
import { newId } from '../../platform/ids.ts';
import { createLogger } from '../../platform/logger.ts';
import { insertOutboxRows, wakeDelivery } from '../customer-notifications/index.ts';

/**
 * Writing merchant e-mails (decision 0067) into the shared notification outbox, in the
 * transaction of their cause (an operator's approval, a payout's outcome, a dispute), so the
 * e-mail exists if and only if the cause committed. The deliver_merchant_notifications job sends
 * it afterwards; a send that fails is retried there and never reaches back into the cause.
 */

/** Where a dropped notice is reported: it is a bug to fix, never a reason to undo the cause. */
const log = createLogger('warn', 'merchant-notifications');

export interface MerchantNotice<K extends MerchantNotificationKind> {
  merchantId: string;
  /**
   * What it is about (the payout, the incident, the dispute, or the status change's own id):
   * with the kind it makes the e-mail once only, so a cause replayed (a webhook and a verify job
   * settling the same payout) e-mails once.
   */
  subjectId: string;
  facts: MerchantFacts[K];
}

/**
 * Queues one merchant e-mail, for any merchant notice kind. Disputes (being built separately) call
 * it with `'dispute_opened'` and `DisputeFacts` in the transaction that records the dispute:
 *
 *   await notifyMerchant(tx, 'dispute_opened', {
 *     merchantId, subjectId: dispute.id,
 *     facts: { disputeId, amountKobo, chargeReference, planId, reason, respondBy, livemode },
 *   }, now);
 *
 * A notice must never cost its cause: the insert runs under a savepoint, and if it fails (a bug,
 * a constraint) only the notice is dropped, the caller's transaction goes on and commits. Returns
 * whether the notice was queued (false also when it already was). A transaction conflict is
 * thrown as it is: the whole write is retried then (runWrite).
 */
export async function notifyMerchant<K extends MerchantNotificationKind>(
  tx: Tx,
  kind: K,
  notice: MerchantNotice<K>,
  now: Date,
): Promise<boolean> {
  await sql`SAVEPOINT merchant_notice`.execute(tx);
  try {
    const due = await insertOutboxRows(
      tx,
      [
        {
          id: newId('nto'),
          customerId: null,
          merchantId: notice.merchantId,
          kind,
          channel: 'email',
          subjectId: notice.subjectId,
          data: { ...notice.facts },
          dueAt: now,
        },
      ],
      now,
    );
    if (due > 0) await wakeDelivery(tx, now, 'merchant');
    await sql`RELEASE SAVEPOINT merchant_notice`.execute(tx);
    return due > 0;
  } catch (error) {
    if (isTransactionConflict(error)) throw error;
    await sql`ROLLBACK TO SAVEPOINT merchant_notice`.execute(tx);
    log.error({ err: error, kind, merchantId: notice.merchantId }, 'merchant notice not queued');
    return false;
  }
}
