import fc from 'fast-check';
import { expect } from 'vitest';

import {
  accountKey,
  assertBalanced,
  entryMerchantId,
  type JournalEntry,
  type LedgerAccount,
  paymentCollectedEntry,
  payoutFailedEntry,
  payoutInitiatedEntry,
  payoutReversedEntry,
  payoutSucceededEntry,
  planClosedEntry,
  planConfirmedEntry,
  receivableReducedEntry,
  refundFailedEntry,
  refundInitiatedEntry,
  refundSucceededEntry,
  reverseEntry,
} from '../../src/domain/ledger.ts';
import {
  assertWithinAvailable,
  balancesOf,
  merchantWallet,
  signViolations,
} from '../../src/domain/ledger-balances.ts';
import {
  type FeeSplit,
  type RefundSplit,
  splitPlatformFee,
  splitRefund,
} from '../../src/domain/money.ts';
import type { InstallmentState } from '../../src/domain/plan.ts';
import {
  allocateCashRefund,
  type PlanInstallment,
  reduceInstallmentsFromLast,
  reducibleOutstandingKobo,
  splitPlanRefund,
} from '../../src/domain/refund.ts';
import { buildSchedule } from '../../src/domain/schedule.ts';
import { feeRevenue, gatewayClearing, payable, pending, receivable } from './ledger-accounts.ts';

/*
 * An independent auditor of the ledger for property tests (B5, the domain half): random sequences
 * of money operations applied both to journal entries built by src/domain/ledger.ts and to a
 * plain model of what each account should hold, compared after every step.
 */

type Op =
  | { op: 'confirm'; merchant: number; amountKobo: number; upfrontPct: number; count: number }
  | { op: 'collect'; plan: number }
  | { op: 'collection_fails'; plan: number }
  | { op: 'payout'; merchant: number; seed: number }
  | { op: 'payout_outcome'; which: number; outcome: 'succeeded' | 'failed' | 'reversed' }
  | { op: 'refund'; plan: number; seed: number }
  | { op: 'refund_outcome'; which: number; succeeded: boolean }
  | { op: 'close'; plan: number; reason: 'cancelled' | 'written_off' }
  | { op: 'correct'; which: number };

