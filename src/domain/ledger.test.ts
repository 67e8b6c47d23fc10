import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { batteryCount, report } from '../../test/battery/battery.ts';
import { DomainError } from './errors.ts';
import {
  accountKey,
  assertBalanced,
  assertWithinAvailable,
  balancesOf,
  credit,
  debit,
  entryMerchantId,
  LedgerInvariantError,
  merchantWallet,
  parseAccountKey,
  paymentCollectedEntry,
  payoutFailedEntry,
  payoutInitiatedEntry,
  payoutReversedEntry,
  payoutSucceededEntry,
  planClosedEntry,
  planConfirmedEntry,
  receivableReducedEntry,
  refundFailedEntry,
  refundInitiatedEntry,
  refundSucceededEntry,
  reverseEntry,
  signViolations,
  type JournalEntry,
  type LedgerAccount,
  type Posting,
} from './ledger.ts';
import { splitPlatformFee, splitRefund, type FeeSplit, type RefundSplit } from './money.ts';
import type { InstallmentState } from './plan.ts';
import {
  allocateCashRefund,
  reduceInstallmentsFromLast,
  reducibleOutstandingKobo,
  splitPlanRefund,
  type PlanInstallment,
} from './refund.ts';
import { buildSchedule } from './schedule.ts';

const gatewayClearing: LedgerAccount = { kind: 'gateway_clearing' };
const feeRevenue: LedgerAccount = { kind: 'platform_fee_revenue' };
const payable = (merchantId: string): LedgerAccount => ({ kind: 'merchant_payable', merchantId });
const pending = (merchantId: string): LedgerAccount => ({ kind: 'merchant_pending', merchantId });
const receivable = (planId: string): LedgerAccount => ({ kind: 'customer_receivable', planId });

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

