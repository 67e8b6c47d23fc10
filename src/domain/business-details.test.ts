import { describe, expect, it } from 'vitest';

import {
  approvalBlockers,
  directorCheckOf,
  NIGERIAN_STATES,
  normaliseBusinessDetails,
  normaliseRegistrationNumber,
} from './business-details.ts';
import { DomainError } from './errors.ts';

const valid = {
  registeredName: '  Balogun   Market Fabrics Ltd ',
  registrationNumber: 'rc 123-4567',
  taxId: '',
  street: '14 Balogun Street',
  city: 'Lagos Island',
  state: 'lagos',
  directorFirstName: 'Folake',
  directorLastName: 'Balogun-Adé',
};

function refusal(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('business details (decision 0074)', () => {
  it('normalises CAC numbers and refuses what is not one', () => {
    expect(normaliseRegistrationNumber('rc 123-4567')).toBe('RC1234567');
    expect(normaliseRegistrationNumber('BN 3456789')).toBe('BN3456789');
    expect(normaliseRegistrationNumber('it/12345')).toBe('IT12345');
    for (const bad of ['1234567', 'RC', 'RC123456789', 'LLC1234', 'RC12a4']) {
      expect(normaliseRegistrationNumber(bad), bad).toBeUndefined();
    }
  });

  it('trims and normalises a valid submission; the tax id is optional', () => {
    expect(normaliseBusinessDetails(valid)).toEqual({
      registeredName: 'Balogun Market Fabrics Ltd',
      registrationNumber: 'RC1234567',
      taxId: null,
      street: '14 Balogun Street',
      city: 'Lagos Island',
      state: 'Lagos',
      directorFirstName: 'Folake',
      directorLastName: 'Balogun-Adé',
    });
    expect(normaliseBusinessDetails({ ...valid, taxId: '12345678-0001' }).taxId).toBe(
      '12345678-0001',
    );
    expect(NIGERIAN_STATES).toHaveLength(37);
  });

  it('names every wrong field at once', () => {
    const error = refusal(() =>
      normaliseBusinessDetails({
        ...valid,
        registeredName: 'X',
        registrationNumber: 'ABC',
        taxId: 'twelve',
        state: 'Atlantis',
        directorFirstName: '1234',
      }),
    );
    expect(error.code).toBe('invalid_request');
    expect(error.fields?.map((f) => f.field)).toEqual([
      'registered_name',
      'registration_number',
      'tax_id',
      'address.state',
      'director.first_name',
    ]);
    expect(error.detail).toContain('registration_number');
  });

  it('a director is verified only when the BVN, the date of birth and the names match', () => {
    expect(directorCheckOf({ outcome: 'verified', namesMatched: true })).toBe('verified');
    expect(directorCheckOf({ outcome: 'verified', namesMatched: false })).toBe('name_mismatch');
    expect(directorCheckOf({ outcome: 'not_found' })).toBe('bvn_not_found');
    expect(directorCheckOf({ outcome: 'dob_mismatch' })).toBe('dob_mismatch');
  });

  it('approval needs verified details and a named settlement account', () => {
    const ready = {
      details: { directorCheck: 'verified' as const },
      settlementAccount: { named: true },
    };
    expect(approvalBlockers(ready)).toEqual([]);
    expect(approvalBlockers({ ...ready, details: null })).toEqual([
      'The merchant has not submitted its business details.',
    ]);
    expect(approvalBlockers({ ...ready, details: { directorCheck: 'dob_mismatch' } })[0]).toMatch(
      /director's BVN check failed: The date of birth/,
    );
    expect(approvalBlockers({ ...ready, settlementAccount: null })).toEqual([
      'The merchant has no settlement account.',
    ]);
    expect(approvalBlockers({ ...ready, settlementAccount: { named: false } })[0]).toMatch(
      /unconfirmed/,
    );
    expect(approvalBlockers({ details: null, settlementAccount: null })).toHaveLength(2);
  });
});
