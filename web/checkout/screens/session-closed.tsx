import { StepHeading } from '../../shared/ui.tsx';
import { CLOSED_TEXT, type ClosedReason } from '../flow.ts';
import type { Host } from '../host.ts';

/** A checkout that cannot go on: expired, already done, cancelled, unknown or refused. */
export function SessionClosed(props: { reason: ClosedReason; host: Host }) {
  const text = CLOSED_TEXT[props.reason];
  return (
    <main class="step center">
      <div class="big-icon" aria-hidden="true">
        {props.reason === 'completed' ? '✓' : '⏱'}
      </div>
      <StepHeading lead={text.body}>{text.title}</StepHeading>
      {props.host.embedded && (
        <button
          class="button secondary"
          type="button"
          onClick={() => props.host.post({ type: 'close' })}
        >
          Back to the shop
        </button>
      )}
    </main>
  );
}
