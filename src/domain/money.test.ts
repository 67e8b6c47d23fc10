import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { batteryCount, report } from '../../test/battery/battery.ts';
import { formatNaira, MAX_FEE_INPUT_KOBO, splitPlatformFee } from './money.ts';

// B1 of the reliability battery: the design asks 100,000 cases; CI runs 10,000.
const FEE_CASES = batteryCount({ ci: 10_000, full: 100_000 });

const kobo = fc.oneof(
  fc.integer({ min: 0, max: 1_000_000_000 }),
  fc.integer({ min: 0, max: MAX_FEE_INPUT_KOBO }),
);

describe('platform fee (2.5%, round half up)', () => {
  it('fee + merchant net = gross for every amount', () => {
    fc.assert(
      fc.property(kobo, (gross) => {
        const { feeKobo, merchantNetKobo } = splitPlatformFee(gross);
        expect(feeKobo + merchantNetKobo).toBe(gross);
        expect(Number.isSafeInteger(feeKobo)).toBe(true);
        expect(feeKobo).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: FEE_CASES },
    );
    report('B1 fee-split', { cases: FEE_CASES });
  });

  it('the fee is within half a kobo of exactly 2.5%, halves rounding up', () => {
    fc.assert(
      fc.property(kobo, (gross) => {
        const { feeKobo } = splitPlatformFee(gross);
        // |fee − gross × 0.025| ≤ 0.5, in integers: |1000·fee − 25·gross| ≤ 500, with exact halves going up.
        const diff = 1000 * feeKobo - 25 * gross;
        expect(diff).toBeGreaterThan(-500);
        expect(diff).toBeLessThanOrEqual(500);
      }),
      { numRuns: FEE_CASES },
    );
    report('B1 fee-rule', { cases: FEE_CASES });
  });

  it.each([
    [0, 0],
    [19, 0], // 0.475 → 0
    [20, 1], // 0.5 → 1 (half up)
    [100, 3], // 2.5 → 3
    [5000, 125],
    [2_500_000, 62_500],
    [1_000_000_000, 25_000_000],
  ])('fee of %i kobo is %i kobo', (gross, fee) => {
    expect(splitPlatformFee(gross).feeKobo).toBe(fee);
  });

  it('refuses fractions and negatives, naming the amount', () => {
    expect(() => splitPlatformFee(10.5)).toThrow(
      new RangeError('grossKobo must be an integer number of kobo'),
    );
    expect(() => splitPlatformFee(-1)).toThrow(new RangeError('grossKobo is out of range'));
    expect(() => splitPlatformFee(MAX_FEE_INPUT_KOBO + 1)).toThrow(
      new RangeError('grossKobo is out of range'),
    );
  });

  it('accepts both ends of its range', () => {
    expect(splitPlatformFee(MAX_FEE_INPUT_KOBO)).toEqual({
      grossKobo: MAX_FEE_INPUT_KOBO,
      feeKobo: 2_500_000_000_000,
      merchantNetKobo: 97_500_000_000_000,
    });
    expect(splitPlatformFee(0)).toEqual({ grossKobo: 0, feeKobo: 0, merchantNetKobo: 0 });
  });

  it('formats naira for people, a minus sign before the naira sign', () => {
    expect(formatNaira(2_500_050)).toBe('₦25,000.50');
    expect(formatNaira(5)).toBe('₦0.05');
    expect(formatNaira(0)).toBe('₦0.00');
    expect(formatNaira(-1)).toBe('-₦0.01');
    expect(formatNaira(-123_456_789)).toBe('-₦1,234,567.89');
  });
});
