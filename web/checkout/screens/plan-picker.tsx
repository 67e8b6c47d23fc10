import { useEffect, useRef, useState } from 'preact/hooks';

import {
  ApiError,
  type Frequency,
  type PlanChoice,
  type SchedulePreview,
} from '../../shared/api.ts';
import { formatNaira } from '../../shared/format.ts';
import { Alert, Spinner, StepHeading } from '../../shared/ui.tsx';
import { useCheckout } from '../context.ts';
import { messageFor } from '../flow.ts';
import { ScheduleTable } from './schedule-table.tsx';

const FREQUENCY_WORDS: Record<Frequency, { label: string; unit: string; units: string }> = {
  weekly: { label: 'Weekly', unit: 'week', units: 'weeks' },
  monthly: { label: 'Monthly', unit: 'month', units: 'months' },
};

/** Deposit choices: the merchant's minimum, then every 10% above it (below 100%). */
export function depositChoices(minimumPct: number): number[] {
  const choices = [minimumPct];
  for (let pct = Math.floor(minimumPct / 10) * 10 + 10; pct < 100; pct += 10) choices.push(pct);
  return choices;
}

/** "₦7,500 today, then 3 monthly payments of ₦7,500", as the schedule table below says it. */
export function planSummary(preview: SchedulePreview): string {
  const count = preview.installments.length;
  const words = FREQUENCY_WORDS[preview.frequency];
  const amounts = preview.installments.map((i) => i.amount);
  const largest = Math.max(...amounts);
  const each = amounts.every((a) => a === largest) ? '' : 'up to ';
  const payments = count === 1 ? 'payment' : 'payments';
  return `${formatNaira(preview.deposit.amount)} today, then ${count} ${words.label.toLowerCase()} ${payments} of ${each}${formatNaira(largest)}`;
}

/** Choose how often and how long to pay, and the deposit; see every date and amount. */
export function PlanPicker(props: {
  choice: PlanChoice;
  /** The choice came from an earlier session of this order (decision 0049). */
  kept?: boolean;
  /** This browser is remembered at this shop for this customer: continue as them in one tap. */
  remembered?: { firstName: string; onSignInAnotherWay: () => void };
  onContinue: (choice: PlanChoice, preview: SchedulePreview) => void;
}) {
  const { api, token, session, customer } = useCheckout();
  const { constraints } = session;
  const [choice, setChoice] = useState(props.choice);
  const [preview, setPreview] = useState<SchedulePreview>();
  const [error, setError] = useState<string>();
  const latest = useRef(0);

  useEffect(() => {
    const request = ++latest.current;
    setError(undefined);
    api.preview(token, choice).then(
      (answer) => request === latest.current && setPreview(answer),
      (caught: unknown) =>
        request === latest.current &&
        setError(
          caught instanceof ApiError ? messageFor(caught) : 'The schedule could not be computed.',
        ),
    );
  }, [api, token, choice.frequency, choice.installment_count, choice.upfront_pct]);

  const maxCount =
    choice.frequency === 'monthly'
      ? constraints.max_monthly_duration
      : constraints.max_weekly_duration;
  const words = FREQUENCY_WORDS[choice.frequency];
  const current = preview && sameChoice(preview, choice) ? preview : undefined;

  function setFrequency(frequency: Frequency) {
    const max =
      frequency === 'monthly' ? constraints.max_monthly_duration : constraints.max_weekly_duration;
    setChoice((c) => ({ ...c, frequency, installment_count: Math.min(c.installment_count, max) }));
  }

  return (
    <main class="step">
      <StepHeading lead="Pay a deposit today and the rest in equal parts. No interest, no fees.">
        Choose your plan
      </StepHeading>
      {props.kept && (
        <p class="notice" role="status">
          This is the plan you chose for this order before. Change it here if you like.
        </p>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (current) props.onContinue(choice, current);
        }}
      >
        {constraints.allowed_frequencies.length > 1 && (
          <fieldset>
            <legend class="legend">How often</legend>
            <div class="choices two">
              {constraints.allowed_frequencies.map((frequency) => (
                <label class="choice" key={frequency}>
                  <input
                    type="radio"
                    name="frequency"
                    value={frequency}
                    checked={choice.frequency === frequency}
                    onChange={() => setFrequency(frequency)}
                  />
                  {FREQUENCY_WORDS[frequency].label}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <div class="row">
          <div class="field">
            <label for="installment-count">Payments after the deposit</label>
            <select
              id="installment-count"
              value={choice.installment_count}
              onChange={(event) =>
                setChoice((c) => ({ ...c, installment_count: Number(event.currentTarget.value) }))
              }
            >
              {Array.from({ length: maxCount }, (_, i) => i + 1).map((count) => (
                <option key={count} value={count}>
                  {count} {count === 1 ? words.unit : words.units}
                </option>
              ))}
            </select>
          </div>
          <div class="field">
            <label for="deposit-pct">Deposit today</label>
            <select
              id="deposit-pct"
              value={choice.upfront_pct}
              onChange={(event) =>
                setChoice((c) => ({ ...c, upfront_pct: Number(event.currentTarget.value) }))
              }
            >
              {depositChoices(constraints.min_upfront_pct).map((pct) => (
                <option key={pct} value={pct}>
                  {pct}%
                </option>
              ))}
            </select>
          </div>
        </div>
        {error && <Alert>{error}</Alert>}
        <div aria-live="polite">
          {current ? (
            <>
              <p>
                <strong>{formatNaira(current.deposit.amount)}</strong> today, then{' '}
                {current.installments.length} {words.label.toLowerCase()} payments.
              </p>
              <ScheduleTable preview={current} caption="Your payment schedule" />
              <p class="fine-print">
                Each payment is taken automatically on its date. If one fails we try again 1, 3 and
                7 days later; a missed payment pauses new Tranche plans until it is paid.
              </p>
            </>
          ) : (
            !error && <Spinner label="Working out your schedule…" />
          )}
        </div>
        {!customer && !props.remembered && (
          <p class="fine-print">
            Next you sign in or create a Tranche account to confirm. Nothing is charged before you
            confirm.
          </p>
        )}
        <button class="button" type="submit" disabled={!current}>
          {props.remembered ? `Continue as ${props.remembered.firstName}` : 'Continue'}
        </button>
      </form>
      {props.remembered && (
        <p class="hint">
          Remembered on this device. Nothing is charged before you confirm.{' '}
          <button class="link-button" type="button" onClick={props.remembered.onSignInAnotherWay}>
            Not {props.remembered.firstName}? Sign in another way
          </button>
        </p>
      )}
    </main>
  );
}

function sameChoice(preview: SchedulePreview, choice: PlanChoice): boolean {
  return (
    preview.frequency === choice.frequency &&
    preview.installment_count === choice.installment_count &&
    preview.upfront_pct === choice.upfront_pct
  );
}
