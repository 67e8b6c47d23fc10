import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findNonIntegerNumber } from './json-number-spelling.ts';

describe('findNonIntegerNumber', () => {
  it('finds a fraction or an exponent in any number, and nothing in strings, keys or literals', () => {
    expect(findNonIntegerNumber('{"amount":1e5}')).toBe('1e5');
    expect(findNonIntegerNumber('{"amount":100000.0}')).toBe('100000.0');
    expect(findNonIntegerNumber('[1,2,{"a":[-2.5E-3]}]')).toBe('-2.5E-3');
    expect(findNonIntegerNumber('{"a":1E+2}')).toBe('1E+2');
    expect(findNonIntegerNumber('{"1.5e3":"2.5e1","b":true,"c":false,"d":null,"e":-12}')).toBe(
      undefined,
    );
    expect(findNonIntegerNumber('{"a":"x\\"1.5\\"","b":[0,-0,10]}')).toBe(undefined);
  });

  it('agrees with JSON.stringify: integers pass, any other finite number is found', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        const numbers: number[] = [];
        JSON.parse(text, (_key, v: unknown) => {
          if (typeof v === 'number') numbers.push(v);
          return v;
        });
        // JSON.stringify writes an integer as digits unless it is 1e21 or more.
        const spelled = numbers.some((n) => !Number.isInteger(n) || Math.abs(n) >= 1e21);
        expect(findNonIntegerNumber(text) !== undefined).toBe(spelled);
      }),
      { numRuns: 2_000 },
    );
  });
});
