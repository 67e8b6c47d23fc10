import { createHmac, randomBytes } from 'node:crypto';

/**
 * One-time passwords for the operators' second factor, on node:crypto alone (decision 0035).
 *
 * HOTP, RFC 4226 section 5.3:
 *   HS  = HMAC-SHA-1(K, C)            C: the 8-byte big-endian counter
 *   o   = HS[19] & 0x0f               "dynamic truncation": the low nibble of the last byte
 *   bin = (HS[o] & 0x7f) << 24 | HS[o+1] << 16 | HS[o+2] << 8 | HS[o+3]
 *   OTP = bin mod 10^Digit
 * TOTP, RFC 6238 section 4: HOTP with C = floor((unix time - T0) / X), T0 = 0, X = 30 seconds;
 * section 1.2 allows HMAC-SHA-256 and HMAC-SHA-512 too (its Appendix B vectors use all three,
 * with 8 digits). Accounts use what every authenticator app reads from an otpauth:// URI
 * (Google Authenticator's "Key Uri Format"): SHA-1, 6 digits, 30 seconds, a 160-bit key
 * (RFC 4226 section 4, R6) written in base32 (RFC 4648 section 6) without padding.
 */
export type TotpAlgorithm = 'sha1' | 'sha256' | 'sha512';

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;

export function hotp(
  key: Buffer,
  counter: bigint,
  options: { digits?: number; algorithm?: TotpAlgorithm } = {},
): string {
  const digits = options.digits ?? TOTP_DIGITS;
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(counter);
  const hs = createHmac(options.algorithm ?? 'sha1', key)
    .update(message)
    .digest();
  // RFC 4226 uses HS[19] because SHA-1 gives 20 bytes; RFC 6238's reference code takes the
  // last byte of whichever hash, which is the same rule for the longer ones.
  const offset = hs.readUInt8(hs.length - 1) & 0x0f;
  const binary = hs.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** RFC 6238's T: the number of whole steps since the Unix epoch. */
export function totpStep(unixSeconds: number): bigint {
  return BigInt(Math.floor(unixSeconds / TOTP_STEP_SECONDS));
}

export function totp(
  key: Buffer,
  unixSeconds: number,
  options: { digits?: number; algorithm?: TotpAlgorithm } = {},
): string {
  return hotp(key, totpStep(unixSeconds), options);
}

/**
 * The step `code` belongs to, looking one step back and one ahead of `unixSeconds` (RFC 6238
 * section 5.2: at most one step of network delay and clock drift), or null. Every candidate is
 * computed and compared, so the time taken does not say which step matched.
 */
export function matchTotp(key: Buffer, code: string, unixSeconds: number): bigint | null {
  if (!/^[0-9]{6}$/.test(code)) return null;
  const now = totpStep(unixSeconds);
  let matched: bigint | null = null;
  for (const step of [now - 1n, now, now + 1n]) {
    if (equalDigits(hotp(key, step), code) && matched === null) matched = step;
  }
  return matched;
}

function equalDigits(a: string, b: string): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  }
  return difference === 0;
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 section 6, without the `=` padding (authenticator apps accept either). */
export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32.charAt((value >>> (bits - 5)) & 31);
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32.charAt((value << (5 - bits)) & 31);
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** A new 160-bit key, base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** What an authenticator app scans or is given: `otpauth://totp/Issuer:account?secret=…`. */
export function otpauthUri(secret: string, account: string, issuer = 'Tranche'): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}
