import { describe, expect, it } from 'vitest';

import { defaultPlanChoice } from '../../src/domain/plan-offer.ts';
import type { SessionConstraints } from '../../src/domain/session-constraints.ts';
import { defaultChoice } from '../checkout/screens/plan-picker.tsx';
import { headlineText } from './messaging.ts';

describe('the messaging line (decision 0056)', () => {
  const plan = {
    frequency: 'monthly' as const,
    installment_count: 3,
    upfront_pct: 25,
    deposit: 1_212_500,
    installment: 1_212_500,
    equal_installments: true,
    total: 4_850_000,
    deposit_text: '₦12,125',
    installment_text: '₦12,125',
  };

  it('says the deposit today, then the payments', () => {
    expect(headlineText(plan)).toBe('₦12,125 today, then 3 monthly payments of ₦12,125');
  });

  it('one payment is singular; unequal ones are "up to" the largest; no deposit is "Nothing"', () => {
    expect(
      headlineText({
        ...plan,
        frequency: 'weekly',
        installment_count: 1,
        equal_installments: false,
        deposit: 0,
        upfront_pct: 0,
        installment_text: '₦48,500',
      }),
    ).toBe('Nothing today, then 1 weekly payment of up to ₦48,500');
  });
});

describe('the plan the line names is the checkout’s first choice', () => {
  it.each<[string, SessionConstraints]>([
    [
      'the defaults',
      {
        allowedFrequencies: ['weekly', 'monthly'],
        maxWeeklyDuration: 12,
        maxMonthlyDuration: 6,
        minUpfrontPct: 25,
        allowedScheduleTypes: ['installment'],
      },
    ],
    [
      'weekly only, 2 weeks at most',
      {
        allowedFrequencies: ['weekly'],
        maxWeeklyDuration: 2,
        maxMonthlyDuration: 6,
        minUpfrontPct: 0,
        allowedScheduleTypes: ['installment'],
      },
    ],
    [
      'monthly, 1 month at most',
      {
        allowedFrequencies: ['monthly'],
        maxWeeklyDuration: 12,
        maxMonthlyDuration: 1,
        minUpfrontPct: 50,
        allowedScheduleTypes: ['installment'],
      },
    ],
  ])('%s', (_label, constraints) => {
    const checkout = defaultChoice({
      allowed_frequencies: constraints.allowedFrequencies,
      max_weekly_duration: constraints.maxWeeklyDuration,
      max_monthly_duration: constraints.maxMonthlyDuration,
      min_upfront_pct: constraints.minUpfrontPct,
    });
    const domain = defaultPlanChoice(constraints);
    expect(domain).toEqual({
      frequency: checkout.frequency,
      installmentCount: checkout.installment_count,
      upfrontPct: checkout.upfront_pct,
    });
  });
});
