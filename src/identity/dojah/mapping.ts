/**
 * Dojah's answers (docs/identity-protocol.md §1–§5) mapped to the identity port's outcomes, as
 * pure functions of (HTTP status, body text) so every branch is unit-tested without a network.
 * The rule throughout: only an answer we fully understand becomes `not_found` or `dob_mismatch`;
 * anything else (an error status, a body that is not JSON, a missing field, a date we cannot
 * read) is `IdentityProviderUnavailable`, never a wrong "mismatch".
 */
import { IdentityProviderUnavailable } from '../port.ts';

export interface WireAnswer {
  status: number;
  body: string;
  /** Dojah's per-call id (`x-moesif-transaction-id`), for the log; not always present. */
  transactionId?: string | undefined;
}

/** §1 validate, the part the adapter acts on. */
export type ValidateResult =
  { kind: 'matched'; namesMatched: boolean } | { kind: 'not_found' } | { kind: 'dob_mismatch' };

/** §2 lookup, reduced to what the decision needs; the rest of the record is dropped here. */
export interface LookupResult {
  reference: string;
  phone: string | null;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function describe(what: string, answer: WireAnswer): string {
  const id = answer.transactionId ? ` (x-moesif-transaction-id ${answer.transactionId})` : '';
  return `Dojah ${what}${id}`;
}

function parseJson(what: string, answer: WireAnswer): unknown {
  try {
    return JSON.parse(answer.body) as unknown;
  } catch {
    throw new IdentityProviderUnavailable(
      describe(`${what}: HTTP ${answer.status} with a body that is not JSON`, answer),
    );
  }
}

/** The `error` string of an error envelope, when there is one (§0). */
function errorMessage(answer: WireAnswer): string | undefined {
  try {
    const body = JSON.parse(answer.body) as unknown;
    return isObject(body) && typeof body.error === 'string' ? body.error : undefined;
  } catch {
    return undefined;
  }
}

/** §5: every status other than 2xx that is not a documented "not found". */
export function unavailableFor(what: string, answer: WireAnswer): IdentityProviderUnavailable {
  const needsOperator = [401, 402, 403, 405].includes(answer.status);
  const error = errorMessage(answer);
  const reason = needsOperator
    ? ' (credentials, app or wallet balance: an operator must act)'
    : answer.status === 400
      ? ' (a request Dojah refused: our bug)'
      : '';
  return new IdentityProviderUnavailable(
    describe(
      `${what}: HTTP ${answer.status}${error ? ` "${error.slice(0, 200)}"` : ''}${reason}`,
      answer,
    ),
    { needsOperator },
  );
}

/** §1: 404, or 400 whose error says "not found" (D3a: `{"error": "BVN not found"}`). */
function isNotFound(answer: WireAnswer): boolean {
  if (answer.status === 404) return true;
  return answer.status === 400 && /not found/i.test(errorMessage(answer) ?? '');
}

function entityOf(what: string, answer: WireAnswer): Json {
  const body = parseJson(what, answer);
  if (!isObject(body) || !isObject(body.entity)) {
    throw new IdentityProviderUnavailable(
      describe(`${what}: 200 without an entity object`, answer),
    );
  }
  return body.entity;
}

function flag(value: unknown): boolean | undefined {
  return isObject(value) && typeof value.status === 'boolean' ? value.status : undefined;
}

/** §1 GET /api/v1/kyc/bvn. */
export function mapValidate(answer: WireAnswer): ValidateResult {
  const what = 'BVN validate';
  if (isNotFound(answer)) return { kind: 'not_found' };
  if (answer.status < 200 || answer.status > 299) throw unavailableFor(what, answer);
  const entity = entityOf(what, answer);
  const bvnValid = flag(entity.bvn);
  if (bvnValid === false) return { kind: 'not_found' };
  const dobMatched = flag(entity.date_of_birth);
  if (bvnValid === undefined || dobMatched === undefined) {
    throw new IdentityProviderUnavailable(
      describe(`${what}: 200 without bvn.status or date_of_birth.status`, answer),
    );
  }
  if (!dobMatched) return { kind: 'dob_mismatch' };
  return {
    kind: 'matched',
    namesMatched: flag(entity.first_name) === true && flag(entity.last_name) === true,
  };
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/**
 * §2's date formats: `DD-Mon-YYYY`, `DD-Month-YYYY` and `YYYY-MM-DD`; null for anything else or
 * a date that does not exist (`31-Feb-1990`).
 */
export function parseRecordDate(text: string): string | null {
  let year: number;
  let month: number;
  let day: number;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const named = /^(\d{1,2})-([A-Za-z]{3,9})-(\d{4})$/.exec(text);
  if (iso) {
    [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  } else if (named) {
    const name = (named[2] ?? '').toLowerCase();
    const index = MONTHS.findIndex((m) =>
      name.length === 3 ? m.slice(0, 3) === name : m === name,
    );
    if (index < 0) return null;
    [year, month, day] = [Number(named[3]), index + 1, Number(named[1])];
  } else {
    return null;
  }
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    return null;
  }
  return date.toISOString().slice(0, 10);
}

/**
 * §2: a Nigerian phone in the forms seen on BVN records, as +234 and ten digits; null for an
 * empty field; undefined for something that is not a phone (a malformed answer).
 */
export function normalizePhone(value: unknown): string | null | undefined {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') return undefined;
  const digits = value.replace(/[\s-]/g, '');
  const local = /^0(\d{10})$/.exec(digits);
  if (local) return `+234${local[1]}`;
  const international = /^\+?234(\d{10})$/.exec(digits);
  if (international) return `+234${international[1]}`;
  return undefined;
}

/** +234XXXXXXXXXX → 0XXXXXXXXXX, the form §3's sample uses for `destination`. */
export function localPhone(phone: string): string {
  return phone.startsWith('+234') ? `0${phone.slice(4)}` : phone;
}

/**
 * §2 GET /api/v1/kyc/bvn/full, after §1 matched: the reference and the phone; the record's date
 * must be readable and be the date §1 matched. Everything else in the record is dropped here.
 */
export function mapLookup(answer: WireAnswer, dateOfBirth: string): LookupResult {
  const what = 'BVN lookup';
  if (answer.status < 200 || answer.status > 299) throw unavailableFor(what, answer);
  const entity = entityOf(what, answer);
  const reference = entity.reference;
  if (typeof reference !== 'string' || reference === '') {
    throw new IdentityProviderUnavailable(describe(`${what}: 200 without a reference`, answer));
  }
  const recordDate =
    typeof entity.date_of_birth === 'string' ? parseRecordDate(entity.date_of_birth) : null;
  if (recordDate === null) {
    throw new IdentityProviderUnavailable(
      describe(`${what}: date_of_birth missing or in an unknown format`, answer),
    );
  }
  if (recordDate !== dateOfBirth) {
    throw new IdentityProviderUnavailable(
      describe(`${what}: the record's date of birth differs from the one validate matched`, answer),
    );
  }
  const first = normalizePhone(entity.phone_number1);
  const second = normalizePhone(entity.phone_number2);
  if (first === undefined || second === undefined) {
    throw new IdentityProviderUnavailable(describe(`${what}: a phone that is not a phone`, answer));
  }
  return { reference, phone: first ?? second };
}

/** §3 POST /api/v1/messaging/otp: the `reference_id` of the one destination. */
export function mapSendCode(answer: WireAnswer): { codeReference: string } {
  const what = 'OTP send';
  if (answer.status < 200 || answer.status > 299) throw unavailableFor(what, answer);
  const body = parseJson(what, answer);
  const first = isObject(body) && Array.isArray(body.entity) ? (body.entity[0] as unknown) : null;
  if (!isObject(first) || typeof first.reference_id !== 'string' || first.reference_id === '') {
    throw new IdentityProviderUnavailable(describe(`${what}: 200 without a reference_id`, answer));
  }
  return { codeReference: first.reference_id };
}

/**
 * §4 GET /api/v1/messaging/otp/validate: only `valid === true` is accepted; `valid === false`
 * and a 400 or 404 (unknown or used reference) are rejected; anything else is unavailable (the
 * customer may retry the same code).
 */
export function mapCheckCode(answer: WireAnswer): 'accepted' | 'rejected' {
  const what = 'OTP validate';
  if (answer.status === 400 || answer.status === 404) return 'rejected';
  if (answer.status < 200 || answer.status > 299) throw unavailableFor(what, answer);
  const entity = entityOf(what, answer);
  if (entity.valid === true) return 'accepted';
  if (entity.valid === false) return 'rejected';
  throw new IdentityProviderUnavailable(describe(`${what}: 200 without entity.valid`, answer));
}
