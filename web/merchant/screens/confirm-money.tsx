import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef } from 'preact/hooks';

import { nairaInWords } from '../../../src/domain/naira-words.ts';
import { formatNaira } from '../../shared/format.ts';
import { Alert } from '../../shared/ui.tsx';

/** "₦12,500.00 (twelve thousand five hundred naira)": figures and words, read side by side. */
export function amountInFiguresAndWords(kobo: number): string {
  return `${formatNaira(kobo)} (${nairaInWords(kobo)})`;
}

/**
 * The last step before money moves: a modal dialog (the browser's own `<dialog>`: focus moves
 * into it and stays there, Escape cancels) that asks the question with the amount in figures and
 * in words. The action runs only from its confirm button.
 */
export function ConfirmMoneyMove(props: {
  /** "Refund ₦12,500.00 (twelve thousand five hundred naira) on order 1001?" */
  question: string;
  confirmLabel: string;
  busy: boolean;
  error: string | undefined;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ComponentChildren;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={ref}
      class="confirm-dialog card"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!props.busy) props.onCancel();
      }}
    >
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          if (!props.busy) props.onConfirm();
        }}
      >
        <h2 id={titleId} class="confirm-question">
          {props.question}
        </h2>
        {props.children}
        {props.error && <Alert>{props.error}</Alert>}
        <div class="inline-actions">
          <button class="button" type="submit" disabled={props.busy} aria-busy={props.busy}>
            {props.busy ? 'Working…' : props.confirmLabel}
          </button>
          <button
            class="button secondary"
            type="button"
            disabled={props.busy}
            onClick={props.onCancel}
          >
            Go back
          </button>
        </div>
      </form>
    </dialog>
  );
}
