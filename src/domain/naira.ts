import type { Kobo } from './money.ts';

/** Naira text for people: "₦25,000", "₦25,000.50". Kobo in, no floating point. */
export function formatNaira(kobo: Kobo): string {
  const naira = Math.trunc(kobo / 100);
  const rest = kobo % 100;
  return `₦${String(naira).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`;
}

/**
 * What a customer types, in naira ("25000", "25,000.50", "₦25,000"), to kobo. Decimal text is
 * read digit by digit: no floating point touches the amount. Null when it is not an amount.
 */
export function parseNairaInput(text: string): Kobo | null {
  const cleaned = text.trim().replace(/^₦/, '').replace(/,/g, '').trim();
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const naira = Number(match[1]);
  const kobo = Number((match[2] ?? '').padEnd(2, '0'));
  const total = naira * 100 + kobo;
  return Number.isSafeInteger(total) ? total : null;
}
