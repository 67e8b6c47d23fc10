import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { splitPlatformFee } from './money.ts';
import {
  PARTIAL_DEBIT_FLOOR_PCT_MAX,
  PARTIAL_DEBIT_FLOOR_PCT_MIN,
  PARTIAL_DEBIT_MIN_KOBO,
  partialDebitAtLeast,
  partialDebitFloorKobo,
  splitCollected,
} from './partial-debit.ts';

const owed = fc.integer({ min: 1, max: 1_000_000_000 });
const pct = fc.integer({ min: PARTIAL_DEBIT_FLOOR_PCT_MIN, max: PARTIAL_DEBIT_FLOOR_PCT_MAX });

describe('partial-debit floor (money-rules.md §4a)', () => {
  it('is max(ceil(owed × pct / 100), ₦100) and below what is owed, or there is none', () => {
    fc.assert(
      fc.property(owed, pct, (owedKobo, floorPct) => {
        const floor = partialDebitFloorKobo(owedKobo, floorPct);
        // ceil in integers: the least f with 100·f ≥ owed·pct.
        const byPct = Math.ceil((owedKobo * floorPct) / 100);
        expect(100 * byPct).toBeGreaterThanOrEqual(owedKobo * floorPct);
        expect(100 * (byPct - 1)).toBeLessThan(owedKobo * floorPct);
        const expected = Math.max(byPct, PARTIAL_DEBIT_MIN_KOBO);
        if (expected < owedKobo) expect(floor).toBe(expected);
        else expect(floor).toBeNull();
      }),
      { numRuns: 5_000 },
    );
  });

  it('worked examples', () => {
    expect(partialDebitFloorKobo(625_000, 50)).toBe(312_500);
    expect(partialDebitFloorKobo(2_334, 50)).toBeNull(); // ₦100 is not below ₦23.34
    expect(partialDebitFloorKobo(10_001, 10)).toBe(10_000); // the ₦100 minimum
    expect(partialDebitFloorKobo(333_333, 30)).toBe(100_000); // 99,999.9 rounds up
    expect(() => partialDebitFloorKobo(100_000, 5)).toThrow(RangeError);
    expect(() => partialDebitFloorKobo(100_000, 50.5)).toThrow(RangeError);
  });
});

describe('when a partial debit is tried', () => {
  const base = {
    initiatedBy: 'schedule' as const,
    attempt: 2,
    sequence: 1,
    method: { type: 'card' as const, brand: 'mastercard' },
    floorPct: 50,
    owedKobo: 625_000,
  };
  it('only on automatic retries of a later installment on a Mastercard or Verve card of an opted-in merchant', () => {
    expect(partialDebitAtLeast(base)).toBe(312_500);
    expect(partialDebitAtLeast({ ...base, method: { type: 'card', brand: 'Verve ' } })).toBe(
      312_500,
    );
    expect(partialDebitAtLeast({ ...base, floorPct: null })).toBeNull();
    expect(partialDebitAtLeast({ ...base, attempt: 1 })).toBeNull();
    expect(partialDebitAtLeast({ ...base, sequence: 0 })).toBeNull();
    expect(partialDebitAtLeast({ ...base, initiatedBy: 'customer' })).toBeNull();
    expect(partialDebitAtLeast({ ...base, method: { type: 'card', brand: 'visa' } })).toBeNull();
    expect(
      partialDebitAtLeast({ ...base, method: { type: 'bank', brand: 'Zenith Emandate' } }),
    ).toBeNull();
    expect(partialDebitAtLeast({ ...base, owedKobo: 15_000 })).toBe(10_000); // the ₦100 minimum
    expect(partialDebitAtLeast({ ...base, owedKobo: 10_000 })).toBeNull(); // no floor below it
  });
});

describe('the split of a collected amount (money-rules.md §4a)', () => {
  it('collected + remaining = owed; the fee is the §1 rule on the collected amount; never below the floor', () => {
    fc.assert(
      fc.property(
        owed,
        pct,
        fc.integer({ min: 0, max: 1_000_000_000 }),
        (owedKobo, floorPct, takenSeed) => {
          const atLeast = partialDebitFloorKobo(owedKobo, floorPct);
          const collected = takenSeed % (owedKobo + 2); // 0 … owed + 1
          const split = splitCollected(owedKobo, collected, atLeast);
          if (split.kind === 'refused') {
            // Refused exactly when it is more than owed, or short of a whole payment and of the floor.
            expect(
              collected > owedKobo ||
                (collected < owedKobo && (atLeast === null || collected < atLeast)),
            ).toBe(true);
            return;
          }
          expect(split.collectedKobo + split.remainingKobo).toBe(owedKobo);
          expect(split.fee).toEqual(splitPlatformFee(split.collectedKobo));
          expect(split.fee.feeKobo + split.fee.merchantNetKobo).toBe(split.collectedKobo);
          if (split.kind === 'full') expect(split.remainingKobo).toBe(0);
          else {
            expect(atLeast).not.toBeNull();
            expect(split.collectedKobo).toBeGreaterThanOrEqual(atLeast ?? Infinity);
            expect(split.remainingKobo).toBeGreaterThanOrEqual(1);
          }
        },
      ),
      { numRuns: 10_000 },
    );
  });

  it('without a partial debit only the whole amount is accepted', () => {
    fc.assert(
      fc.property(owed, fc.integer({ min: 0, max: 1_000_000_001 }), (owedKobo, collected) => {
        const split = splitCollected(owedKobo, collected, null);
        expect(split.kind).toBe(collected === owedKobo ? 'full' : 'refused');
      }),
    );
  });

  it('worked example: ₦6,250.00 owed, floor 50%, ₦4,090.13 taken', () => {
    expect(splitCollected(625_000, 409_013, 312_500)).toEqual({
      kind: 'partial',
      collectedKobo: 409_013,
      remainingKobo: 215_987,
      fee: { grossKobo: 409_013, feeKobo: 10_225, merchantNetKobo: 398_788 },
    });
    expect(splitCollected(625_000, 312_499, 312_500).kind).toBe('refused');
  });
});
