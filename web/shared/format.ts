// Money and dates as a Nigerian customer reads them. Amounts arrive in integer kobo and are
// split into naira and kobo with integer arithmetic: no float ever touches money.

const groupNaira = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 0 });

/** 1850000 → "₦18,500.00" */
export function formatNaira(kobo: number): string {
  const sign = kobo < 0 ? '−' : '';
  const abs = Math.abs(kobo);
  const naira = Math.floor(abs / 100);
  const rest = abs - naira * 100;
  return `${sign}₦${groupNaira.format(naira)}.${String(rest).padStart(2, '0')}`;
}

const lagosDate = new Intl.DateTimeFormat('en-NG', {
  timeZone: 'Africa/Lagos',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** Due dates are set in Lagos time: show them in Lagos time, wherever the browser is. */
export function formatDueDate(iso: string): string {
  return lagosDate.format(new Date(iso));
}

export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

const lagosDateTime = new Intl.DateTimeFormat('en-NG', {
  timeZone: 'Africa/Lagos',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** A moment, in Lagos time (the dashboard's clock, whatever the browser's zone). */
export function formatDateTime(iso: string): string {
  return lagosDateTime.format(new Date(iso));
}

/**
 * What a merchant types in naira ("25000", "25,000.50", "₦25,000") to integer kobo, digit by
 * digit: no float ever touches the amount. Undefined when the text is not an amount (letters, a
 * sign, misplaced commas, more than 2 decimals). Whether the amount is allowed is the API's call.
 */
export function parseNairaToKobo(text: string): number | undefined {
  const cleaned = text.trim().replace(/^₦\s*/, '');
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return undefined;
  const nairaDigits = (match[1] ?? '').replace(/,/g, '').replace(/^0+(?=\d)/, '');
  if (nairaDigits.length > 13) return undefined;
  const kobo = Number(nairaDigits) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(kobo) ? kobo : undefined;
}

/** Kobo as a merchant would type it back into a naira field: 2500050 → "25000.50", 2500000 → "25000". */
export function koboToNairaInput(kobo: number): string {
  const naira = Math.floor(kobo / 100);
  const rest = kobo - naira * 100;
  return rest === 0 ? String(naira) : `${naira}.${String(rest).padStart(2, '0')}`;
}
