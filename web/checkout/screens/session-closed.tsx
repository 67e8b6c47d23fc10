import { CheckIcon, ClockIcon, StepHeading } from '../../shared/ui.tsx';
import { CLOSED_TEXT, type ClosedReason } from '../flow.ts';
import type { Host } from '../host.ts';
import { BackToShopButton, shopPageOf } from './back-to-shop.tsx';

/** A checkout that cannot go on: expired, already done, cancelled, unknown or refused. */
export function SessionClosed(props: { reason: ClosedReason; host: Host }) {
  const text = CLOSED_TEXT[props.reason];
  return (
    <main class="step center">
      {props.reason === 'completed' ? <CheckIcon /> : <ClockIcon />}
      <StepHeading lead={text.body}>{text.title}</StepHeading>
      <BackToShopButton host={props.host} />
      <ReturnToShopLink host={props.host} />
    </main>
  );
}

/** On a full page, the way back to the shop's page when the browser told us which it was. */
function ReturnToShopLink(props: { host: Host }) {
  if (props.host.embedded) return null;
  const page = shopPageOf(document.referrer, location.origin);
  return page ? (
    <a class="button secondary" href={page}>
      Return to the shop
    </a>
  ) : null;
}
