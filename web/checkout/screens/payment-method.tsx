import { useEffect, useState } from 'preact/hooks';

import { ApiError, type Method } from '../../shared/api.ts';
import { Alert, Spinner, StepHeading } from '../../shared/ui.tsx';
import { useCheckout } from '../context.ts';
import { messageFor } from '../flow.ts';

export function methodDescription(method: Method): string {
  if (method.type === 'card' && method.exp_month && method.exp_year) {
    return `•••• ${method.last4} · expires ${method.exp_month}/${method.exp_year.slice(-2)}`;
  }
  return method.type === 'card' ? `•••• ${method.last4}` : 'Direct debit';
}

/** Which saved card or bank account pays; or add a new one. */
export function PaymentMethodChooser(props: {
  selected: string | undefined;
  onContinue: (method: Method) => void;
  onAddCard: () => void;
  onAddBank: () => void;
  onBack: () => void;
}) {
  const { api, customer } = useCheckout();
  const [methods, setMethods] = useState<Method[]>();
  const [waiting, setWaiting] = useState<Method[]>([]);
  const [selected, setSelected] = useState(props.selected);
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (!customer) return;
    api.methods(customer.id).then(
      (all) => {
        const usable = all.filter((m) => m.status === 'active');
        setMethods(usable);
        // Decision 0044: a mandate the bank has not activated cannot pay for a plan yet.
        setWaiting(all.filter((m) => m.status === 'pending'));
        setSelected((s) => s ?? (usable.find((m) => m.is_default) ?? usable[0])?.id);
      },
      (caught: unknown) =>
        setError(
          caught instanceof ApiError
            ? messageFor(caught)
            : 'Your payment methods could not be loaded.',
        ),
    );
  }, [api, customer]);

  const chosen = methods?.find((m) => m.id === selected);
  return (
    <main class="step">
      <StepHeading lead="Your deposit and each installment are debited from it automatically.">
        How you will pay
      </StepHeading>
      {error && <Alert>{error}</Alert>}
      {!methods && !error && <Spinner label="Loading your payment methods…" />}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (chosen) props.onContinue(chosen);
        }}
      >
        {methods && methods.length > 0 && (
          <fieldset>
            <legend class="legend">Saved methods</legend>
            <div class="choices">
              {methods.map((method) => (
                <label class="choice" key={method.id}>
                  <input
                    type="radio"
                    name="method"
                    value={method.id}
                    checked={selected === method.id}
                    onChange={() => setSelected(method.id)}
                  />
                  <span>
                    {method.label}
                    {method.is_default && ' (default)'}
                    <span class="sub">{methodDescription(method)}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        {methods && methods.length === 0 && (
          <p>Add a debit card or a bank account to pay for this plan.</p>
        )}
        {waiting.length > 0 && (
          <div class="notice" role="status">
            {waiting.map((m) => (
              <p key={m.id}>
                <strong>{m.label}: pending activation.</strong> Your bank has not activated this
                direct debit yet (it can take up to 24 hours), so it cannot pay for this plan. Pay
                with a card now; you can move the plan to this account from your dashboard once it
                is active.
              </p>
            ))}
          </div>
        )}
        <div class="actions">
          <button class="button secondary" type="button" onClick={props.onAddCard}>
            Add a debit card
          </button>
          <button class="button secondary" type="button" onClick={props.onAddBank}>
            Add a bank account (direct debit)
          </button>
          {methods && methods.length > 0 && (
            <button class="button" type="submit" disabled={!chosen}>
              Continue
            </button>
          )}
        </div>
      </form>
      <button class="link-button" type="button" onClick={props.onBack}>
        Back to the plan
      </button>
    </main>
  );
}
