import type { Static } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { amountCells, csvRecord } from '../../domain/csv.ts';
import { notFound } from '../../domain/errors.ts';
import { settlementLines } from '../../domain/settlement-report.ts';
import {
  availableThrough,
  merchantEntriesInOrder,
  payoutView,
  type SequencedEntry,
} from '../money/index.ts';
import type { SettlementReport } from './schemas.ts';

export type SettlementReportView = Static<typeof SettlementReport>;

const PAGE = 1_000;

/** The `seq` of the payout's own entry: a payout row is written with it in one transaction. */
async function payoutEntrySeq(
  ctx: AppContext,
  merchantId: string,
  reference: string,
): Promise<number> {
  const row = await ctx.db
    .selectFrom('journal_entries')
    .select('seq')
    .where('kind', '=', 'payout_initiated')
    .where('reference', '=', reference)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  if (!row) throw new Error(`payout ${reference} has no payout_initiated entry`);
  return row.seq;
}

/** The payout before this one in the ledger's order: the window starts after its entry. */
async function previousPayoutSeq(
  ctx: AppContext,
  merchantId: string,
  seq: number,
): Promise<number | null> {
  const row = await ctx.db
    .selectFrom('journal_entries')
    .select('seq')
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', 'payout_initiated')
    .where('seq', '<', seq)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.seq ?? null;
}

/** The entries after `afterSeq` and before `untilSeq`, read a page at a time. */
async function entriesBetween(
  ctx: AppContext,
  merchantId: string,
  afterSeq: number | null,
  untilSeq: number,
): Promise<SequencedEntry[]> {
  const all: SequencedEntry[] = [];
  let cursor = afterSeq;
  for (;;) {
    const page = await merchantEntriesInOrder(ctx.db, merchantId, {
      limit: PAGE,
      throughSeq: untilSeq - 1,
      ...(cursor !== null && { afterSeq: cursor }),
    });
    all.push(...page);
    const last = page.at(-1);
    if (page.length < PAGE || !last) return all;
    cursor = last.seq;
  }
}

/** The plan (and its order reference) behind each charge or refund-part reference. */
async function plansOf(
  ctx: AppContext,
  references: string[],
): Promise<Map<string, { planId: string; orderReference: string }>> {
  if (references.length === 0) return new Map();
  const charges = await ctx.db
    .selectFrom('charges as c')
    .innerJoin('payment_plans as p', 'p.id', 'c.plan_id')
    .select(['c.reference', 'p.id', 'p.order_reference'])
    .where('c.reference', 'in', references)
    .execute();
  const parts = await ctx.db
    .selectFrom('refund_parts as rp')
    .innerJoin('refunds as r', 'r.id', 'rp.refund_id')
    .innerJoin('payment_plans as p', 'p.id', 'r.plan_id')
    .select(['rp.reference', 'p.id', 'p.order_reference'])
    .where('rp.reference', 'in', references)
    .execute();
  return new Map(
    [...charges, ...parts].map((r) => [
      r.reference,
      { planId: r.id, orderReference: r.order_reference },
    ]),
  );
}

/**
 * Which collections, fees and refunds a payout paid out (decision 0066), summing to its amount.
 * Another merchant's payout, or an unknown one, is 404.
 */
export async function settlementReport(
  ctx: AppContext,
  merchantId: string,
  payoutId: string,
): Promise<SettlementReportView> {
  const payout = await ctx.db
    .selectFrom('payouts')
    .selectAll()
    .where('id', '=', payoutId)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  if (!payout) throw notFound('Payout');
  const seq = await payoutEntrySeq(ctx, merchantId, payout.reference);
  const previous = await previousPayoutSeq(ctx, merchantId, seq);
  const [carriedIn, between, carriedOut] = await Promise.all([
    previous === null ? Promise.resolve(0) : availableThrough(ctx.db, merchantId, previous),
    entriesBetween(ctx, merchantId, previous, seq),
    availableThrough(ctx.db, merchantId, seq),
  ]);
  const lines = settlementLines({
    merchantId,
    payoutAmountKobo: payout.amount_kobo,
    carriedInKobo: carriedIn,
    between,
    carriedOutKobo: carriedOut,
  });
  const plans = await plansOf(ctx, [
    ...new Set(lines.flatMap((l) => (l.reference === null ? [] : [l.reference]))),
  ]);
  const sumOf = (...types: string[]) =>
    lines.filter((l) => types.includes(l.type)).reduce((sum, l) => sum + l.amountKobo, 0);
  return {
    object: 'settlement_report',
    payout: payoutView(payout),
    currency: 'NGN',
    summary: {
      carried_in: sumOf('carried_in'),
      collections: sumOf('collection'),
      fees: sumOf('fee'),
      refunds: sumOf('refund', 'refund_failed'),
      payouts_returned: sumOf('payout_returned'),
      adjustments: sumOf('adjustment'),
      carried_out: sumOf('carried_out'),
      total: lines.reduce((sum, l) => sum + l.amountKobo, 0),
    },
    lines: lines.map((l) => {
      const plan = l.reference === null ? undefined : plans.get(l.reference);
      return {
        type: l.type,
        amount: l.amountKobo,
        created_at: l.createdAt?.toISOString() ?? null,
        ledger_entry_id: l.entryId,
        ledger_kind: l.kind,
        reference: l.reference,
        plan_id: plan?.planId ?? null,
        order_reference: plan?.orderReference ?? null,
      };
    }),
  };
}

export const SETTLEMENT_COLUMNS = [
  'payout_id',
  'payout_reference',
  'type',
  'created_at',
  'reference',
  'ledger_kind',
  'plan_id',
  'order_reference',
  'amount_kobo',
  'amount_naira',
] as const;

/** The report as CSV: one record per line; the amount columns sum to the payout's amount. */
export function settlementReportCsv(report: SettlementReportView): string {
  return [
    csvRecord(SETTLEMENT_COLUMNS),
    ...report.lines.map((l) =>
      csvRecord([
        report.payout.id,
        report.payout.reference,
        l.type,
        l.created_at,
        l.reference,
        l.ledger_kind,
        l.plan_id,
        l.order_reference,
        ...amountCells(l.amount),
      ]),
    ),
  ].join('');
}
