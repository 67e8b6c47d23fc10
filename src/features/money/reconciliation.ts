import { sql } from 'kysely';

import type { AppContext } from '../../app-context.ts';
import { runWrite } from '../../db/write.ts';
import { DomainError } from '../../domain/errors.ts';
import { accountKey, parseAccountKey } from '../../domain/ledger.ts';
import { signViolations } from '../../domain/ledger-balances.ts';
import { operatorReason } from '../../domain/operator-action.ts';
import { type Operator, recordOperatorAction } from '../audit-log/index.ts';

/**
 * Reconciliation (brief §5): every gateway charge and transfer maps to exactly one ledger entry
 * and back, the ledger sums to zero, and no account sits on the wrong side. With `gateway`, each
 * charge and payout is also compared with what the gateway's verify endpoints say now.
 */
export interface Difference {
  kind: 'charge' | 'payout' | 'refund' | 'ledger';
  reference: string;
  detail: string;
}

export interface ReconciliationReport {
  since: string;
  charges_checked: number;
  payouts_checked: number;
  refunds_checked: number;
  differences: Difference[];
}

export async function reconcile(
  ctx: AppContext,
  options: { since: Date; gateway: boolean },
): Promise<ReconciliationReport> {
  const differences: Difference[] = [];
  const charges = await ctx.db
    .selectFrom('charges')
    .selectAll()
    .where('created_at', '>=', options.since)
    .execute();
  // A payment refunded in full reads `reversed` at the gateway.
  const refunded = await ctx.db
    .selectFrom('refund_parts')
    .select((eb) => ['charge_reference', eb.fn.sum<string>('amount_kobo').as('kobo')])
    .where('status', '=', 'processed')
    .groupBy('charge_reference')
    .execute();
  const refundedKobo = new Map(refunded.map((r) => [r.charge_reference, Number(r.kobo)]));
  // So does one whose reversal at the gateway was booked (decision 0073).
  const reversals = await ctx.db
    .selectFrom('charge_reversals')
    .select('charge_reference')
    .where('superseded_by_dispute_id', 'is', null)
    .execute();
  const reversed = new Set(reversals.map((r) => r.charge_reference));
  const expectedAtGateway = (charge: { reference: string; amount_kobo: number }) =>
    refundedKobo.get(charge.reference) === charge.amount_kobo || reversed.has(charge.reference)
      ? 'reversed'
      : 'success';
  const collected = await ctx.db
    .selectFrom('journal_entries')
    .innerJoin('journal_postings', 'journal_postings.entry_id', 'journal_entries.id')
    .select([
      'journal_entries.reference',
      sql<string>`sum(journal_postings.debit_kobo)`.as('gross'),
    ])
    .where('journal_entries.kind', '=', 'payment_collected')
    .where('journal_entries.created_at', '>=', options.since)
    .where('journal_postings.account', '=', accountKey({ kind: 'gateway_clearing' }))
    .groupBy('journal_entries.reference')
    .execute();
  const grossByReference = new Map(collected.map((row) => [row.reference, Number(row.gross)]));

  for (const charge of charges) {
    const booked = grossByReference.get(charge.reference);
    if (charge.status === 'success' && booked === undefined) {
      differences.push({
        kind: 'charge',
        reference: charge.reference,
        detail: 'collected, but no payment_collected ledger entry',
      });
    }
    if (charge.status === 'success' && booked !== undefined && booked !== charge.amount_kobo) {
      differences.push({
        kind: 'charge',
        reference: charge.reference,
        detail: `charged ${charge.amount_kobo} kobo, booked ${booked}`,
      });
    }
    if (charge.status !== 'success' && booked !== undefined) {
      differences.push({
        kind: 'charge',
        reference: charge.reference,
        detail: `ledger has a collection but the charge is ${charge.status}`,
      });
    }
    grossByReference.delete(charge.reference);
    if (options.gateway) {
      const atGateway = await ctx.gateway
        .verifyTransaction(charge.reference)
        .catch(() => undefined);
      if (atGateway === undefined) {
        differences.push({
          kind: 'charge',
          reference: charge.reference,
          detail: 'the gateway could not be asked',
        });
      } else if (
        charge.status === 'success' &&
        (atGateway?.status !== expectedAtGateway(charge) ||
          atGateway.amountKobo !== charge.amount_kobo)
      ) {
        differences.push({
          kind: 'charge',
          reference: charge.reference,
          detail: `success here, ${atGateway?.status ?? 'unknown'} at the gateway`,
        });
      } else if (charge.status !== 'success' && atGateway?.status === 'success') {
        differences.push({
          kind: 'charge',
          reference: charge.reference,
          detail: `${charge.status} here, success at the gateway (money not booked)`,
        });
      }
    }
  }
  for (const reference of grossByReference.keys()) {
    differences.push({
      kind: 'charge',
      reference,
      detail: 'ledger collection without a charge record',
    });
  }

  const payouts = await ctx.db
    .selectFrom('payouts')
    .selectAll()
    .where('created_at', '>=', options.since)
    .execute();
  const payoutEntries = await ctx.db
    .selectFrom('journal_entries')
    .select(['reference', 'kind'])
    .where('kind', 'like', 'payout_%')
    .where('created_at', '>=', options.since)
    .execute();
  const kindsByReference = new Map<string, string[]>();
  for (const entry of payoutEntries) {
    kindsByReference.set(entry.reference, [
      ...(kindsByReference.get(entry.reference) ?? []),
      entry.kind,
    ]);
  }
  const expectedKinds: Record<string, string[]> = {
    pending: ['payout_initiated'],
    in_transit: ['payout_initiated'],
    paid: ['payout_initiated', 'payout_succeeded'],
    failed: ['payout_failed', 'payout_initiated'],
    reversed: ['payout_initiated', 'payout_reversed', 'payout_succeeded'],
  };
  for (const payout of payouts) {
    const kinds = [...(kindsByReference.get(payout.reference) ?? [])].sort();
    const expected = expectedKinds[payout.status] ?? [];
    if (kinds.join() !== expected.join()) {
      differences.push({
        kind: 'payout',
        reference: payout.reference,
        detail: `${payout.status}, but the ledger has [${kinds.join(', ')}]`,
      });
    }
    if (options.gateway && payout.status !== 'pending') {
      const atGateway = await ctx.gateway.verifyTransfer(payout.reference).catch(() => undefined);
      const expectedAtGateway =
        payout.status === 'paid'
          ? 'success'
          : payout.status === 'in_transit'
            ? 'pending'
            : payout.status;
      // A payout awaiting its transfer OTP is in transit here and `otp` there (decision 0043).
      const agrees =
        atGateway?.status === expectedAtGateway ||
        (payout.status === 'in_transit' && atGateway?.status === 'otp');
      if (!agrees) {
        differences.push({
          kind: 'payout',
          reference: payout.reference,
          detail: `${payout.status} here, ${atGateway?.status ?? 'unknown'} at the gateway`,
        });
      }
    }
  }

  const refundsChecked = await reconcileRefunds(ctx, options, differences);

  const balances = await ctx.db
    .selectFrom('journal_postings')
    .select(['account', sql<string>`sum(debit_kobo) - sum(credit_kobo)`.as('balance')])
    .groupBy('account')
    .execute();
  const total = balances.reduce((sum, row) => sum + Number(row.balance), 0);
  if (total !== 0) {
    differences.push({ kind: 'ledger', reference: '*', detail: `postings sum to ${total}, not 0` });
  }
  const known = new Map(
    balances
      .filter((row) => isKnownAccount(row.account))
      .map((row) => [row.account, Number(row.balance)]),
  );
  for (const account of signViolations(known)) {
    differences.push({
      kind: 'ledger',
      reference: account,
      detail: 'balance on the wrong side for this account',
    });
  }

  return {
    since: options.since.toISOString(),
    charges_checked: charges.length,
    payouts_checked: payouts.length,
    refunds_checked: refundsChecked,
    differences,
  };
}

