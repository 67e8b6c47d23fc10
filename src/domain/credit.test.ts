import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  BUREAU_CONTACTS,
  type BureauName,
  CREDIT_RULES,
  type CreditReportFacts,
  type CreditStanding,
  creditVerdict,
  type ScoreBand,
} from './credit.ts';
import { CUSTOMER_TIERS } from './merchant.ts';
import {
  decideEligibility,
  type EligibilityInput,
  spendingLimitKobo,
  type TrustFacts,
  trustScore,
} from './trust.ts';

const BANDS: readonly ScoreBand[] = ['good', 'fair', 'none', 'poor']; // best first
const bandRank = (band: ScoreBand) => BANDS.indexOf(band);

const facts = fc.record<CreditReportFacts>({
  bureausAnswered: fc.subarray<BureauName>(['crc', 'first_central', 'credit_registry'], {
    minLength: 1,
  }),
  scoreBand: fc.constantFrom(...BANDS),
  scoreReasons: fc.option(
    fc.string({ minLength: 1, maxLength: 80 }).filter((s) => s.trim() === s && s !== ''),
    { nil: null },
  ),
  openLoans: fc.oneof(fc.integer({ min: 2, max: 5 }), fc.nat({ max: 20 })),
  // Biased towards the boundaries the rules draw (0 delinquent, 30/31 days, 4 loans, 6 enquiries).
  delinquentFacilities: fc.oneof(fc.constant(0), fc.nat({ max: 5 })),
  maxDaysOverdue: fc.oneof(fc.constant(0), fc.integer({ min: 25, max: 35 }), fc.nat({ max: 400 })),
  enquiriesLast3Months: fc.nat({ max: 20 }),
});
const standing: fc.Arbitrary<CreditStanding> = fc.oneof(
  fc.constant({ kind: 'none' as const }),
  fc.constant({ kind: 'no_record' as const }),
  fc.constant({ kind: 'subject_mismatch' as const }),
  facts.map((f) => ({ kind: 'report' as const, facts: f })),
);
const history = fc.record({
  onTimeInstallments: fc.nat({ max: 80 }),
  missedInstallments: fc.nat({ max: 5 }),
  completedPlans: fc.nat({ max: 15 }),
  defaultedPlans: fc.nat({ max: 2 }),
});
const newcomer: TrustFacts = {
  identityVerified: true,
  onTimeInstallments: 0,
  missedInstallments: 0,
  completedPlans: 0,
  defaultedPlans: 0,
};

/** An otherwise eligible customer: verified, not delinquent, a payment method, Bronze merchant. */
function decide(
  credit: CreditStanding,
  extra: Partial<EligibilityInput> & { facts?: TrustFacts } = {},
) {
  const f = { ...(extra.facts ?? newcomer), credit };
  return decideEligibility({
    identityVerified: true,
    score: trustScore(f),
    delinquent: false,
    hasPaymentMethod: true,
    requiredTier: 'Tranche Bronze',
    openBalanceKobo: 0,
    amountKobo: 100_000,
    credit,
    ...extra,
  });
}

/** `worse` is at least as bad as `better` on every fact the rules read. */
const worsen = (better: CreditReportFacts) =>
  fc
    .record({
      delinquent: fc.nat({ max: 3 }),
      days: fc.nat({ max: 100 }),
      loans: fc.nat({ max: 5 }),
      enquiries: fc.nat({ max: 5 }),
      band: fc.constantFrom(...BANDS.slice(bandRank(better.scoreBand))),
    })
    .map((d): CreditReportFacts => ({
      ...better,
      delinquentFacilities: better.delinquentFacilities + d.delinquent,
      maxDaysOverdue: better.maxDaysOverdue + d.days,
      openLoans: better.openLoans + d.loans,
      enquiriesLast3Months: better.enquiriesLast3Months + d.enquiries,
      scoreBand: d.band,
    }));

