import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { CUSTOMER_TIERS } from './merchant.ts';
import { formatNaira, parseNairaInput } from './naira.ts';
import { chooseVisitAmount } from './payment-link.ts';
import {
  decideEligibility,
  type EligibilityInput,
  type InstallmentHistory,
  SCORE_RULES,
  spendingLimitKobo,
  summarizeHistory,
  tierForScore,
  trustScore,
} from './trust.ts';

const none = {
  identityVerified: false,
  onTimeInstallments: 0,
  missedInstallments: 0,
  completedPlans: 0,
  defaultedPlans: 0,
};

describe('trust score', () => {
  it('starts at 300; verification +150; +10 per on-time installment; +30 per completed plan; −50 per miss; −150 per default', () => {
    expect(trustScore(none)).toBe(300);
    expect(trustScore({ ...none, identityVerified: true })).toBe(450);
    expect(trustScore({ ...none, identityVerified: true, onTimeInstallments: 4 })).toBe(490);
    expect(
      trustScore({ ...none, identityVerified: true, onTimeInstallments: 4, completedPlans: 1 }),
    ).toBe(520);
    expect(trustScore({ ...none, identityVerified: true, missedInstallments: 1 })).toBe(400);
    expect(trustScore({ ...none, identityVerified: true, defaultedPlans: 1 })).toBe(300);
  });
  it('caps on-time and completed-plan credit, and stays within 0…1000', () => {
    expect(trustScore({ ...none, identityVerified: true, onTimeInstallments: 500 })).toBe(
      450 + 10 * SCORE_RULES.maxCountedOnTimeInstallments,
    );
    expect(trustScore({ ...none, missedInstallments: 100 })).toBe(0);
    expect(
      trustScore({
        identityVerified: true,
        onTimeInstallments: 50,
        completedPlans: 50,
        missedInstallments: 0,
        defaultedPlans: 0,
      }),
    ).toBe(1000);
  });
});

describe('tiers', () => {
  it('maps scores to tiers at the documented thresholds', () => {
    expect(tierForScore(0)).toBe('Tranche Bronze');
    expect(tierForScore(499)).toBe('Tranche Bronze');
    expect(tierForScore(500)).toBe('Tranche Silver');
    expect(tierForScore(649)).toBe('Tranche Silver');
    expect(tierForScore(650)).toBe('Tranche Gold');
    expect(tierForScore(799)).toBe('Tranche Gold');
    expect(tierForScore(800)).toBe('Tranche Platinum');
    expect(tierForScore(1000)).toBe('Tranche Platinum');
  });
  it('each tier carries a larger spending limit', () => {
    expect(CUSTOMER_TIERS.map(spendingLimitKobo)).toEqual([
      5_000_000, 15_000_000, 40_000_000, 100_000_000,
    ]);
  });
});

const eligibleInput: EligibilityInput = {
  identityVerified: true,
  score: 450,
  delinquent: false,
  hasPaymentMethod: true,
  requiredTier: 'Tranche Bronze',
  openBalanceKobo: 0,
  amountKobo: 100_000,
};

describe('eligibility', () => {
  it('eligible: no reason', () => {
    expect(decideEligibility(eligibleInput)).toMatchObject({
      eligible: true,
      reason: null,
      customerTier: 'Tranche Bronze',
    });
  });
  it('each reason on its own', () => {
    expect(decideEligibility({ ...eligibleInput, delinquent: true }).reason).toBe('delinquent');
    expect(decideEligibility({ ...eligibleInput, identityVerified: false }).reason).toBe(
      'insufficient_trust_tier',
    );
    expect(decideEligibility({ ...eligibleInput, requiredTier: 'Tranche Silver' }).reason).toBe(
      'tier_restricted',
    );
    expect(decideEligibility({ ...eligibleInput, hasPaymentMethod: false }).reason).toBe(
      'no_payment_method',
    );
  });
  it('the spending limit is inclusive: open balance + amount up to the limit is fine, one kobo more is not', () => {
    expect(
      decideEligibility({ ...eligibleInput, openBalanceKobo: 1_000_000, amountKobo: 4_000_000 })
        .eligible,
    ).toBe(true);
    expect(
      decideEligibility({ ...eligibleInput, openBalanceKobo: 1_000_000, amountKobo: 4_000_001 })
        .reason,
    ).toBe('insufficient_trust_tier');
  });
  it('when several reasons hold, the documented precedence decides', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 0, max: 1000 }),
        fc.boolean(),
        fc.constantFrom(...CUSTOMER_TIERS),
        fc.integer({ min: 0, max: 200_000_000 }),
        fc.integer({ min: 1, max: 200_000_000 }),
        (verified, delinquent, score, hasMethod, requiredTier, open, amount) => {
          const input = {
            identityVerified: verified,
            delinquent,
            score,
            hasPaymentMethod: hasMethod,
            requiredTier,
            openBalanceKobo: open,
            amountKobo: amount,
          };
          const tier = tierForScore(score);
          const expected = delinquent
            ? 'delinquent'
            : !verified
              ? 'insufficient_trust_tier'
              : CUSTOMER_TIERS.indexOf(tier) < CUSTOMER_TIERS.indexOf(requiredTier)
                ? 'tier_restricted'
                : open + amount > spendingLimitKobo(tier)
                  ? 'insufficient_trust_tier'
                  : !hasMethod
                    ? 'no_payment_method'
                    : null;
          const result = decideEligibility(input);
          expect(result.reason).toBe(expected);
          expect(result.eligible).toBe(expected === null);
        },
      ),
    );
  });
});

