import { DomainError } from './errors.ts';

/**
 * The web origins a merchant allows to embed its checkout in the TrancheConnect iframe (decision
 * 0013), sent as CSP `frame-ancestors` on the checkout page. Each entry is one exact origin:
 * `https://host[:port]`, or `http://localhost[:port]` / `http://127.0.0.1[:port]` for local
 * development. No path, query, fragment, user information or wildcard. An empty list means the
 * checkout is not restricted.
 *
 * Normalised: scheme and host lowercased, internationalised names in punycode, the default port
 * dropped, duplicates removed (first occurrence kept). What comes out is exactly what a browser
 * reports as `location.origin`, and safe to place in a header (no spaces, `;` or `,`).
 */
export const MAX_CHECKOUT_ORIGINS = 20;

/** Longest entry accepted: a 253-character host name, scheme and port fit comfortably. */
export const MAX_CHECKOUT_ORIGIN_LENGTH = 300;

const LOCAL_DEVELOPMENT_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1']);
const EXAMPLE = 'https://shop.example';

export type CheckoutOriginResult = { ok: true; origin: string } | { ok: false; problem: string };

/** One entry, normalised, or why it is not an allowed origin (a phrase that follows the entry). */
export function normaliseCheckoutOrigin(entry: string): CheckoutOriginResult {
  const refuse = (problem: string): CheckoutOriginResult => ({ ok: false, problem });
  const text = entry.trim();
  if (text.length === 0 || text.length > MAX_CHECKOUT_ORIGIN_LENGTH) {
    return refuse(`is not an origin such as ${EXAMPLE}`);
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\s\u0000-\u001f\u007f]/.test(text)) {
    return refuse('must not contain spaces or control characters');
  }
  if (text.includes('*')) return refuse('must be one exact origin: wildcards are not allowed');
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(text)?.[1]?.toLowerCase();
  if (scheme === undefined) return refuse(`is not an origin such as ${EXAMPLE}`);
  if (scheme !== 'https' && scheme !== 'http') {
    return refuse('must start with https:// (http:// only for localhost or 127.0.0.1)');
  }
  if (!text.slice(scheme.length + 1).startsWith('//')) {
    return refuse(`is not an origin such as ${EXAMPLE}`);
  }
  const authority = text.slice(scheme.length + 3);
  if (authority.includes('@')) return refuse('must not contain a user name or password');
  if (/[/?#\\]/.test(authority)) {
    return refuse(`must be an origin alone, with no path, query or fragment (like ${EXAMPLE})`);
  }

  let url: URL;
  try {
    url = new URL(`${scheme}://${authority}`);
  } catch {
    return refuse('does not have a valid host name and port');
  }
  if (!isHeaderSafeHost(url.hostname)) return refuse('does not have a valid host name');
  if (scheme === 'http' && !LOCAL_DEVELOPMENT_HOSTS.has(url.hostname)) {
    return refuse('must use https (http is allowed only for localhost and 127.0.0.1)');
  }
  return { ok: true, origin: url.origin };
}

/**
 * The list a merchant sends (`null` clears it), normalised and de-duplicated; throws
 * `invalid_request` naming the first entry refused.
 */
export function normaliseCheckoutOrigins(entries: readonly string[] | null): string[] {
  if (entries === null) return [];
  if (entries.length > MAX_CHECKOUT_ORIGINS) {
    throw new DomainError(
      'invalid_request',
      `allowed_checkout_origins holds at most ${MAX_CHECKOUT_ORIGINS} origins (${entries.length} sent).`,
    );
  }
  const origins: string[] = [];
  entries.forEach((entry, index) => {
    const result = normaliseCheckoutOrigin(entry);
    if (!result.ok) {
      throw new DomainError(
        'invalid_request',
        `allowed_checkout_origins[${index}] ${quoted(entry)} ${result.problem}.`,
      );
    }
    if (!origins.includes(result.origin)) origins.push(result.origin);
  });
  return origins;
}

/**
 * What the URL parser leaves is lowercase ASCII, but it lets through characters a header or a CSP
 * source list must never carry (`;`, `,`, quotes, `%`-decoded bytes). Only DNS names (letters,
 * digits, hyphens; labels of 1–63, 253 in all), IPv4 (which is such a name) and bracketed IPv6.
 */
function isHeaderSafeHost(host: string): boolean {
  if (/^\[[0-9a-f:.]+\]$/.test(host)) return true;
  if (host.length === 0 || host.length > 253) return false;
  return host.split('.').every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label));
}

/** The entry as sent, escaped and shortened, for an error detail. */
function quoted(entry: string): string {
  const shown = entry.length > 80 ? `${entry.slice(0, 80)}…` : entry;
  return JSON.stringify(shown);
}
