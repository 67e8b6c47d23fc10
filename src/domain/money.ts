/**
 * Money is integer kobo (₦1 = 100 kobo) held in a JS number that is checked to be a safe
 * integer. Never floats: every rule below works in integers only.
 */
export type Kobo = number;

/** ₦10,000,000: the largest single checkout amount (Paystack's per-transaction ceiling). */
export const MAX_CHECKOUT_AMOUNT_KOBO: Kobo = 1_000_000_000;

export function isKobo(value: unknown): value is Kobo {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

export function assertKobo(value: unknown, what: string): asserts value is Kobo {
  if (!isKobo(value)) throw new RangeError(`${what} must be an integer number of kobo`);
}

/** Platform fee: 2.5% of each collected payment, rounded half up (brief §5). */
export const PLATFORM_FEE_PER_MILLE = 25;

export interface FeeSplit {
  grossKobo: Kobo;
  feeKobo: Kobo;
  merchantNetKobo: Kobo;
}

/** Above this, gross × 25 could leave the safe-integer range; far beyond any real payment. */
export const MAX_FEE_INPUT_KOBO: Kobo = 100_000_000_000_000;

export function splitPlatformFee(grossKobo: Kobo): FeeSplit {
  assertKobo(grossKobo, 'grossKobo');
  if (grossKobo < 0 || grossKobo > MAX_FEE_INPUT_KOBO) {
    throw new RangeError('grossKobo is out of range');
  }
  // round_half_up(gross × 25 / 1000) in integers: floor((gross × 25 + 500) / 1000).
  const feeKobo = Math.floor((grossKobo * PLATFORM_FEE_PER_MILLE + 500) / 1000);
  return { grossKobo, feeKobo, merchantNetKobo: grossKobo - feeKobo };
}

/**
 * A refund of part or all of one collected charge gives the platform fee back pro rata: once
 * refunds of a charge total R, the fee returned on it totals round_half_up(F × R / G), where G is
 * the charge's gross and F its fee. Each refund returns what that total still lacks, so partial
 * refunds add up to exactly F when the whole charge is refunded, and never to more than F or to
 * more than the refund itself. The merchant's wallet pays the rest of the refund (its pro-rata
 * share of the net it received). A refund that failed is left out of `previous`, and the next
 * refund of the charge catches up on any kobo of rounding it left behind.
 */
export interface RefundSplit {
  refundKobo: Kobo;
  feeReturnedKobo: Kobo;
  merchantDebitKobo: Kobo;
}

/** What earlier refunds of a charge (initiated or succeeded, not failed) add up to. */
export interface RefundHistory {
  refundedKobo: Kobo;
  feeReturnedKobo: Kobo;
}

export function splitRefund(
  charge: FeeSplit,
  previous: RefundHistory,
  refundKobo: Kobo,
): RefundSplit {
  assertKobo(refundKobo, 'refundKobo');
  assertKobo(previous.refundedKobo, 'previous.refundedKobo');
  assertKobo(previous.feeReturnedKobo, 'previous.feeReturnedKobo');
  if (refundKobo < 1) throw new RangeError('refundKobo must be at least 1 kobo');
  if (previous.refundedKobo < 0 || previous.refundedKobo + refundKobo > charge.grossKobo) {
    throw new RangeError('refunds of a charge cannot exceed its gross');
  }
  if (previous.feeReturnedKobo < 0 || previous.feeReturnedKobo > charge.feeKobo) {
    throw new RangeError('previous.feeReturnedKobo must be between 0 and the fee taken');
  }
  const owedKobo =
    feeReturnedThrough(charge, previous.refundedKobo + refundKobo) - previous.feeReturnedKobo;
  const feeReturnedKobo = Math.min(Math.max(owedKobo, 0), refundKobo);
  return { refundKobo, feeReturnedKobo, merchantDebitKobo: refundKobo - feeReturnedKobo };
}

function feeReturnedThrough(charge: FeeSplit, refundedKobo: Kobo): Kobo {
  // round_half_up(F × R / G) = floor((2·F·R + G) / 2G). F × R can pass 2^53, so use bigint.
  const fee = BigInt(charge.feeKobo);
  const gross = BigInt(charge.grossKobo);
  return Number((2n * fee * BigInt(refundedKobo) + gross) / (2n * gross));
}

export function formatNaira(kobo: Kobo): string {
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(kobo);
  const naira = Math.floor(abs / 100).toLocaleString('en-NG');
  return `${sign}₦${naira}.${String(abs % 100).padStart(2, '0')}`;
}
