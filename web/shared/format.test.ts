import { describe, expect, it } from 'vitest';

import { formatNaira, koboToNairaInput, parseNairaToKobo } from './format.ts';

describe('parseNairaToKobo: what a merchant types, to integer kobo', () => {
  it.each([
    ['25,000.50', 2_500_050],
    ['25000.50', 2_500_050],
    ['25000', 2_500_000],
    ['25000.5', 2_500_050],
    ['₦25,000', 2_500_000],
    ['  ₦ 1,234,567.89 ', 123_456_789],
    ['0.01', 1],
    ['0', 0],
    ['007', 700],
    ['0.29', 29], // 0.29 * 100 is 28.999… in floating point
    ['1.15', 115],
    ['9999999999999.99', 999_999_999_999_999],
  ])('%s → %i kobo', (text, kobo) => {
    expect(parseNairaToKobo(text)).toBe(kobo);
  });

  it.each([
    '25000.505', // more than 2 decimals
    '1.000',
    '',
    ' ',
    'abc',
    '-100',
    '+100',
    '1e5',
    '25.',
    '.5',
    '2,50,00',
    '25,00',
    ',250',
    '25 000',
    '0x10',
    '10000000000000', // 14 digits of naira
  ])('refuses %j', (text) => {
    expect(parseNairaToKobo(text)).toBeUndefined();
  });

  it('reads back what koboToNairaInput writes, for every kobo remainder', () => {
    for (let kobo = 0; kobo < 100_000; kobo += 7) {
      expect(parseNairaToKobo(koboToNairaInput(kobo))).toBe(kobo);
    }
    expect(koboToNairaInput(2_500_050)).toBe('25000.50');
    expect(koboToNairaInput(2_500_000)).toBe('25000');
    expect(koboToNairaInput(5)).toBe('0.05');
  });

  it('reads what formatNaira shows', () => {
    expect(parseNairaToKobo(formatNaira(1_850_000))).toBe(1_850_000);
  });
});
