import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { type RefundHistory, splitPlatformFee, splitRefund } from './money.ts';

const gross = fc.oneof(
  fc.integer({ min: 1, max: 1_000 }),
  fc.integer({ min: 1, max: 1_000_000_000 }),
);

/** A charge and refunds of it that never exceed its gross, in the order they are made. */
const chargeWithRefunds = gross.chain((grossKobo) =>
  fc.array(fc.integer({ min: 1, max: grossKobo }), { maxLength: 12 }).map((wanted) => {
    let leftKobo = grossKobo;
    const refunds: number[] = [];
    for (const w of wanted) {
      const r = Math.min(w, leftKobo);
      if (r > 0) refunds.push(r);
      leftKobo -= r;
    }
    return { grossKobo, refunds };
  }),
);

const nothingYet: RefundHistory = { refundedKobo: 0, feeReturnedKobo: 0 };

describe('refund split (the fee comes back pro rata)', () => {
  const charge = splitPlatformFee(625_000); // fee 15,625, net 609,375

  it('a full refund returns the whole fee; the merchant pays back the net', () => {
    expect(splitRefund(charge, nothingYet, 625_000)).toEqual({
      refundKobo: 625_000,
      feeReturnedKobo: 15_625,
      merchantDebitKobo: 609_375,
    });
  });

  it('two halves: 7,812.5 rounds up first, the second half returns the rest', () => {
    const first = splitRefund(charge, nothingYet, 312_500);
    expect(first.feeReturnedKobo).toBe(7_813);
    const second = splitRefund(
      charge,
      { refundedKobo: 312_500, feeReturnedKobo: first.feeReturnedKobo },
      312_500,
    );
    expect(second.feeReturnedKobo).toBe(7_812);
  });

  it('tiny charges: a 20-kobo charge paid a 1-kobo fee; refunding 9 kobo returns none, 10 returns it', () => {
    const small = splitPlatformFee(20);
    expect(splitRefund(small, nothingYet, 9).feeReturnedKobo).toBe(0);
    expect(splitRefund(small, nothingYet, 10).feeReturnedKobo).toBe(1);
    expect(splitRefund(small, { refundedKobo: 10, feeReturnedKobo: 1 }, 10).feeReturnedKobo).toBe(
      0,
    );
  });

  it('works in integers near the largest checkout (F × R beyond 2^53)', () => {
    const big = splitPlatformFee(1_000_000_000);
    expect(splitRefund(big, nothingYet, 999_999_999)).toEqual({
      refundKobo: 999_999_999,
      feeReturnedKobo: 25_000_000, // 24,999,999.975 → 25,000,000
      merchantDebitKobo: 974_999_999,
    });
  });

  it('any sequence of partial refunds: fee returned so far = round_half_up(F × R / G), = F when all is refunded', () => {
    fc.assert(
      fc.property(chargeWithRefunds, ({ grossKobo, refunds }) => {
        const fee = splitPlatformFee(grossKobo);
        let history = nothingYet;
        for (const refundKobo of refunds) {
          const split = splitRefund(fee, history, refundKobo);
          expect(split.feeReturnedKobo + split.merchantDebitKobo).toBe(refundKobo);
          expect(split.feeReturnedKobo).toBeGreaterThanOrEqual(0);
          expect(split.merchantDebitKobo).toBeGreaterThanOrEqual(0);
          history = {
            refundedKobo: history.refundedKobo + refundKobo,
            feeReturnedKobo: history.feeReturnedKobo + split.feeReturnedKobo,
          };
          // 1000 · |returned − F·R/G| ≤ 500·G/G, compared exactly: |2·G·returned − 2·F·R| ≤ G.
          const diff =
            2n * BigInt(grossKobo) * BigInt(history.feeReturnedKobo) -
            2n * BigInt(fee.feeKobo) * BigInt(history.refundedKobo);
          expect(diff > -BigInt(grossKobo) && diff <= BigInt(grossKobo)).toBe(true);
        }
        expect(history.feeReturnedKobo).toBeLessThanOrEqual(fee.feeKobo);
        if (history.refundedKobo === grossKobo) {
          expect(history.feeReturnedKobo).toBe(fee.feeKobo);
        }
      }),
      { numRuns: 5_000 },
    );
  });

  it('with some refunds failing, the fee returned never passes the fee taken nor the refund', () => {
    fc.assert(
      fc.property(
        chargeWithRefunds,
        fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
        ({ grossKobo, refunds }, failures) => {
          const fee = splitPlatformFee(grossKobo);
          let history = nothingYet;
          refunds.forEach((refundKobo, i) => {
            if (history.refundedKobo + refundKobo > grossKobo) return;
            const split = splitRefund(fee, history, refundKobo);
            expect(split.feeReturnedKobo).toBeGreaterThanOrEqual(0);
            expect(split.feeReturnedKobo).toBeLessThanOrEqual(refundKobo);
            if (failures[i] === true) return; // the gateway refused: nothing changes
            history = {
              refundedKobo: history.refundedKobo + refundKobo,
              feeReturnedKobo: history.feeReturnedKobo + split.feeReturnedKobo,
            };
            expect(history.feeReturnedKobo).toBeLessThanOrEqual(fee.feeKobo);
          });
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('a history left behind by failed refunds catches up, but never returns more than the refund', () => {
    const charge1m = splitPlatformFee(1_000_000); // fee 25,000; 400,000 refunded should have returned 10,000
    const lagging = { refundedKobo: 400_000, feeReturnedKobo: 9_998 };
    expect(splitRefund(charge1m, lagging, 1)).toEqual({
      refundKobo: 1,
      feeReturnedKobo: 1,
      merchantDebitKobo: 0,
    });
    expect(splitRefund(charge1m, lagging, 100).feeReturnedKobo).toBe(5); // 10,002.5 → 10,003 − 9,998
    const ahead = { refundedKobo: 400_000, feeReturnedKobo: 10_010 };
    expect(splitRefund(charge1m, ahead, 100).feeReturnedKobo).toBe(0);
  });

  it('refuses over-refunds, zero, fractions and an impossible history', () => {
    expect(() => splitRefund(charge, nothingYet, 625_001)).toThrow(RangeError);
    expect(() =>
      splitRefund(charge, { refundedKobo: 600_000, feeReturnedKobo: 0 }, 25_001),
    ).toThrow(RangeError);
    expect(() => splitRefund(charge, nothingYet, 0)).toThrow(RangeError);
    expect(() => splitRefund(charge, nothingYet, 1.5)).toThrow(RangeError);
    expect(() => splitRefund(charge, { refundedKobo: 0, feeReturnedKobo: 15_626 }, 1)).toThrow(
      RangeError,
    );
    // Each refusal names what is wrong, for the log a programmer reads.
    expect(() => splitRefund(charge, nothingYet, 0)).toThrow(
      new RangeError('refundKobo must be at least 1 kobo'),
    );
    expect(() => splitRefund(charge, nothingYet, 1.5)).toThrow(
      new RangeError('refundKobo must be an integer number of kobo'),
    );
    expect(() => splitRefund(charge, nothingYet, 625_001)).toThrow(
      new RangeError('refunds of a charge cannot exceed its gross'),
    );
    expect(() => splitRefund(charge, { refundedKobo: -1, feeReturnedKobo: 0 }, 1)).toThrow(
      new RangeError('refunds of a charge cannot exceed its gross'),
    );
    for (const feeReturnedKobo of [-1, 15_626]) {
      expect(() => splitRefund(charge, { refundedKobo: 0, feeReturnedKobo }, 1)).toThrow(
        new RangeError('previous.feeReturnedKobo must be between 0 and the fee taken'),
      );
    }
    expect(() => splitRefund(charge, { refundedKobo: 0.5, feeReturnedKobo: 0 }, 1)).toThrow(
      new RangeError('previous.refundedKobo must be an integer number of kobo'),
    );
    expect(() => splitRefund(charge, { refundedKobo: 0, feeReturnedKobo: 0.5 }, 1)).toThrow(
      new RangeError('previous.feeReturnedKobo must be an integer number of kobo'),
    );
  });

  it('accepts the edges: a history that returned the whole fee, a refund up to the gross', () => {
    // All of the fee already went back with the first 624,000: the last 1,000 returns none.
    expect(splitRefund(charge, { refundedKobo: 624_000, feeReturnedKobo: 15_625 }, 1_000)).toEqual({
      refundKobo: 1_000,
      feeReturnedKobo: 0,
      merchantDebitKobo: 1_000,
    });
    expect(splitRefund(charge, { refundedKobo: 624_999, feeReturnedKobo: 15_600 }, 1)).toEqual({
      refundKobo: 1,
      feeReturnedKobo: 1,
      merchantDebitKobo: 0,
    });
  });
});
