import type { Task } from 'graphile-worker';

import type { AppContext } from '../../app-context.ts';
import { runWrite } from '../../db/write.ts';
import type { JobDeps } from '../../jobs/deps.ts';
import { typedTask } from '../../jobs/tasks.ts';
import { applyGatewayDispute, revokeDisputedCard } from './disputes.ts';

/**
 * The reconciliation half of disputes (issue 26 item 4): a dispute whose webhook never reached
 * us (our address down past Paystack's retries, a delivery lost) is read from the gateway's own
 * list, and applied exactly as the webhook would have been: opened with the money taken back,
 * resolved with what came back. The same state machine as the webhooks (domain/dispute.ts), so
 * a webhook arriving after the sync, or the sync after the webhook, changes nothing twice. A
 * dispute first seen here revokes its card, as `charge.dispute.create` does (decision 0007).
 * Reminders are not read from the list (they are events, not a state): the due date is.
 */
export async function syncDisputes(ctx: AppContext): Promise<{ listed: number; ours: number }> {
  const listed = await ctx.gateway.listDisputes({});
  let ours = 0;
  for (const dispute of listed) {
    const now = ctx.clock.now();
    const applied = await runWrite(ctx.db, async (tx) => {
      const known = await tx
        .selectFrom('disputes')
        .select('id')
        .where('gateway_dispute_id', '=', dispute.id)
        .executeTakeFirst();
      const about = await applyGatewayDispute(tx, dispute, now, { reminder: false });
      if (about && known === undefined) {
        await revokeDisputedCard(
          ctx,
          tx,
          { kind: 'charge.dispute.create', dispute, authorizationCode: null },
          now,
        );
      }
      return about;
    });
    if (applied) ours += 1;
  }
  return { listed: listed.length, ours };
}

/** Cron, every ten minutes (the gateway's list, newest first, one page of 100). */
export function syncDisputesTask(deps: JobDeps): Task {
  return typedTask('sync_disputes', async (_payload, helpers) => {
    const done = await syncDisputes(deps.app);
    helpers.logger.debug(`disputes: ${done.listed} listed by the gateway, ${done.ours} ours`);
  });
}
