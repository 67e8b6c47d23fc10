import type { Session } from '../../shared/api.ts';
import { formatNaira } from '../../shared/format.ts';

/** The order being paid for, always on top: who is selling, what, and how much. */
export function OrderSummary(props: { session: Session | undefined }) {
  const { session } = props;
  if (!session) return <header class="order" aria-label="Order" />;
  return (
    <header class="order" aria-label="Order">
      <p class="merchant">
        {session.merchant_name ?? 'Checkout'}
        {!session.livemode && <span class="badge">Test mode</span>}
      </p>
      <p class="title">{session.title}</p>
      <p class="amount">{formatNaira(session.amount)}</p>
    </header>
  );
}
