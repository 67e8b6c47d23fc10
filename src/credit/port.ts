/**
 * What Tranche needs from a credit bureau (docs/credit-bureau-protocol.md §7): a summary of a
 * person's credit report, looked up by BVN, under the customer's consent. Like the identity port
 * (identity/port.ts), providers keep their wire formats to themselves; callers see these outcomes
 * only. A provider that gives no usable answer (down, slow, malformed, refused our credentials)
 * throws `CreditBureauUnavailable`: the customer is told to try again, nothing is recorded, and it
 * is never a refusal.
 */
export interface CreditCheck {
  /** 11 digits, already verified by the identity port. */
  bvn: string;
  /** YYYY-MM-DD: a report about someone born on another day is not this customer's (§3). */
  dateOfBirth: string;
  /** The customer's `credit_report` consent (§6): no call is made without one. */
  consentReference: string;
}

export const BUREAUS = ['crc', 'first_central', 'credit_registry'] as const;
export type Bureau = (typeof BUREAUS)[number];

/** Our bands over the bureau score (decision 0047): good ≥ 700, fair 600–699, poor < 600. */
export type ScoreBand = 'good' | 'fair' | 'poor' | 'none';

/** The summary Tranche keeps; never the raw report (§5). Amounts in kobo. */
export interface CreditReportSummary {
  providerReference: string;
  bureausAnswered: Bureau[];
  /** The bureau score (CRC FICO, 300–850); null when none was given. */
  score: number | null;
  scoreBand: ScoreBand;
  /** The bureau's own words for the score, shown verbatim to a customer refused on it. */
  scoreReasons: string | null;
  /** Counts combine bureaus with max, not sum: one loan is often reported to all three. */
  openLoans: number;
  delinquentFacilities: number;
  maxDaysOverdue: number;
  totalOverdueKobo: number;
  totalOutstandingKobo: number;
  enquiriesLast3Months: number;
  /** YYYY-MM-DD. */
  lastReportedOn: string | null;
}

export type CreditCheckOutcome =
  | ({ outcome: 'report' } & CreditReportSummary)
  /** No bureau holds a history for this BVN: a thin file, a normal answer. */
  | { outcome: 'no_record' }
  /** The report found is about someone born on another day (wrong data, or a wrong date given). */
  | { outcome: 'subject_mismatch' };

export interface CreditBureau {
  /** Stored with each check. `sandbox` checks count for sandbox (test-mode) sessions only. */
  readonly name: string;
  checkCredit(input: CreditCheck): Promise<CreditCheckOutcome>;
}

export class CreditBureauUnavailable extends Error {
  override name = 'CreditBureauUnavailable';
  /**
   * True when the provider refused us rather than failed (401/402/403/405: a wrong key, an
   * empty wallet): an operator must act, retrying will not help.
   */
  readonly operatorAlert: boolean;
  constructor(message: string, options: { operatorAlert?: boolean; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.operatorAlert = options.operatorAlert ?? false;
  }
}

/** The provider name of checks made against the shipped simulator. */
export const SANDBOX_CREDIT_BUREAU_NAME = 'sandbox';
