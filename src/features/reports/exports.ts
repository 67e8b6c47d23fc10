import { sql } from 'kysely';

import type { AppContext } from '../../app-context.ts';
import { amountCells, type CsvCell, csvRecord } from '../../domain/csv.ts';
import { splitPlatformFee } from '../../domain/money.ts';
import type { ModeScope } from '../access/index.ts';
import { merchantEntriesInOrder, type SequencedEntry, transactionView } from '../money/index.ts';
import { type PlanFilter, planFilterCondition } from '../plans/index.ts';

/**
 * The merchant's CSV exports (decision 0066): plans, collected charges, refunds and the wallet
 * history, oldest first. Each is read in pages of `BATCH` rows on a keyset and written as it is
 * read, so an account of any size is never held in memory; the first page is read before the
 * answer starts, so a bad filter is still a 400.
 */
export const EXPORT_BATCH = 500;

export type CsvExport = AsyncGenerator<string, void, undefined>;

const iso = (at: Date | null) => at?.toISOString() ?? null;
const yesNo = (livemode: boolean) => (livemode ? 'live' : 'test');

/** Pages of rows by keyset until a short page; each page's records in one string. */
async function* pagedCsv<R>(
  header: readonly string[],
  page: (after: R | undefined) => Promise<R[]>,
  records: (rows: R[]) => Promise<CsvCell[][]> | CsvCell[][],
): CsvExport {
  yield csvRecord(header);
  let after: R | undefined;
  for (;;) {
    const rows = await page(after);
    if (rows.length > 0) yield (await records(rows)).map(csvRecord).join('');
    if (rows.length < EXPORT_BATCH) return;
    after = rows.at(-1);
  }
}

/**
 * Starts an export and reads its first page (header and first rows) before answering: an error
 * there (a bad cursor or filter) is still an error answer rather than a cut-off file.
 */
export async function started(csv: CsvExport): Promise<CsvExport> {
  const first = await csv.next();
  const second = first.done ? first : await csv.next();
  return (async function* () {
    if (!first.done) yield first.value;
    if (!second.done) yield second.value;
    if (!second.done) yield* csv;
  })();
}

const withoutDates = (filter: PlanFilter): PlanFilter => {
  const rest = { ...filter };
  delete rest.createdFrom;
  delete rest.createdBefore;
  return rest;
};

export const PLAN_COLUMNS = [
  'plan_id',
  'created_at',
  'mode',
  'status',
  'title',
  'order_reference',
  'customer_name',
  'customer_email',
  'customer_phone',
  'amount_kobo',
  'amount_naira',
  'collected_kobo',
  'collected_naira',
  'frequency',
  'installment_count',
  'upfront_pct',
] as const;

export function plansCsv(ctx: AppContext, scope: ModeScope, filter: PlanFilter): CsvExport {
  return pagedCsv(
    PLAN_COLUMNS,
    async (after: { id: string; created_at: Date } | undefined) => {
      let query = ctx.db
        .selectFrom('payment_plans')
        .selectAll()
        .where('merchant_id', '=', scope.merchantId);
      if (scope.livemode !== undefined) query = query.where('livemode', '=', scope.livemode);
      const condition = planFilterCondition('payment_plans', filter);
      if (condition) query = query.where(condition);
      if (after) {
        query = query.where(sql<boolean>`(created_at, id) > (${after.created_at}, ${after.id})`);
      }
      return query.orderBy('created_at').orderBy('id').limit(EXPORT_BATCH).execute();
    },
    async (plans) => {
      const collected = await ctx.db
        .selectFrom('charges')
        .select(['plan_id', sql<string>`sum(amount_kobo)`.as('kobo')])
        .where(
          'plan_id',
          'in',
          plans.map((p) => p.id),
        )
        .where('status', '=', 'success')
        .groupBy('plan_id')
        .execute();
      const byPlan = new Map(collected.map((c) => [c.plan_id, Number(c.kobo)]));
      return plans.map((p) => [
        p.id,
        iso(p.created_at),
        yesNo(p.livemode),
        p.status,
        p.title,
        p.order_reference,
        p.customer_name,
        p.customer_email,
        p.customer_phone,
        ...amountCells(p.amount_kobo),
        ...amountCells(byPlan.get(p.id) ?? 0),
        p.frequency,
        p.installment_count,
        p.upfront_pct,
      ]);
    },
  );
}

