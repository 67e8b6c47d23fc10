import { formatNaira } from '../../../shared/format.ts';
import { Alert } from '../../../shared/ui.tsx';
import type { Payout } from '../../api/money.ts';

/** What became of the payout asked for on this page, in one sentence. */
export function PayoutNotice(props: { payout: Payout }) {
  const { payout } = props;
  const what = `Payout of ${formatNaira(payout.amount)}`;
  const reference = (
    <>
      (reference <code>{payout.reference}</code>)
    </>
  );
  if (payout.status === 'paid') {
    return (
      <p class="notice">
        {what} paid {reference}: the bank confirmed it.
      </p>
    );
  }
  if (payout.status === 'failed' || payout.status === 'reversed') {
    return (
      <Alert>
        {what} did not reach your bank {reference}: the money is back in your available balance.
        {payout.failure_reason && ` The bank said: ${payout.failure_reason}.`}
      </Alert>
    );
  }
  return (
    <p class="notice">
      {what} started {reference}. It shows as paid once the bank confirms.
    </p>
  );
}
