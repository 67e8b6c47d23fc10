import { useEffect, useState } from 'preact/hooks';

import type { EligibilityResult, Session, TrustSummary } from '../../shared/api.ts';
import { useCustomerContext } from '../../shared/customer/context.ts';
import { StepHeading } from '../../shared/ui.tsx';
import { explainIneligibility, type NextStep, noOtherPlan } from '../flow.ts';
import type { Host } from '../host.ts';
import { ShopNextStep } from './back-to-shop.tsx';

/**
 * Why this customer cannot take a plan for this order, and every way on from here: what they can
 * do about it (pay the missed installment, raise their level, free up their limit), checking
 * again once done, and paying the shop another way. Never a dead end.
 */
export function NotEligible(props: {
  eligibility: EligibilityResult;
  trust: TrustSummary | undefined;
  host: Host;
  shopName: string | undefined;
  support: Session['merchant_support'];
  onCheckAgain: () => void;
  /** The plan chosen before signing in, in words ("₦7,500 today, then 3 monthly payments…"). */
  chosenPlan?: string | undefined;
}) {
  const text = explainIneligibility(props.eligibility, props.trust);
  return (
    <main class="step">
      <StepHeading lead={text.body}>{text.title}</StepHeading>
      {props.chosenPlan && (
        <p>
          The plan you chose ({props.chosenPlan}) cannot be set up for you now.{' '}
          {noOtherPlan(props.eligibility)}
        </p>
      )}
      <section class="next-step" aria-labelledby="what-you-can-do">
        <h3 id="what-you-can-do">What you can do</h3>
        <p>{text.action}</p>
        <NextStepActions next={text.next} onCheckAgain={props.onCheckAgain} />
      </section>
      <ShopNextStep host={props.host} shopName={props.shopName} support={props.support} />
      <p class="fine-print">
        Your Tranche score: {props.eligibility.customer_score} ({props.eligibility.customer_tier}).
      </p>
    </main>
  );
}

/** The dashboard opens beside the checkout (a new tab), so the order waits here meanwhile. */
function DashboardLink(props: { href: string; children: string }) {
  return (
    <a class="button" href={props.href} target="_blank" rel="noopener">
      {props.children}
      <span class="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

function CheckAgain(props: { onCheckAgain: () => void; label: string }) {
  return (
    <button class="button secondary" type="button" onClick={props.onCheckAgain}>
      {props.label}
    </button>
  );
}

function NextStepActions(props: { next: NextStep; onCheckAgain: () => void }) {
  switch (props.next) {
    case 'pay_missed_installment':
      return <PayMissedInstallment onCheckAgain={props.onCheckAgain} />;
    case 'raise_level':
      return (
        <div class="actions">
          <DashboardLink href="/dashboard/account">See your score and what raises it</DashboardLink>
        </div>
      );
    case 'free_up_limit':
      return (
        <div class="actions">
          <DashboardLink href="/dashboard">Pay off a plan early</DashboardLink>
          <CheckAgain onCheckAgain={props.onCheckAgain} label="I have paid, check again" />
        </div>
      );
    case 'allow_credit_check':
      return (
        <div class="actions">
          <DashboardLink href="/dashboard/account">Open your Tranche account</DashboardLink>
          <CheckAgain onCheckAgain={props.onCheckAgain} label="Done, check again" />
        </div>
      );
    case 'none':
      return null;
  }
}

/** The plan with the missed installment, opened on its page of the dashboard (its *Pay now*). */
function PayMissedInstallment(props: { onCheckAgain: () => void }) {
  const { api } = useCustomerContext();
  const [planId, setPlanId] = useState<string>();
  useEffect(() => {
    api.plans().then(
      (plans) => {
        const missed = plans.find((plan) =>
          plan.installments.some((installment) => installment.status === 'failed'),
        );
        if (missed) setPlanId(missed.id);
      },
      () => undefined, // the dashboard's plan list is the way there then
    );
  }, [api]);
  return (
    <div class="actions">
      <DashboardLink
        href={planId ? `/dashboard/plans/${encodeURIComponent(planId)}` : '/dashboard'}
      >
        Pay the missed installment now
      </DashboardLink>
      <CheckAgain onCheckAgain={props.onCheckAgain} label="I have paid, check again" />
    </div>
  );
}