export const CHARGE_COLUMNS = [
  'charge_reference',
  'collected_at',
  'mode',
  'plan_id',
  'order_reference',
  'title',
  'customer_email',
  'installment',
  'attempt',
  'initiated_by',
  'gross_kobo',
  'gross_naira',
  'fee_kobo',
  'fee_naira',
  'net_kobo',
  'net_naira',
] as const;

/** Collected payments (successful charges), by when they were collected. */
export function chargesCsv(ctx: AppContext, scope: ModeScope, filter: PlanFilter): CsvExport {
  return pagedCsv(
    CHARGE_COLUMNS,
    async (after: { reference: string; collected_at: Date } | undefined) => {
      let query = ctx.db
        .selectFrom('charges as c')
        .innerJoin('payment_plans as p', 'p.id', 'c.plan_id')
        .innerJoin('installments as i', 'i.id', 'c.installment_id')
        .select([
          'c.reference',
          sql<Date>`coalesce(c.settled_at, c.created_at)`.as('collected_at'),
          'p.livemode',
          'p.id as plan_id',
          'p.order_reference',
          'p.title',
          'p.customer_email',
          'i.sequence',
          'c.attempt',
          'c.initiated_by',
          'c.amount_kobo',
        ])
        .where('c.merchant_id', '=', scope.merchantId)
        .where('c.status', '=', 'success');
      if (scope.livemode !== undefined) query = query.where('p.livemode', '=', scope.livemode);
      const condition = planFilterCondition('p', withoutDates(filter));
      if (condition) query = query.where(condition);
      const at = sql`coalesce(c.settled_at, c.created_at)`;
      if (filter.createdFrom) query = query.where(sql<boolean>`${at} >= ${filter.createdFrom}`);
      if (filter.createdBefore) query = query.where(sql<boolean>`${at} < ${filter.createdBefore}`);
      if (after) {
        query = query.where(
          sql<boolean>`(${at}, c.reference) > (${after.collected_at}, ${after.reference})`,
        );
      }
      return query.orderBy(at).orderBy('c.reference').limit(EXPORT_BATCH).execute();
    },
    (charges) =>
      charges.map((c) => {
        const { feeKobo, merchantNetKobo } = splitPlatformFee(c.amount_kobo);
        return [
          c.reference,
          iso(c.collected_at),
          yesNo(c.livemode),
          c.plan_id,
          c.order_reference,
          c.title,
          c.customer_email,
          c.sequence === 0 ? 'deposit' : c.sequence,
          c.attempt,
          c.initiated_by,
          ...amountCells(c.amount_kobo),
          ...amountCells(feeKobo),
          ...amountCells(merchantNetKobo),
        ];
      }),
  );
}

export const REFUND_COLUMNS = [
  'refund_id',
  'created_at',
  'mode',
  'status',
  'plan_id',
  'order_reference',
  'title',
  'customer_email',
  'amount_kobo',
  'amount_naira',
  'outstanding_reduction_kobo',
  'outstanding_reduction_naira',
  'cash_refund_kobo',
  'cash_refund_naira',
  'fee_returned_kobo',
  'fee_returned_naira',
  'wallet_debit_kobo',
  'wallet_debit_naira',
  'reason',
  'failure_reason',
] as const;

