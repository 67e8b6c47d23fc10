import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { findFloatSpelledInteger } from './json-number-spelling.ts';

describe('findFloatSpelledInteger', () => {
  it('finds an integer spelled with a point or an exponent, and nothing in fractions, strings, keys or literals', () => {
    expect(findFloatSpelledInteger('{"amount":1e5}')).toBe('1e5');
    expect(findFloatSpelledInteger('{"amount":100000.0}')).toBe('100000.0');
    expect(findFloatSpelledInteger('[1,2.5,{"a":[-2.5E3]}]')).toBe('-2.5E3');
    expect(findFloatSpelledInteger('{"a":1E+2}')).toBe('1E+2');
    expect(findFloatSpelledInteger('{"a":2500.5,"b":-2.5E-3,"c":1e-7}')).toBe(undefined);
    expect(findFloatSpelledInteger('{"1.5e3":"2.5e1","b":true,"c":false,"d":null,"e":-12}')).toBe(
      undefined,
    );
    expect(findFloatSpelledInteger('{"a":"x\\"1.5\\"","b":[0,-0,10]}')).toBe(undefined);
  });

  it('agrees with JSON.stringify: only integers it writes with an exponent (≥ 1e21) are found', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        const numbers: number[] = [];
        JSON.parse(text, (_key, v: unknown) => {
          if (typeof v === 'number') numbers.push(v);
          return v;
        });
        // JSON.stringify writes an integer as digits unless it is 1e21 or more.
        const spelled = numbers.some((n) => Number.isInteger(n) && Math.abs(n) >= 1e21);
        expect(findFloatSpelledInteger(text) !== undefined).toBe(spelled);
      }),
      { numRuns: 2_000 },
    );
  });
});
