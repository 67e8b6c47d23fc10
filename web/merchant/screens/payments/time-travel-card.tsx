import { plural } from '../../../shared/format.ts';
import { Alert } from '../../../shared/ui.tsx';
import {
  advancePlanClock,
  collectNextInstallmentNow,
  type PaymentPlan,
} from '../../api/payments.ts';
import { useDashboard } from '../../context.ts';

/** What time travel changed, installment by installment, once the collection has run. */
export type Outcome =
  | { state: 'waiting'; text: string }
  | { state: 'done'; text: string; changes: string[] }
  | { state: 'pending'; text: string };

/**
 * Test plans only: collect the next installment or move the plan's clock. The page runs the call
 * and watches the plan (`onTravel`); `error` is the page's, shown here while this card is shown.
 */
export function TimeTravelCard(props: {
  plan: PaymentPlan;
  busy: boolean;
  error: string | undefined;
  outcome: Outcome | undefined;
  /** The days field, kept by the page so it outlives this card while live data is shown. */
  days: string;
  onDays: (days: string) => void;
  onTravel: (call: () => Promise<PaymentPlan>, waiting: string) => void;
}) {
  const { api, merchant } = useDashboard();
  const { plan, busy, error, outcome, days } = props;

  const daysNumber = Number(days);
  const daysValid = Number.isInteger(daysNumber) && daysNumber >= 1 && daysNumber <= 400;
  return (
    <section class="card" aria-labelledby="time-travel-title">
      <h2 id="time-travel-title">Sandbox time travel</h2>
      <p class="fine-print">
        Test plans only: instead of waiting for due dates, collect now or move this plan’s clock.
        The sandbox charges the customer’s test card a moment later, and your webhooks follow as
        they would in live mode.
      </p>
      {error && <Alert>{error}</Alert>}
      <div class="inline-actions">
        <button
          class="button"
          type="button"
          disabled={busy}
          aria-busy={busy}
          onClick={() =>
            props.onTravel(
              () => collectNextInstallmentNow(api, merchant.id, plan.id),
              'Collecting the next installment…',
            )
          }
        >
          Collect the next installment now
        </button>
      </div>
      <form
        class="inline-actions pay-travel-days"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (daysValid) {
            props.onTravel(
              () => advancePlanClock(api, merchant.id, plan.id, daysNumber),
              `Moving the plan’s clock ${plural(daysNumber, 'day', 'days')}…`,
            );
          }
        }}
      >
        <div class="field">
          <label for="travel-days">Days</label>
          <input
            id="travel-days"
            type="number"
            inputMode="numeric"
            min={1}
            max={400}
            step={1}
            value={days}
            aria-describedby="travel-days-hint"
            aria-invalid={daysValid ? undefined : 'true'}
            onInput={(event) => props.onDays(event.currentTarget.value)}
          />
        </div>
        <button class="button secondary" type="submit" disabled={busy || !daysValid}>
          Advance {daysValid ? plural(daysNumber, 'day', 'days') : 'N days'}
        </button>
      </form>
      <p class="hint" id="travel-days-hint">
        A whole number of days, 1 to 400.
      </p>
      <div aria-live="polite" class="pay-travel-outcome">
        {outcome?.state === 'waiting' && <p class="notice">{outcome.text}</p>}
        {outcome?.state === 'pending' && <p class="notice">{outcome.text}</p>}
        {outcome?.state === 'done' && (
          <div class="notice">
            <p>{outcome.text}</p>
            <ul>
              {outcome.changes.map((change) => (
                <li key={change}>{change}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  );
}
