/**
 * Merchant secret keys: `sk_test_<40 base62>` (sandbox) and `sk_live_<40 base62>` (production).
 * Only a SHA-256 digest is stored; the key is shown once.
 */
export type KeyMode = 'test' | 'live';

export const SECRET_KEY_PATTERN = /^sk_(test|live)_[0-9A-Za-z]{40}$/;

export function parseSecretKey(candidate: string): { mode: KeyMode } | null {
  const match = SECRET_KEY_PATTERN.exec(candidate);
  if (!match) return null;
  return { mode: match[1] === 'live' ? 'live' : 'test' };
}

/** What we may show of a key after creation: its prefix and last four characters. */
export function redactSecretKey(key: string): string {
  return `${key.slice(0, 8)}…${key.slice(-4)}`;
}

/**
 * Publishable keys (decision 0055): `pk_test_<24 base62>` and `pk_live_<24 base62>`, public by
 * design, put in shop pages by the messaging element. They read the messaging plans and nothing
 * else.
 */
export const PUBLISHABLE_KEY_PATTERN = /^pk_(test|live)_[0-9A-Za-z]{24}$/;

export function parsePublishableKey(candidate: string): { mode: KeyMode } | null {
  const match = PUBLISHABLE_KEY_PATTERN.exec(candidate);
  if (!match) return null;
  return { mode: match[1] === 'live' ? 'live' : 'test' };
}
