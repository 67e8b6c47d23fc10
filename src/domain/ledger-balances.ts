import { DomainError } from './errors.ts';
import {
  accountKey,
  assertBalanced,
  type JournalEntry,
  type LedgerAccount,
  ledgerInvariant,
  normalSide,
  parseAccountKey,
} from './ledger.ts';
import { formatNaira, type Kobo } from './money.ts';

/*
 * Balances read from journal entries: per account, the sign check (I3) and the merchant's wallet.
 */

/** Signed balance per account key, debit-positive. Every entry is checked first. */
export function balancesOf(entries: Iterable<JournalEntry>): Map<string, Kobo> {
  const balances = new Map<string, Kobo>();
  for (const journalEntry of entries) {
    assertBalanced(journalEntry);
    for (const posting of journalEntry.postings) {
      const key = accountKey(posting.account);
      const next = (balances.get(key) ?? 0) + posting.debitKobo - posting.creditKobo;
      ledgerInvariant(Number.isSafeInteger(next), `balance of ${key} left the safe-integer range`);
      balances.set(key, next);
    }
  }
  return balances;
}

/** I3: the keys whose balance sits on the wrong side for their account (should be none). */
export function signViolations(balances: ReadonlyMap<string, Kobo>): string[] {
  return [...balances]
    .filter(([key, balanceKobo]) => {
      const side = normalSide(parseAccountKey(key).kind);
      return side === 'debit' ? balanceKobo < 0 : balanceKobo > 0;
    })
    .map(([key]) => key);
}

export interface MerchantWallet {
  availableKobo: Kobo;
  pendingKobo: Kobo;
  payoutsInTransitKobo: Kobo;
  refundsInTransitKobo: Kobo;
}

/** The wallet as the merchant reads it: credit balances shown as positive amounts. */
export function merchantWallet(
  balances: ReadonlyMap<string, Kobo>,
  merchantId: string,
): MerchantWallet {
  const owed = (account: LedgerAccount): Kobo => 0 - (balances.get(accountKey(account)) ?? 0);
  return {
    availableKobo: owed({ kind: 'merchant_payable', merchantId }),
    pendingKobo: owed({ kind: 'merchant_pending', merchantId }),
    payoutsInTransitKobo: owed({ kind: 'payouts_in_transit', merchantId }),
    refundsInTransitKobo: owed({ kind: 'refunds_in_transit', merchantId }),
  };
}

/** Payouts and refunds are paid from the available balance only (I7). */
export function assertWithinAvailable(availableKobo: Kobo, amountKobo: Kobo, action: string): void {
  if (amountKobo > availableKobo) {
    throw new DomainError(
      'invalid_request',
      `Cannot ${action}: it needs ${formatNaira(amountKobo)} but the available balance is ${formatNaira(availableKobo)}.`,
    );
  }
}