const DAY = 86_400_000;
const t0 = new Date('2025-03-01T08:00:00Z');
const at = (days: number) => new Date(t0.getTime() + days * DAY);
function inst(partial: Partial<InstallmentHistory>): InstallmentHistory {
  return {
    planId: 'plan_a',
    planStatus: 'active',
    status: 'scheduled',
    amountKobo: 1000,
    dueAt: t0,
    paidAt: null,
    failedAttempts: 0,
    ...partial,
  };
}

describe('facts from plan history', () => {
  it('on time, paid late, failed attempts and unpaid past the grace', () => {
    const s = summarizeHistory(
      [
        inst({ status: 'paid', paidAt: at(0.5) }),
        inst({ status: 'paid', paidAt: at(2) }),
        inst({ status: 'paid', paidAt: at(3), failedAttempts: 1 }),
        inst({ status: 'scheduled', dueAt: at(-2) }),
        inst({ status: 'scheduled', dueAt: at(10) }),
      ],
      at(1),
    );
    expect(s).toMatchObject({
      onTimeInstallments: 1,
      missedInstallments: 3,
      delinquent: true,
      openBalanceKobo: 2000,
    });
  });
  it('a scheduled installment within its grace day is not yet missed; a failed one is', () => {
    expect(summarizeHistory([inst({ dueAt: at(0) })], at(0.9)).delinquent).toBe(false);
    expect(
      summarizeHistory([inst({ status: 'failed', failedAttempts: 1 })], at(0.1)).delinquent,
    ).toBe(true);
  });
  it('closed plans owe nothing and are not delinquent; completed and defaulted plans are counted once', () => {
    const s = summarizeHistory(
      [
        inst({ planId: 'p1', planStatus: 'completed', status: 'paid', paidAt: at(0) }),
        inst({ planId: 'p1', planStatus: 'completed', status: 'paid', paidAt: at(0) }),
        inst({ planId: 'p2', planStatus: 'cancelled', status: 'cancelled', dueAt: at(-5) }),
        inst({ planId: 'p3', planStatus: 'defaulted', status: 'failed', failedAttempts: 4 }),
      ],
      at(30),
    );
    expect(s).toMatchObject({
      completedPlans: 1,
      defaultedPlans: 1,
      onTimeInstallments: 2,
      missedInstallments: 1,
      openBalanceKobo: 1000,
      delinquent: true,
    });
  });
});

describe('payment link amounts', () => {
  it('reads naira text into kobo without floating point', () => {
    expect(parseNairaInput('25000')).toBe(2_500_000);
    expect(parseNairaInput(' ₦25,000.5 ')).toBe(2_500_050);
    expect(parseNairaInput('0.07')).toBe(7);
    for (const bad of ['', 'abc', '1.234', '-5', '1e5', '12 000']) {
      expect(parseNairaInput(bad), bad).toBeNull();
    }
    expect(formatNaira(2_500_050)).toBe('₦25,000.50');
    expect(formatNaira(100_000_000)).toBe('₦1,000,000');
  });
  it('a fixed link never asks; a customer-entered amount must be inside the bounds', () => {
    expect(chooseVisitAmount({ type: 'fixed', amountKobo: 500 }, '9')).toEqual({
      kind: 'amount',
      amountKobo: 500,
    });
    const open = { type: 'customer_chooses', minKobo: 100_000, maxKobo: 500_000 } as const;
    expect(chooseVisitAmount(open, undefined)).toEqual({ kind: 'ask', problem: null });
    expect(chooseVisitAmount(open, '1000')).toEqual({ kind: 'amount', amountKobo: 100_000 });
    expect(chooseVisitAmount(open, '5000')).toEqual({ kind: 'amount', amountKobo: 500_000 });
    expect(chooseVisitAmount(open, '999.99')).toMatchObject({ kind: 'ask' });
    expect(chooseVisitAmount(open, '5000.01')).toMatchObject({ kind: 'ask' });
    expect(chooseVisitAmount(open, 'lots')).toMatchObject({ kind: 'ask' });
  });
});
