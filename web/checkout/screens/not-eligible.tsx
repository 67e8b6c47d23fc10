import type { EligibilityResult, TrustSummary } from '../../shared/api.ts';
import { StepHeading } from '../../shared/ui.tsx';
import { explainIneligibility } from '../flow.ts';
import type { Host } from '../host.ts';
import { BackToShopButton } from './back-to-shop.tsx';

/** Why this customer cannot take a plan for this order, and what they can do. */
export function NotEligible(props: {
  eligibility: EligibilityResult;
  trust: TrustSummary | undefined;
  host: Host;
}) {
  const text = explainIneligibility(props.eligibility, props.trust);
  return (
    <main class="step">
      <StepHeading lead={text.body}>{text.title}</StepHeading>
      <div class="notice">
        <p>{text.action}</p>
      </div>
      <p class="fine-print">
        Your Tranche score: {props.eligibility.customer_score} ({props.eligibility.customer_tier}).
      </p>
      <div class="actions">
        <BackToShopButton host={props.host} />
      </div>
    </main>
  );
}
