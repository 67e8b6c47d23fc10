// A link's amount: fixed, or chosen by the customer within bounds.
import { useId } from 'preact/hooks';

import { koboToNairaInput, parseNairaToKobo } from '../../../shared/format.ts';
import type { LinkAmountInput, PaymentLink } from '../../api/links.ts';

export interface AmountDraft {
  kind: 'fixed' | 'range';
  amount: string;
  min: string;
  max: string;
}
export type AmountErrors = Partial<Record<'amount' | 'min' | 'max', string>>;

const NOT_NAIRA = 'Enter naira, such as 25,000 or 25,000.50 (at most 2 decimals).';

export function amountDraft(link?: PaymentLink): AmountDraft {
  const naira = (kobo: number | null | undefined) =>
    kobo === null || kobo === undefined ? '' : koboToNairaInput(kobo);
  if (!link) return { kind: 'fixed', amount: '', min: '', max: '' };
  return {
    kind: link.amount === null ? 'range' : 'fixed',
    amount: naira(link.amount),
    min: naira(link.min_amount),
    max: naira(link.max_amount),
  };
}

export function amountFromDraft(
  draft: AmountDraft,
): { amount: LinkAmountInput; errors?: undefined } | { errors: AmountErrors } {
  if (draft.kind === 'fixed') {
    const amount = parseNairaToKobo(draft.amount);
    return amount === undefined ? { errors: { amount: NOT_NAIRA } } : { amount: { amount } };
  }
  const min = parseNairaToKobo(draft.min);
  const max = parseNairaToKobo(draft.max);
  if (min === undefined || max === undefined) {
    return {
      errors: {
        ...(min === undefined && { min: NOT_NAIRA }),
        ...(max === undefined && { max: NOT_NAIRA }),
      },
    };
  }
  return { amount: { min_amount: min, max_amount: max } };
}

/** A text field for naira with the phone's decimal keypad. */
function NairaField(props: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{props.label}</label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={props.value}
        onInput={(event) => props.onValue(event.currentTarget.value)}
        aria-invalid={props.error ? 'true' : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
      />
      {props.error && (
        <p class="field-error" id={`${id}-error`}>
          {props.error}
        </p>
      )}
    </div>
  );
}

export function AmountFields(props: {
  draft: AmountDraft;
  onDraft: (draft: AmountDraft) => void;
  errors: AmountErrors;
}) {
  const { draft, onDraft, errors } = props;
  const name = useId();
  const set = (patch: Partial<AmountDraft>) => onDraft({ ...draft, ...patch });
  return (
    <>
      <fieldset>
        <legend class="legend">Amount</legend>
        <div class="choices two amount-kinds">
          <label class="choice">
            <input
              type="radio"
              name={name}
              checked={draft.kind === 'fixed'}
              onChange={() => set({ kind: 'fixed' })}
            />
            <span>
              Fixed amount
              <span class="sub">Every customer pays the same.</span>
            </span>
          </label>
          <label class="choice">
            <input
              type="radio"
              name={name}
              checked={draft.kind === 'range'}
              onChange={() => set({ kind: 'range' })}
            />
            <span>
              Customer enters the amount
              <span class="sub">Within a minimum and a maximum.</span>
            </span>
          </label>
        </div>
      </fieldset>
      {draft.kind === 'fixed' ? (
        <NairaField
          label="Amount (₦)"
          value={draft.amount}
          onValue={(amount) => set({ amount })}
          error={errors.amount}
        />
      ) : (
        <div class="field-grid">
          <NairaField
            label="Minimum (₦)"
            value={draft.min}
            onValue={(min) => set({ min })}
            error={errors.min}
          />
          <NairaField
            label="Maximum (₦)"
            value={draft.max}
            onValue={(max) => set({ max })}
            error={errors.max}
          />
        </div>
      )}
    </>
  );
}
