import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { feeRevenue, gatewayClearing, payable } from '../../test/harness/ledger-accounts.ts';
import { DomainError } from './errors.ts';
import {
  accountKey,
  assertBalanced,
  credit,
  debit,
  entryMerchantId,
  type JournalEntry,
  type LedgerAccount,
  LedgerInvariantError,
  parseAccountKey,
  paymentCollectedEntry,
  payoutFailedEntry,
  payoutInitiatedEntry,
  payoutReversedEntry,
  payoutSucceededEntry,
  planClosedEntry,
  planConfirmedEntry,
  type Posting,
  receivableReducedEntry,
  refundFailedEntry,
  refundInitiatedEntry,
  refundSucceededEntry,
  reverseEntry,
} from './ledger.ts';
import { assertWithinAvailable, balancesOf, merchantWallet } from './ledger-balances.ts';
import { type RefundSplit, splitPlatformFee, splitRefund } from './money.ts';

/** Postings as `key: ±amount` (debit positive), easy to read in a failing test. */
const signed = (entry: JournalEntry): string[] =>
  entry.postings.map((p) => `${accountKey(p.account)}: ${p.debitKobo - p.creditKobo}`);

const entryOf = (postings: Posting[], reference = 'x'): JournalEntry => ({
  kind: 'plan_confirmed',
  reference,
  currency: 'NGN',
  postings,
  reverses: null,
});

describe('accounts', () => {
  it.each<[LedgerAccount, string]>([
    [{ kind: 'gateway_clearing' }, 'gateway_clearing'],
    [{ kind: 'platform_fee_revenue' }, 'platform_fee_revenue'],
    [{ kind: 'customer_receivable', planId: 'plan_9' }, 'customer_receivable:plan_9'],
    [{ kind: 'merchant_pending', merchantId: 'mer_1' }, 'merchant_pending:mer_1'],
    [{ kind: 'merchant_payable', merchantId: 'mer_1' }, 'merchant_payable:mer_1'],
    [{ kind: 'payouts_in_transit', merchantId: 'mer_1' }, 'payouts_in_transit:mer_1'],
    [{ kind: 'refunds_in_transit', merchantId: 'mer_1' }, 'refunds_in_transit:mer_1'],
  ])('%j has the stable key %s and parses back', (account, key) => {
    expect(accountKey(account)).toBe(key);
    expect(parseAccountKey(key)).toEqual(account);
  });

  it.each([
    'nope',
    'merchant_payable',
    'merchant_payable:',
    'merchant_payable:mer_1:extra',
    'gateway_clearing:mer_1',
    'customer_receivable:plan 9',
  ])('refuses the malformed key %j', (key) => {
    expect(() => parseAccountKey(key)).toThrow(LedgerInvariantError);
  });

  it('refuses ids that would make ambiguous keys', () => {
    expect(() => accountKey({ kind: 'merchant_payable', merchantId: 'mer:1' })).toThrow(
      LedgerInvariantError,
    );
    expect(() => accountKey({ kind: 'customer_receivable', planId: '' })).toThrow(
      LedgerInvariantError,
    );
  });
});

