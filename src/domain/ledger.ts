import { type Kobo, type RefundSplit, splitPlatformFee } from './money.ts';

/**
 * The double-entry ledger (brief §5, reliability.md I1–I4): an append-only journal in NGN kobo.
 * Every entry balances (debits = credits), so the balances of all accounts always sum to 0.
 * Corrections are new entries (`reverseEntry`), never edits.
 *
 * Accounts, with their normal side (a balance on the other side is an invariant violation, I3):
 *
 *   gateway_clearing                 debit   money Tranche holds at the gateway (our balance there)
 *   customer_receivable(plan)        debit   what the customer still owes on a plan
 *   merchant_pending(merchant)       credit  gross still to be collected on the merchant's plans
 *   merchant_payable(merchant)       credit  collected net the merchant may withdraw
 *   platform_fee_revenue             credit  Tranche's 2.5% fees
 *   payouts_in_transit(merchant)     credit  payouts sent to the gateway, not yet confirmed
 *   refunds_in_transit(merchant)     credit  refunds sent to the gateway, not yet confirmed
 *   customer_credit(customer)        credit  transfers received beyond what the customer owed
 *
 * Merchant wallet: *available* = merchant_payable (what a payout may take); *pending* =
 * merchant_pending (gross principal of live plans not yet collected; the merchant receives 97.5%
 * of each payment as it is collected). Money on its way out is shown apart (in transit).
 *
 * Tranche passes collections through (spec §8: the merchant receives 97.5% of each payment), so
 * confirming a plan moves no money: it books the customer's debt against the merchant's pending
 * balance, and each collection turns a slice of it into available money and fee.
 *
 *   movement              debit                          credit
 *   plan confirmed        customer_receivable A          merchant_pending A
 *   payment collected     gateway_clearing G             customer_receivable G
 *                         merchant_pending G             merchant_payable net, fee_revenue fee
 *   payment failed        no entry: no money moved
 *   transfer collected    as payment collected, per installment part a bank transfer paid
 *   transfer held         gateway_clearing H             customer_credit H
 *     (a transfer beyond everything owed: money-rules.md §4b)
 *   payout initiated      merchant_payable X             payouts_in_transit X
 *   payout succeeded      payouts_in_transit X           gateway_clearing X
 *   payout failed         payouts_in_transit X           merchant_payable X
 *     (transfer.failed, or transfer.reversed before we recorded its success)
 *   payout reversed       gateway_clearing X             merchant_payable X
 *     (the bank returned a payout after it succeeded)
 *   refund initiated      merchant_payable share,        refunds_in_transit R
 *                         fee_revenue fee returned (pro rata: `splitRefund` in money.ts)
 *   refund succeeded      refunds_in_transit R           gateway_clearing R
 *   refund failed         the initiated entry with its sides swapped
 *   receivable reduced    merchant_pending R             customer_receivable R
 *     (a refund against unpaid installments: no cash moves, no fee)
 *   plan cancelled or     merchant_pending O             customer_receivable O
 *   plan written off        (O = everything still outstanding)
 *   dispute opened        merchant_payable share,        gateway_clearing D
 *     (the gateway took    fee_revenue fee share
 *      D back: §5c)
 *   dispute returned      gateway_clearing B             merchant_payable share,
 *     (won, or lost for                                  fee_revenue fee share
 *      less than D)
 *   payment reversed      merchant_payable share,        gateway_clearing V
 *     (the gateway took    fee_revenue fee share
 *      V back, no refund
 *      or dispute: §5d)
 *   reversal superseded   the reversed entry with its sides swapped (a dispute of the same
 *                         charge turned up and takes the money instead)
 *
 * A refund keeps no fee for Tranche on money it gives back: the fee was for collecting money the
 * merchant no longer keeps. Refunds and payouts are paid from the available balance only.
 *
 * `(kind, reference)` identifies an entry: storage makes it unique, so a replayed webhook or job
 * cannot post the same movement twice, and reconciliation maps each gateway charge, refund and
 * transfer reference to exactly one entry of each kind.
 */

export type LedgerAccount =
  | { kind: 'gateway_clearing' }
  | { kind: 'customer_receivable'; planId: string }
  | { kind: 'merchant_pending'; merchantId: string }
  | { kind: 'merchant_payable'; merchantId: string }
  | { kind: 'platform_fee_revenue' }
  | { kind: 'payouts_in_transit'; merchantId: string }
  | { kind: 'refunds_in_transit'; merchantId: string }
  /** Money a customer sent beyond what they owed (a bank transfer, money-rules.md §4b). */
  | { kind: 'customer_credit'; customerId: string };

