import { DomainError, type FieldError } from './errors.ts';

/**
 * Merchant due diligence before live approval (decision 0074). Pure rules: what a submission must
 * hold, how it is normalised, what counts as a verified director, and what still stands between a
 * merchant and its approval.
 */

/** The 36 states and the Federal Capital Territory, as a registered address names them. */
export const NIGERIAN_STATES = [
  'Abia',
  'Adamawa',
  'Akwa Ibom',
  'Anambra',
  'Bauchi',
  'Bayelsa',
  'Benue',
  'Borno',
  'Cross River',
  'Delta',
  'Ebonyi',
  'Edo',
  'Ekiti',
  'Enugu',
  'Federal Capital Territory',
  'Gombe',
  'Imo',
  'Jigawa',
  'Kaduna',
  'Kano',
  'Katsina',
  'Kebbi',
  'Kogi',
  'Kwara',
  'Lagos',
  'Nasarawa',
  'Niger',
  'Ogun',
  'Ondo',
  'Osun',
  'Oyo',
  'Plateau',
  'Rivers',
  'Sokoto',
  'Taraba',
  'Yobe',
  'Zamfara',
] as const;
export type NigerianState = (typeof NIGERIAN_STATES)[number];

/**
 * What the identity provider said of the director: `verified` only when the BVN exists, the date
 * of birth matches it and so do the first and last names (decision 0074: unlike a customer's
 * check, no phone code follows, so the names are part of the proof).
 */
export const DIRECTOR_CHECKS = [
  'verified',
  'bvn_not_found',
  'dob_mismatch',
  'name_mismatch',
] as const;
export type DirectorCheck = (typeof DIRECTOR_CHECKS)[number];

export function directorCheckOf(
  outcome:
    { outcome: 'verified'; namesMatched: boolean } | { outcome: 'not_found' | 'dob_mismatch' },
): DirectorCheck {
  if (outcome.outcome === 'verified') return outcome.namesMatched ? 'verified' : 'name_mismatch';
  return outcome.outcome === 'not_found' ? 'bvn_not_found' : 'dob_mismatch';
}

/** Said to the merchant and the operator for each outcome. */
export const DIRECTOR_CHECK_WORDS: Record<DirectorCheck, string> = {
  verified: 'The BVN, date of birth and names match the BVN record.',
  bvn_not_found: 'No person with this BVN was found: check the number.',
  dob_mismatch: 'The date of birth does not match the one on the BVN record.',
  name_mismatch:
    'The BVN and date of birth match, but the first and last names do not: enter them exactly as on the BVN record.',
};

export interface BusinessDetailsInput {
  registeredName: string;
  registrationNumber: string;
  taxId?: string | null | undefined;
  street: string;
  city: string;
  state: string;
  directorFirstName: string;
  directorLastName: string;
}

export interface NormalisedBusinessDetails {
  registeredName: string;
  registrationNumber: string;
  taxId: string | null;
  street: string;
  city: string;
  state: NigerianState;
  directorFirstName: string;
  directorLastName: string;
}

/** `rc 123-4567` → `RC1234567`; undefined when it is no CAC number. */
export function normaliseRegistrationNumber(raw: string): string | undefined {
  const compact = raw.replace(/[\s.\-/]/g, '').toUpperCase();
  return /^(RC|BN|IT)\d{1,8}$/.test(compact) ? compact : undefined;
}

const NAME = /^[\p{L}][\p{L}'’. -]{0,59}$/u;

/**
 * The submission, trimmed and normalised, or a 400 naming every field that is wrong (`errors[]`,
 * so the form shows each beside its field).
 */
export function normaliseBusinessDetails(input: BusinessDetailsInput): NormalisedBusinessDetails {
  const errors: FieldError[] = [];
  const text = (field: string, value: string, max: number, what: string) => {
    const trimmed = value.trim().replace(/\s+/g, ' ');
    if (trimmed.length < 2 || trimmed.length > max) {
      errors.push({ field, message: `${what}: 2 to ${max} characters.` });
    }
    return trimmed;
  };
  const registeredName = text(
    'registered_name',
    input.registeredName,
    200,
    'The registered name, as on the CAC certificate',
  );
  const registrationNumber = normaliseRegistrationNumber(input.registrationNumber);
  if (!registrationNumber) {
    errors.push({
      field: 'registration_number',
      message:
        'The CAC number: RC (company), BN (business name) or IT (incorporated trustees) and its digits, e.g. RC1234567.',
    });
  }
  const rawTaxId = input.taxId?.trim().replace(/\s/g, '') ?? '';
  const taxId = rawTaxId === '' ? null : rawTaxId;
  if (taxId !== null && !/^\d{8,10}(-\d{4})?$/.test(taxId)) {
    errors.push({
      field: 'tax_id',
      message:
        'The tax identification number: 8 to 10 digits, optionally -0001; or leave it empty.',
    });
  }
  const street = text('address.street', input.street, 200, 'The street address');
  const city = text('address.city', input.city, 100, 'The city or town');
  const state = NIGERIAN_STATES.find((s) => s.toLowerCase() === input.state.trim().toLowerCase());
  if (!state) {
    errors.push({
      field: 'address.state',
      message: 'One of the 36 states or the Federal Capital Territory.',
    });
  }
  const name = (field: string, value: string, what: string) => {
    const trimmed = value.trim().replace(/\s+/g, ' ');
    if (!NAME.test(trimmed)) {
      errors.push({ field, message: `${what}: letters, as on the BVN record (60 at most).` });
    }
    return trimmed;
  };
  const directorFirstName = name('director.first_name', input.directorFirstName, 'First name');
  const directorLastName = name('director.last_name', input.directorLastName, 'Last name');
  if (errors.length > 0 || !registrationNumber || !state) {
    throw new DomainError(
      'invalid_request',
      `The business details are not complete: ${errors.map((e) => `${e.field} (${e.message})`).join('; ')}`,
      { fields: errors },
    );
  }
  return {
    registeredName,
    registrationNumber,
    taxId,
    street,
    city,
    state,
    directorFirstName,
    directorLastName,
  };
}

/** What approval reads: the submission's director check and the settlement account. */
export interface ApprovalFacts {
  details: { directorCheck: DirectorCheck } | null;
  settlementAccount: { named: boolean } | null;
}

/**
 * What still stands between the merchant and its approval, in sentences an operator and the
 * merchant can act on; empty when it may be approved.
 */
export function approvalBlockers(facts: ApprovalFacts): string[] {
  const blockers: string[] = [];
  if (!facts.details) {
    blockers.push('The merchant has not submitted its business details.');
  } else if (facts.details.directorCheck !== 'verified') {
    blockers.push(
      `The director's BVN check failed: ${DIRECTOR_CHECK_WORDS[facts.details.directorCheck]}`,
    );
  }
  if (!facts.settlementAccount) {
    blockers.push('The merchant has no settlement account.');
  } else if (!facts.settlementAccount.named) {
    blockers.push(
      "The settlement account's holder name is unconfirmed (the bank gave no answer when it was set): the merchant saves it again.",
    );
  }
  return blockers;
}