describe('balanced entries (I1)', () => {
  const m = payable('mer_1');

  it('accepts debits = credits', () => {
    expect(() =>
      assertBalanced(entryOf([debit(gatewayClearing, 100), credit(m, 100)])),
    ).not.toThrow();
  });

  it.each<[string, JournalEntry]>([
    ['debits ≠ credits', entryOf([debit(gatewayClearing, 100), credit(m, 99)])],
    ['a single posting', entryOf([debit(gatewayClearing, 0), credit(m, 0)].slice(0, 1))],
    ['no postings', entryOf([])],
    ['a zero posting', entryOf([debit(gatewayClearing, 100), credit(m, 100), credit(m, 0)])],
    [
      'a two-sided posting',
      entryOf([
        { account: m, debitKobo: 5, creditKobo: 5 },
        debit(gatewayClearing, 1),
        credit(m, 1),
      ]),
    ],
    ['a negative amount', entryOf([debit(gatewayClearing, -100), credit(m, -100)])],
    ['a fraction of a kobo', entryOf([debit(gatewayClearing, 0.5), credit(m, 0.5)])],
    ['an unsafe integer', entryOf([debit(gatewayClearing, 2 ** 53), credit(m, 2 ** 53)])],
    ['an empty reference', entryOf([debit(gatewayClearing, 1), credit(m, 1)], '')],
    [
      'another currency',
      { ...entryOf([debit(gatewayClearing, 1), credit(m, 1)]), currency: 'USD' as 'NGN' },
    ],
    ['a malformed account id', entryOf([debit(gatewayClearing, 1), credit(payable('a:b'), 1)])],
  ])('refuses %s with an invariant error, not a client error', (_name, entry) => {
    expect(() => assertBalanced(entry)).toThrow(LedgerInvariantError);
    expect(() => assertBalanced(entry)).not.toThrow(DomainError);
  });

  it('balancesOf refuses to sum an unbalanced journal', () => {
    expect(() => balancesOf([entryOf([debit(gatewayClearing, 2), credit(m, 1)])])).toThrow(
      LedgerInvariantError,
    );
  });
});

