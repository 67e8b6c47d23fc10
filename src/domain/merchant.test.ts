import { describe, expect, it } from 'vitest';

import { parseSecretKey, redactSecretKey } from './api-key.ts';
import { approvedStatus, assertMerchantMayUseKey, normaliseSupportContact } from './merchant.ts';

describe('merchant key rules', () => {
  it('test keys work before approval; live keys only after', () => {
    expect(() => assertMerchantMayUseKey('pending_approval', 'test')).not.toThrow();
    expect(() => assertMerchantMayUseKey('pending_approval', 'live')).toThrow(
      expect.objectContaining({ code: 'merchant_not_approved' }),
    );
    expect(() => assertMerchantMayUseKey('active', 'live')).not.toThrow();
  });
  it('a deactivated merchant can use no key', () => {
    for (const mode of ['test', 'live'] as const) {
      expect(() => assertMerchantMayUseKey('deactivated', mode)).toThrow(
        expect.objectContaining({ code: 'merchant_inactive' }),
      );
    }
  });
  it('approval of a deactivated merchant is a conflict', () => {
    expect(approvedStatus('pending_approval')).toBe('active');
    expect(() => approvedStatus('deactivated')).toThrow(
      expect.objectContaining({ code: 'conflict' }),
    );
  });
  it('parses and redacts keys', () => {
    const key = `sk_live_${'a1B2'.repeat(10)}`;
    expect(parseSecretKey(key)).toEqual({ mode: 'live' });
    expect(parseSecretKey(`sk_test_${'x'.repeat(39)}`)).toBeNull();
    expect(parseSecretKey(`sk_test_${'x'.repeat(39)}!`)).toBeNull();
    expect(redactSecretKey(key)).toBe('sk_live_…a1B2');
  });
});

describe('normaliseSupportContact', () => {
  it('trims, drops spaces from the phone, normalises the website and clears empty parts', () => {
    expect(
      normaliseSupportContact({
        email: ' help@ade.example ',
        phone: '+234 803 123-4567',
        website: 'https://ade.example',
      }),
    ).toEqual({
      email: 'help@ade.example',
      phone: '+2348031234567',
      website: 'https://ade.example/',
    });
    expect(normaliseSupportContact({ email: '', phone: null })).toEqual({
      email: null,
      phone: null,
      website: null,
    });
  });

  it.each([
    [{ email: 'help@' }, 'email'],
    [{ phone: '0803123456' }, 'phone'],
    [{ website: 'ftp://ade.example' }, 'website'],
    [{ website: 'ade.example' }, 'website'],
  ])('refuses %j naming %s', (input, part) => {
    expect(() => normaliseSupportContact(input)).toThrow(`support_contact.${part}`);
  });
});
