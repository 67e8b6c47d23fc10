// The session's last minutes (docs/widget.md): a notice at 5 minutes and at 1 minute left, read
// out by screen readers, and the shop's page told (`session_expiring`); at the end, `onExpired`.
import { useEffect, useState } from 'preact/hooks';

/** Minutes left at which the customer is warned, largest first. */
export const WARN_AT_MINUTES = [5, 1] as const;

/**
 * Runs while `active`: `left` is the warning in force (minutes), or undefined before the first.
 * Timers are set from the session's `expires_at` against this browser's clock, as the expiry
 * itself is; a tab woken after sleeping catches up at once.
 */
export function useSessionClock(
  expiresAt: string | undefined,
  active: boolean,
  handlers: { onWarning: (secondsLeft: number) => void; onExpired: () => void },
): number | undefined {
  const [left, setLeft] = useState<number>();
  useEffect(() => {
    if (!expiresAt || !active) return;
    const end = Date.parse(expiresAt);
    const timers: ReturnType<typeof setTimeout>[] = [];
    for (const minutes of WARN_AT_MINUTES) {
      const at = end - minutes * 60_000 - Date.now();
      if (at + minutes * 60_000 <= 0) continue;
      timers.push(
        setTimeout(
          () => {
            setLeft(minutes);
            handlers.onWarning(Math.max(0, Math.round((end - Date.now()) / 1000)));
          },
          Math.max(0, at),
        ),
      );
    }
    timers.push(setTimeout(handlers.onExpired, Math.max(0, end - Date.now())));
    return () => timers.forEach(clearTimeout);
  }, [expiresAt, active]);
  return active ? left : undefined;
}

/** The notice: polite at 5 minutes, assertive in the last minute. */
export function ExpiryWarning(props: { minutesLeft: number | undefined }) {
  const { minutesLeft } = props;
  const last = minutesLeft !== undefined && minutesLeft <= 1;
  const text = minutesLeft !== undefined && (
    <p class="expiry-warning">
      <strong>
        {minutesLeft === 1 ? 'About 1 minute left' : `About ${minutesLeft} minutes left`}
      </strong>{' '}
      to finish this checkout. If it closes, nothing is charged and the plan you chose is kept for
      when the shop opens a new checkout for this order.
    </p>
  );
  // Both regions are always in the page: screen readers announce a change inside a live region,
  // not a region that appears with its text. Plain live regions, not role status/alert: those
  // roles on an empty element would still be landmarks of messages that are not there.
  return (
    <>
      <div class="expiry-live" aria-live="polite" aria-atomic="true">
        {!last && text}
      </div>
      <div class="expiry-live" aria-live="assertive" aria-atomic="true">
        {last && text}
      </div>
    </>
  );
}
