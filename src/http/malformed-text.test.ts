import { describe, expect, it } from 'vitest';

import { findMalformedText, findUndecodableQueryParameter } from './malformed-text.ts';

const NUL = 'must not contain NUL (\\u0000) characters';

describe('findMalformedText', () => {
  it('accepts well-formed text, including pairs outside the BMP', () => {
    for (const value of [
      '',
      'Samsung Galaxy A15',
      'Ọjà 😀',
      'ﬀ\uFFFD',
      42,
      null,
      true,
      undefined,
    ]) {
      expect(findMalformedText(value), JSON.stringify(value)).toBeUndefined();
    }
    expect(findMalformedText({ title: 'Shoes', tags: ['a', '😀'], nested: { ok: 1 } })).toBe(
      undefined,
    );
  });

  it('names NUL anywhere in a string', () => {
    expect(findMalformedText('\u0000')).toBe(NUL);
    expect(findMalformedText('Phone\u0000case')).toBe(NUL);
  });

  it('names a lone surrogate, high or low, by its code unit', () => {
    expect(findMalformedText('\ud800')).toBe(
      'must be valid Unicode (a lone surrogate \\ud800 was sent)',
    );
    expect(findMalformedText('a\ud83dz')).toBe(
      'must be valid Unicode (a lone surrogate \\ud83d was sent)',
    );
    expect(findMalformedText('x\udc00')).toBe(
      'must be valid Unicode (a lone surrogate \\udc00 was sent)',
    );
    // A low surrogate before a high one is two lone halves, not a pair.
    expect(findMalformedText('\ude00\ud83d')).toContain('\\ude00');
  });

  it('looks through arrays, objects and object keys; the first problem wins', () => {
    expect(findMalformedText(['ok', ['deep', 'a\ud800']])).toContain('\\ud800');
    expect(findMalformedText({ a: { b: 'x\u0000' } })).toBe(NUL);
    expect(findMalformedText({ 'key\ud800': 'value' })).toContain('\\ud800');
    expect(findMalformedText({ 'k\u0000': 1 })).toBe(NUL);
    expect(findMalformedText({ a: '\u0000', b: '\ud800' })).toBe(NUL);
  });
});

describe('findUndecodableQueryParameter', () => {
  it('accepts ordinary, encoded and sloppy query strings', () => {
    for (const query of [
      '',
      'limit=10&cursor=abc',
      'order_reference=order%201001&q=a+b',
      'title=%C3%B2%F0%9F%98%80',
      'customer_id=%00', // decodes (to NUL, which findMalformedText refuses)
      'tag=50%off&x=100%',
      'flag&=&&',
    ]) {
      expect(findUndecodableQueryParameter(query), query).toBeUndefined();
    }
  });

  it('names the parameter whose escapes are not UTF-8 (encoded surrogates, stray bytes)', () => {
    expect(findUndecodableQueryParameter('limit=5&order_reference=%ED%A0%80')).toBe(
      'order_reference',
    );
    expect(findUndecodableQueryParameter('customer_id=a%FFb')).toBe('customer_id');
    expect(findUndecodableQueryParameter('q=%C3')).toBe('q');
    expect(findUndecodableQueryParameter('%ED%A0%80=1')).toBe('%ED%A0%80');
    expect(findUndecodableQueryParameter('na%20me=%ED%B0%80')).toBe('na me');
  });
});
