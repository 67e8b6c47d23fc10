import { describe, expect, it } from 'vitest';

import { emailAddressDomain } from './email-address.ts';

describe('emailAddressDomain', () => {
  it('reads the domain of a bare address or of a named one', () => {
    expect(emailAddressDomain('notifications@tranche.ng')).toBe('tranche.ng');
    expect(emailAddressDomain('Tranche <notifications@tranche.ng>')).toBe('tranche.ng');
    expect(emailAddressDomain('"Tranche, Lagos" <a@mail.tranche.ng> ')).toBe('mail.tranche.ng');
  });
  it('is null without one', () => {
    for (const from of ['Tranche', 'Tranche <>', 'a@', '@b.ng', 'a b@c.ng', 'x@y.ng <z>']) {
      expect(emailAddressDomain(from), from).toBeNull();
    }
  });
});
