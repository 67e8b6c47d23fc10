import { describe, expect, it } from 'vitest';

import { nairaInWords, numberInWords } from './naira-words.ts';

describe('nairaInWords: kobo in words, for confirming a money move', () => {
  it.each([
    [1_250_000, 'twelve thousand five hundred naira'],
    [0, 'zero naira'],
    [100, 'one naira'],
    [1, 'one kobo'],
    [50, 'fifty kobo'],
    [150, 'one naira and fifty kobo'],
    [2_100, 'twenty-one naira'],
    [10_500, 'one hundred and five naira'],
    [100_500, 'one thousand and five naira'],
    [1_100_000, 'eleven thousand naira'],
    [2_500_050, 'twenty-five thousand naira and fifty kobo'],
    [399_999, 'three thousand nine hundred and ninety-nine naira and ninety-nine kobo'],
    [100_000_000, 'one million naira'],
    [100_000_100, 'one million and one naira'],
    [
      123_456_789,
      'one million two hundred and thirty-four thousand five hundred and sixty-seven naira and eighty-nine kobo',
    ],
    [-5_000, 'minus fifty naira'],
    [
      999_999_999_999_999,
      'nine trillion nine hundred and ninety-nine billion nine hundred and ninety-nine million nine hundred and ninety-nine thousand nine hundred and ninety-nine naira and ninety-nine kobo',
    ],
  ])('%i kobo → %s', (kobo, words) => {
    expect(nairaInWords(kobo)).toBe(words);
  });

  it('names every whole number below a thousand differently (no two amounts read alike)', () => {
    const seen = new Set<string>();
    for (let n = 0; n < 1000; n++) seen.add(numberInWords(n));
    expect(seen.size).toBe(1000);
  });

  it('refuses what is not whole kobo', () => {
    expect(() => nairaInWords(12.5)).toThrow(RangeError);
    expect(() => numberInWords(1e15)).toThrow(RangeError);
    expect(() => numberInWords(-1)).toThrow(RangeError);
  });
});