const REFUND_KINDS: Record<string, string[]> = {
  initiated: ['refund_initiated'],
  sent: ['refund_initiated'],
  processed: ['refund_initiated', 'refund_succeeded'],
  failed: ['refund_failed', 'refund_initiated'],
};

/**
 * Each refund part against its ledger entries and, with `gateway`, against the gateway's refunds
 * of its charge (found by our reference in `merchant_note`). Returns how many parts were checked.
 */
async function reconcileRefunds(
  ctx: AppContext,
  options: { since: Date; gateway: boolean },
  differences: Difference[],
): Promise<number> {
  const parts = await ctx.db
    .selectFrom('refund_parts')
    .selectAll()
    .where('created_at', '>=', options.since)
    .execute();
  if (parts.length === 0) return 0;
  const entries = await ctx.db
    .selectFrom('journal_entries')
    .select(['reference', 'kind'])
    .where('kind', 'like', 'refund_%')
    .where(
      'reference',
      'in',
      parts.map((p) => p.reference),
    )
    .execute();
  for (const part of parts) {
    const kinds = entries
      .filter((e) => e.reference === part.reference)
      .map((e) => e.kind)
      .sort();
    const expected = REFUND_KINDS[part.status] ?? [];
    if (kinds.join() !== expected.join()) {
      differences.push({
        kind: 'refund',
        reference: part.reference,
        detail: `${part.status}, but the ledger has [${kinds.join(', ')}]`,
      });
    }
    if (!options.gateway || part.status === 'initiated') continue;
    const atGateway = await ctx.gateway
      .listRefunds(part.charge_reference)
      .then((refunds) => refunds.filter((r) => r.merchantNote === part.reference))
      .catch(() => undefined);
    if (atGateway === undefined) continue; // unreachable now: the next run compares it
    const [found] = atGateway;
    const expectedStatus = part.status === 'sent' ? 'pending' : part.status;
    if (atGateway.length !== 1 || found?.amountKobo !== part.amount_kobo) {
      differences.push({
        kind: 'refund',
        reference: part.reference,
        detail: `${part.amount_kobo} kobo ${part.status} here; the gateway has ${atGateway.length} refund(s) with this reference`,
      });
    } else if (
      found.status !== expectedStatus &&
      !(part.status === 'sent' && found.status !== 'failed')
    ) {
      differences.push({
        kind: 'refund',
        reference: part.reference,
        detail: `${part.status} here, ${found.status} at the gateway`,
      });
    }
  }
  return parts.length;
}

