import { describe, expect, it } from 'vitest';

import {
  defaultPlanChoice,
  MAX_OFFER_AMOUNT_KOBO,
  planOffer,
  suggestedPlanChoice,
} from './plan-offer.ts';
import { buildSchedule } from './schedule.ts';
import { DEFAULT_SESSION_CONSTRAINTS, type SessionConstraints } from './session-constraints.ts';

const now = new Date('2026-11-27T10:00:00Z');

describe('planOffer', () => {
  it('names the checkout’s first plan: ₦48,500 is ₦12,125 today, then 3 monthly payments of ₦12,125', () => {
    const offer = planOffer(4_850_000, DEFAULT_SESSION_CONSTRAINTS, now);
    expect(offer.available).toBe(true);
    expect(offer.headline).toMatchObject({
      frequency: 'monthly',
      installmentCount: 3,
      upfrontPct: 25,
      depositKobo: 1_212_500,
      installmentKobo: 1_212_500,
      equalInstallments: true,
      depositText: '₦12,125',
      installmentText: '₦12,125',
    });
    // 6 monthly and 12 weekly durations at the minimum deposit, monthly first.
    expect(offer.plans.map((p) => `${p.frequency[0]}${p.installmentCount}`)).toEqual([
      ...[1, 2, 3, 4, 5, 6].map((n) => `m${n}`),
      ...Array.from({ length: 12 }, (_, i) => `w${i + 1}`),
    ]);
  });

  it('agrees with buildSchedule to the kobo, the odd kobo on the first installments', () => {
    const offer = planOffer(1_000_001, DEFAULT_SESSION_CONSTRAINTS, now);
    for (const plan of offer.plans) {
      const schedule = buildSchedule({ amountKobo: 1_000_001, ...plan, startsAt: now });
      expect(plan.depositKobo).toBe(schedule.depositKobo);
      expect(plan.installmentKobo).toBe(schedule.installments[0]?.amountKobo);
      expect(plan.depositKobo + schedule.installments.reduce((s, i) => s + i.amountKobo, 0)).toBe(
        1_000_001,
      );
    }
    const weekly7 = offer.plans.find((p) => p.frequency === 'weekly' && p.installmentCount === 7);
    expect(weekly7?.equalInstallments).toBe(false);
  });

  it('offers nothing above the highest tier’s limit, and nothing too small to split', () => {
    expect(planOffer(MAX_OFFER_AMOUNT_KOBO, DEFAULT_SESSION_CONSTRAINTS, now).available).toBe(true);
    const above = planOffer(MAX_OFFER_AMOUNT_KOBO + 1, DEFAULT_SESSION_CONSTRAINTS, now);
    expect(above).toEqual({
      available: false,
      maxAmountKobo: MAX_OFFER_AMOUNT_KOBO,
      headline: null,
      plans: [],
    });
    const tiny = planOffer(2, DEFAULT_SESSION_CONSTRAINTS, now);
    expect(tiny.plans.map((p) => p.installmentCount)).toEqual([1, 1]);
    expect(tiny.headline).toMatchObject({ frequency: 'monthly', installmentCount: 1 });
    expect(planOffer(1, DEFAULT_SESSION_CONSTRAINTS, now).available).toBe(false);
  });

  it('follows the shop’s limits: weekly only, at most 4 weeks, 50% down', () => {
    const constraints: SessionConstraints = {
      ...DEFAULT_SESSION_CONSTRAINTS,
      allowedFrequencies: ['weekly'],
      maxWeeklyDuration: 4,
      minUpfrontPct: 50,
    };
    expect(defaultPlanChoice(constraints)).toEqual({
      frequency: 'weekly',
      installmentCount: 3,
      upfrontPct: 50,
    });
    const offer = planOffer(2_000_000, constraints, now);
    expect(offer.plans.map((p) => p.installmentCount)).toEqual([1, 2, 3, 4]);
    expect(offer.headline).toMatchObject({ depositText: '₦10,000', installmentText: '₦3,333.34' });
  });
});

describe('suggestedPlanChoice (the checkout’s first plan, sent by the API)', () => {
  it('is the messaging line’s plan: monthly, 3 payments, the shop’s minimum deposit', () => {
    expect(suggestedPlanChoice(3_000_000, DEFAULT_SESSION_CONSTRAINTS, now)).toEqual({
      frequency: 'monthly',
      installmentCount: 3,
      upfrontPct: 25,
    });
  });
  it('falls to a plan that can be split when 3 payments cannot (2 kobo: 1 payment)', () => {
    expect(suggestedPlanChoice(2, DEFAULT_SESSION_CONSTRAINTS, now)).toEqual({
      frequency: 'monthly',
      installmentCount: 1,
      upfrontPct: 25,
    });
  });
  it('is the default choice when no plan fits at all (above every tier’s limit)', () => {
    const weekly: SessionConstraints = {
      ...DEFAULT_SESSION_CONSTRAINTS,
      allowedFrequencies: ['weekly'],
      maxWeeklyDuration: 2,
    };
    expect(suggestedPlanChoice(MAX_OFFER_AMOUNT_KOBO + 1, weekly, now)).toEqual({
      frequency: 'weekly',
      installmentCount: 2,
      upfrontPct: 25,
    });
  });
});
