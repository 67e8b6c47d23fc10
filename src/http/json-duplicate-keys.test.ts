import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { findDuplicateKey } from './json-duplicate-keys.ts';

describe('findDuplicateKey', () => {
  it('finds a key given twice in one object, at any depth, escaped or not', () => {
    expect(findDuplicateKey('{"amount":100,"amount":900}')).toBe('amount');
    expect(findDuplicateKey('{"a":{"b":1,"c":[{"d":1,"d":2}]}}')).toBe('d');
    expect(findDuplicateKey('{"a":1,"\\u0061":2}')).toBe('a');
    expect(findDuplicateKey('{"__proto__":1,"__proto__":2}')).toBe('__proto__');
  });

  it('is not fooled by strings, arrays and sibling objects', () => {
    expect(findDuplicateKey('{"a":"a","b":"a"}')).toBeUndefined();
    expect(findDuplicateKey('{"a":{"x":1},"b":{"x":1}}')).toBeUndefined();
    expect(findDuplicateKey('[{"a":1},{"a":1}]')).toBeUndefined();
    expect(findDuplicateKey('{"a":["a","a",{"a":1}],"b":"\\"a\\",\\"a\\""}')).toBeUndefined();
    expect(findDuplicateKey('{"a\\\\":1,"a":2}')).toBeUndefined();
  });

  it('scans 30,000 levels of nesting without a stack', () => {
    const deep = `${'{"a":'.repeat(30_000)}1${'}'.repeat(30_000)}`;
    expect(findDuplicateKey(deep)).toBeUndefined();
  });

  it('agrees with JSON.parse: no duplicate exactly when re-serialising keeps every key', () => {
    fc.assert(
      fc.property(fc.json({ maxDepth: 4 }), (text) => {
        // fc.json writes what JSON.stringify writes: never a duplicate key.
        expect(findDuplicateKey(text)).toBeUndefined();
      }),
    );
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 }), { minKeys: 1 }),
        fc.nat(),
        (object, n) => {
          const keys = Object.keys(object);
          const key = keys[n % keys.length] ?? '';
          // A function, not a string: `$$` or `$&` in a key would be a replacement pattern.
          const text = JSON.stringify(object).replace(/^\{/, () => `{${JSON.stringify(key)}:0,`);
          expect(findDuplicateKey(text)).toBe(key);
        },
      ),
    );
  });
});
