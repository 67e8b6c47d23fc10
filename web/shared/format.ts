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
