import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { canonicalJson, MAX_CANONICAL_DEPTH } from './canonical-json.ts';

describe('canonicalJson', () => {
  it('ignores key order at every depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [1, { y: 2, z: 1 }] }, b: 1 }),
    );
  });
  it('distinguishes different values', () => {
    expect(canonicalJson({ amount: 100 })).not.toBe(canonicalJson({ amount: '100' }));
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
  });
  it('round-trips through JSON.parse to the same value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});

describe('canonicalJson depth', () => {
  it('refuses a value nested past MAX_CANONICAL_DEPTH with a 400, not a stack overflow', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 5_000; i += 1) deep = [deep];
    expect(() => canonicalJson(deep)).toThrow(expect.objectContaining({ code: 'invalid_request' }));
    let shallow: unknown = { a: 1 };
    for (let i = 0; i < MAX_CANONICAL_DEPTH - 1; i += 1) shallow = [shallow];
    expect(() => canonicalJson(shallow)).not.toThrow();
  });
});
