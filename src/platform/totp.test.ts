import { describe, expect, it } from 'vitest';

import {
  base32Decode,
  base32Encode,
  hotp,
  matchTotp,
  newTotpSecret,
  otpauthUri,
  totp,
  type TotpAlgorithm,
} from './totp.ts';

// RFC 4226 Appendix D: the secret "12345678901234567890", counters 0 to 9, 6 digits.
const HOTP_VECTORS = [
  '755224',
  '287082',
  '359152',
  '969429',
  '338314',
  '254676',
  '287922',
  '162583',
  '399871',
  '520489',
];

// RFC 6238 Appendix B: 8 digits, X = 30, T0 = 0; the seed of each hash is the ASCII digits
// "1234567890" repeated to the hash's own length (20, 32 and 64 bytes, as in the RFC's
// reference code and its errata).
const SEEDS: Record<TotpAlgorithm, Buffer> = {
  sha1: Buffer.from('12345678901234567890'),
  sha256: Buffer.from('12345678901234567890123456789012'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234'),
};
const TOTP_VECTORS: [number, TotpAlgorithm, string][] = [
  [59, 'sha1', '94287082'],
  [59, 'sha256', '46119246'],
  [59, 'sha512', '90693936'],
  [1111111109, 'sha1', '07081804'],
  [1111111109, 'sha256', '68084774'],
  [1111111109, 'sha512', '25091201'],
  [1111111111, 'sha1', '14050471'],
  [1111111111, 'sha256', '67062674'],
  [1111111111, 'sha512', '99943326'],
  [1234567890, 'sha1', '89005924'],
  [1234567890, 'sha256', '91819424'],
  [1234567890, 'sha512', '93441116'],
  [2000000000, 'sha1', '69279037'],
  [2000000000, 'sha256', '90698825'],
  [2000000000, 'sha512', '38618901'],
  [20000000000, 'sha1', '65353130'],
  [20000000000, 'sha256', '77737706'],
  [20000000000, 'sha512', '47863826'],
];

describe('HOTP and TOTP', () => {
  it('RFC 4226 Appendix D vectors', () => {
    HOTP_VECTORS.forEach((expected, counter) => {
      expect(hotp(SEEDS.sha1, BigInt(counter)), `counter ${counter}`).toBe(expected);
    });
  });

  it.each(TOTP_VECTORS)('RFC 6238 Appendix B: T=%i %s → %s', (time, algorithm, expected) => {
    expect(totp(SEEDS[algorithm], time, { digits: 8, algorithm })).toBe(expected);
  });

  it('accepts the step before, the current one and the one after, nothing further', () => {
    const key = base32Decode(newTotpSecret());
    const now = 1_800_000_015;
    const current = 1_800_000_015n / 30n;
    expect(matchTotp(key, totp(key, now), now)).toBe(current);
    expect(matchTotp(key, totp(key, now - 30), now)).toBe(current - 1n);
    expect(matchTotp(key, totp(key, now + 30), now)).toBe(current + 1n);
    for (const far of [now - 60, now + 60, now - 3600]) {
      const code = totp(key, far);
      // A far code may collide with a near one by chance (1 in 10^6 per step); skip that case.
      if ([-30, 0, 30].some((d) => totp(key, now + d) === code)) continue;
      expect(matchTotp(key, code, now)).toBeNull();
    }
    for (const malformed of ['', '12345', '1234567', 'abcdef', ' 12345']) {
      expect(matchTotp(key, malformed, now)).toBeNull();
    }
  });
});

describe('base32 and the otpauth URI', () => {
  it('RFC 4648 section 10 vectors (without padding), and back', () => {
    const vectors: [string, string][] = [
      ['', ''],
      ['f', 'MY'],
      ['fo', 'MZXQ'],
      ['foo', 'MZXW6'],
      ['foob', 'MZXW6YQ'],
      ['fooba', 'MZXW6YTB'],
      ['foobar', 'MZXW6YTBOI'],
    ];
    for (const [plain, encoded] of vectors) {
      expect(base32Encode(Buffer.from(plain))).toBe(encoded);
      expect(base32Decode(encoded).toString()).toBe(plain);
    }
    expect(base32Decode('mzxw 6ytb oi======').toString()).toBe('foobar');
    expect(() => base32Decode('MZ1')).toThrow();
  });

  it('a new secret is 160 bits; the URI names the issuer, the account and the parameters', () => {
    const secret = newTotpSecret();
    expect(base32Decode(secret)).toHaveLength(20);
    expect(otpauthUri(secret, 'ada@tranche.ng')).toBe(
      `otpauth://totp/Tranche:ada%40tranche.ng?secret=${secret}&issuer=Tranche&algorithm=SHA1&digits=6&period=30`,
    );
  });
});