describe('credit rules (decision 0047)', () => {
  it('a delinquent facility, 31+ days overdue, a poor score or someone else’s report refuses with credit_report, whatever the Tranche history', () => {
    fc.assert(
      fc.property(standing, history, (credit, h) => {
        const f = { ...newcomer, ...h };
        const e = decide(credit, { facts: f, openBalanceKobo: 0 });
        const refused =
          credit.kind === 'subject_mismatch' ||
          (credit.kind === 'report' &&
            (credit.facts.delinquentFacilities > 0 ||
              credit.facts.maxDaysOverdue > 30 ||
              credit.facts.scoreBand === 'poor'));
        expect(e.reason === 'credit_report').toBe(refused);
        if (refused) expect(e.eligible).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });

  it('a refusal names the credit report, each bureau it came from with its contact, and the bureau’s reasons verbatim', () => {
    fc.assert(
      fc.property(standing, (credit) => {
        const e = decide(credit);
        if (e.reason !== 'credit_report') return;
        expect(e.explanation).toContain('credit report');
        const bureaus: readonly BureauName[] =
          credit.kind === 'report'
            ? credit.facts.bureausAnswered
            : ['crc', 'first_central', 'credit_registry'];
        for (const b of bureaus) {
          expect(e.explanation).toContain(BUREAU_CONTACTS[b].name);
          expect(e.explanation).toContain(BUREAU_CONTACTS[b].contact);
        }
        if (credit.kind === 'report' && credit.facts.scoreReasons !== null) {
          expect(e.explanation).toContain(`"${credit.facts.scoreReasons}"`);
        }
      }),
    );
  });

  it('other reasons name the report only when it really capped the limit', () => {
    fc.assert(
      fc.property(standing, fc.nat({ max: 200_000_000 }), (credit, amount) => {
        const e = decide(credit, { amountKobo: amount });
        if (e.reason === 'credit_report' || !(e.explanation ?? '').includes('credit report')) {
          return;
        }
        expect(e.reason).toBe('insufficient_trust_tier');
        expect(creditVerdict(credit)?.kind).toBe('heavy');
        expect(amount).toBeGreaterThan(CREDIT_RULES.heavyLimitCapKobo);
      }),
      { numRuns: 1000 },
    );
  });

  it('a worse report never raises the score or the limit, and never turns a refusal into an acceptance', () => {
    fc.assert(
      fc.property(
        facts.chain((better) => fc.tuple(fc.constant(better), worsen(better))),
        history,
        fc.nat({ max: 100_000_000 }),
        ([better, worse], h, amount) => {
          const f = { ...newcomer, ...h };
          const good = decide({ kind: 'report', facts: better }, { facts: f, amountKobo: amount });
          const bad = decide({ kind: 'report', facts: worse }, { facts: f, amountKobo: amount });
          expect(bad.customerScore).toBeLessThanOrEqual(good.customerScore);
          expect(bad.spendingLimitKobo).toBeLessThanOrEqual(good.spendingLimitKobo);
          if (!good.eligible) expect(bad.eligible).toBe(false);
        },
      ),
    );
  });

  it('a thin file scores as no check at all: a newcomer starts at the lowest tier’s limit', () => {
    fc.assert(
      fc.property(history, (h) => {
        const f = { ...newcomer, ...h };
        expect(trustScore({ ...f, credit: { kind: 'no_record' } })).toBe(trustScore(f));
      }),
    );
    const e = decide({ kind: 'no_record' });
    expect(e.customerTier).toBe('Tranche Bronze');
    expect(e.spendingLimitKobo).toBe(spendingLimitKobo('Tranche Bronze'));
  });

  it('a clean report with a good score gives a newcomer a higher first limit than a thin file; fair adds less', () => {
    const clean = (scoreBand: ScoreBand): CreditStanding => ({
      kind: 'report',
      facts: {
        bureausAnswered: ['crc'],
        scoreBand,
        scoreReasons: null,
        openLoans: 1,
        delinquentFacilities: 0,
        maxDaysOverdue: 0,
        enquiriesLast3Months: 1,
      },
    });
    const thin = decide({ kind: 'no_record' });
    const good = decide(clean('good'));
    const fair = decide(clean('fair'));
    expect(good.customerTier).toBe('Tranche Silver');
    expect(good.spendingLimitKobo).toBeGreaterThan(thin.spendingLimitKobo);
    expect(fair.customerScore).toBeGreaterThan(thin.customerScore);
    expect(fair.customerScore).toBeLessThan(good.customerScore);
  });

  it('heavy open loans cap the limit whatever the tier, and add nothing to the score', () => {
    fc.assert(
      fc.property(facts, history, (f, h) => {
        const credit: CreditStanding = { kind: 'report', facts: f };
        if (creditVerdict(credit)?.kind !== 'heavy') return;
        const e = decide(credit, { facts: { ...newcomer, ...h } });
        expect(e.spendingLimitKobo).toBeLessThanOrEqual(CREDIT_RULES.heavyLimitCapKobo);
        expect(trustScore({ ...newcomer, ...h, credit })).toBe(trustScore({ ...newcomer, ...h }));
      }),
    );
  });

  it('the score stays within 0…1000 and a report moves it by at most its best points', () => {
    fc.assert(
      fc.property(standing, history, fc.boolean(), (credit, h, verified) => {
        const f = { ...newcomer, ...h, identityVerified: verified };
        const withCredit = trustScore({ ...f, credit });
        expect(withCredit).toBeGreaterThanOrEqual(0);
        expect(withCredit).toBeLessThanOrEqual(1000);
        expect(withCredit - trustScore(f)).toBeGreaterThanOrEqual(0);
        expect(withCredit - trustScore(f)).toBeLessThanOrEqual(CREDIT_RULES.points.good);
      }),
    );
  });

  it('a required check missing is credit_check_required; any stored outcome satisfies the requirement', () => {
    fc.assert(
      fc.property(standing, (credit) => {
        const e = decide(credit, { creditCheckRequired: true });
        expect(e.reason === 'credit_check_required').toBe(credit.kind === 'none');
        expect(decide(credit, { creditCheckRequired: false }).reason).not.toBe(
          'credit_check_required',
        );
      }),
    );
  });

  it('precedence: Tranche delinquency and an unverified identity come before the report', () => {
    fc.assert(
      fc.property(standing, (credit) => {
        expect(decide(credit, { delinquent: true, creditCheckRequired: true }).reason).toBe(
          'delinquent',
        );
        expect(decide(credit, { identityVerified: false, creditCheckRequired: true }).reason).toBe(
          'insufficient_trust_tier',
        );
      }),
    );
  });

  it('tier order is unchanged by credit: every tier still has its own limit', () => {
    expect(CUSTOMER_TIERS.map(spendingLimitKobo)).toEqual([
      5_000_000, 15_000_000, 40_000_000, 100_000_000,
    ]);
  });
});
