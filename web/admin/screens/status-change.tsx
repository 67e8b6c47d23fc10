import { useEffect, useId, useRef, useState } from 'preact/hooks';

import { Alert } from '../../shared/ui.tsx';
import { useAsyncAction } from '../../shared/use-async-action.ts';
import type { MerchantRecord, StatusAction } from '../api.ts';
import { useConsole } from '../context.ts';

/** What each change does, said before it is confirmed. */
const CHANGES: Record<
  StatusAction,
  { verb: string; button: string; effect: string; reasonLabel: string; reasonRequired: boolean }
> = {
  approve: {
    verb: 'Approve',
    button: 'Approve merchant',
    effect: 'Its live keys start working: it can take real payments.',
    reasonLabel: 'Reason (optional)',
    reasonRequired: false,
  },
  deactivate: {
    verb: 'Deactivate',
    button: 'Deactivate merchant',
    effect:
      'Every call with its keys gets 403 and no checkout can start. Plans already running keep being collected.',
    reasonLabel: 'Reason (required; the merchant is shown it)',
    reasonRequired: true,
  },
  reactivate: {
    verb: 'Reactivate',
    button: 'Reactivate merchant',
    effect: 'Its keys work again, as before it was deactivated.',
    reasonLabel: 'Reason (required)',
    reasonRequired: true,
  },
};

/** The status changes open to a merchant in its current status. */
export function actionsFor(merchant: MerchantRecord): StatusAction[] {
  if (merchant.status === 'pending_approval') return ['approve', 'deactivate'];
  if (merchant.status === 'active') return ['deactivate'];
  return ['reactivate'];
}

/**
 * A status change, confirmed with a reason: the operator sees what it does and who is recorded,
 * then confirms. The API refuses what is not allowed (and a missing reason); its words are shown.
 */
export function StatusChange(props: {
  merchant: MerchantRecord;
  action: StatusAction;
  onDone: (merchant: MerchantRecord) => void;
  onCancel: () => void;
}) {
  const { api, operator } = useConsole();
  const change = CHANGES[props.action];
  const [reason, setReason] = useState('');
  const { busy, error, run } = useAsyncAction({ keepBusyOnSuccess: true });
  const id = useId();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => reasonRef.current?.focus(), []);

  async function confirm(event: Event) {
    event.preventDefault();
    await run(async () => {
      props.onDone(await api.changeStatus(props.merchant.id, props.action, reason));
    });
  }

  return (
    <form
      class="card confirm"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void confirm(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') props.onCancel();
      }}
      noValidate
    >
      <h3 id={`${id}-title`}>
        {change.verb} {props.merchant.business_name}?
      </h3>
      <p>{change.effect}</p>
      <div class="field">
        <label for={`${id}-reason`}>{change.reasonLabel}</label>
        <textarea
          id={`${id}-reason`}
          ref={reasonRef}
          rows={3}
          maxLength={500}
          required={change.reasonRequired}
          aria-describedby={`${id}-who`}
          value={reason}
          onInput={(event) => setReason(event.currentTarget.value)}
        />
        <p class="hint" id={`${id}-who`}>
          Recorded in the audit log as {operator}, with this reason.
        </p>
      </div>
      {error && <Alert>{error}</Alert>}
      <div class="inline-actions">
        <button
          class={props.action === 'approve' ? 'button' : 'button danger'}
          type="submit"
          disabled={busy}
        >
          {busy ? 'Saving…' : change.button}
        </button>
        <button class="button secondary" type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export const ACTION_BUTTONS: Record<StatusAction, string> = {
  approve: 'Approve…',
  deactivate: 'Deactivate…',
  reactivate: 'Reactivate…',
};
