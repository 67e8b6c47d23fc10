import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Uniform base62 string from a CSPRNG (rejection sampling avoids modulo bias). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    const bytes = randomBytes(length * 2);
    for (const byte of bytes) {
      if (byte < 248) out += ALPHABET.charAt(byte % 62);
      if (out.length === length) break;
    }
  }
  return out;
}

/** Prefixes show an id's type in logs and support tickets (brief §1). */
export type IdPrefix =
  | 'mer'
  | 'cus'
  | 'cs'
  | 'rfd'
  | 'dsp'
  | 'hsr'
  | 'rvs'
  | 'key'
  | 'rt'
  | 'adm'
  | 'pm'
  | 'je'
  | 'plan'
  | 'inst'
  | 'po'
  | 'evt'
  | 'pl'
  | 'ntf'
  | 'nto'
  | 'opa'
  | 'opr'
  | 'pwr'
  | 'idc'
  | 'ccr'
  | 'sic'
  | 'rdv'
  | 'mem'
  | 'mrc'
  | 'mal'
  | 'whi'
  | 'dcn';

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomBase62(20)}`;
}
