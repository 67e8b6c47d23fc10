import { sql } from 'kysely';

import type { AppContext } from '../../app-context.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { MerchantRow } from '../../db/schema.ts';
import type { KeyMode } from '../../domain/api-key.ts';
import { notFound } from '../../domain/errors.ts';
import { loadWebhookEndpoints } from '../merchant-webhooks/index.ts';
import { type MerchantView, merchantView } from './views.ts';

/** Merchant records with their webhook endpoints; `mode`: see merchantView. */
export async function viewsOf(
  db: Db | Tx,
  rows: readonly MerchantRow[],
  mode?: KeyMode,
): Promise<MerchantView[]> {
  const endpoints = await loadWebhookEndpoints(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => merchantView(row, endpoints.get(row.id) ?? [], mode));
}

export async function viewOf(db: Db | Tx, row: MerchantRow, mode?: KeyMode): Promise<MerchantView> {
  const endpoints = await loadWebhookEndpoints(db, [row.id]);
  return merchantView(row, endpoints.get(row.id) ?? [], mode);
}

export async function findMerchant(db: Db, merchantId: string): Promise<MerchantRow | undefined> {
  return db.selectFrom('merchants').selectAll().where('id', '=', merchantId).executeTakeFirst();
}

/** The merchant record, shared by both modes; `mode`: whose webhook endpoint `webhook_url` shows. */
export async function getMerchant(
  ctx: AppContext,
  merchantId: string,
  mode?: KeyMode,
): Promise<MerchantView> {
  const row = await findMerchant(ctx.db, merchantId);
  if (!row) throw notFound('Merchant');
  return viewOf(ctx.db, row, mode);
}

export async function listMerchants(
  ctx: AppContext,
  filter: { status?: MerchantRow['status']; limit: number; offset: number },
): Promise<{ data: MerchantView[]; total: number }> {
  let query = ctx.db.selectFrom('merchants');
  if (filter.status) query = query.where('status', '=', filter.status);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      // Pending approval first: that is the operator's queue.
      .orderBy(sql`status = 'pending_approval'`, 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { data: await viewsOf(ctx.db, rows), total: Number(count.total) };
}
