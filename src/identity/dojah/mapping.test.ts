import { describe, expect, it } from 'vitest';

import { IdentityProviderUnavailable } from '../port.ts';
import {
  localPhone,
  mapCheckCode,
  mapLookup,
  mapSendCode,
  mapValidate,
  normalizePhone,
  parseRecordDate,
} from './mapping.ts';

const ok = (body: unknown) => ({ status: 200, body: JSON.stringify(body) });
const fail = (status: number, body: unknown) => ({ status, body: JSON.stringify(body) });

function unavailable(fn: () => unknown): IdentityProviderUnavailable {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(IdentityProviderUnavailable);
    return error as IdentityProviderUnavailable;
  }
  throw new Error('expected IdentityProviderUnavailable, got an answer');
}

const validated = (overrides: Record<string, unknown> = {}) => ({
  entity: {
    bvn: { value: '22310000001', status: true },
    first_name: { confidence_value: 100, status: true },
    last_name: { confidence_value: 100, status: true },
    date_of_birth: { status: true },
    ...overrides,
  },
});

describe('mapValidate (§1)', () => {
  it('matched, with the names recorded', () => {
    expect(mapValidate(ok(validated()))).toEqual({ kind: 'matched', namesMatched: true });
    expect(
      mapValidate(ok(validated({ last_name: { confidence_value: 40, status: false } }))),
    ).toEqual({ kind: 'matched', namesMatched: false });
    expect(mapValidate(ok(validated({ first_name: undefined })))).toEqual({
      kind: 'matched',
      namesMatched: false,
    });
  });

  it('a date that does not match is dob_mismatch', () => {
    expect(mapValidate(ok(validated({ date_of_birth: { status: false } })))).toEqual({
      kind: 'dob_mismatch',
    });
  });

  it('not found: 400 "BVN not found", 404, or bvn.status false', () => {
    expect(mapValidate(fail(400, { error: 'BVN not found' }))).toEqual({ kind: 'not_found' });
    expect(mapValidate(fail(404, { error: 'Record not found' }))).toEqual({ kind: 'not_found' });
    expect(mapValidate(ok(validated({ bvn: { value: 'x', status: false } })))).toEqual({
      kind: 'not_found',
    });
  });

  it('any other answer is unavailable, never a mismatch', () => {
    unavailable(() => mapValidate(fail(400, { error: 'first_name is required' })));
    unavailable(() => mapValidate({ status: 200, body: '<html>' }));
    unavailable(() => mapValidate(ok({ entity: { bvn: { value: 'x', status: true } } })));
    unavailable(() => mapValidate(ok(validated({ date_of_birth: { status: 'yes' } }))));
    unavailable(() => mapValidate(ok({ data: {} })));
    for (const status of [408, 424, 429, 500, 502, 503, 504]) {
      expect(unavailable(() => mapValidate(fail(status, { error: 'x' }))).needsOperator).toBe(
        false,
      );
    }
    for (const status of [401, 402, 403, 405]) {
      expect(unavailable(() => mapValidate(fail(status, { error: 'x' }))).needsOperator).toBe(true);
    }
  });
});

describe('parseRecordDate (§2)', () => {
  it('reads the three documented formats', () => {
    expect(parseRecordDate('28-Jun-2000')).toBe('2000-06-28');
    expect(parseRecordDate('01-January-1907')).toBe('1907-01-01');
    expect(parseRecordDate('1990-01-15')).toBe('1990-01-15');
    expect(parseRecordDate('5-sep-1985')).toBe('1985-09-05');
  });
  it('refuses anything else and dates that do not exist', () => {
    for (const text of [
      '31/02/1990',
      '28-Jun-00',
      '31-Feb-1990',
      '1990-13-01',
      '28-Jux-2000',
      '',
    ]) {
      expect(parseRecordDate(text)).toBeNull();
    }
  });
});

describe('phones', () => {
  it('normalises to +234 and back to the local form', () => {
    expect(normalizePhone('07085460116')).toBe('+2347085460116');
    expect(normalizePhone('2347085460116')).toBe('+2347085460116');
    expect(normalizePhone('+234 708 546 0116')).toBe('+2347085460116');
    expect(normalizePhone('')).toBeNull();
    expect(normalizePhone(undefined)).toBeNull();
    expect(normalizePhone('12345')).toBeUndefined();
    expect(normalizePhone(7085460116)).toBeUndefined();
    expect(localPhone('+2347085460116')).toBe('07085460116');
  });
});

describe('mapLookup (§2)', () => {
  const record = (overrides: Record<string, unknown> = {}) => ({
    entity: {
      bvn: '22310000001',
      first_name: 'ADA',
      date_of_birth: '15-Jan-1990',
      phone_number1: '08030000001',
      phone_number2: '',
      reference: 'ref-1',
      image: 'base64…',
      ...overrides,
    },
  });
  it('keeps the reference and the phone only', () => {
    expect(mapLookup(ok(record()), '1990-01-15')).toEqual({
      reference: 'ref-1',
      phone: '+2348030000001',
    });
    expect(
      mapLookup(ok(record({ phone_number1: '', phone_number2: '08039999999' })), '1990-01-15'),
    ).toEqual({ reference: 'ref-1', phone: '+2348039999999' });
    expect(mapLookup(ok(record({ phone_number1: '' })), '1990-01-15').phone).toBeNull();
  });
  it('a record it cannot read, or whose date differs, is unavailable', () => {
    unavailable(() => mapLookup(ok(record({ date_of_birth: '31/02/1990' })), '1990-01-15'));
    unavailable(() => mapLookup(ok(record({ date_of_birth: '16-Jan-1990' })), '1990-01-15'));
    unavailable(() => mapLookup(ok(record({ reference: '' })), '1990-01-15'));
    unavailable(() => mapLookup(ok(record({ phone_number1: 'call me' })), '1990-01-15'));
    unavailable(() => mapLookup(fail(400, { error: 'BVN not found' }), '1990-01-15'));
    unavailable(() => mapLookup({ status: 200, body: 'nope' }, '1990-01-15'));
  });
});

describe('OTP (§3, §4)', () => {
  it('send keeps the reference_id', () => {
    expect(
      mapSendCode(ok({ entity: [{ reference_id: 'r-1', destination: '0803', status: 'sent' }] })),
    ).toEqual({ codeReference: 'r-1' });
    unavailable(() => mapSendCode(ok({ entity: [] })));
    unavailable(() => mapSendCode(ok({ entity: { reference_id: 'r-1' } })));
    unavailable(() => mapSendCode(fail(424, { error: 'x' })));
  });
  it('validate: only valid true is accepted; 400 is rejected; 5xx is unavailable', () => {
    expect(mapCheckCode(ok({ entity: { valid: true } }))).toBe('accepted');
    expect(mapCheckCode(ok({ entity: { valid: false } }))).toBe('rejected');
    expect(mapCheckCode(fail(400, { error: 'Invalid reference' }))).toBe('rejected');
    unavailable(() => mapCheckCode(ok({ entity: { valid: 'true' } })));
    unavailable(() => mapCheckCode(fail(503, {})));
    unavailable(() => mapCheckCode({ status: 200, body: '' }));
  });
});
