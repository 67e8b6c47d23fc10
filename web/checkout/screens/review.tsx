import { useRef, useState } from 'preact/hooks';

import {
  ApiError,
  type Confirmation,
  type Method,
  type PlanChoice,
  type SchedulePreview,
} from '../../shared/api.ts';
import { formatNaira } from '../../shared/format.ts';
import { Alert, StepHeading } from '../../shared/ui.tsx';
import { useCheckout } from '../context.ts';
import { messageFor } from '../flow.ts';
import { ScheduleTable } from './schedule-table.tsx';

/** The whole plan once more, one consent, and one confirm that cannot be sent twice. */
export function ReviewAndConfirm(props: {
  choice: PlanChoice;
  preview: SchedulePreview;
  method: Method;
  onConfirmed: (confirmation: Confirmation) => void;
  onRefused: (error: ApiError) => void;
  onChangePlan: () => void;
  onChangeMethod: () => void;
}) {
  const { api, host, token, session } = useCheckout();
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  // A ref, not state: two clicks in one tick both see it set.
  const inFlight = useRef(false);
  const { preview, method } = props;
  const each = preview.installments[0]?.amount ?? 0;

  async function confirm(event: Event) {
    event.preventDefault();
    if (inFlight.current) return;
    if (!consent) return setError('Tick the box to agree to the payment schedule.');
    inFlight.current = true;
    setBusy(true);
    setError(undefined);
    host.post({ type: 'busy', busy: true });
    try {
      const confirmation = await api.confirm(token, {
        ...props.choice,
        payment_method_id: method.id,
      });
      // No "not busy" here: the success message that follows ends the busy state itself.
      props.onConfirmed(confirmation);
    } catch (caught) {
      inFlight.current = false;
      setBusy(false);
      host.post({ type: 'busy', busy: false });
      if (
        caught instanceof ApiError &&
        (caught.status === 403 || caught.code === 'session_not_pending')
      ) {
        return props.onRefused(caught);
      }
      setError(
        caught instanceof ApiError && caught.code === 'network_error'
          ? 'We could not confirm your plan because the connection dropped. Try again: you will never be charged twice.'
          : caught instanceof ApiError
            ? messageFor(caught)
            : 'The plan could not be confirmed.',
      );
    }
  }

  return (
    <main class="step">
      <StepHeading>Review and confirm</StepHeading>
      <div class="summary-line">
        <span>Deposit today</span>
        <strong>{formatNaira(preview.deposit.amount)}</strong>
      </div>
      <div class="summary-line">
        <span>
          Then {preview.installments.length} {preview.frequency} payments
        </span>
        <strong>{formatNaira(each)}</strong>
      </div>
      <div class="summary-line">
        <span>Paid with</span>
        <strong>
          {method.label} {method.type === 'card' && `•••• ${method.last4}`}
        </strong>
      </div>
      <details>
        <summary>See every date</summary>
        <ScheduleTable preview={preview} caption="Payment schedule" />
      </details>
      <p>
        <button class="link-button" type="button" onClick={props.onChangePlan}>
          Change the plan
        </button>
        <button class="link-button" type="button" onClick={props.onChangeMethod}>
          Change the payment method
        </button>
      </p>
      {error && <Alert>{error}</Alert>}
      <form onSubmit={(event) => void confirm(event)} noValidate>
        <label class="consent">
          <input
            type="checkbox"
            checked={consent}
            onChange={(e) => setConsent(e.currentTarget.checked)}
          />
          <span>
            I agree that Tranche debits my {method.label} for {formatNaira(preview.deposit.amount)}{' '}
            today and for each payment above on its date, for {session.merchant_name ?? 'this shop'}
            .
          </span>
        </label>
        <button class="button" type="submit" disabled={busy} aria-busy={busy}>
          {busy ? 'Confirming…' : `Confirm and pay ${formatNaira(preview.deposit.amount)}`}
        </button>
      </form>
    </main>
  );
}
