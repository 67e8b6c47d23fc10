import { describe, expect, it } from 'vitest';

import { pageSecurityHeaders } from './page-security.ts';

const directives = (headers: Record<string, string>) =>
  new Map(
    (headers['Content-Security-Policy'] ?? '').split('; ').map((d) => {
      const [name = '', ...sources] = d.split(' ');
      return [name, sources.join(' ')] as const;
    }),
  );

describe('pageSecurityHeaders', () => {
  it('a page nobody may frame: the whole policy, nosniff, no referrer, COOP, X-Frame-Options DENY', () => {
    expect(pageSecurityHeaders({ frameAncestors: 'none' })).toEqual({
      'Content-Security-Policy':
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
      'X-Frame-Options': 'DENY',
    });
  });

  it('no inline script or style is ever allowed', () => {
    for (const frameAncestors of ['none', 'self', 'any', ['https://shop.example']] as const) {
      const csp = pageSecurityHeaders({ frameAncestors })['Content-Security-Policy'] ?? '';
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|nonce-|sha256-/);
      expect(directives(pageSecurityHeaders({ frameAncestors })).get('script-src')).toBe("'self'");
    }
  });

  it("'self': frame-ancestors 'self' and X-Frame-Options SAMEORIGIN", () => {
    const headers = pageSecurityHeaders({ frameAncestors: 'self' });
    expect(directives(headers).get('frame-ancestors')).toBe("'self'");
    expect(headers['X-Frame-Options']).toBe('SAMEORIGIN');
  });

  it("'any': frame-ancestors * and no X-Frame-Options", () => {
    const headers = pageSecurityHeaders({ frameAncestors: 'any' });
    expect(directives(headers).get('frame-ancestors')).toBe('*');
    expect(headers).not.toHaveProperty('X-Frame-Options');
  });

  it("a list: 'self' then the origins, no X-Frame-Options; an empty list is 'self' alone", () => {
    const headers = pageSecurityHeaders({
      frameAncestors: ['https://shop.example', 'http://localhost:5173', 'https://shop.example'],
    });
    expect(directives(headers).get('frame-ancestors')).toBe(
      "'self' https://shop.example http://localhost:5173",
    );
    expect(headers).not.toHaveProperty('X-Frame-Options');
    expect(directives(pageSecurityHeaders({ frameAncestors: [] })).get('frame-ancestors')).toBe(
      "'self'",
    );
  });

  it('connect-src and form-action extras follow self', () => {
    const headers = pageSecurityHeaders({
      frameAncestors: 'none',
      connectSrc: ['https://api.paystack.co'],
      formAction: ['https://checkout.paystack.com', "'self'"],
    });
    const map = directives(headers);
    expect(map.get('connect-src')).toBe("'self' https://api.paystack.co");
    expect(map.get('form-action')).toBe("'self' https://checkout.paystack.com");
    expect(map.get('default-src')).toBe("'self'");
  });

  it('refuses a source that could rewrite the policy or the header', () => {
    for (const bad of [
      'https://a.example; script-src *',
      'https://a.example,https://b.example',
      'https://a.example\r\nSet-Cookie: x=1',
      'https://a.example\u0000',
      '',
    ]) {
      expect(() => pageSecurityHeaders({ frameAncestors: [bad] }), bad).toThrow(
        /not a valid CSP source/,
      );
      expect(() => pageSecurityHeaders({ frameAncestors: 'none', connectSrc: [bad] })).toThrow();
      expect(() => pageSecurityHeaders({ frameAncestors: 'none', formAction: [bad] })).toThrow();
      expect(() => pageSecurityHeaders({ frameAncestors: 'none', styleSrc: [bad] })).toThrow();
    }
  });

  it('adds style sources (a known inline stylesheet’s hash) after self, never unsafe-inline by default', () => {
    const plain = pageSecurityHeaders({ frameAncestors: 'none' })['Content-Security-Policy'];
    expect(plain).toContain("style-src 'self';");
    const hashed = pageSecurityHeaders({ frameAncestors: 'none', styleSrc: ["'sha256-abc='"] })[
      'Content-Security-Policy'
    ];
    expect(hashed).toContain("style-src 'self' 'sha256-abc=';");
  });
});
