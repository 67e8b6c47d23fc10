import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { DomainError } from './errors.ts';
import type { InstallmentState } from './plan.ts';
import {
  allocateCashRefund,
  type PlanInstallment,
  reduceInstallmentsFromLast,
  reducibleOutstandingKobo,
  splitPlanRefund,
} from './refund.ts';

const paid: InstallmentState = { status: 'paid', chargeReference: 'chg_1' };
const scheduled: InstallmentState = { status: 'scheduled' };
const failed: InstallmentState = { status: 'failed', chargeReference: 'chg_2', failedAttempts: 1 };
const processing: InstallmentState = { status: 'processing', chargeReference: 'chg_3', attempt: 1 };

describe('refund on a plan: outstanding first, then cash', () => {
  // ₦25,000.00 at 25% upfront over 3 months, deposit paid: 1,875,000 outstanding, 625,000 collected.
  const plan = { outstandingKobo: 1_875_000, cashRefundableKobo: 625_000 };

  it('a refund below the outstanding balance only lowers what the customer owes', () => {
    expect(splitPlanRefund({ ...plan, refundKobo: 1_000_000 })).toEqual({
      outstandingReductionKobo: 1_000_000,
      cashRefundKobo: 0,
    });
  });

  it('the part above the outstanding balance goes back in cash', () => {
    expect(splitPlanRefund({ ...plan, refundKobo: 2_000_000 })).toEqual({
      outstandingReductionKobo: 1_875_000,
      cashRefundKobo: 125_000,
    });
    expect(splitPlanRefund({ ...plan, refundKobo: 2_500_000 }).cashRefundKobo).toBe(625_000);
  });

  it('refuses more than the plan can refund, and non-positive amounts', () => {
    const tooMuch = (): unknown => splitPlanRefund({ ...plan, refundKobo: 2_500_001 });
    expect(tooMuch).toThrow(DomainError);
    expect(tooMuch).toThrow(
      'amount ₦25,000.01 is more than the ₦25,000.00 this plan can still refund.',
    );
    expect(tooMuch).toThrow(expect.objectContaining({ code: 'invalid_request' }));
    for (const refundKobo of [0, 1.5]) {
      expect(() => splitPlanRefund({ ...plan, refundKobo })).toThrow(
        expect.objectContaining({
          code: 'invalid_request',
          detail: 'amount must be a whole number of kobo above 0.',
        }),
      );
    }
  });

  it('reduces unpaid installments from the last one backwards; a zeroed one is cancelled', () => {
    const installments: PlanInstallment[] = [
      { sequence: 1, amountKobo: 625_000, state: paid },
      { sequence: 2, amountKobo: 625_000, state: failed },
      { sequence: 3, amountKobo: 625_000, state: scheduled },
    ];
    expect(reducibleOutstandingKobo(installments)).toBe(1_250_000);
    expect(reduceInstallmentsFromLast(installments, 1_000_000)).toEqual([
      { sequence: 3, amountKobo: 0 },
      { sequence: 2, amountKobo: 250_000 },
    ]);
    expect(reduceInstallmentsFromLast(installments, 0)).toEqual([]);
    for (const reductionKobo of [-1, 1_250_001]) {
      expect(() => reduceInstallmentsFromLast(installments, reductionKobo)).toThrow(
        new RangeError('reductionKobo must be between 0 and the reducible outstanding balance'),
      );
    }
  });

  it('an installment whose charge is in flight is neither reduced nor counted', () => {
    const installments: PlanInstallment[] = [
      { sequence: 1, amountKobo: 500, state: scheduled },
      { sequence: 2, amountKobo: 500, state: processing },
    ];
    expect(reducibleOutstandingKobo(installments)).toBe(500);
    expect(reduceInstallmentsFromLast(installments, 200)).toEqual([
      { sequence: 1, amountKobo: 300 },
    ]);
  });

  const installmentList = fc
    .array(
      fc.record({
        amountKobo: fc.integer({ min: 1, max: 1_000_000 }),
        state: fc.constantFrom(paid, scheduled, failed, processing),
      }),
      { minLength: 1, maxLength: 24 },
    )
    .map((rows) => rows.map((row, i) => ({ ...row, sequence: i + 1 })));

  it('any reduction: takes exactly that much, only from reducible installments, last first', () => {
    fc.assert(
      fc.property(installmentList, fc.nat(), (installments, seed) => {
        const outstanding = reducibleOutstandingKobo(installments);
        const reduction = outstanding === 0 ? 0 : seed % (outstanding + 1);
        const changes = reduceInstallmentsFromLast(installments, reduction);
        const bySequence = new Map(installments.map((i) => [i.sequence, i]));
        let taken = 0;
        for (const change of changes) {
          const before = bySequence.get(change.sequence);
          if (before === undefined) throw new Error('unknown installment');
          expect(['scheduled', 'failed']).toContain(before.state.status);
          expect(change.amountKobo).toBeGreaterThanOrEqual(0);
          expect(change.amountKobo).toBeLessThan(before.amountKobo);
          taken += before.amountKobo - change.amountKobo;
        }
        expect(taken).toBe(reduction);
        // Last first: every changed installment but the last one touched is brought to 0.
        expect(changes.slice(0, -1).every((c) => c.amountKobo === 0)).toBe(true);
        const sequences = changes.map((c) => c.sequence);
        expect(sequences).toEqual([...sequences].sort((a, b) => b - a));
      }),
      { numRuns: 2_000 },
    );
  });

  it('cash refunds go to the most recent charges first', () => {
    const charges = [
      { chargeReference: 'chg_deposit', grossKobo: 625_000, refundedKobo: 0 },
      { chargeReference: 'chg_inst_1', grossKobo: 625_000, refundedKobo: 100_000 },
    ];
    expect(
      allocateCashRefund(charges, 700_000).map((r) => [r.charge.chargeReference, r.refundKobo]),
    ).toEqual([
      ['chg_inst_1', 525_000],
      ['chg_deposit', 175_000],
    ]);
    expect(allocateCashRefund(charges, 0)).toEqual([]);
    for (const cashRefundKobo of [-1, 1_150_001]) {
      expect(() => allocateCashRefund(charges, cashRefundKobo)).toThrow(
        new RangeError('cashRefundKobo must be between 0 and what the charges can refund'),
      );
    }
  });

  it('any cash refund is spread exactly, never beyond what a charge can still refund', () => {
    const charges = fc.array(
      fc.integer({ min: 1, max: 1_000_000 }).chain((grossKobo) =>
        fc.record({
          grossKobo: fc.constant(grossKobo),
          refundedKobo: fc.integer({ min: 0, max: grossKobo }),
        }),
      ),
      { maxLength: 10 },
    );
    fc.assert(
      fc.property(charges, fc.nat(), (list, seed) => {
        const refundable = list.reduce((sum, c) => sum + c.grossKobo - c.refundedKobo, 0);
        const cash = seed % (refundable + 1);
        const refunds = allocateCashRefund(list, cash);
        expect(refunds.reduce((sum, r) => sum + r.refundKobo, 0)).toBe(cash);
        for (const { charge, refundKobo } of refunds) {
          expect(refundKobo).toBeGreaterThan(0);
          expect(refundKobo).toBeLessThanOrEqual(charge.grossKobo - charge.refundedKobo);
        }
      }),
      { numRuns: 2_000 },
    );
  });
});