export type AccountKind = LedgerAccount['kind'];

export type JournalEntryKind =
  | 'plan_confirmed'
  | 'payment_collected'
  | 'payout_initiated'
  | 'payout_succeeded'
  | 'payout_failed'
  | 'payout_reversed'
  | 'refund_initiated'
  | 'refund_succeeded'
  | 'refund_failed'
  | 'receivable_reduced'
  | 'plan_cancelled'
  | 'plan_written_off'
  | 'dispute_opened'
  | 'dispute_returned'
  | 'payment_reversed'
  | 'payment_reversal_superseded'
  | 'transfer_collected'
  | 'transfer_held'
  | 'reversal';

/** One side of one account. Exactly one of the two amounts is positive, the other is 0. */
export interface Posting {
  account: LedgerAccount;
  debitKobo: Kobo;
  creditKobo: Kobo;
}

export interface EntryRef {
  kind: JournalEntryKind;
  reference: string;
}

export interface JournalEntry {
  kind: JournalEntryKind;
  /** Our id of what moved (plan, charge, payout or refund reference); unique per kind. */
  reference: string;
  currency: 'NGN';
  postings: readonly Posting[];
  /** The entry this one cancels, for reversals; null otherwise. */
  reverses: EntryRef | null;
}

/** A broken ledger rule is a programmer error: never caught, mapped or retried. */
export class LedgerInvariantError extends Error {
  override name = 'LedgerInvariantError';
}

export function ledgerInvariant(condition: boolean, message: string): asserts condition {
  if (!condition) throw new LedgerInvariantError(message);
}

// ── accounts ─────────────────────────────────────────────────────────────────────────────

const NORMAL_SIDE = {
  gateway_clearing: 'debit',
  customer_receivable: 'debit',
  merchant_pending: 'credit',
  merchant_payable: 'credit',
  platform_fee_revenue: 'credit',
  payouts_in_transit: 'credit',
  refunds_in_transit: 'credit',
  customer_credit: 'credit',
} as const satisfies Record<AccountKind, 'debit' | 'credit'>;

/** The storage key: `gateway_clearing`, `merchant_payable:mer_123`, `customer_receivable:plan_9`. */
export function accountKey(account: LedgerAccount): string {
  switch (account.kind) {
    case 'gateway_clearing':
    case 'platform_fee_revenue':
      return account.kind;
    case 'customer_receivable':
      return scopedKey(account.kind, account.planId);
    case 'merchant_pending':
    case 'merchant_payable':
    case 'payouts_in_transit':
    case 'refunds_in_transit':
      return scopedKey(account.kind, account.merchantId);
    case 'customer_credit':
      return scopedKey(account.kind, account.customerId);
  }
}

/** The inverse of `accountKey`; anything `accountKey` would not produce is refused. */
export function parseAccountKey(key: string): LedgerAccount {
  const [kind = '', id = ''] = key.split(':');
  ledgerInvariant(isAccountKind(kind), `unknown ledger account "${key}"`);
  const account = accountOf(kind, id);
  ledgerInvariant(accountKey(account) === key, `malformed ledger account "${key}"`);
  return account;
}

export function normalSide(kind: AccountKind): 'debit' | 'credit' {
  return NORMAL_SIDE[kind];
}

function accountOf(kind: AccountKind, id: string): LedgerAccount {
  switch (kind) {
    case 'gateway_clearing':
    case 'platform_fee_revenue':
      return { kind };
    case 'customer_receivable':
      return { kind, planId: id };
    case 'merchant_pending':
    case 'merchant_payable':
    case 'payouts_in_transit':
    case 'refunds_in_transit':
      return { kind, merchantId: id };
    case 'customer_credit':
      return { kind, customerId: id };
  }
}

function isAccountKind(value: string): value is AccountKind {
  return Object.hasOwn(NORMAL_SIDE, value);
}

function scopedKey(kind: AccountKind, id: string): string {
  ledgerInvariant(/^[A-Za-z0-9_]+$/.test(id), `account id "${id}" must be a non-empty plain id`);
  return `${kind}:${id}`;
}

