import type { Task } from 'graphile-worker';

import type { AppContext } from '../../app-context.ts';
import type { JobDeps } from '../../jobs/deps.ts';
import { typedTask } from '../../jobs/tasks.ts';
import { checkChargeReversal, type ReversalCheck } from './reversals.ts';

/**
 * How far back the daily check reads collected payments (decision 0073). Bank reversals of
 * debits come within days; chargebacks later, but those arrive as disputes (their events, and
 * `sync_disputes` every ten minutes). `tranche reconcile --since` reads further back by hand.
 */
export const REVERSAL_LOOKBACK_DAYS = 14;
/** Verify calls in flight at once: the gateway's rate limit is shared with collections. */
const CONCURRENCY = 4;

/** Asks the gateway about every payment collected since `since` that no reversal has yet. */
export async function checkRecentReversals(
  ctx: AppContext,
  since: Date,
): Promise<Partial<Record<ReversalCheck, number>>> {
  const charges = await ctx.db
    .selectFrom('charges')
    .select('reference')
    .where('status', '=', 'success')
    .where('settled_at', '>=', since)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('charge_reversals')
            .select('id')
            .whereRef('charge_reversals.charge_reference', '=', 'charges.reference'),
        ),
      ),
    )
    .orderBy('settled_at')
    .execute();
  const counts: Partial<Record<ReversalCheck, number>> = {};
  let next = 0;
  const worker = async () => {
    while (next < charges.length) {
      const charge = charges[next++];
      if (charge === undefined) break;
      const outcome = await checkChargeReversal(ctx, charge.reference);
      counts[outcome] = (counts[outcome] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return counts;
}

/** Cron, daily: reversals nothing of ours explains are booked and the merchant told. */
export function checkReversalsTask(deps: JobDeps): Task {
  return typedTask('check_reversals', async (_payload, helpers) => {
    const since = new Date(deps.clock.now().getTime() - REVERSAL_LOOKBACK_DAYS * 86_400_000);
    const counts = await checkRecentReversals(deps.app, since);
    if ((counts.booked ?? 0) > 0) {
      helpers.logger.error(
        `reversals: ${counts.booked} collected payments reversed at the gateway with no refund or dispute of ours; booked and merchants told`,
      );
    }
    helpers.logger.info(`reversals checked: ${JSON.stringify(counts)}`);
  });
}
