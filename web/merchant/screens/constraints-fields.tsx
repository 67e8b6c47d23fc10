// The plan limits a customer chooses within (spec §2.4), as form fields: the merchant's default
// constraints (Settings) and a payment link's own (Payment links). The API checks the values;
// the page only reads whole numbers out of what was typed.
import { useId } from 'preact/hooks';

import { Field } from '../../shared/ui.tsx';
import type { LinkConstraints } from '../api/links.ts';

export interface ConstraintsDraft {
  weekly: boolean;
  monthly: boolean;
  maxWeekly: string;
  maxMonthly: string;
  minUpfront: string;
}

export type ConstraintsErrors = Partial<Record<'maxWeekly' | 'maxMonthly' | 'minUpfront', string>>;

export function constraintsDraft(constraints: LinkConstraints): ConstraintsDraft {
  return {
    weekly: constraints.allowed_frequencies.includes('weekly'),
    monthly: constraints.allowed_frequencies.includes('monthly'),
    maxWeekly: String(constraints.max_weekly_duration),
    maxMonthly: String(constraints.max_monthly_duration),
    minUpfront: String(constraints.min_upfront_pct),
  };
}

/** "12" → 12; anything but digits → undefined (the field then says so). */
export function wholeNumber(text: string): number | undefined {
  const trimmed = text.trim().replace(/%$/, '').trim();
  return /^\d{1,6}$/.test(trimmed) ? Number(trimmed) : undefined;
}

/** The draft as the API's object, or what to fix in the fields that are not whole numbers. */
export function constraintsFromDraft(
  draft: ConstraintsDraft,
): { constraints: LinkConstraints; errors?: undefined } | { errors: ConstraintsErrors } {
  const maxWeekly = wholeNumber(draft.maxWeekly);
  const maxMonthly = wholeNumber(draft.maxMonthly);
  const minUpfront = wholeNumber(draft.minUpfront);
  const errors: ConstraintsErrors = {};
  const whole = 'Enter a whole number.';
  if (maxWeekly === undefined) errors.maxWeekly = whole;
  if (maxMonthly === undefined) errors.maxMonthly = whole;
  if (minUpfront === undefined) errors.minUpfront = 'Enter a whole percentage, such as 25.';
  if (maxWeekly === undefined || maxMonthly === undefined || minUpfront === undefined) {
    return { errors };
  }
  const allowed: LinkConstraints['allowed_frequencies'] = [];
  if (draft.weekly) allowed.push('weekly');
  if (draft.monthly) allowed.push('monthly');
  return {
    constraints: {
      allowed_frequencies: allowed,
      max_weekly_duration: maxWeekly,
      max_monthly_duration: maxMonthly,
      min_upfront_pct: minUpfront,
      allowed_schedule_types: ['installment'],
    },
  };
}

/** Frequencies as checkboxes, the longest plans and the smallest deposit as whole numbers. */
export function ConstraintsFields(props: {
  draft: ConstraintsDraft;
  onDraft: (draft: ConstraintsDraft) => void;
  errors?: ConstraintsErrors | undefined;
}) {
  const { draft, onDraft, errors = {} } = props;
  const id = useId();
  const set = <K extends keyof ConstraintsDraft>(key: K, value: ConstraintsDraft[K]) =>
    onDraft({ ...draft, [key]: value });
  return (
    <>
      <fieldset class="checkbox-group" aria-describedby={`${id}-freq-hint`}>
        <legend class="legend">Payment frequencies customers may choose</legend>
        <label class="checkbox-row">
          <input
            type="checkbox"
            checked={draft.weekly}
            onChange={(e) => set('weekly', e.currentTarget.checked)}
          />
          Weekly
        </label>
        <label class="checkbox-row">
          <input
            type="checkbox"
            checked={draft.monthly}
            onChange={(e) => set('monthly', e.currentTarget.checked)}
          />
          Monthly
        </label>
        <p class="hint" id={`${id}-freq-hint`}>
          At least one.
        </p>
      </fieldset>
      <div class="field-grid">
        <Field
          label="Most weekly installments"
          inputMode="numeric"
          value={draft.maxWeekly}
          onValue={(value) => set('maxWeekly', value)}
          hint="Weeks of payments after the deposit."
          error={errors.maxWeekly}
        />
        <Field
          label="Most monthly installments"
          inputMode="numeric"
          value={draft.maxMonthly}
          onValue={(value) => set('maxMonthly', value)}
          hint="Months of payments after the deposit."
          error={errors.maxMonthly}
        />
        <Field
          label="Minimum deposit (%)"
          inputMode="numeric"
          value={draft.minUpfront}
          onValue={(value) => set('minUpfront', value)}
          hint="Percent of the amount, paid at checkout."
          error={errors.minUpfront}
        />
      </div>
    </>
  );
}
