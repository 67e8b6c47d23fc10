/**
 * CSV for the merchant's exports (decision 0066): RFC 4180 text, each amount twice (kobo, the
 * stored integer, and naira, written from it with integer arithmetic), and text cells that a
 * spreadsheet could run as a formula neutralised.
 */

/**
 * A cell: text (anything a buyer or merchant typed may be in it), a whole number, an amount in
 * kobo to write as naira (`{ kobo }`), or empty.
 */
export type CsvCell = string | number | { kobo: number } | null;

/**
 * Kobo as naira with exactly two decimals, no thousands separator, a leading "-" when negative:
 * 123456 → "1234.56", -5 → "-0.05". Integer arithmetic only, so the naira column is always the
 * kobo column divided by 100 exactly; no float is ever rounded.
 */
export function nairaFromKobo(kobo: number): string {
  if (!Number.isSafeInteger(kobo)) throw new RangeError(`not a whole number of kobo: ${kobo}`);
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(kobo);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Text a spreadsheet would read as a formula (=, +, -, @, and the tab and carriage return that
 * OWASP lists) gets a leading apostrophe. Numbers and naira amounts are written by us, never
 * typed by anyone, and stay numbers: "-1234.56" in an amount column is a figure to sum, not a
 * formula.
 */
function neutralised(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** One field, quoted when RFC 4180 says it must be (a comma, a quote, CR or LF in it). */
export function csvField(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'object') return nairaFromKobo(cell.kobo);
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) throw new RangeError(`not a finite number: ${cell}`);
    return String(cell);
  }
  const text = neutralised(cell);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, ended with CRLF as RFC 4180 asks. */
export function csvRecord(cells: readonly CsvCell[]): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}

/** Kobo and naira columns for one amount (null leaves both empty). */
export function amountCells(kobo: number | null): [CsvCell, CsvCell] {
  return kobo === null ? [null, null] : [kobo, { kobo }];
}
