/**
 * Dojah's credit answers (docs/credit-bureau-protocol.md §1–§3) read into the port's outcome.
 * Pure: no HTTP. Tolerant where the protocol sheet says the shapes vary (amounts as numbers or
 * comma-grouped strings, counts as numbers or digit strings, totals flat or per bureau, `false` for
 * "none"); anything else it cannot read is a malformed answer (`Malformed`), never a guess.
 */
import { type Bureau, BUREAUS, type CreditCheckOutcome, type ScoreBand } from '../port.ts';

export class Malformed extends Error {
  override name = 'Malformed';
}

const MAX_NAIRA = 1e12;

/** Naira as a number or a string of digits with optional thousands commas and `.dd` → kobo. */
export function nairaToKobo(value: unknown): number {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0 || value > MAX_NAIRA) {
      throw new Malformed(`amount ${value}`);
    }
    return Math.round(value * 100);
  }
  if (typeof value === 'string') {
    const text = value.trim();
    const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text);
    if (!match) throw new Malformed(`amount "${value}"`);
    const naira = Number((match[1] ?? '').replaceAll(',', ''));
    if (naira > MAX_NAIRA) throw new Malformed(`amount "${value}"`);
    const kobo = Number((match[2] ?? '').padEnd(2, '0'));
    return naira * 100 + kobo;
  }
  throw new Malformed(`amount of type ${typeof value}`);
}

