import { describe, expect, it } from 'vitest';

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
