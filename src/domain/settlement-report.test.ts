import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  accountKey,
  type JournalEntry,
  paymentCollectedEntry,
  payoutFailedEntry,
  refundInitiatedEntry,
} from './ledger.ts';
import { type SettlementEntry, settlementLines } from './settlement-report.ts';

const merchantId = 'mer_1';
const at = new Date('2027-01-10T09:00:00Z');
const asEntry = (id: string, entry: JournalEntry): SettlementEntry => ({
  id,
  kind: entry.kind,
  reference: entry.reference,
  createdAt: at,
  postings: entry.postings.map((p) => ({
    account: accountKey(p.account),
    debitKobo: p.debitKobo,
    creditKobo: p.creditKobo,
  })),
});
const collected = (id: string, grossKobo: number) =>
  asEntry(
    id,
    paymentCollectedEntry({
      merchantId,
      planId: 'plan_1',
      chargeReference: `chg-${id}`,
      grossKobo,
    }),
  );

describe('settlementLines', () => {
  it('splits each collection into gross and fee, a refund into cash and fee returned', () => {
    const refund = refundInitiatedEntry({
      merchantId,
      refundReference: 'rfp-1',
      split: { refundKobo: 40_000, feeReturnedKobo: 1_000, merchantDebitKobo: 39_000 },
    });
    const lines = settlementLines({
      merchantId,
      payoutAmountKobo: 97_500 + 97_500 - 39_000,
      carriedInKobo: 0,
      between: [collected('a', 100_000), collected('b', 100_000), asEntry('r', refund)],
      carriedOutKobo: 0,
    });
    expect(lines.map((l) => [l.type, l.amountKobo])).toEqual([
      ['collection', 100_000],
      ['fee', -2_500],
      ['collection', 100_000],
      ['fee', -2_500],
      ['refund', -40_000],
      ['fee', 1_000],
    ]);
  });

  it('carries a balance in and out, and pays a returned payout again', () => {
    const returned = asEntry(
      'f',
      payoutFailedEntry({ merchantId, payoutReference: 'trf-1', amountKobo: 5_000 }),
    );
    const lines = settlementLines({
      merchantId,
      payoutAmountKobo: 10_000,
      carriedInKobo: 3_000,
      between: [returned, collected('c', 4_000)],
      carriedOutKobo: 1_900,
    });
    expect(lines.map((l) => [l.type, l.amountKobo])).toEqual([
      ['carried_in', 3_000],
      ['payout_returned', 5_000],
      ['collection', 4_000],
      ['fee', -100],
      ['carried_out', -1_900],
    ]);
  });

  it('sums to the payout for any collections and carried balances; refuses a report that does not', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 10_000_000 }), { maxLength: 20 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        (grosses, carriedIn, keptPct) => {
          const between = grosses.map((g, i) => collected(String(i), g));
          const available =
            carriedIn +
            between.reduce(
              (sum, e) =>
                sum +
                (e.postings.find((p) => p.account === `merchant_payable:${merchantId}`)
                  ?.creditKobo ?? 0),
              0,
            );
          const carriedOut = Math.floor((available * keptPct) / 100);
          const payout = available - carriedOut;
          const lines = settlementLines({
            merchantId,
            payoutAmountKobo: payout,
            carriedInKobo: carriedIn,
            between,
            carriedOutKobo: carriedOut,
          });
          expect(lines.reduce((sum, l) => sum + l.amountKobo, 0)).toBe(payout);
          expect(() =>
            settlementLines({
              merchantId,
              payoutAmountKobo: payout + 1,
              carriedInKobo: carriedIn,
              between,
              carriedOutKobo: carriedOut,
            }),
          ).toThrow(/sums to/);
        },
      ),
    );
  });
});
