import type { Task } from 'graphile-worker';

import type { Db } from '../../db/database.ts';
import { CREDIT_RULES } from '../../domain/credit.ts';
import type { JobDeps } from '../../jobs/deps.ts';
import { typedTask } from '../../jobs/tasks.ts';

const DAY_MS = 86_400_000;

/**
 * Decision 0047's retention: a check stops counting at expiry (or when the consent is withdrawn);
 * its row, the summary and the consent record, is deleted `retentionDaysAfterExpiry` later.
 */
export async function purgeOldCreditChecks(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - CREDIT_RULES.retentionDaysAfterExpiry * DAY_MS);
  const result = await db
    .deleteFrom('credit_checks')
    .where('expires_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Daily. */
export function purgeCreditChecksTask(deps: JobDeps): Task {
  return typedTask('purge_credit_checks', async (_payload, helpers) => {
    const purged = await purgeOldCreditChecks(deps.db, deps.clock.now());
    if (purged > 0) helpers.logger.info(`purged ${purged} credit checks`);
  });
}
