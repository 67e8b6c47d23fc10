/**
 * Paystack's published Nigerian pricing, so that `fees` and `fee_charged` look like the real
 * thing. Integers in kobo only.
 */

/** Local cards and banks: 1.5% + ₦100, the ₦100 waived under ₦2,500, capped at ₦2,000. */
export function transactionFeeKobo(amountKobo: number): number {
  const percentage = Math.floor((amountKobo * 15 + 500) / 1000);
  const flat = amountKobo >= 250_000 ? 10_000 : 0;
  return Math.min(percentage + flat, 200_000);
}

/** Transfers: ₦10 up to ₦5,000, ₦25 up to ₦50,000, ₦50 above. */
export function transferFeeKobo(amountKobo: number): number {
  if (amountKobo <= 500_000) return 1_000;
  if (amountKobo <= 5_000_000) return 2_500;
  return 5_000;
}
