import { DomainError } from './errors.ts';

/**
 * Identity verification inputs (decision 0010). A BVN (Bank Verification Number) is 11 digits;
 * the date of birth is a calendar date `YYYY-MM-DD`. The raw BVN is never stored: only a keyed
 * digest (one BVN, one account) and its last 4 digits.
 */
export const BVN_PATTERN = /^\d{11}$/;

export function assertBvnWellFormed(bvn: string): void {
  if (!BVN_PATTERN.test(bvn)) {
    throw new DomainError('bvn_malformed', 'bvn must be exactly 11 digits.');
  }
}

export function assertDateOfBirth(dateOfBirth: string, now: Date): void {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  const date = match ? new Date(`${dateOfBirth}T00:00:00Z`) : null;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== dateOfBirth) {
    throw new DomainError('invalid_request', 'date_of_birth must be a date, YYYY-MM-DD.');
  }
  if (date > now || date.getUTCFullYear() < 1900) {
    throw new DomainError('invalid_request', 'date_of_birth is not a plausible date of birth.');
  }
}

export function bvnLast4(bvn: string): string {
  return bvn.slice(-4);
}