const gatewayClearing: LedgerAccount = { kind: 'gateway_clearing' };
const platformFeeRevenue: LedgerAccount = { kind: 'platform_fee_revenue' };
const receivable = (planId: string): LedgerAccount => ({ kind: 'customer_receivable', planId });
const pending = (merchantId: string): LedgerAccount => ({ kind: 'merchant_pending', merchantId });
const payable = (merchantId: string): LedgerAccount => ({ kind: 'merchant_payable', merchantId });
const payoutsInTransit = (merchantId: string): LedgerAccount => ({
  kind: 'payouts_in_transit',
  merchantId,
});
const refundsInTransit = (merchantId: string): LedgerAccount => ({
  kind: 'refunds_in_transit',
  merchantId,
});

// ── postings and entries ─────────────────────────────────────────────────────────────────

export function debit(account: LedgerAccount, amountKobo: Kobo): Posting {
  return { account, debitKobo: amountKobo, creditKobo: 0 };
}

export function credit(account: LedgerAccount, amountKobo: Kobo): Posting {
  return { account, debitKobo: 0, creditKobo: amountKobo };
}

/** I1: at least two postings, each one-sided with a positive safe-integer amount, debits = credits. */
export function assertBalanced(entry: JournalEntry): void {
  const what = `${entry.kind} ${entry.reference}`;
  const currency: string = entry.currency; // entries read back from storage are checked too
  ledgerInvariant(currency === 'NGN', `${what}: currency must be NGN`);
  ledgerInvariant(entry.reference !== '', `${what}: reference must not be empty`);
  ledgerInvariant(entry.postings.length >= 2, `${what}: needs at least two postings`);
  let debitsKobo = 0;
  let creditsKobo = 0;
  for (const posting of entry.postings) {
    const { debitKobo, creditKobo } = posting;
    ledgerInvariant(
      isNonNegativeKobo(debitKobo) && isNonNegativeKobo(creditKobo),
      `${what}: posting amounts must be non-negative whole kobo`,
    );
    ledgerInvariant(
      debitKobo > 0 !== creditKobo > 0,
      `${what}: each posting is exactly one of a debit or a credit, above 0`,
    );
    accountKey(posting.account); // refuses malformed account ids
    debitsKobo += debitKobo;
    creditsKobo += creditKobo;
  }
  ledgerInvariant(
    Number.isSafeInteger(debitsKobo) && debitsKobo === creditsKobo,
    `${what}: debits ${debitsKobo} ≠ credits ${creditsKobo}`,
  );
}

function isNonNegativeKobo(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0;
}

function entry(kind: JournalEntryKind, reference: string, postings: Posting[]): JournalEntry {
  const built: JournalEntry = { kind, reference, currency: 'NGN', postings, reverses: null };
  assertBalanced(built);
  return built;
}

/** Zero-amount postings are left out (a fee of 0 kobo on a 19-kobo payment, say). */
function nonZero(postings: Posting[]): Posting[] {
  return postings.filter((posting) => posting.debitKobo > 0 || posting.creditKobo > 0);
}

// ── plans and collections ────────────────────────────────────────────────────────────────

export interface PlanMoney {
  planId: string;
  merchantId: string;
}

/** The customer now owes the whole amount (deposit included); the merchant's pending rises. */
export function planConfirmedEntry(input: PlanMoney & { amountKobo: Kobo }): JournalEntry {
  return entry('plan_confirmed', input.planId, [
    debit(receivable(input.planId), input.amountKobo),
    credit(pending(input.merchantId), input.amountKobo),
  ]);
}

/** A deposit or installment charge the gateway confirmed (after verify). */
export function paymentCollectedEntry(
  input: PlanMoney & { chargeReference: string; grossKobo: Kobo },
): JournalEntry {
  const { feeKobo, merchantNetKobo } = splitPlatformFee(input.grossKobo);
  return entry(
    'payment_collected',
    input.chargeReference,
    nonZero([
      debit(gatewayClearing, input.grossKobo),
      credit(receivable(input.planId), input.grossKobo),
      debit(pending(input.merchantId), input.grossKobo),
      credit(payable(input.merchantId), merchantNetKobo),
      credit(platformFeeRevenue, feeKobo),
    ]),
  );
}

/**
 * Part or all of an installment paid by a bank transfer into the customer's dedicated account
 * (money-rules.md §4b): booked exactly like a collected payment, the §1 fee on the part.
 */
