import { describe, expect, it } from 'vitest';

import { explainIneligibility, routeForEligibility } from './flow.ts';

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
});
