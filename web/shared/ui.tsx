// Small building blocks shared by the pages: labelled fields, messages, headings that take focus.
import { type ComponentChildren, createContext } from 'preact';
import { useContext, useEffect, useId, useRef } from 'preact/hooks';

/** True inside a page that already has its <main> (the customer dashboard's frame). */
export const InsideMain = createContext(false);

/** One step's body: the page's <main>, or a section of it when a dashboard frame holds the main. */
export function StepBody(props: { children: ComponentChildren; class?: string }) {
  const cls = props.class ?? 'step';
  return useContext(InsideMain) ? (
    <section class={cls}>{props.children}</section>
  ) : (
    <main class={cls}>{props.children}</main>
  );
}

/** The heading of a step: focused when the step appears, so keyboards and readers follow. */
export function StepHeading(props: { children: ComponentChildren; lead?: ComponentChildren }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div class="step-head">
      <h2 tabIndex={-1} ref={ref}>
        {props.children}
      </h2>
      {props.lead !== undefined && <p>{props.lead}</p>}
    </div>
  );
}

export interface FieldProps {
  label: string;
  value: string;
  onValue: (value: string) => void;
  hint?: ComponentChildren;
  error?: string | undefined;
  type?: 'text' | 'email' | 'password' | 'tel' | 'date';
  autoComplete?: string;
  inputMode?: 'numeric' | 'decimal' | 'tel' | 'email' | 'text' | undefined;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  /** For `type="date"`: the first and last days offered (YYYY-MM-DD). */
  min?: string;
  max?: string;
}

export function Field(props: FieldProps) {
  const { label, value, onValue, hint, error, type = 'text', ...input } = props;
  const id = useId();
  const described = [hint !== undefined && `${id}-hint`, error && `${id}-error`]
    .filter(Boolean)
    .join(' ');
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input
        {...input}
        // Preact 11 types each input `type` with its own attribute set; these all share one.
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- needed by tsc 7, not by the 5.9 API the linter uses
        type={type as 'text'}
        id={id}
        value={value}
        onInput={(event) => onValue(event.currentTarget.value)}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={described || undefined}
      />
      {hint !== undefined && (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p class="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A problem the customer must see: announced by screen readers as it appears. */
export function Alert(props: { children: ComponentChildren }) {
  return (
    <div class="alert" role="alert">
      {props.children}
    </div>
  );
}

export function Spinner(props: { label: string }) {
  return (
    <div role="status" class="center">
      <div class="spinner" aria-hidden="true" />
      <p>{props.label}</p>
    </div>
  );
}

export function SubmitButton(props: {
  busy: boolean;
  children: ComponentChildren;
  busyLabel: string;
}) {
  return (
    <button class="button" type="submit" disabled={props.busy} aria-busy={props.busy}>
      {props.busy ? props.busyLabel : props.children}
    </button>
  );
}

/**
 * Status pictures drawn as SVG, not characters: an emoji or symbol glyph is an empty box where
 * the device has no font for it (issue 27 fix 10). Decorative: the heading beside says it.
 */
export function CheckIcon(props: { class?: string }) {
  return (
    <svg class={props.class ?? 'big-icon'} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M4.5 12.5l5 5 10-11"
        fill="none"
        stroke="currentColor"
        stroke-width="2.5"
        stroke-linecap="round"
        stroke-linejoin="round"
      />
    </svg>
  );
}

export function ClockIcon(props: { class?: string }) {
  return (
    <svg class={props.class ?? 'big-icon'} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="13" r="8" fill="none" stroke="currentColor" stroke-width="2" />
      <path
        d="M12 9v4.5l3 2M9.5 2.5h5"
        fill="none"
        stroke="currentColor"
        stroke-width="2"
        stroke-linecap="round"
      />
    </svg>
  );
}
