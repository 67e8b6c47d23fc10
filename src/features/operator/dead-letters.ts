import type { Static } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { newestFirst, type Page, pageOf } from '../../db/pagination.ts';
import type { DeadLetter } from './schemas.ts';

/**
 * Dead-lettered webhook events across merchants (the operator's view): events whose 72-hour
 * retry window ran out without a 2xx. The merchant re-sends them from its dashboard or the API;
 * the operator sees which merchants' endpoints are failing and why.
 */
export type DeadLetterView = Static<typeof DeadLetter>;

export async function listDeadLetters(
  ctx: AppContext,
  filter: { merchantId?: string; limit: number; cursor?: string },
): Promise<Page<DeadLetterView>> {
  let query = ctx.db
    .selectFrom('webhook_events')
    .select([
      'id',
      'merchant_id',
      'type',
      'livemode',
      'created_at',
      'attempts',
      'last_status_code',
      'last_error',
    ])
    .where('status', '=', 'dead');
  if (filter.merchantId) query = query.where('merchant_id', '=', filter.merchantId);
  const rows = await newestFirst(query, filter, 'evt_').execute();
  const names = new Map(
    rows.length === 0
      ? []
      : (
          await ctx.db
            .selectFrom('merchants')
            .select(['id', 'business_name'])
            .where('id', 'in', [...new Set(rows.map((row) => row.merchant_id))])
            .execute()
        ).map((row) => [row.id, row.business_name]),
  );
  return pageOf(rows, filter.limit, (row) => ({
    id: row.id,
    object: 'webhook_event' as const,
    merchant_id: row.merchant_id,
    business_name: names.get(row.merchant_id) ?? '',
    event: row.type,
    livemode: row.livemode,
    created_at: row.created_at.toISOString(),
    attempts: row.attempts,
    last_status_code: row.last_status_code,
    last_error: row.last_error,
  }));
}