export function transferCollectedEntry(
  input: PlanMoney & { allocationReference: string; grossKobo: Kobo },
): JournalEntry {
  const { feeKobo, merchantNetKobo } = splitPlatformFee(input.grossKobo);
  return entry(
    'transfer_collected',
    input.allocationReference,
    nonZero([
      debit(gatewayClearing, input.grossKobo),
      credit(receivable(input.planId), input.grossKobo),
      debit(pending(input.merchantId), input.grossKobo),
      credit(payable(input.merchantId), merchantNetKobo),
      credit(platformFeeRevenue, feeKobo),
    ]),
  );
}

/** What a transfer brought beyond everything the customer owed: held for the customer. */
export function transferHeldEntry(input: {
  receiptReference: string;
  customerId: string;
  amountKobo: Kobo;
}): JournalEntry {
  return entry('transfer_held', input.receiptReference, [
    debit(gatewayClearing, input.amountKobo),
    credit({ kind: 'customer_credit', customerId: input.customerId }, input.amountKobo),
  ]);
}

/** A refund that lowers what the customer still owes (unpaid installments): no money moves. */
export function receivableReducedEntry(
  input: PlanMoney & { refundReference: string; amountKobo: Kobo },
): JournalEntry {
  return entry('receivable_reduced', input.refundReference, releaseReceivable(input));
}

/** Closes a plan's outstanding balance: cancelled, or written off as uncollectable. */
export function planClosedEntry(
  input: PlanMoney & { outstandingKobo: Kobo; reason: 'cancelled' | 'written_off' },
): JournalEntry {
  const kind = input.reason === 'cancelled' ? 'plan_cancelled' : 'plan_written_off';
  return entry(
    kind,
    input.planId,
    releaseReceivable({ ...input, amountKobo: input.outstandingKobo }),
  );
}

function releaseReceivable(input: PlanMoney & { amountKobo: Kobo }): Posting[] {
  return [
    debit(pending(input.merchantId), input.amountKobo),
    credit(receivable(input.planId), input.amountKobo),
  ];
}

// ── refunds (cash back to the customer, per gateway charge) ──────────────────────────────

export interface RefundMoney {
  merchantId: string;
  refundReference: string;
  split: RefundSplit;
}

export function refundInitiatedEntry(input: RefundMoney): JournalEntry {
  return entry('refund_initiated', input.refundReference, refundPostings(input));
}

export function refundSucceededEntry(input: RefundMoney): JournalEntry {
  return entry('refund_succeeded', input.refundReference, [
    debit(refundsInTransit(input.merchantId), input.split.refundKobo),
    credit(gatewayClearing, input.split.refundKobo),
  ]);
}

/** The gateway could not refund: the merchant and the fee account get their money back. */
export function refundFailedEntry(input: RefundMoney): JournalEntry {
  return entry('refund_failed', input.refundReference, refundPostings(input).map(swapSides));
}

function refundPostings({ merchantId, split }: RefundMoney): Posting[] {
  ledgerInvariant(
    split.feeReturnedKobo + split.merchantDebitKobo === split.refundKobo,
    'refund split must add up to the refund',
  );
  return nonZero([
    debit(payable(merchantId), split.merchantDebitKobo),
    debit(platformFeeRevenue, split.feeReturnedKobo),
    credit(refundsInTransit(merchantId), split.refundKobo),
  ]);
}

// ── disputes (the gateway takes a collected payment back: money-rules.md §5c) ──────────────

export interface DisputeMoney {
  merchantId: string;
  /** Our dispute id: one `dispute_opened` and at most one `dispute_returned` per dispute. */
  disputeId: string;
  amountKobo: Kobo;
  feeShareKobo: Kobo;
}

/** The gateway took `amountKobo` back from our balance: the merchant and the fee give it up. */
export function disputeOpenedEntry(input: DisputeMoney): JournalEntry {
  return entry('dispute_opened', input.disputeId, disputePostings(input));
}

/** The gateway gave money back (the merchant won, or lost for less): the same split, reversed. */
export function disputeReturnedEntry(input: DisputeMoney): JournalEntry {
  return entry('dispute_returned', input.disputeId, disputePostings(input).map(swapSides));
}

function disputePostings(input: DisputeMoney): Posting[] {
  return takenBackPostings(input, 'dispute');
}