export function refundsCsv(ctx: AppContext, scope: ModeScope, filter: PlanFilter): CsvExport {
  return pagedCsv(
    REFUND_COLUMNS,
    async (after: { id: string; created_at: Date } | undefined) => {
      let query = ctx.db
        .selectFrom('refunds as r')
        .innerJoin('payment_plans as p', 'p.id', 'r.plan_id')
        .select([
          'r.id',
          'r.created_at',
          'r.livemode',
          'r.status',
          'r.plan_id',
          'p.order_reference',
          'p.title',
          'p.customer_email',
          'r.amount_kobo',
          'r.reduction_kobo',
          'r.cash_kobo',
          'r.reason',
          'r.failure_reason',
        ])
        .where('r.merchant_id', '=', scope.merchantId);
      if (scope.livemode !== undefined) query = query.where('r.livemode', '=', scope.livemode);
      const condition = planFilterCondition('p', withoutDates(filter));
      if (condition) query = query.where(condition);
      if (filter.createdFrom) query = query.where('r.created_at', '>=', filter.createdFrom);
      if (filter.createdBefore) query = query.where('r.created_at', '<', filter.createdBefore);
      if (after) {
        query = query.where(
          sql<boolean>`(r.created_at, r.id) > (${after.created_at}, ${after.id})`,
        );
      }
      return query.orderBy('r.created_at').orderBy('r.id').limit(EXPORT_BATCH).execute();
    },
    async (refunds) => {
      const fees = await ctx.db
        .selectFrom('refund_parts')
        .select(['refund_id', sql<string>`sum(fee_returned_kobo)`.as('kobo')])
        .where(
          'refund_id',
          'in',
          refunds.map((r) => r.id),
        )
        .groupBy('refund_id')
        .execute();
      const feeOf = new Map(fees.map((f) => [f.refund_id, Number(f.kobo)]));
      return refunds.map((r) => {
        const feeReturned = feeOf.get(r.id) ?? 0;
        return [
          r.id,
          iso(r.created_at),
          yesNo(r.livemode),
          r.status,
          r.plan_id,
          r.order_reference,
          r.title,
          r.customer_email,
          ...amountCells(r.amount_kobo),
          ...amountCells(r.reduction_kobo),
          ...amountCells(r.cash_kobo),
          ...amountCells(feeReturned),
          // What left the available balance: the cash refund less the fee Tranche gave back.
          ...amountCells(r.cash_kobo - feeReturned),
          r.reason,
          r.failure_reason,
        ];
      });
    },
  );
}

export const WALLET_COLUMNS = [
  'transaction_id',
  'created_at',
  'type',
  'reference',
  'plan_id',
  'gross_kobo',
  'gross_naira',
  'platform_fee_kobo',
  'platform_fee_naira',
  'available_change_kobo',
  'available_change_naira',
  'pending_change_kobo',
  'pending_change_naira',
  'payout_reference',
  'refund_reference',
] as const;

/**
 * The wallet history: every ledger entry that moved the merchant's balances, in the order they
 * were written (`seq`). Over the whole
 * history, `available_change` sums to the available balance and `pending_change` to pending.
 */
export function walletCsv(
  ctx: AppContext,
  merchantId: string,
  range: { from?: Date; before?: Date },
): CsvExport {
  return pagedCsv(
    WALLET_COLUMNS,
    async (after: SequencedEntry | undefined) =>
      merchantEntriesInOrder(ctx.db, merchantId, {
        limit: EXPORT_BATCH,
        ...(after && { afterSeq: after.seq }),
        ...(range.from && { from: range.from }),
        ...(range.before && { before: range.before }),
      }),
    (entries) =>
      entries.map((entry) => {
        const t = transactionView(entry, merchantId);
        return [
          t.id,
          t.created_at,
          t.type,
          t.reference,
          t.plan_id,
          ...amountCells(t.gross),
          ...amountCells(t.platform_fee),
          ...amountCells(t.available_change),
          ...amountCells(t.pending_change),
          t.payout_reference,
          t.refund_reference,
        ];
      }),
  );
}
