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
  if (grossKobo < 0 || grossKobo > MAX_FEE_INPUT_KOBO)
    throw new RangeError('grossKobo is out of range');
  // round_half_up(gross × 25 / 1000) in integers: floor((gross × 25 + 500) / 1000).
  const feeKobo = Math.floor((grossKobo * PLATFORM_FEE_PER_MILLE + 500) / 1000);
  return { grossKobo, feeKobo, merchantNetKobo: grossKobo - feeKobo };
}

export function formatNaira(kobo: Kobo): string {
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(kobo);
  const naira = Math.floor(abs / 100).toLocaleString('en-NG');
  return `${sign}₦${naira}.${String(abs % 100).padStart(2, '0')}`;
}
