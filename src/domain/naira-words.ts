/**
 * An amount of kobo in words, as a confirmation reads it back before money moves ("₦12,500.00
 * (twelve thousand five hundred naira)"): a typo of one digit changes the words far more visibly
 * than the figures. British usage, as in Nigeria: "one hundred and five", "one thousand and
 * five". Integer arithmetic only. Pure.
 */

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
] as const;
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES = ['', 'thousand', 'million', 'billion', 'trillion'] as const;

/** 0–99. */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n] ?? '';
  const tens = TENS[Math.floor(n / 10)] ?? '';
  return n % 10 === 0 ? tens : `${tens}-${ONES[n % 10] ?? ''}`;
}

/** 1–999; `and` before the tens when there are hundreds. */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds === 0) return belowHundred(rest);
  const head = `${ONES[hundreds] ?? ''} hundred`;
  return rest === 0 ? head : `${head} and ${belowHundred(rest)}`;
}

/** A whole number from 0 to 999,999,999,999,999 in words. */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n >= 1e15) {
    throw new RangeError(`numberInWords takes a whole number from 0 below 10^15; got ${n}`);
  }
  if (n === 0) return 'zero';
  const groups: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 1000)) groups.push(rest % 1000);
  const parts: string[] = [];
  for (let i = groups.length - 1; i >= 0; i--) {
    const group = groups[i] ?? 0;
    if (group === 0) continue;
    // "one thousand and five": the last group joins with "and" when it has no hundreds.
    const joiner = i === 0 && parts.length > 0 && group < 100 ? 'and ' : '';
    parts.push(`${joiner}${belowThousand(group)}${SCALES[i] ? ` ${SCALES[i]}` : ''}`);
  }
  return parts.join(' ');
}

/** 1250000 → "twelve thousand five hundred naira"; 150 → "one naira and fifty kobo". */
export function nairaInWords(kobo: number): string {
  if (!Number.isSafeInteger(kobo)) throw new RangeError(`nairaInWords takes kobo; got ${kobo}`);
  const sign = kobo < 0 ? 'minus ' : '';
  const abs = Math.abs(kobo);
  const naira = Math.floor(abs / 100);
  const rest = abs - naira * 100;
  if (naira === 0 && rest > 0) return `${sign}${numberInWords(rest)} kobo`;
  const words = `${sign}${numberInWords(naira)} naira`;
  return rest === 0 ? words : `${words} and ${numberInWords(rest)} kobo`;
}
