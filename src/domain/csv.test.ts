import { describe, expect, it } from 'vitest';

import { amountCells, csvField, csvRecord, nairaFromKobo } from './csv.ts';

describe('nairaFromKobo', () => {
  it('is the kobo figure divided by 100 exactly, two decimals, no separators', () => {
    expect(nairaFromKobo(0)).toBe('0.00');
    expect(nairaFromKobo(5)).toBe('0.05');
    expect(nairaFromKobo(123_456)).toBe('1234.56');
    expect(nairaFromKobo(-5)).toBe('-0.05');
    expect(nairaFromKobo(-250_000)).toBe('-2500.00');
    expect(nairaFromKobo(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
  });

  it('agrees with the kobo column for every amount (checked by reading it back)', () => {
    for (let kobo = -1_000; kobo <= 1_000; kobo += 7) {
      const [whole, cents] = nairaFromKobo(Math.abs(kobo)).split('.');
      expect(Number(whole) * 100 + Number(cents)).toBe(Math.abs(kobo));
    }
  });

  it('refuses what is not a whole number of kobo', () => {
    expect(() => nairaFromKobo(1.5)).toThrow(RangeError);
  });
});

describe('csvField (RFC 4180, formula-safe)', () => {
  it('quotes a field holding a comma, a quote, CR or LF, doubling its quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('Ade, Stores')).toBe('"Ade, Stores"');
    expect(csvField('The "best" phone')).toBe('"The ""best"" phone"');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('cr\r')).toBe('"cr\r"');
  });

  it('neutralises text a spreadsheet would run: = + - @ tab CR get an apostrophe', () => {
    expect(csvField('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvField('+2348031234567')).toBe("'+2348031234567");
    expect(csvField('-5')).toBe("'-5");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tcmd')).toBe("'\tcmd");
    expect(csvField('a=b')).toBe('a=b');
  });

  it('writes our own numbers and amounts as numbers, negative ones too', () => {
    expect(csvField(-1234)).toBe('-1234');
    expect(csvField({ kobo: -123_456 })).toBe('-1234.56');
    expect(csvField(null)).toBe('');
    expect(amountCells(250)).toEqual([250, { kobo: 250 }]);
    expect(amountCells(null)).toEqual([null, null]);
  });

  it('ends each record with CRLF', () => {
    expect(csvRecord(['a', 1, null, { kobo: 1 }])).toBe('a,1,,0.01\r\n');
  });
});