const confirmOp: fc.Arbitrary<Op> = fc.record({
  op: fc.constant('confirm' as const),
  merchant: fc.integer({ min: 0, max: 2 }),
  amountKobo: fc.oneof(
    fc.integer({ min: 50, max: 5_000 }),
    fc.integer({ min: 50, max: 1_000_000_000 }),
  ),
  upfrontPct: fc.integer({ min: 0, max: 60 }),
  count: fc.integer({ min: 1, max: 12 }),
});

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  confirmOp,
  { arbitrary: fc.record({ op: fc.constant('collect' as const), plan: fc.nat() }), weight: 4 },
  fc.record({ op: fc.constant('collection_fails' as const), plan: fc.nat() }),
  {
    arbitrary: fc.record({
      op: fc.constant('payout' as const),
      merchant: fc.integer({ min: 0, max: 2 }),
      seed: fc.nat(),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      op: fc.constant('payout_outcome' as const),
      which: fc.nat(),
      outcome: fc.constantFrom('succeeded' as const, 'failed' as const, 'reversed' as const),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({ op: fc.constant('refund' as const), plan: fc.nat(), seed: fc.nat() }),
    weight: 2,
  },
  fc.record({
    op: fc.constant('refund_outcome' as const),
    which: fc.nat(),
    succeeded: fc.boolean(),
  }),
  fc.record({
    op: fc.constant('close' as const),
    plan: fc.nat(),
    reason: fc.constantFrom('cancelled' as const, 'written_off' as const),
  }),
  fc.record({ op: fc.constant('correct' as const), which: fc.nat() }),
);

interface ChargeModel {
  chargeReference: string;
  fee: FeeSplit;
  grossKobo: number;
  refundedKobo: number;
  feeReturnedKobo: number;
}

interface PlanModel {
  planId: string;
  merchantId: string;
  amountKobo: number;
  payments: PlanInstallment[];
  charges: ChargeModel[];
  collectedKobo: number;
  releasedKobo: number;
  closed: boolean;
}

interface MerchantTotals {
  netCollected: number;
  payoutsInitiated: number;
  payoutsSucceeded: number;
  payoutsFailed: number;
  payoutsReversed: number;
  refundsInitiated: number;
  refundsSucceeded: number;
  refundsFailed: number;
  refundDebits: number;
  refundDebitsReturned: number;
}

/** What the books must say, kept from business facts only (TigerBeetle's auditor idea). */
export class Auditor {
  plans: PlanModel[] = [];
  merchants = new Map<string, MerchantTotals>();
  grossCollected = 0;
  feesCollected = 0;
  feesReturned = 0;
  planRefunds = 0;
  payouts: { merchantId: string; payoutReference: string; amountKobo: number; state: string }[] =
    [];
  refunds: {
    merchantId: string;
    refundReference: string;
    split: RefundSplit;
    charge: ChargeModel;
    open: boolean;
  }[] = [];

  totals(merchantId: string): MerchantTotals {
    let totals = this.merchants.get(merchantId);
    if (totals === undefined) {
      totals = {
        netCollected: 0,
        payoutsInitiated: 0,
        payoutsSucceeded: 0,
        payoutsFailed: 0,
        payoutsReversed: 0,
        refundsInitiated: 0,
        refundsSucceeded: 0,
        refundsFailed: 0,
        refundDebits: 0,
        refundDebitsReturned: 0,
      };
      this.merchants.set(merchantId, totals);
    }
    return totals;
  }

  expectedAvailable(merchantId: string): number {
    const t = this.totals(merchantId);
    return (
      t.netCollected -
      t.payoutsInitiated +
      t.payoutsFailed +
      t.payoutsReversed -
      t.refundDebits +
      t.refundDebitsReturned
    );
  }
}

export function apply(op: Op, auditor: Auditor, journal: JournalEntry[]): void {
  const pickPlan = (n: number): PlanModel | undefined =>
    auditor.plans[n % Math.max(auditor.plans.length, 1)];
  switch (op.op) {
    case 'confirm': {
      const planId = `plan_${auditor.plans.length}`;
      const merchantId = `mer_${op.merchant}`;
      const schedule = buildSchedule({
        amountKobo: op.amountKobo,
        frequency: 'monthly',
        installmentCount: op.count,
        upfrontPct: op.upfrontPct,
        startsAt: new Date('2027-01-31T10:00:00Z'),
      });
      const scheduled: InstallmentState = { status: 'scheduled' };
      const payments = [
        { sequence: 0, amountKobo: schedule.depositKobo, state: scheduled },
        ...schedule.installments.map((i) => ({
          sequence: i.sequence,
          amountKobo: i.amountKobo,
          state: scheduled,
        })),
      ].filter((p) => p.amountKobo > 0);
      auditor.plans.push({
        planId,
        merchantId,
        amountKobo: op.amountKobo,
        payments,
        charges: [],
        collectedKobo: 0,
        releasedKobo: 0,
        closed: false,
      });
      auditor.totals(merchantId);
      journal.push(planConfirmedEntry({ planId, merchantId, amountKobo: op.amountKobo }));
      return;
    }
    case 'collect': {
      const plan = pickPlan(op.plan);
      const next = plan?.payments.find((p) => p.state.status === 'scheduled' && p.amountKobo > 0);
      if (plan === undefined || plan.closed || next === undefined) return;
      const chargeReference = `chg_${plan.planId}_${plan.charges.length}`;
      journal.push(
        paymentCollectedEntry({
          planId: plan.planId,
          merchantId: plan.merchantId,
          chargeReference,
          grossKobo: next.amountKobo,
        }),
      );
      const fee = splitPlatformFee(next.amountKobo);
      next.state = { status: 'paid', chargeReference };
      plan.charges.push({
        chargeReference,
        fee,
        grossKobo: next.amountKobo,
        refundedKobo: 0,
        feeReturnedKobo: 0,
      });
      plan.collectedKobo += next.amountKobo;
      auditor.grossCollected += next.amountKobo;
      auditor.feesCollected += fee.feeKobo;
      auditor.totals(plan.merchantId).netCollected += fee.merchantNetKobo;
      return;
    }
    case 'collection_fails':
      return; // a failed charge moves no money and posts nothing
    case 'payout': {
      const merchantId = `mer_${op.merchant}`;
      const available = auditor.expectedAvailable(merchantId);
      if (available <= 0) return;
      const amountKobo = 1 + (op.seed % available);
      assertWithinAvailable(
        merchantWallet(balancesOf(journal), merchantId).availableKobo,
        amountKobo,
        'pay out',
      );
      const payoutReference = `po_${auditor.payouts.length}`;
      journal.push(payoutInitiatedEntry({ merchantId, payoutReference, amountKobo }));
      auditor.payouts.push({ merchantId, payoutReference, amountKobo, state: 'in_transit' });
      auditor.totals(merchantId).payoutsInitiated += amountKobo;
      return;
    }
    case 'payout_outcome': {
      const payout = auditor.payouts[op.which % Math.max(auditor.payouts.length, 1)];
      if (payout === undefined) return;
      const totals = auditor.totals(payout.merchantId);
      if (payout.state === 'in_transit' && op.outcome === 'succeeded') {
        journal.push(payoutSucceededEntry(payout));
        totals.payoutsSucceeded += payout.amountKobo;
        payout.state = 'succeeded';
      } else if (payout.state === 'in_transit') {
        journal.push(payoutFailedEntry(payout)); // failed, or reversed before success
        totals.payoutsFailed += payout.amountKobo;
        payout.state = 'failed';
      } else if (payout.state === 'succeeded' && op.outcome === 'reversed') {
        journal.push(payoutReversedEntry(payout));
        totals.payoutsReversed += payout.amountKobo;
        payout.state = 'reversed';
      }
      return;
    }
    case 'refund': {
      const plan = pickPlan(op.plan);
      if (plan === undefined) return;
      const outstandingKobo = plan.closed ? 0 : reducibleOutstandingKobo(plan.payments);
      const cashRefundableKobo = plan.charges.reduce((s, c) => s + c.grossKobo - c.refundedKobo, 0);
      const refundable = outstandingKobo + cashRefundableKobo;
      if (refundable === 0) return;
      const refundKobo = 1 + (op.seed % refundable);
      const split = splitPlanRefund({ refundKobo, outstandingKobo, cashRefundableKobo });
      const cash = allocateCashRefund(plan.charges, split.cashRefundKobo).map(
        ({ charge, refundKobo: r }) => ({
          charge,
          split: splitRefund(charge.fee, charge, r),
        }),
      );
      const debitKobo = cash.reduce((s, c) => s + c.split.merchantDebitKobo, 0);
      if (debitKobo > auditor.expectedAvailable(plan.merchantId)) return; // the app refuses it
      auditor.planRefunds += 1;
      const refundReference = `rf_${auditor.planRefunds}`;
      if (split.outstandingReductionKobo > 0) {
        journal.push(
          receivableReducedEntry({
            planId: plan.planId,
            merchantId: plan.merchantId,
            refundReference,
            amountKobo: split.outstandingReductionKobo,
          }),
        );
        for (const change of reduceInstallmentsFromLast(
          plan.payments,
          split.outstandingReductionKobo,
        )) {
          const payment = plan.payments.find((p) => p.sequence === change.sequence);
          if (payment === undefined) throw new Error('unknown payment');
          payment.amountKobo = change.amountKobo;
          if (change.amountKobo === 0) payment.state = { status: 'cancelled' };
        }
        plan.releasedKobo += split.outstandingReductionKobo;
      }
      cash.forEach(({ charge, split: chargeSplit }, i) => {
        const reference = `${refundReference}_${i}`;
        journal.push(
          refundInitiatedEntry({
            merchantId: plan.merchantId,
            refundReference: reference,
            split: chargeSplit,
          }),
        );
        charge.refundedKobo += chargeSplit.refundKobo;
        charge.feeReturnedKobo += chargeSplit.feeReturnedKobo;
        expect(charge.feeReturnedKobo).toBeLessThanOrEqual(charge.fee.feeKobo);
        auditor.refunds.push({
          merchantId: plan.merchantId,
          refundReference: reference,
          split: chargeSplit,
          charge,
          open: true,
        });
        const totals = auditor.totals(plan.merchantId);
        totals.refundsInitiated += chargeSplit.refundKobo;
        totals.refundDebits += chargeSplit.merchantDebitKobo;
        auditor.feesReturned += chargeSplit.feeReturnedKobo;
      });
      return;
    }
    case 'refund_outcome': {
      const refund = auditor.refunds[op.which % Math.max(auditor.refunds.length, 1)];
      if (refund === undefined || !refund.open) return;
      refund.open = false;
      const totals = auditor.totals(refund.merchantId);
      if (op.succeeded) {
        journal.push(refundSucceededEntry(refund));
        totals.refundsSucceeded += refund.split.refundKobo;
      } else {
        journal.push(refundFailedEntry(refund));
        totals.refundsFailed += refund.split.refundKobo;
        totals.refundDebitsReturned += refund.split.merchantDebitKobo;
        auditor.feesReturned -= refund.split.feeReturnedKobo;
        refund.charge.refundedKobo -= refund.split.refundKobo;
        refund.charge.feeReturnedKobo -= refund.split.feeReturnedKobo;
      }
      return;
    }
    case 'close': {
      const plan = pickPlan(op.plan);
      if (plan === undefined || plan.closed) return;
      const outstandingKobo = reducibleOutstandingKobo(plan.payments);
      if (outstandingKobo > 0) {
        journal.push(
          planClosedEntry({
            planId: plan.planId,
            merchantId: plan.merchantId,
            outstandingKobo,
            reason: op.reason,
          }),
        );
      }
      for (const payment of plan.payments) {
        if (payment.state.status === 'scheduled') payment.state = { status: 'cancelled' };
      }
      plan.releasedKobo += outstandingKobo;
      plan.closed = true;
      return;
    }
    case 'correct': {
      // A correction: reverse an entry (once), then post it again under a new reference.
      const original = journal[op.which % Math.max(journal.length, 1)];
      const reversed = (e: JournalEntry): boolean =>
        journal.some((r) => r.reverses?.kind === e.kind && r.reverses.reference === e.reference);
      if (original === undefined || reversed(original)) return;
      journal.push(reverseEntry(original), {
        ...original,
        reference: `${original.reference}_c${journal.length}`,
      });
      return;
    }
  }
}

export function auditBooks(auditor: Auditor, journal: JournalEntry[]): void {
  for (const entry of journal) {
    assertBalanced(entry);
    expect(entryMerchantId(entry)).toMatch(/^mer_\d$/);
  }
  const identities = journal.map((e) => `${e.kind}/${e.reference}`);
  expect(new Set(identities).size).toBe(identities.length);

  const balances = balancesOf(journal);
  const balance = (account: LedgerAccount): number => balances.get(accountKey(account)) ?? 0;
  expect([...balances.values()].reduce((a, b) => a + b, 0)).toBe(0); // I2
  expect(signViolations(balances)).toEqual([]); // I3

  for (const plan of auditor.plans) {
    expect(balance(receivable(plan.planId))).toBe(
      plan.amountKobo - plan.collectedKobo - plan.releasedKobo,
    );
  }
  for (const [merchantId, t] of auditor.merchants) {
    const receivables = auditor.plans
      .filter((p) => p.merchantId === merchantId)
      .reduce((s, p) => s + p.amountKobo - p.collectedKobo - p.releasedKobo, 0);
    expect(merchantWallet(balances, merchantId)).toEqual({
      availableKobo: auditor.expectedAvailable(merchantId),
      pendingKobo: receivables,
      payoutsInTransitKobo: t.payoutsInitiated - t.payoutsSucceeded - t.payoutsFailed,
      refundsInTransitKobo: t.refundsInitiated - t.refundsSucceeded - t.refundsFailed,
    });
    expect(balance(pending(merchantId))).toBe(0 - receivables);
  }
  expect(0 - balance(feeRevenue)).toBe(auditor.feesCollected - auditor.feesReturned);
  const all = [...auditor.merchants.values()];
  const sum = (f: (t: MerchantTotals) => number): number => all.reduce((s, t) => s + f(t), 0);
  expect(balance(gatewayClearing)).toBe(
    auditor.grossCollected -
      sum((t) => t.payoutsSucceeded) +
      sum((t) => t.payoutsReversed) -
      sum((t) => t.refundsSucceeded),
  );
  expect(balance(payable('mer_0'))).toBe(0 - auditor.expectedAvailable('mer_0'));
}

/** A few plans first, then a long mix of everything (no-ops where an operation does not apply). */
export const operations: fc.Arbitrary<Op[]> = fc
  .tuple(
    fc.array(confirmOp, { minLength: 1, maxLength: 4 }),
    fc.array(opArbitrary, { minLength: 5, maxLength: 80, size: 'max' }),
  )
  .map(([plans, rest]) => [...plans, ...rest]);
