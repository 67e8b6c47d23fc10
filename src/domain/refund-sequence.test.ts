import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { splitPlatformFee, splitRefund } from './money.ts';
import type { InstallmentState } from './plan.ts';
import {
  allocateCashRefund,
  type PlanInstallment,
  reduceInstallmentsFromLast,
  reducibleOutstandingKobo,
  splitPlanRefund,
} from './refund.ts';
import { depositFor, splitEvenly } from './schedule.ts';

/**
 * A whole plan's life as the app drives it (features/refunds/refunds.ts): payments collected in order and
 * refunds of any size in between, each refund split by the domain rules. After every step:
 *   owed + (collected − cash refunded) + everything refunded = the order amount,
 *   no charge is refunded beyond its gross, and no fee is returned beyond the fee taken.
 */

interface Charge {
  grossKobo: number;
  feeKobo: number;
  refundedKobo: number;
  feeReturnedKobo: number;
}

type Step = { kind: 'collect' } | { kind: 'refund'; share: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.constant<Step>({ kind: 'collect' }),
  fc.double({ min: 0, max: 1, noNaN: true }).map<Step>((share) => ({ kind: 'refund', share })),
);

describe('any sequence of payments and refunds', () => {
  it('keeps owed + kept + refunded = amount; refunds never pass what was collected, nor fees the fee taken', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000, max: 500_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 1, max: 12 }),
        fc.array(step, { maxLength: 30 }),
        (amountKobo, upfrontPct, n, steps) => {
          const deposit = depositFor(amountKobo, upfrontPct);
          if (amountKobo - deposit < n) return;
          const installments: PlanInstallment[] = [
            ...(deposit > 0 ? [deposit] : []),
            ...splitEvenly(amountKobo - deposit, n),
          ].map((amount, sequence): PlanInstallment => {
            const state: InstallmentState = { status: 'scheduled' };
            return { sequence, amountKobo: amount, state };
          });
          const charges: Charge[] = [];
          let refundedTotalKobo = 0;

          for (const s of steps) {
            if (s.kind === 'collect') {
              const next = installments.find((i) => i.state.status === 'scheduled');
              if (!next) continue;
              next.state = { status: 'paid', chargeReference: `chg-${next.sequence}` };
              const { feeKobo } = splitPlatformFee(next.amountKobo);
              charges.push({
                grossKobo: next.amountKobo,
                feeKobo,
                refundedKobo: 0,
                feeReturnedKobo: 0,
              });
              continue;
            }
            const outstandingKobo = reducibleOutstandingKobo(installments);
            const cashRefundableKobo = charges.reduce(
              (a, c) => a + c.grossKobo - c.refundedKobo,
              0,
            );
            const refundKobo = Math.floor(s.share * (outstandingKobo + cashRefundableKobo));
            if (refundKobo < 1) continue;
            const split = splitPlanRefund({ refundKobo, outstandingKobo, cashRefundableKobo });
            for (const r of reduceInstallmentsFromLast(
              installments,
              split.outstandingReductionKobo,
            )) {
              const installment = installments.find((i) => i.sequence === r.sequence)!;
              installment.amountKobo = r.amountKobo;
              if (r.amountKobo === 0) installment.state = { status: 'cancelled' };
            }
            for (const { charge, refundKobo: part } of allocateCashRefund(
              charges,
              split.cashRefundKobo,
            )) {
              const refund = splitRefund(splitPlatformFee(charge.grossKobo), charge, part);
              charge.refundedKobo += part;
              charge.feeReturnedKobo += refund.feeReturnedKobo;
            }
            refundedTotalKobo += refundKobo;
          }

          const owedKobo = installments
            .filter((i) => i.state.status === 'scheduled')
            .reduce((a, i) => a + i.amountKobo, 0);
          const collectedKobo = charges.reduce((a, c) => a + c.grossKobo, 0);
          const cashRefundedKobo = charges.reduce((a, c) => a + c.refundedKobo, 0);
          expect(owedKobo + (collectedKobo - cashRefundedKobo) + refundedTotalKobo).toBe(
            amountKobo,
          );
          expect(cashRefundedKobo).toBeLessThanOrEqual(collectedKobo);
          for (const c of charges) {
            expect(c.refundedKobo).toBeLessThanOrEqual(c.grossKobo);
            expect(c.feeReturnedKobo).toBeLessThanOrEqual(c.feeKobo);
            if (c.refundedKobo === c.grossKobo) expect(c.feeReturnedKobo).toBe(c.feeKobo);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