describe('what a broken rule says (the message is what an operator reads in the alert)', () => {
  const m = payable('mer_1');
  const invariant = (fn: () => unknown): LedgerInvariantError => {
    try {
      fn();
    } catch (error) {
      expect(error).toBeInstanceOf(LedgerInvariantError);
      expect((error as Error).name).toBe('LedgerInvariantError');
      return error as LedgerInvariantError;
    }
    throw new Error('expected a ledger invariant error');
  };

  it.each<[string, JournalEntry, string]>([
    [
      'debits ≠ credits',
      entryOf([debit(gatewayClearing, 100), credit(m, 99)], 'chg_1'),
      'plan_confirmed chg_1: debits 100 ≠ credits 99',
    ],
    [
      'a single posting',
      entryOf([debit(gatewayClearing, 1)], 'chg_1'),
      'plan_confirmed chg_1: needs at least two postings',
    ],
    [
      'a two-sided posting',
      entryOf([{ account: m, debitKobo: 5, creditKobo: 5 }, debit(gatewayClearing, 1)], 'chg_1'),
      'plan_confirmed chg_1: each posting is exactly one of a debit or a credit, above 0',
    ],
    [
      // Only the non-negative rule catches this one: each posting has one side above 0, and
      // the totals agree (−1 + 1 + 1 = 1 = 1).
      'a negative debit beside a credit',
      entryOf(
        [
          { account: m, debitKobo: -1, creditKobo: 1 },
          debit(gatewayClearing, 1),
          debit(gatewayClearing, 1),
        ],
        'chg_1',
      ),
      'plan_confirmed chg_1: posting amounts must be non-negative whole kobo',
    ],
    [
      // Two half kobo add up to a whole one: only the whole-kobo rule catches this.
      'halves of a kobo that add up to a whole one',
      entryOf([debit(gatewayClearing, 0.5), debit(gatewayClearing, 0.5), credit(m, 1)], 'chg_1'),
      'plan_confirmed chg_1: posting amounts must be non-negative whole kobo',
    ],
    [
      'an empty reference',
      entryOf([debit(gatewayClearing, 1), credit(m, 1)], ''),
      'plan_confirmed : reference must not be empty',
    ],
    [
      'another currency',
      { ...entryOf([debit(gatewayClearing, 1), credit(m, 1)], 'chg_1'), currency: 'USD' as 'NGN' },
      'plan_confirmed chg_1: currency must be NGN',
    ],
    [
      'a malformed account id',
      entryOf([debit(gatewayClearing, 1), credit(payable('a:b'), 1)], 'chg_1'),
      'account id "a:b" must be a non-empty plain id',
    ],
  ])('%s', (_name, entry, message) => {
    expect(invariant(() => assertBalanced(entry)).message).toBe(message);
  });

  it('names the account key it cannot parse', () => {
    expect(invariant(() => parseAccountKey('nope')).message).toBe('unknown ledger account "nope"');
    expect(invariant(() => parseAccountKey('merchant_payable')).message).toBe(
      'account id "" must be a non-empty plain id',
    );
    expect(invariant(() => parseAccountKey('gateway_clearing:mer_1')).message).toBe(
      'malformed ledger account "gateway_clearing:mer_1"',
    );
  });

  it('a refund split that does not add up, an entry spanning merchants, a runaway balance', () => {
    const split: RefundSplit = { refundKobo: 100, feeReturnedKobo: 3, merchantDebitKobo: 98 };
    expect(
      invariant(() => refundInitiatedEntry({ merchantId: 'mer_1', refundReference: 'rf_1', split }))
        .message,
    ).toBe('refund split must add up to the refund');
    const twoMerchants = entryOf([debit(payable('mer_1'), 1), credit(payable('mer_2'), 1)], 'po_1');
    expect(invariant(() => entryMerchantId(twoMerchants)).message).toBe(
      'plan_confirmed po_1 spans several merchants',
    );
    const huge = entryOf([
      debit(gatewayClearing, Number.MAX_SAFE_INTEGER),
      credit(m, Number.MAX_SAFE_INTEGER),
    ]);
    expect(invariant(() => balancesOf([huge, huge])).message).toBe(
      'balance of gateway_clearing left the safe-integer range',
    );
  });

  it('reversing a broken entry names the entry, not the reversal', () => {
    expect(
      invariant(() => reverseEntry(entryOf([debit(gatewayClearing, 2), credit(m, 1)], 'chg_9')))
        .message,
    ).toBe('plan_confirmed chg_9: debits 2 ≠ credits 1');
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

describe('sign violations (I3)', () => {
  it('lists exactly the accounts whose balance sits on the wrong side; zero is on no side', () => {
    const balances = new Map<string, number>([
      ['gateway_clearing', 500], // debit-normal, debit balance: fine
      ['customer_receivable:plan_1', -1], // debit-normal, credit balance
      ['merchant_payable:mer_1', -300], // credit-normal, credit balance: fine
      ['merchant_pending:mer_1', 2], // credit-normal, debit balance
      ['platform_fee_revenue', 0],
      ['refunds_in_transit:mer_1', 0],
    ]);
    expect(signViolations(balances)).toEqual([
      'customer_receivable:plan_1',
      'merchant_pending:mer_1',
    ]);
    expect(signViolations(new Map())).toEqual([]);
  });
});

// ── the ledger against an independent auditor ───────────────────────────────────────────

type Op =
  | { op: 'confirm'; merchant: number; amountKobo: number; upfrontPct: number; count: number }
  | { op: 'collect'; plan: number }
  | { op: 'collection_fails'; plan: number }
  | { op: 'payout'; merchant: number; seed: number }
  | { op: 'payout_outcome'; which: number; outcome: 'succeeded' | 'failed' | 'reversed' }
  | { op: 'refund'; plan: number; seed: number }
  | { op: 'refund_outcome'; which: number; succeeded: boolean }
  | { op: 'close'; plan: number; reason: 'cancelled' | 'written_off' }
  | { op: 'correct'; which: number };

const confirmOp: fc.Arbitrary<Op> = fc.record({
  op: fc.constant('confirm' as const),
  merchant: fc.integer({ min: 0, max: 2 }),
  amountKobo: fc.oneof(
    fc.integer({ min: 50, max: 5_000 }),
    fc.integer({ min: 50, max: 1_000_000_000 }),
  ),
  upfrontPct: fc.integer({ min: 0, max: 60 }),
  count: fc.integer({ min: 1, max: 12 }),
});

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  confirmOp,
  { arbitrary: fc.record({ op: fc.constant('collect' as const), plan: fc.nat() }), weight: 4 },
  fc.record({ op: fc.constant('collection_fails' as const), plan: fc.nat() }),
  {
    arbitrary: fc.record({
      op: fc.constant('payout' as const),
      merchant: fc.integer({ min: 0, max: 2 }),
      seed: fc.nat(),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      op: fc.constant('payout_outcome' as const),
      which: fc.nat(),
      outcome: fc.constantFrom('succeeded' as const, 'failed' as const, 'reversed' as const),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({ op: fc.constant('refund' as const), plan: fc.nat(), seed: fc.nat() }),
    weight: 2,
  },
  fc.record({
    op: fc.constant('refund_outcome' as const),
    which: fc.nat(),
    succeeded: fc.boolean(),
  }),
  fc.record({
    op: fc.constant('close' as const),
    plan: fc.nat(),
    reason: fc.constantFrom('cancelled' as const, 'written_off' as const),
  }),
  fc.record({ op: fc.constant('correct' as const), which: fc.nat() }),
);

interface ChargeModel {
  chargeReference: string;
  fee: FeeSplit;
  grossKobo: number;
  refundedKobo: number;
  feeReturnedKobo: number;
}

interface PlanModel {
  planId: string;
  merchantId: string;
  amountKobo: number;
  payments: PlanInstallment[];
  charges: ChargeModel[];
  collectedKobo: number;
  releasedKobo: number;
  closed: boolean;
}

interface MerchantTotals {
  netCollected: number;
  payoutsInitiated: number;
  payoutsSucceeded: number;
  payoutsFailed: number;
  payoutsReversed: number;
  refundsInitiated: number;
  refundsSucceeded: number;
  refundsFailed: number;
  refundDebits: number;
  refundDebitsReturned: number;
}

/** What the books must say, kept from business facts only (TigerBeetle's auditor idea). */
class Auditor {
  plans: PlanModel[] = [];
  merchants = new Map<string, MerchantTotals>();
  grossCollected = 0;
  feesCollected = 0;
  feesReturned = 0;
  planRefunds = 0;
  payouts: { merchantId: string; payoutReference: string; amountKobo: number; state: string }[] =
    [];
  refunds: {
    merchantId: string;
    refundReference: string;
    split: RefundSplit;
    charge: ChargeModel;
    open: boolean;
  }[] = [];

  totals(merchantId: string): MerchantTotals {
    let totals = this.merchants.get(merchantId);
    if (totals === undefined) {
      totals = {
        netCollected: 0,
        payoutsInitiated: 0,
        payoutsSucceeded: 0,
        payoutsFailed: 0,
        payoutsReversed: 0,
        refundsInitiated: 0,
        refundsSucceeded: 0,
        refundsFailed: 0,
        refundDebits: 0,
        refundDebitsReturned: 0,
      };
      this.merchants.set(merchantId, totals);
    }
    return totals;
  }

  expectedAvailable(merchantId: string): number {
    const t = this.totals(merchantId);
    return (
      t.netCollected -
      t.payoutsInitiated +
      t.payoutsFailed +
      t.payoutsReversed -
      t.refundDebits +
      t.refundDebitsReturned
    );
  }
}

function apply(op: Op, auditor: Auditor, journal: JournalEntry[]): void {
  const pickPlan = (n: number): PlanModel | undefined =>
    auditor.plans[n % Math.max(auditor.plans.length, 1)];
  switch (op.op) {
    case 'confirm': {
      const planId = `plan_${auditor.plans.length}`;
      const merchantId = `mer_${op.merchant}`;
      const schedule = buildSchedule({
        amountKobo: op.amountKobo,
        frequency: 'monthly',
        installmentCount: op.count,
        upfrontPct: op.upfrontPct,
        startsAt: new Date('2027-01-31T10:00:00Z'),
      });
      const scheduled: InstallmentState = { status: 'scheduled' };
      const payments = [
        { sequence: 0, amountKobo: schedule.depositKobo, state: scheduled },
        ...schedule.installments.map((i) => ({
          sequence: i.sequence,
          amountKobo: i.amountKobo,
          state: scheduled,
        })),
      ].filter((p) => p.amountKobo > 0);
      auditor.plans.push({
        planId,
        merchantId,
        amountKobo: op.amountKobo,
        payments,
        charges: [],
        collectedKobo: 0,
        releasedKobo: 0,
        closed: false,
      });
      auditor.totals(merchantId);
      journal.push(planConfirmedEntry({ planId, merchantId, amountKobo: op.amountKobo }));
      return;
    }
    case 'collect': {
      const plan = pickPlan(op.plan);
      const next = plan?.payments.find((p) => p.state.status === 'scheduled' && p.amountKobo > 0);
      if (plan === undefined || plan.closed || next === undefined) return;
      const chargeReference = `chg_${plan.planId}_${plan.charges.length}`;
      journal.push(
        paymentCollectedEntry({
          planId: plan.planId,
          merchantId: plan.merchantId,
          chargeReference,
          grossKobo: next.amountKobo,
        }),
      );
      const fee = splitPlatformFee(next.amountKobo);
      next.state = { status: 'paid', chargeReference };
      plan.charges.push({
        chargeReference,
        fee,
        grossKobo: next.amountKobo,
        refundedKobo: 0,
        feeReturnedKobo: 0,
      });
      plan.collectedKobo += next.amountKobo;
      auditor.grossCollected += next.amountKobo;
      auditor.feesCollected += fee.feeKobo;
      auditor.totals(plan.merchantId).netCollected += fee.merchantNetKobo;
      return;
    }
    case 'collection_fails':
      return; // a failed charge moves no money and posts nothing
    case 'payout': {
      const merchantId = `mer_${op.merchant}`;
      const available = auditor.expectedAvailable(merchantId);
      if (available <= 0) return;
      const amountKobo = 1 + (op.seed % available);
      assertWithinAvailable(
        merchantWallet(balancesOf(journal), merchantId).availableKobo,
        amountKobo,
        'pay out',
      );
      const payoutReference = `po_${auditor.payouts.length}`;
      journal.push(payoutInitiatedEntry({ merchantId, payoutReference, amountKobo }));
      auditor.payouts.push({ merchantId, payoutReference, amountKobo, state: 'in_transit' });
      auditor.totals(merchantId).payoutsInitiated += amountKobo;
      return;
    }
    case 'payout_outcome': {
      const payout = auditor.payouts[op.which % Math.max(auditor.payouts.length, 1)];
      if (payout === undefined) return;
      const totals = auditor.totals(payout.merchantId);
      if (payout.state === 'in_transit' && op.outcome === 'succeeded') {
        journal.push(payoutSucceededEntry(payout));
        totals.payoutsSucceeded += payout.amountKobo;
        payout.state = 'succeeded';
      } else if (payout.state === 'in_transit') {
        journal.push(payoutFailedEntry(payout)); // failed, or reversed before success
        totals.payoutsFailed += payout.amountKobo;
        payout.state = 'failed';
      } else if (payout.state === 'succeeded' && op.outcome === 'reversed') {
        journal.push(payoutReversedEntry(payout));
        totals.payoutsReversed += payout.amountKobo;
        payout.state = 'reversed';
      }
      return;
    }
    case 'refund': {
      const plan = pickPlan(op.plan);
      if (plan === undefined) return;
      const outstandingKobo = plan.closed ? 0 : reducibleOutstandingKobo(plan.payments);
      const cashRefundableKobo = plan.charges.reduce((s, c) => s + c.grossKobo - c.refundedKobo, 0);
      const refundable = outstandingKobo + cashRefundableKobo;
      if (refundable === 0) return;
      const refundKobo = 1 + (op.seed % refundable);
      const split = splitPlanRefund({ refundKobo, outstandingKobo, cashRefundableKobo });
      const cash = allocateCashRefund(plan.charges, split.cashRefundKobo).map(
        ({ charge, refundKobo: r }) => ({
          charge,
          split: splitRefund(charge.fee, charge, r),
        }),
      );
      const debitKobo = cash.reduce((s, c) => s + c.split.merchantDebitKobo, 0);
      if (debitKobo > auditor.expectedAvailable(plan.merchantId)) return; // the app refuses it
      auditor.planRefunds += 1;
      const refundReference = `rf_${auditor.planRefunds}`;
      if (split.outstandingReductionKobo > 0) {
        journal.push(
          receivableReducedEntry({
            planId: plan.planId,
            merchantId: plan.merchantId,
            refundReference,
            amountKobo: split.outstandingReductionKobo,
          }),
        );
        for (const change of reduceInstallmentsFromLast(
          plan.payments,
          split.outstandingReductionKobo,
        )) {
          const payment = plan.payments.find((p) => p.sequence === change.sequence);
          if (payment === undefined) throw new Error('unknown payment');
          payment.amountKobo = change.amountKobo;
          if (change.amountKobo === 0) payment.state = { status: 'cancelled' };
        }
        plan.releasedKobo += split.outstandingReductionKobo;
      }
      cash.forEach(({ charge, split: chargeSplit }, i) => {
        const reference = `${refundReference}_${i}`;
        journal.push(
          refundInitiatedEntry({
            merchantId: plan.merchantId,
            refundReference: reference,
            split: chargeSplit,
          }),
        );
        charge.refundedKobo += chargeSplit.refundKobo;
        charge.feeReturnedKobo += chargeSplit.feeReturnedKobo;
        expect(charge.feeReturnedKobo).toBeLessThanOrEqual(charge.fee.feeKobo);
        auditor.refunds.push({
          merchantId: plan.merchantId,
          refundReference: reference,
          split: chargeSplit,
          charge,
          open: true,
        });
        const totals = auditor.totals(plan.merchantId);
        totals.refundsInitiated += chargeSplit.refundKobo;
        totals.refundDebits += chargeSplit.merchantDebitKobo;
        auditor.feesReturned += chargeSplit.feeReturnedKobo;
      });
      return;
    }
    case 'refund_outcome': {
      const refund = auditor.refunds[op.which % Math.max(auditor.refunds.length, 1)];
      if (refund === undefined || !refund.open) return;
      refund.open = false;
      const totals = auditor.totals(refund.merchantId);
      if (op.succeeded) {
        journal.push(refundSucceededEntry(refund));
        totals.refundsSucceeded += refund.split.refundKobo;
      } else {
        journal.push(refundFailedEntry(refund));
        totals.refundsFailed += refund.split.refundKobo;
        totals.refundDebitsReturned += refund.split.merchantDebitKobo;
        auditor.feesReturned -= refund.split.feeReturnedKobo;
        refund.charge.refundedKobo -= refund.split.refundKobo;
        refund.charge.feeReturnedKobo -= refund.split.feeReturnedKobo;
      }
      return;
    }
    case 'close': {
      const plan = pickPlan(op.plan);
      if (plan === undefined || plan.closed) return;
      const outstandingKobo = reducibleOutstandingKobo(plan.payments);
      if (outstandingKobo > 0) {
        journal.push(
          planClosedEntry({
            planId: plan.planId,
            merchantId: plan.merchantId,
            outstandingKobo,
            reason: op.reason,
          }),
        );
      }
      for (const payment of plan.payments)
        if (payment.state.status === 'scheduled') payment.state = { status: 'cancelled' };
      plan.releasedKobo += outstandingKobo;
      plan.closed = true;
      return;
    }
    case 'correct': {
      // A correction: reverse an entry (once), then post it again under a new reference.
      const original = journal[op.which % Math.max(journal.length, 1)];
      const reversed = (e: JournalEntry): boolean =>
        journal.some((r) => r.reverses?.kind === e.kind && r.reverses.reference === e.reference);
      if (original === undefined || reversed(original)) return;
      journal.push(reverseEntry(original), {
        ...original,
        reference: `${original.reference}_c${journal.length}`,
      });
      return;
    }
  }
}

function auditBooks(auditor: Auditor, journal: JournalEntry[]): void {
  for (const entry of journal) {
    assertBalanced(entry);
    expect(entryMerchantId(entry)).toMatch(/^mer_\d$/);
  }
  const identities = journal.map((e) => `${e.kind}/${e.reference}`);
  expect(new Set(identities).size).toBe(identities.length);

  const balances = balancesOf(journal);
  const balance = (account: LedgerAccount): number => balances.get(accountKey(account)) ?? 0;
  expect([...balances.values()].reduce((a, b) => a + b, 0)).toBe(0); // I2
  expect(signViolations(balances)).toEqual([]); // I3

  for (const plan of auditor.plans) {
    expect(balance(receivable(plan.planId))).toBe(
      plan.amountKobo - plan.collectedKobo - plan.releasedKobo,
    );
  }
  for (const [merchantId, t] of auditor.merchants) {
    const receivables = auditor.plans
      .filter((p) => p.merchantId === merchantId)
      .reduce((s, p) => s + p.amountKobo - p.collectedKobo - p.releasedKobo, 0);
    expect(merchantWallet(balances, merchantId)).toEqual({
      availableKobo: auditor.expectedAvailable(merchantId),
      pendingKobo: receivables,
      payoutsInTransitKobo: t.payoutsInitiated - t.payoutsSucceeded - t.payoutsFailed,
      refundsInTransitKobo: t.refundsInitiated - t.refundsSucceeded - t.refundsFailed,
    });
    expect(balance(pending(merchantId))).toBe(0 - receivables);
  }
  expect(0 - balance(feeRevenue)).toBe(auditor.feesCollected - auditor.feesReturned);
  const all = [...auditor.merchants.values()];
  const sum = (f: (t: MerchantTotals) => number): number => all.reduce((s, t) => s + f(t), 0);
  expect(balance(gatewayClearing)).toBe(
    auditor.grossCollected -
      sum((t) => t.payoutsSucceeded) +
      sum((t) => t.payoutsReversed) -
      sum((t) => t.refundsSucceeded),
  );
  expect(balance(payable('mer_0'))).toBe(0 - auditor.expectedAvailable('mer_0'));
}

/** A few plans first, then a long mix of everything (no-ops where an operation does not apply). */
const operations: fc.Arbitrary<Op[]> = fc
  .tuple(
    fc.array(confirmOp, { minLength: 1, maxLength: 4 }),
    fc.array(opArbitrary, { minLength: 5, maxLength: 80, size: 'max' }),
  )
  .map(([plans, rest]) => [...plans, ...rest]);

describe('the ledger under random sequences of operations', () => {
  it('stays balanced and agrees with an independent auditor after every step (I1–I4, I7)', () => {
    // B5 of the reliability battery (the domain half): the design's nightly size is 500 × 50.
    const sequences = batteryCount({ ci: 400, full: 2_000 });
    let steps = 0;
    fc.assert(
      fc.property(operations, (ops) => {
        const auditor = new Auditor();
        const journal: JournalEntry[] = [];
        for (const op of ops) {
          apply(op, auditor, journal);
          auditBooks(auditor, journal);
          steps += 1;
        }
      }),
      { numRuns: sequences },
    );
    report('B5 ledger-model', { sequences, steps });
  }, 300_000);

  it('fee revenue is exactly Σ splitPlatformFee(gross).fee when nothing is refunded', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1_000_000_000 }), { maxLength: 30 }),
        (grosses) => {
          const journal = grosses.map((grossKobo, i) =>
            paymentCollectedEntry({
              planId: 'plan_1',
              merchantId: 'mer_1',
              chargeReference: `chg_${i}`,
              grossKobo,
            }),
          );
          const revenue = 0 - (balancesOf(journal).get('platform_fee_revenue') ?? 0);
          expect(revenue).toBe(grosses.reduce((s, g) => s + splitPlatformFee(g).feeKobo, 0));
        },
      ),
      { numRuns: 1_000 },
    );
  });
});
