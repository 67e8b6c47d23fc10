import { CheckIcon, ClockIcon, StepHeading } from '../../shared/ui.tsx';
import { CLOSED_TEXT, type ClosedReason } from '../flow.ts';
import type { Host } from '../host.ts';
import { BackToShopButton } from './back-to-shop.tsx';

/** A checkout that cannot go on: expired, already done, cancelled, unknown or refused. */
export function SessionClosed(props: { reason: ClosedReason; host: Host }) {
  const text = CLOSED_TEXT[props.reason];
  return (
    <main class="step center">
      {props.reason === 'completed' ? <CheckIcon /> : <ClockIcon />}
      <StepHeading lead={text.body}>{text.title}</StepHeading>
      <BackToShopButton host={props.host} />
    </main>
  );
}
