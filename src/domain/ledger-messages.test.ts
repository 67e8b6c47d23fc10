import { describe, expect, it } from 'vitest';

import {
  assertBalanced,
  credit,
  debit,
  entryMerchantId,
  type JournalEntry,
  type LedgerAccount,
  LedgerInvariantError,
  parseAccountKey,
  type Posting,
  refundInitiatedEntry,
  reverseEntry,
} from './ledger.ts';
import { balancesOf } from './ledger-balances.ts';
import { type RefundSplit } from './money.ts';

const gatewayClearing: LedgerAccount = { kind: 'gateway_clearing' };
const payable = (merchantId: string): LedgerAccount => ({ kind: 'merchant_payable', merchantId });

const entryOf = (postings: Posting[], reference = 'x'): JournalEntry => ({
  kind: 'plan_confirmed',
  reference,
  currency: 'NGN',
  postings,
  reverses: null,
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
