import type { PaymentOutcome } from '../../../shared/api.ts';
import { Alert } from '../../../shared/ui.tsx';

/** What came of a payment asked for here: paid, declined, or still with the bank. */
export function OutcomeMessage(props: { outcome: PaymentOutcome }) {
  const { payments } = props.outcome;
  const paid = payments.filter((p) => p.outcome === 'paid').length;
  const failed = payments.filter((p) => p.outcome === 'failed');
  const waiting = payments.filter((p) => p.outcome === 'pending' || p.outcome === 'error');
  if (failed.length === 0 && waiting.length === 0) {
    return (
      <p class="notice" role="status">
        Paid: {paid === 1 ? 'one installment' : `${paid} installments`}. Thank you.
      </p>
    );
  }
  return (
    <Alert>
      {paid > 0 && `${paid} paid. `}
      {/* A pay-off declined on every installment says the same thing once, not three times. */}
      {[
        ...new Set(
          failed.map(
            (p) =>
              p.message ??
              'A payment was declined. Nothing on your plan changed; try another card or account.',
          ),
        ),
      ].join(' ')}
      {failed.length > 0 && ' '}
      {waiting.length > 0 &&
        'Some payments are still being confirmed by the bank; this page updates once they are.'}
    </Alert>
  );
}