describe('entries per money movement: ₦25,000.00, 25% upfront, 3 monthly', () => {
  const ids = { planId: 'plan_1', merchantId: 'mer_1' };

  it('plan confirmed: the customer owes 2,500,000; the merchant has it pending', () => {
    expect(signed(planConfirmedEntry({ ...ids, amountKobo: 2_500_000 }))).toEqual([
      'customer_receivable:plan_1: 2500000',
      'merchant_pending:mer_1: -2500000',
    ]);
  });

  it('deposit collected: 625,000 gross = 609,375 to the wallet + 15,625 fee', () => {
    const entry = paymentCollectedEntry({ ...ids, chargeReference: 'chg_1', grossKobo: 625_000 });
    expect(entry.kind).toBe('payment_collected');
    expect(entry.reference).toBe('chg_1');
    expect(signed(entry)).toEqual([
      'gateway_clearing: 625000',
      'customer_receivable:plan_1: -625000',
      'merchant_pending:mer_1: 625000',
      'merchant_payable:mer_1: -609375',
      'platform_fee_revenue: -15625',
    ]);
  });

  it('a 19-kobo payment has no fee posting (the fee rounds to 0)', () => {
    const entry = paymentCollectedEntry({ ...ids, chargeReference: 'chg_2', grossKobo: 19 });
    expect(entry.postings.some((p) => p.account.kind === 'platform_fee_revenue')).toBe(false);
  });

  it('the wallet after confirmation, deposit and a payout', () => {
    const journal = [
      planConfirmedEntry({ ...ids, amountKobo: 2_500_000 }),
      paymentCollectedEntry({ ...ids, chargeReference: 'chg_1', grossKobo: 625_000 }),
      payoutInitiatedEntry({ merchantId: 'mer_1', payoutReference: 'po_1', amountKobo: 500_000 }),
    ];
    expect(merchantWallet(balancesOf(journal), 'mer_1')).toEqual({
      availableKobo: 109_375,
      pendingKobo: 1_875_000,
      payoutsInTransitKobo: 500_000,
      refundsInTransitKobo: 0,
    });
    expect(merchantWallet(balancesOf(journal), 'mer_other')).toEqual({
      availableKobo: 0,
      pendingKobo: 0,
      payoutsInTransitKobo: 0,
      refundsInTransitKobo: 0,
    });
  });

  it('payouts: initiated, then succeeded, failed, or reversed after success', () => {
    const payout = { merchantId: 'mer_1', payoutReference: 'po_1', amountKobo: 500_000 };
    expect(signed(payoutInitiatedEntry(payout))).toEqual([
      'merchant_payable:mer_1: 500000',
      'payouts_in_transit:mer_1: -500000',
    ]);
    expect(signed(payoutSucceededEntry(payout))).toEqual([
      'payouts_in_transit:mer_1: 500000',
      'gateway_clearing: -500000',
    ]);
    expect(signed(payoutFailedEntry(payout))).toEqual([
      'payouts_in_transit:mer_1: 500000',
      'merchant_payable:mer_1: -500000',
    ]);
    expect(signed(payoutReversedEntry(payout))).toEqual([
      'gateway_clearing: 500000',
      'merchant_payable:mer_1: -500000',
    ]);
  });

  it('refund of half the deposit: the merchant pays 304,687, the fee gives back 7,813', () => {
    const charge = splitPlatformFee(625_000);
    const split = splitRefund(charge, { refundedKobo: 0, feeReturnedKobo: 0 }, 312_500);
    const refund = { merchantId: 'mer_1', refundReference: 'rf_1', split };
    expect(signed(refundInitiatedEntry(refund))).toEqual([
      'merchant_payable:mer_1: 304687',
      'platform_fee_revenue: 7813',
      'refunds_in_transit:mer_1: -312500',
    ]);
    expect(signed(refundSucceededEntry(refund))).toEqual([
      'refunds_in_transit:mer_1: 312500',
      'gateway_clearing: -312500',
    ]);
    expect(signed(refundFailedEntry(refund))).toEqual([
      'merchant_payable:mer_1: -304687',
      'platform_fee_revenue: -7813',
      'refunds_in_transit:mer_1: 312500',
    ]);
  });

  it('a refund split that does not add up is refused', () => {
    const split: RefundSplit = { refundKobo: 100, feeReturnedKobo: 3, merchantDebitKobo: 98 };
    expect(() =>
      refundInitiatedEntry({ merchantId: 'mer_1', refundReference: 'rf_1', split }),
    ).toThrow(LedgerInvariantError);
  });

  it('refund against unpaid installments and closing a plan move no money', () => {
    for (const entry of [
      receivableReducedEntry({ ...ids, refundReference: 'rf_2', amountKobo: 1_000_000 }),
      planClosedEntry({ ...ids, outstandingKobo: 875_000, reason: 'cancelled' }),
      planClosedEntry({ ...ids, outstandingKobo: 875_000, reason: 'written_off' }),
    ]) {
      expect(entry.postings.map((p) => p.account.kind)).toEqual([
        'merchant_pending',
        'customer_receivable',
      ]);
    }
    expect(planClosedEntry({ ...ids, outstandingKobo: 1, reason: 'written_off' }).kind).toBe(
      'plan_written_off',
    );
  });

  it('every entry names its one merchant (storage shards by it)', () => {
    expect(entryMerchantId(planConfirmedEntry({ ...ids, amountKobo: 1 }))).toBe('mer_1');
    expect(entryMerchantId(entryOf([debit(gatewayClearing, 1), credit(feeRevenue, 1)]))).toBeNull();
    const twoMerchants = entryOf([debit(payable('mer_1'), 1), credit(payable('mer_2'), 1)]);
    expect(() => entryMerchantId(twoMerchants)).toThrow(LedgerInvariantError);
  });

  it('builders refuse zero and fractional amounts', () => {
    expect(() => planConfirmedEntry({ ...ids, amountKobo: 0 })).toThrow(LedgerInvariantError);
    expect(() =>
      payoutInitiatedEntry({ merchantId: 'mer_1', payoutReference: 'po_1', amountKobo: 1.5 }),
    ).toThrow(LedgerInvariantError);
  });

  it('payouts and refunds are paid from the available balance only', () => {
    expect(() => assertWithinAvailable(500_000, 500_000, 'pay out')).not.toThrow();
    expect(() => assertWithinAvailable(109_375, 500_000, 'pay out')).toThrow(
      new DomainError(
        'invalid_request',
        'Cannot pay out: it needs ₦5,000.00 but the available balance is ₦1,093.75.',
      ),
    );
  });
});

