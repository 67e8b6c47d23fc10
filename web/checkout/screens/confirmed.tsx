import { useEffect } from 'preact/hooks';

import { CheckIcon, StepHeading } from '../../shared/ui.tsx';
import type { Host } from '../host.ts';

const REDIRECT_DELAY_MS = 1500;

/**
 * Where a full-page checkout goes next: the link's redirect_url, else the customer dashboard.
 * Only http(s) addresses are followed (a link's redirect_url is the merchant's input).
 */
export function nextAddress(url: string | null): string {
  if (url === null) return '/dashboard';
  try {
    const parsed = new URL(url, location.origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : '/dashboard';
  } catch {
    return '/dashboard';
  }
}

/**
 * Whether the next address is this origin's customer dashboard (a link without redirect_url:
 * the API sends its absolute /dashboard address), where the customer should arrive signed in.
 */
export function endsOnDashboard(url: string | null): boolean {
  const next = new URL(nextAddress(url), location.origin);
  return next.origin === location.origin && next.pathname === '/dashboard';
}

/** The plan exists; the deposit is being collected. Full page: on to the next address. */
export function Confirmed(props: { redirectUrl: string | null; host: Host }) {
  const next = props.host.embedded ? undefined : nextAddress(props.redirectUrl);
  useEffect(() => {
    if (next === undefined) return;
    const timer = setTimeout(() => location.assign(next), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [next]);
  return (
    <main class="step center">
      <CheckIcon />
      <StepHeading lead="We are collecting your deposit now. Each installment is debited automatically on its date.">
        Your plan is confirmed
      </StepHeading>
      {next !== undefined && (
        <a class="button" href={next}>
          Continue
        </a>
      )}
    </main>
  );
}