/** A count as a non-negative integer or a string of digits. */
export function count(value: unknown): number {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  if (typeof value === 'string' && /^\d{1,9}$/.test(value.trim())) return Number(value.trim());
  throw new Malformed(`count ${JSON.stringify(value)}`);
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** `DD/MM/YYYY`, `DD-MMM-YYYY` or ISO 8601 → `YYYY-MM-DD`; null when absent or unreadable. */
export function parseDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  let y: number, m: number, d: number;
  let match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (match) [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{2})-([A-Za-z]{3})-(\d{4})$/.exec(text))) {
    d = Number(match[1]);
    m = MONTHS.indexOf((match[2] ?? '').toUpperCase()) + 1;
    y = Number(match[3]);
  } else if ((match = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(text))) {
    [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (
    m < 1 ||
    date.getUTCFullYear() !== y ||
    date.getUTCMonth() !== m - 1 ||
    date.getUTCDate() !== d
  ) {
    return null;
  }
  return date.toISOString().slice(0, 10);
}

/** Our bands over a 300–850 bureau score (decision 0047). */
export function scoreBand(score: number | null): ScoreBand {
  if (score === null) return 'none';
  if (score >= 700) return 'good';
  if (score >= 600) return 'fair';
  return 'poor';
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `false`, `null`, `[]`, a missing key: none. */
const isNone = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === false ||
  (Array.isArray(value) && value.length === 0);

/**
 * The values of one field across bureaus: `[{source, value}]` per bureau, or one flat value (read
 * as one bureau, `unknown`). Empty when the field says "none".
 */
export function perBureau(field: unknown): unknown[] {
  if (isNone(field)) return [];
  if (Array.isArray(field)) {
    return field.map((item) => {
      if (!isObject(item) || !('value' in item)) {
        throw new Malformed('per-bureau item without value');
      }
      return item.value;
    });
  }
  return [field];
}

const BUREAU_KEYS: Record<string, Bureau> = {
  crc: 'crc',
  firstCentral: 'first_central',
  creditRegistry: 'credit_registry',
};

/** What one GET answered, as the adapter saw it on the wire. */
export type WireAnswer =
  { kind: 'ok'; body: unknown } | { kind: 'no_record' } | { kind: 'unavailable'; why: string };

export interface FicoReading {
  score: number | null;
  reasons: string | null;
  delinquentFacilities: number;
  hasLoans: boolean;
  customerId: string | null;
  reportOrderNumber: string | null;
  lastReportedOn: string | null;
  dateOfBirth: string | null;
}

/** §2. Throws Malformed when the body is not the documented shape. */
export function readFicoScore(body: unknown): FicoReading {
  if (!isObject(body) || !isObject(body.entity) || !isObject(body.entity.score)) {
    throw new Malformed('fico_score: no entity.score');
  }
  const entity = body.entity;
  const score = body.entity.score;
  const fico = score.ficoScore;
  let value: number | null = null;
  let reasons: string | null = null;
  if (isObject(fico)) {
    if (typeof fico.score === 'number' && Number.isInteger(fico.score)) value = fico.score;
    else if (fico.score !== undefined && fico.score !== null) value = count(fico.score);
    if (typeof fico.reasons === 'string' && fico.reasons.trim() !== '') {
      reasons = fico.reasons.trim();
    }
  }
  if (value !== null && (value < 300 || value > 900)) throw new Malformed(`fico score ${value}`);
  return {
    score: value,
    reasons,
    delinquentFacilities: isNone(score.totalNoOfDelinquentFacilities)
      ? 0
      : count(score.totalNoOfDelinquentFacilities),
    hasLoans: typeof score.hasLoans === 'string' && score.hasLoans.toUpperCase() === 'YES',
    customerId: typeof entity.customer_id === 'string' ? entity.customer_id : null,
    reportOrderNumber:
      typeof score.crcReportOrderNumber === 'string' ? score.crcReportOrderNumber : null,
    lastReportedOn: parseDate(score.lastReportedDate),
    dateOfBirth: parseDate(entity.dateOfBirth),
  };
}

export interface BureauReading {
  bureausAnswered: Bureau[];
  /** Whether any bureau gave loan totals at all (none: a thin file). */
  hasTotals: boolean;
  openLoans: number;
  delinquentFacilities: number;
  maxDaysOverdue: number;
  totalOverdueKobo: number;
  totalOutstandingKobo: number;
  enquiriesLast3Months: number;
  lastReportedOn: string | null;
  reference: string | null;
  dateOfBirth: string | null;
}

/** §1. Throws Malformed when the body is not the documented shape. */
export function readCreditBureau(body: unknown): BureauReading {
  if (!isObject(body) || !isObject(body.entity) || !isObject(body.entity.score)) {
    throw new Malformed('credit_bureau: no entity.score');
  }
  const entity = body.entity;
  const score = body.entity.score;
  let bureausAnswered: Bureau[] = [];
  if (isObject(score.bureauStatus)) {
    for (const [key, status] of Object.entries(score.bureauStatus)) {
      const bureau = BUREAU_KEYS[key];
      if (bureau && typeof status === 'string' && status.toLowerCase() === 'success') {
        bureausAnswered.push(bureau);
      }
    }
  } else if (score.bureauStatus !== undefined) {
    throw new Malformed('credit_bureau: bureauStatus is not an object');
  } else {
    bureausAnswered = [];
  }
  const max = (key: string, read: (value: unknown) => number) =>
    perBureau(score[key]).reduce<number>((m, v) => (isNone(v) ? m : Math.max(m, read(v))), 0);
  const totalsKeys = ['totalNoOfLoans', 'totalNoOfActiveLoans', 'totalNoOfDelinquentFacilities'];
  const hasTotals = totalsKeys.some((key) => perBureau(score[key]).some((v) => !isNone(v)));
  const enquiries = perBureau(score.creditEnquiriesSummary).reduce<number>((m, v) => {
    if (!isObject(v) || isNone(v.Last3MonthCount)) return m;
    return Math.max(m, count(v.Last3MonthCount));
  }, 0);
  const reported = perBureau(score.lastReportedDate)
    .map(parseDate)
    .filter((d): d is string => d !== null)
    .sort();
  const references = perBureau(score.crcReportOrderNumber).filter(
    (v): v is string => typeof v === 'string',
  );
  return {
    bureausAnswered: bureausAnswered.sort((a, b) => BUREAUS.indexOf(a) - BUREAUS.indexOf(b)),
    hasTotals,
    openLoans: max('totalNoOfActiveLoans', count),
    delinquentFacilities: max('totalNoOfDelinquentFacilities', count),
    maxDaysOverdue: max('maxNoOfDays', count),
    totalOverdueKobo: max('totalOverdue', nairaToKobo),
    totalOutstandingKobo: max('totalOutstanding', nairaToKobo),
    enquiriesLast3Months: enquiries,
    lastReportedOn: reported.at(-1) ?? null,
    reference: references[0] ?? null,
    dateOfBirth: parseDate(entity.dateOfBirth),
  };
}

/**
 * §7: the outcome of both calls. `credit_bureau` decides whether there is a usable report (the
 * loan counts are what the first limit needs); `fico_score` adds the score when it answered.
 * Returns `{ unavailable }` for "no usable answer" rather than throwing, so the rules stay
 * testable without errors.
 */
export function combine(
  fico: WireAnswer,
  bureau: WireAnswer,
  expectedDateOfBirth: string,
): CreditCheckOutcome | { unavailable: string } {
  if (bureau.kind === 'unavailable') return { unavailable: `credit_bureau: ${bureau.why}` };
  if (bureau.kind === 'no_record') return { outcome: 'no_record' };
  let b: BureauReading;
  try {
    b = readCreditBureau(bureau.body);
  } catch (error) {
    return { unavailable: `credit_bureau: malformed (${(error as Error).message})` };
  }
  let f: FicoReading | null = null;
  if (fico.kind === 'ok') {
    try {
      f = readFicoScore(fico.body);
    } catch {
      f = null; // §7: a failed score call leaves a report without a score.
    }
  }
  if (b.bureausAnswered.length === 0) return { unavailable: 'credit_bureau: no bureau answered' };
  for (const dob of [b.dateOfBirth, f?.dateOfBirth ?? null]) {
    if (dob !== null && dob !== expectedDateOfBirth) return { outcome: 'subject_mismatch' };
  }
  if (!b.hasTotals && !(f?.hasLoans ?? false)) return { outcome: 'no_record' };
  const score = f?.score ?? null;
  const reference = f?.customerId ?? f?.reportOrderNumber ?? b.reference;
  const dates = [b.lastReportedOn, f?.lastReportedOn ?? null].filter(
    (d): d is string => d !== null,
  );
  return {
    outcome: 'report',
    providerReference: reference ?? 'unknown',
    bureausAnswered: b.bureausAnswered,
    score,
    scoreBand: scoreBand(score),
    scoreReasons: f?.reasons ?? null,
    openLoans: b.openLoans,
    delinquentFacilities: Math.max(b.delinquentFacilities, f?.delinquentFacilities ?? 0),
    maxDaysOverdue: b.maxDaysOverdue,
    totalOverdueKobo: b.totalOverdueKobo,
    totalOutstandingKobo: b.totalOutstandingKobo,
    enquiriesLast3Months: b.enquiriesLast3Months,
    lastReportedOn: dates.sort().at(-1) ?? null,
  };
}

/** §3: how an HTTP status and body read before the body is parsed. */
export function classifyStatus(
  status: number,
  body: unknown,
): WireAnswer | { kind: 'refused'; why: string } {
  if (status === 200) return { kind: 'ok', body };
  if (status === 404) return { kind: 'no_record' };
  if (status === 400) {
    const message = isObject(body) && typeof body.error === 'string' ? body.error : '';
    if (/no credit|not found|no record/i.test(message)) return { kind: 'no_record' };
    return { kind: 'unavailable', why: `400 ${message}` };
  }
  if ([401, 402, 403, 405].includes(status)) return { kind: 'refused', why: `HTTP ${status}` };
  return { kind: 'unavailable', why: `HTTP ${status}` };
}