describe('reversals', () => {
  const ids = { planId: 'plan_1', merchantId: 'mer_1' };
  const builders: ((amountKobo: number) => JournalEntry)[] = [
    (amountKobo) => planConfirmedEntry({ ...ids, amountKobo }),
    (grossKobo) => paymentCollectedEntry({ ...ids, chargeReference: 'chg_1', grossKobo }),
    (amountKobo) => payoutInitiatedEntry({ ...ids, payoutReference: 'po_1', amountKobo }),
    (amountKobo) => payoutReversedEntry({ ...ids, payoutReference: 'po_1', amountKobo }),
    (amountKobo) =>
      refundInitiatedEntry({
        ...ids,
        refundReference: 'rf_1',
        split: splitRefund(
          splitPlatformFee(amountKobo),
          { refundedKobo: 0, feeReturnedKobo: 0 },
          amountKobo,
        ),
      }),
    (outstandingKobo) => planClosedEntry({ ...ids, outstandingKobo, reason: 'cancelled' }),
  ];
  const anyEntry = fc
    .tuple(fc.constantFrom(...builders), fc.integer({ min: 1, max: 1_000_000_000 }))
    .map(([build, amountKobo]) => build(amountKobo));

  it('an entry and its reversal net to zero on every account', () => {
    fc.assert(
      fc.property(anyEntry, (entry) => {
        const reversal = reverseEntry(entry);
        expect(reversal.kind).toBe('reversal');
        expect(reversal.reverses).toEqual({ kind: entry.kind, reference: entry.reference });
        for (const balance of balancesOf([entry, reversal]).values()) expect(balance).toBe(0);
        expect(reverseEntry(reversal).postings).toEqual(entry.postings);
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('each builder books its own kind under its own reference', () => {
  const ids = { planId: 'plan_1', merchantId: 'mer_1' };
  // A fixed split (what splitRefund gives for 400 of a 1,000-kobo charge), so that nothing runs
  // while the tests are collected.
  const split: RefundSplit = { refundKobo: 400, feeReturnedKobo: 10, merchantDebitKobo: 390 };
  const refund = { merchantId: 'mer_1', refundReference: 'rf_1', split };
  const payout = { merchantId: 'mer_1', payoutReference: 'po_1', amountKobo: 500 };
  it.each<[string, string, () => JournalEntry]>([
    ['plan_confirmed', 'plan_1', () => planConfirmedEntry({ ...ids, amountKobo: 1_000 })],
    [
      'payment_collected',
      'chg_1',
      () => paymentCollectedEntry({ ...ids, chargeReference: 'chg_1', grossKobo: 1_000 }),
    ],
    [
      'receivable_reduced',
      'rf_2',
      () => receivableReducedEntry({ ...ids, refundReference: 'rf_2', amountKobo: 100 }),
    ],
    [
      'plan_cancelled',
      'plan_1',
      () => planClosedEntry({ ...ids, outstandingKobo: 100, reason: 'cancelled' }),
    ],
    [
      'plan_written_off',
      'plan_1',
      () => planClosedEntry({ ...ids, outstandingKobo: 100, reason: 'written_off' }),
    ],
    ['refund_initiated', 'rf_1', () => refundInitiatedEntry(refund)],
    ['refund_succeeded', 'rf_1', () => refundSucceededEntry(refund)],
    ['refund_failed', 'rf_1', () => refundFailedEntry(refund)],
    ['payout_initiated', 'po_1', () => payoutInitiatedEntry(payout)],
    ['payout_succeeded', 'po_1', () => payoutSucceededEntry(payout)],
    ['payout_failed', 'po_1', () => payoutFailedEntry(payout)],
    ['payout_reversed', 'po_1', () => payoutReversedEntry(payout)],
  ])('%s %s', (kind, reference, build) => {
    // (kind, reference) is the entry's unique key in storage: a wrong kind would let a replayed
    // event post twice, or block a different movement with the same reference.
    // Built inside the test, so that a mutation run knows which test covers each builder.
    expect(build()).toMatchObject({ kind, reference, currency: 'NGN', reverses: null });
  });
});