/**
 * The gateway took `amountKobo` back from our balance (a dispute, or a reversal): the merchant's
 * available balance and the fee revenue give it up, in the split given.
 */
function takenBackPostings(
  input: { merchantId: string; amountKobo: Kobo; feeShareKobo: Kobo },
  what: 'dispute' | 'reversal',
): Posting[] {
  ledgerInvariant(
    input.feeShareKobo >= 0 && input.feeShareKobo <= input.amountKobo,
    `the fee share of a ${what} lies within its amount`,
  );
  return nonZero([
    debit(payable(input.merchantId), input.amountKobo - input.feeShareKobo),
    debit(platformFeeRevenue, input.feeShareKobo),
    credit(gatewayClearing, input.amountKobo),
  ]);
}

// ── reversals (the gateway took a collected payment back with no refund or dispute: §5d) ──

export interface ReversalMoney {
  merchantId: string;
  /** Our reversal id: one `payment_reversed`, and at most one `payment_reversal_superseded`. */
  reversalId: string;
  amountKobo: Kobo;
  feeShareKobo: Kobo;
}

/** The gateway reports the payment reversed: the merchant and the fee give the amount up. */
export function paymentReversedEntry(input: ReversalMoney): JournalEntry {
  return entry('payment_reversed', input.reversalId, takenBackPostings(input, 'reversal'));
}

/** A dispute of the same charge explains the reversal and takes the money itself: undo ours. */
export function paymentReversalSupersededEntry(input: ReversalMoney): JournalEntry {
  return entry(
    'payment_reversal_superseded',
    input.reversalId,
    takenBackPostings(input, 'reversal').map(swapSides),
  );
}

// ── payouts (merchant wallet → merchant bank) ────────────────────────────────────────────

export interface PayoutMoney {
  merchantId: string;
  payoutReference: string;
  amountKobo: Kobo;
}

export function payoutInitiatedEntry(input: PayoutMoney): JournalEntry {
  return entry('payout_initiated', input.payoutReference, [
    debit(payable(input.merchantId), input.amountKobo),
    credit(payoutsInTransit(input.merchantId), input.amountKobo),
  ]);
}

export function payoutSucceededEntry(input: PayoutMoney): JournalEntry {
  return entry('payout_succeeded', input.payoutReference, [
    debit(payoutsInTransit(input.merchantId), input.amountKobo),
    credit(gatewayClearing, input.amountKobo),
  ]);
}

/** The transfer failed, or was reversed before we recorded success: back to available. */
export function payoutFailedEntry(input: PayoutMoney): JournalEntry {
  return entry('payout_failed', input.payoutReference, [
    debit(payoutsInTransit(input.merchantId), input.amountKobo),
    credit(payable(input.merchantId), input.amountKobo),
  ]);
}

/** The bank returned a payout after it succeeded: the money is back in our gateway balance. */
export function payoutReversedEntry(input: PayoutMoney): JournalEntry {
  return entry('payout_reversed', input.payoutReference, [
    debit(gatewayClearing, input.amountKobo),
    credit(payable(input.merchantId), input.amountKobo),
  ]);
}

// ── corrections ──────────────────────────────────────────────────────────────────────────

/** The entry that cancels `original`: the same postings with debits and credits swapped. */
export function reverseEntry(original: JournalEntry): JournalEntry {
  assertBalanced(original);
  const reversal: JournalEntry = {
    kind: 'reversal',
    reference: `${original.kind}:${original.reference}`,
    currency: original.currency,
    postings: original.postings.map(swapSides),
    reverses: { kind: original.kind, reference: original.reference },
  };
  assertBalanced(reversal);
  return reversal;
}

function swapSides(posting: Posting): Posting {
  return { account: posting.account, debitKobo: posting.creditKobo, creditKobo: posting.debitKobo };
}

/**
 * The merchant an entry concerns, read from its merchant accounts (storage's `merchant_id`, the
 * shard key). Every movement concerns exactly one merchant; null only for an entry with none.
 */
export function entryMerchantId(entry: JournalEntry): string | null {
  const merchantIds = new Set<string>();
  for (const { account } of entry.postings) {
    if ('merchantId' in account) merchantIds.add(account.merchantId);
  }
  ledgerInvariant(
    merchantIds.size <= 1,
    `${entry.kind} ${entry.reference} spans several merchants`,
  );
  const [merchantId = null] = merchantIds;
  return merchantId;
}
