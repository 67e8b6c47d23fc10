import { describe, expect, it } from 'vitest';

import { explainIneligibility, noOtherPlan, refusalOf, routeForEligibility } from './flow.ts';
import { shopPageOf } from './screens/back-to-shop.tsx';
import { planSummary } from './screens/plan-picker.tsx';

const refusal = {
  eligible: false,
  reason: 'credit_report' as const,
  explanation:
    'We cannot offer installments because of your credit report: it shows a loan that is overdue. The report comes from: CRC Credit Bureau (www.crccreditbureau.com).',
  customer_score: 450,
  customer_tier: 'Tranche Bronze' as const,
  required_tier: 'Tranche Bronze' as const,
};

describe('eligibility words in the checkout (decision 0047)', () => {
  it('a credit-report refusal shows the server’s words verbatim, never a limit or tier story', () => {
    const text = explainIneligibility(refusal, undefined);
    expect(text.title).toBe('Your credit report');
    expect(text.body).toBe(refusal.explanation);
    expect(`${text.title} ${text.body}`).not.toMatch(/limit|level/i);
    expect(routeForEligibility(refusal, true)).toBe('explain');
  });
  it('a missing credit check says so', () => {
    const text = explainIneligibility(
      { ...refusal, reason: 'credit_check_required', explanation: 'Allow a credit check.' },
      undefined,
    );
    expect(text.title).toBe('A credit check is needed');
    expect(text.body).toBe('Allow a credit check.');
  });
  it('a missing credit check leads to the credit check step in the checkout, not a dead end', () => {
    const missing = { ...refusal, reason: 'credit_check_required' as const };
    expect(routeForEligibility(missing, true)).toBe('credit_check');
  });
});

describe('refusals: the widget’s reason and a next step for each (decision 0050)', () => {
  const base = { ...refusal, explanation: null };
  it.each([
    ['delinquent', 'delinquent', 'pay_missed_installment'],
    ['tier_restricted', 'below_minimum_tier', 'raise_level'],
    ['insufficient_trust_tier', 'over_limit', 'free_up_limit'],
    ['credit_check_required', 'credit_check_required', 'allow_credit_check'],
    ['credit_report', 'credit_report', 'none'],
  ] as const)('%s → %s, next step %s', (reason, code, next) => {
    const eligibility = { ...base, reason };
    expect(refusalOf(eligibility)).toBe(code);
    expect(explainIneligibility(eligibility, undefined).next).toBe(next);
  });
});

describe('the shop’s page a full-page checkout came from', () => {
  const own = 'https://tranche.example';
  it('is the referrer when it is another site’s http(s) page', () => {
    expect(shopPageOf('https://shop.example/cart', own)).toBe('https://shop.example/cart');
    expect(shopPageOf('http://127.0.0.1:4000/', own)).toBe('http://127.0.0.1:4000/');
  });
  it('is unknown for our own pages, no referrer, or another scheme', () => {
    expect(shopPageOf('https://tranche.example/pay/pl_1', own)).toBeUndefined();
    expect(shopPageOf('', own)).toBeUndefined();
    expect(shopPageOf('javascript:alert(1)', own)).toBeUndefined();
  });
});

describe('the plan chosen before signing in, in words (decision 0068)', () => {
  const preview = {
    amount: 1_000_000,
    currency: 'NGN' as const,
    frequency: 'weekly' as const,
    installment_count: 3,
    upfront_pct: 25,
    deposit: { amount: 250_000, due_at: '2026-11-27T10:00:00Z' },
    installments: [
      { sequence: 1, amount: 250_000, due_at: '2026-12-04T08:00:00Z' },
      { sequence: 2, amount: 250_000, due_at: '2026-12-11T08:00:00Z' },
      { sequence: 3, amount: 250_000, due_at: '2026-12-18T08:00:00Z' },
    ],
    total: 1_000_000,
    constraints: {
      allowed_frequencies: ['weekly' as const],
      max_weekly_duration: 12,
      max_monthly_duration: 6,
      min_upfront_pct: 25,
      allowed_schedule_types: ['installment' as const],
    },
  };
  it('names the deposit and the payments, "up to" the largest when they differ', () => {
    expect(planSummary(preview)).toBe('₦2,500.00 today, then 3 weekly payments of ₦2,500.00');
    const uneven = {
      ...preview,
      installments: [
        { sequence: 1, amount: 250_001, due_at: '2026-12-04T08:00:00Z' },
        { sequence: 2, amount: 250_000, due_at: '2026-12-11T08:00:00Z' },
      ],
    };
    expect(planSummary(uneven)).toBe('₦2,500.00 today, then 2 weekly payments of up to ₦2,500.01');
  });
  it('says why another plan would not help, for the limit and for the shop’s level', () => {
    const base = { ...refusal, explanation: null };
    expect(noOtherPlan({ ...base, reason: 'insufficient_trust_tier' })).toMatch(/whole order/);
    expect(noOtherPlan({ ...base, reason: 'tier_restricted' })).toMatch(/minimum level/);
    expect(noOtherPlan({ ...base, reason: 'delinquent' })).toMatch(/every plan/);
  });
});
