import { describe, expect, it } from 'vitest';

import {
  MAX_CHECKOUT_ORIGINS,
  normaliseCheckoutOrigin,
  normaliseCheckoutOrigins,
} from './checkout-origins.ts';

const origin = (entry: string) => {
  const result = normaliseCheckoutOrigin(entry);
  return result.ok ? result.origin : `refused: ${result.problem}`;
};

describe('checkout origins', () => {
  it.each([
    ['https://shop.example', 'https://shop.example'],
    ['HTTPS://Shop.Example', 'https://shop.example'],
    ['https://shop.example:443', 'https://shop.example'],
    ['https://shop.example:8443', 'https://shop.example:8443'],
    ['  https://shop.example  ', 'https://shop.example'],
    ['https://bücher.example', 'https://xn--bcher-kva.example'],
    ['https://203.0.113.7', 'https://203.0.113.7'],
    ['https://[2001:DB8::1]:8443', 'https://[2001:db8::1]:8443'],
    ['http://localhost', 'http://localhost'],
    ['http://localhost:5173', 'http://localhost:5173'],
    ['http://LOCALHOST:80', 'http://localhost'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['https://localhost:3443', 'https://localhost:3443'],
  ])('accepts %s as %s', (entry, expected) => {
    expect(origin(entry)).toBe(expected);
  });

  it.each([
    ['', 'is not an origin'],
    ['shop.example', 'is not an origin'],
    ['//shop.example', 'is not an origin'],
    ['https:shop.example', 'is not an origin'],
    ['https://shop.example/', 'no path'],
    ['https://shop.example/checkout', 'no path'],
    ['https://shop.example?x=1', 'no path'],
    ['https://shop.example#top', 'no path'],
    ['https://shop.example\\evil', 'no path'],
    ['https://*.shop.example', 'wildcards'],
    ['*', 'wildcards'],
    ['https://user:pw@shop.example', 'user name'],
    ['https://shop.example@evil.example', 'user name'],
    ['http://shop.example', 'must use https'],
    ['http://192.168.1.10', 'must use https'],
    ['http://localhost.evil.example', 'must use https'],
    ['javascript:alert(1)', 'must start with https://'],
    ['data:text/html,hi', 'must start with https://'],
    ['ftp://shop.example', 'must start with https://'],
    ['https://shop example', 'spaces'],
    ['https://shop.example\u0000', 'control characters'],
    ['https://shop.example;script-src *', 'spaces'],
    ['https://a;b.example', 'valid host name'],
    ['https://a,b.example', 'valid host name'],
    ["https://a'b.example", 'valid host name'],
    ['https://a%3bb.example', 'valid host name'],
    ['https://under_score.example', 'valid host name'],
    ['https://shop.example.', 'valid host name'],
    ['https://shop.example:99999', 'valid host name and port'],
    ['https://', 'valid host name'],
    [`https://${'a'.repeat(300)}.example`, 'is not an origin'],
  ])('refuses %j (%s)', (entry, problem) => {
    const result = normaliseCheckoutOrigin(entry);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem).toContain(problem);
  });

  it('normalises a list, keeping the first of duplicates; null and [] clear', () => {
    expect(
      normaliseCheckoutOrigins([
        'https://Shop.Example:443',
        'http://localhost:5173',
        'https://shop.example',
        'https://pay.shop.example',
      ]),
    ).toEqual(['https://shop.example', 'http://localhost:5173', 'https://pay.shop.example']);
    expect(normaliseCheckoutOrigins(null)).toEqual([]);
    expect(normaliseCheckoutOrigins([])).toEqual([]);
  });

  it('refuses a list with invalid_request naming the bad entry and its position', () => {
    expect(() =>
      normaliseCheckoutOrigins(['https://shop.example', 'https://shop.example/checkout']),
    ).toThrow(
      expect.objectContaining({
        code: 'invalid_request',
        detail: expect.stringContaining(
          'allowed_checkout_origins[1] "https://shop.example/checkout" must be an origin alone',
        ),
      }),
    );
    expect(() => normaliseCheckoutOrigins(['x\u0000y'])).toThrow(
      expect.objectContaining({ detail: expect.stringContaining('"x\\u0000y"') }),
    );
  });

  it(`holds at most ${MAX_CHECKOUT_ORIGINS} origins, counted as sent`, () => {
    const many = Array.from({ length: MAX_CHECKOUT_ORIGINS }, (_, i) => `https://s${i}.example`);
    expect(normaliseCheckoutOrigins(many)).toHaveLength(MAX_CHECKOUT_ORIGINS);
    expect(() => normaliseCheckoutOrigins([...many, 'https://one-more.example'])).toThrow(
      expect.objectContaining({ code: 'invalid_request', detail: expect.stringContaining('20') }),
    );
  });
});
