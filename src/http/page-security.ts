/**
 * Security headers for every HTML page Tranche serves (design: browser.md §4). Pure: the same
 * options always give the same headers.
 *
 * No inline script and no inline style: scripts and stylesheets come from our own origin as
 * files. `frameAncestors` says who may frame the page:
 *   'none'  nobody (CSP `'none'`, and `X-Frame-Options: DENY` for old browsers)
 *   'self'  our own pages (`'self'`, `X-Frame-Options: SAMEORIGIN`)
 *   'any'   any site (`*`; a checkout whose merchant has not restricted embedding)
 *   [list]  our own pages and these origins (`'self' https://shop.example …`)
 * `X-Frame-Options` cannot express a list or "any", so it is omitted then; browsers that know
 * CSP `frame-ancestors` ignore it anyway. An empty list means our own pages only; pass 'any' for
 * "not restricted".
 *
 * `connectSrc`, `formAction` and `styleSrc` add sources after `'self'` (e.g. the gateway's API
 * origin; the hash of one known inline stylesheet of a page we do not build ourselves).
 */
export interface PageSecurityOptions {
  frameAncestors: 'none' | 'self' | 'any' | readonly string[];
  connectSrc?: readonly string[];
  styleSrc?: readonly string[];
  formAction?: readonly string[];
}

export function pageSecurityHeaders(options: PageSecurityOptions): Record<string, string> {
  const directives = [
    "default-src 'self'",
    "script-src 'self'",
    sourceList('style-src', ["'self'", ...(options.styleSrc ?? [])]),
    "img-src 'self' data:",
    sourceList('connect-src', ["'self'", ...(options.connectSrc ?? [])]),
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    sourceList('form-action', ["'self'", ...(options.formAction ?? [])]),
    sourceList('frame-ancestors', frameAncestorSources(options.frameAncestors)),
  ];
  const headers: Record<string, string> = {
    'Content-Security-Policy': directives.join('; '),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  };
  if (options.frameAncestors === 'none') headers['X-Frame-Options'] = 'DENY';
  else if (options.frameAncestors === 'self') headers['X-Frame-Options'] = 'SAMEORIGIN';
  return headers;
}

function frameAncestorSources(frameAncestors: PageSecurityOptions['frameAncestors']): string[] {
  if (frameAncestors === 'none') return ["'none'"];
  if (frameAncestors === 'self') return ["'self'"];
  if (frameAncestors === 'any') return ['*'];
  return ["'self'", ...frameAncestors];
}

/**
 * A source that could end the directive or the header (`;`, `,`, whitespace, control
 * characters) or is empty is a programming error upstream: origins are normalised before they
 * get here (domain/checkout-origins.ts). Refused loudly rather than let it rewrite the policy.
 */
const UNSAFE_SOURCE = /[\s;,\u0000-\u001f\u007f]/; // eslint-disable-line no-control-regex -- control characters are what is refused

function sourceList(directive: string, sources: readonly string[]): string {
  const unique: string[] = [];
  for (const source of sources) {
    if (source.length === 0 || UNSAFE_SOURCE.test(source)) {
      throw new Error(`${directive}: ${JSON.stringify(source)} is not a valid CSP source`);
    }
    if (!unique.includes(source)) unique.push(source);
  }
  return `${directive} ${unique.join(' ')}`;
}