function isKnownAccount(key: string): boolean {
  try {
    parseAccountKey(key);
    return true;
  } catch {
    return false;
  }
}

/** Asking the gateway about each charge is one call per charge: an operator's run is bounded. */
export const MAX_GATEWAY_RECONCILIATION_DAYS = 31;

/**
 * An operator's run (the console, POST /api/v1/admin/reconciliation): the report, and an audit
 * row saying who ran it, over what and what it found. The run reads and asks the gateway outside
 * any transaction; the audit row is written after.
 */
export async function reconcileForOperator(
  ctx: AppContext,
  operator: Operator,
  options: { since: Date; gateway: boolean; reason?: string | null },
): Promise<ReconciliationReport> {
  const now = ctx.clock.now();
  if (options.since.getTime() > now.getTime()) {
    throw new DomainError('invalid_request', 'since must not be in the future.');
  }
  const days = (now.getTime() - options.since.getTime()) / 86_400_000;
  if (options.gateway && days > MAX_GATEWAY_RECONCILIATION_DAYS) {
    throw new DomainError(
      'invalid_request',
      `With gateway: true, since may be at most ${MAX_GATEWAY_RECONCILIATION_DAYS} days ago (each charge is looked up); use gateway: false or the CLI for longer ranges.`,
    );
  }
  const reason = operatorReason(options.reason, 'optional', 'run reconciliation');
  const report = await reconcile(ctx, options);
  await runWrite(ctx.db, (tx) =>
    recordOperatorAction(
      tx,
      operator,
      {
        action: 'reconciliation.run',
        target: { type: 'ledger', id: null },
        reason,
        detail: {
          since: report.since,
          gateway: options.gateway,
          charges_checked: report.charges_checked,
          payouts_checked: report.payouts_checked,
          refunds_checked: report.refunds_checked,
          differences: report.differences.length,
        },
      },
      ctx.clock.now(),
    ),
  );
  return report;
}
