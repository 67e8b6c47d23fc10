import type { Kobo } from './money.ts';

/**
 * What a credit bureau report does to the trust score, the first limit and eligibility
 * (decision 0047). Pure: the facts come from the summary the credit port returned and
 * features/credit stored (never the raw report).
 */

export type ScoreBand = 'good' | 'fair' | 'poor' | 'none';
export type BureauName = 'crc' | 'first_central' | 'credit_registry';

/** The part of a stored summary the rules read. */
export interface CreditReportFacts {
  bureausAnswered: readonly BureauName[];
  scoreBand: ScoreBand;
  scoreReasons: string | null;
  openLoans: number;
  delinquentFacilities: number;
  maxDaysOverdue: number;
  enquiriesLast3Months: number;
}

/** The customer's credit standing for one mode, from their latest check still valid. */
export type CreditStanding =
  /** No valid check: never checked, expired, or (live mode) only a sandbox check. */
  | { kind: 'none' }
  /** The bureaus hold no history for this BVN. */
  | { kind: 'no_record' }
  /** The report under this BVN names someone born on another day. */
  | { kind: 'subject_mismatch' }
  | { kind: 'report'; facts: CreditReportFacts };

export const CREDIT_RULES = {
  /** A check stays valid this long; then it must be run again (with the consent still held). */
  validityDays: 90,
  /** A customer may ask for a fresh check this long after the last (after a correction). */
  recheckAfterDays: 30,
  /** A check's row (summary and consent) is deleted this long after it expired. */
  retentionDaysAfterExpiry: 365,
  /** Refused: any delinquent facility, or any facility this many days overdue or more. */
  refuseDelinquentFacilities: 1,
  refuseDaysOverdue: 31,
  /** Heavy open loans: this many open loans, or this many enquiries in 3 months (stacking). */
  heavyOpenLoans: 4,
  heavyEnquiriesLast3Months: 6,
  /** The most a heavily borrowed customer may owe us, whatever their tier. */
  heavyLimitCapKobo: 2_000_000,
  /** Points added to the trust score. */
  points: { good: 100, fair: 25, poor: 0, none: 0, noRecord: 0, heavy: 0 },
} as const;

export type CreditVerdict =
  | { kind: 'refused'; why: 'delinquent' | 'poor_score' | 'subject_mismatch' }
  | { kind: 'heavy' }
  | { kind: 'fine' };

export function creditVerdict(standing: CreditStanding): CreditVerdict | null {
  if (standing.kind === 'none' || standing.kind === 'no_record') return null;
  if (standing.kind === 'subject_mismatch') return { kind: 'refused', why: 'subject_mismatch' };
  const f = standing.facts;
  const r = CREDIT_RULES;
  if (
    f.delinquentFacilities >= r.refuseDelinquentFacilities ||
    f.maxDaysOverdue >= r.refuseDaysOverdue
  ) {
    return { kind: 'refused', why: 'delinquent' };
  }
  if (f.scoreBand === 'poor') return { kind: 'refused', why: 'poor_score' };
  if (f.openLoans >= r.heavyOpenLoans || f.enquiriesLast3Months >= r.heavyEnquiriesLast3Months) {
    return { kind: 'heavy' };
  }
  return { kind: 'fine' };
}

/** What the report adds to the trust score (0 when there is none, a thin file or a refusal). */
export function creditPoints(standing: CreditStanding): number {
  const verdict = creditVerdict(standing);
  if (verdict === null || verdict.kind === 'refused' || standing.kind !== 'report') return 0;
  if (verdict.kind === 'heavy') return CREDIT_RULES.points.heavy;
  return CREDIT_RULES.points[standing.facts.scoreBand];
}

/** A cap on the spending limit the report imposes (0 when it refuses), or null. */
export function creditLimitCapKobo(standing: CreditStanding): Kobo | null {
  const verdict = creditVerdict(standing);
  if (verdict?.kind === 'refused') return 0;
  return verdict?.kind === 'heavy' ? CREDIT_RULES.heavyLimitCapKobo : null;
}

/** Who to ask about a report, as each bureau publishes it (decision 0047 lists the sources). */
export const BUREAU_CONTACTS: Record<BureauName, { name: string; contact: string }> = {
  crc: { name: 'CRC Credit Bureau', contact: 'www.crccreditbureau.com' },
  first_central: {
    name: 'FirstCentral Credit Bureau',
    contact: 'www.firstcentralcreditbureau.com',
  },
  credit_registry: { name: 'CreditRegistry', contact: 'www.creditregistry.com' },
};

const ALL_BUREAUS: readonly BureauName[] = ['crc', 'first_central', 'credit_registry'];

/**
 * The words a refused customer reads: that a credit report was the reason, the bureaus it came
 * from and how to reach them, the bureau's own reasons verbatim, and when a new check is possible.
 */
export function creditRefusalExplanation(standing: CreditStanding): string | null {
  const verdict = creditVerdict(standing);
  if (verdict?.kind !== 'refused') return null;
  const bureaus =
    standing.kind === 'report' && standing.facts.bureausAnswered.length > 0
      ? standing.facts.bureausAnswered
      : ALL_BUREAUS;
  const whom = bureaus
    .map((b) => `${BUREAU_CONTACTS[b].name} (${BUREAU_CONTACTS[b].contact})`)
    .join(', ');
  const after = `You can ask them for your report and for anything wrong in it to be corrected; we can check again ${CREDIT_RULES.recheckAfterDays} days after this check.`;
  if (verdict.why === 'subject_mismatch') {
    return `We cannot offer installments because the credit report held under your BVN gives a different date of birth from yours, so we could not use it. The report comes from: ${whom}. ${after}`;
  }
  const what =
    verdict.why === 'delinquent'
      ? 'it shows a loan that is overdue'
      : 'its credit score is below what we accept';
  const reasons =
    standing.kind === 'report' && standing.facts.scoreReasons !== null
      ? ` The bureau's reasons: "${standing.facts.scoreReasons}"`
      : '';
  return `We cannot offer installments because of your credit report: ${what}.${reasons} The report comes from: ${whom}. ${after}`;
}
