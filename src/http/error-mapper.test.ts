import { describe, expect, it } from 'vitest';

import { describeValidationError, fieldErrors, statusForCode } from './error-mapper.ts';

describe('error mapper', () => {
  it('maps the spec status codes', () => {
    expect(statusForCode('invalid_idempotency_key')).toBe(400);
    expect(statusForCode('unauthenticated')).toBe(401);
    expect(statusForCode('merchant_inactive')).toBe(403);
    expect(statusForCode('not_found')).toBe(404);
    expect(statusForCode('session_completed')).toBe(409);
    expect(statusForCode('idempotency_key_reused')).toBe(409);
    expect(statusForCode('rate_limited')).toBe(429);
    expect(statusForCode('internal_error')).toBe(500);
  });
  it('names the offending field', () => {
    expect(
      describeValidationError('body', [
        {
          keyword: 'additionalProperties',
          instancePath: '',
          params: { additionalProperty: 'foo' },
        },
      ]),
    ).toBe('body has an unknown field "foo".');
    expect(
      describeValidationError('body', [
        { keyword: 'type', instancePath: '/amount', params: { type: 'integer' } },
      ]),
    ).toBe('body.amount must be of type integer.');
    expect(
      describeValidationError('querystring', [
        { keyword: 'required', instancePath: '', params: { missingProperty: 'limit' } },
      ]),
    ).toBe('querystring is missing the required field "limit".');
  });
});

describe('schemas agree with the domain', () => {
  it('the tier schema lists exactly the domain tiers', async () => {
    const { Tier } = await import('./schemas.ts');
    const { CUSTOMER_TIERS } = await import('../domain/merchant.ts');
    expect(Tier.anyOf.map((s: { const: string }) => s.const)).toEqual([...CUSTOMER_TIERS]);
  });
});

describe('field errors (the `errors` of a 400)', () => {
  it('names every body field at fault once, in plain words', () => {
    expect(
      fieldErrors('body', [
        { keyword: 'format', instancePath: '/email', params: { format: 'email' } },
        { keyword: 'minLength', instancePath: '/phone', params: { limit: 10 } },
        { keyword: 'maxLength', instancePath: '/phone', params: { limit: 20 } },
        { keyword: 'required', instancePath: '', params: { missingProperty: 'first_name' } },
        {
          keyword: 'additionalProperties',
          instancePath: '/address',
          params: { additionalProperty: 'zip' },
        },
        { keyword: 'type', instancePath: '/amount', params: { type: 'integer' } },
      ]),
    ).toEqual([
      { field: 'email', message: 'Enter an email address, such as name@example.com.' },
      { field: 'phone', message: 'Enter at least 10 characters.' },
      { field: 'first_name', message: 'This field is required.' },
      { field: 'address.zip', message: 'This field is not accepted here.' },
      { field: 'amount', message: 'This must be a whole number.' },
    ]);
  });
  it('names no field for a query string, and at most twenty', () => {
    expect(
      fieldErrors('querystring', [
        { keyword: 'type', instancePath: '/limit', params: { type: 'integer' } },
      ]),
    ).toEqual([]);
    const many = Array.from({ length: 50 }, (_, i) => ({
      keyword: 'required',
      instancePath: '',
      params: { missingProperty: `f${i}` },
    }));
    expect(fieldErrors('body', many)).toHaveLength(20);
  });
});
