import type { PaymentPlan } from '../../shared/api.ts';
import { formatDueDate, formatNaira } from '../../shared/format.ts';
import { Link } from '../../shared/router.tsx';
import { Spinner, StepHeading } from '../../shared/ui.tsx';
import { useCustomerDashboard } from '../context.ts';
import { itemsText, PLAN_STATUS, planFigures } from '../plan-facts.ts';
import { StatusPill } from './status-pill.tsx';

/** Every plan, newest first: what it is, how far along, what is next or overdue. */
export function PlansSection() {
  const { plans } = useCustomerDashboard();
  return (
    <>
      <StepHeading lead="Each installment is debited automatically on its date. Open a plan to pay early, fix a failed payment or change the card or account it uses.">
        Your plans
      </StepHeading>
      {!plans && <Spinner label="Loading your plans…" />}
      {plans?.length === 0 && (
        <p class="pay-empty">
          You have no plans yet. When you pay a shop in installments with Tranche, the plan shows
          here.
        </p>
      )}
      <ul class="plan-list">
        {plans?.map((plan) => (
          <PlanSummary key={plan.id} plan={plan} />
        ))}
      </ul>
    </>
  );
}

/** A plan named by what was bought and the shop (issue 27 fix 9); its reference is secondary. */
function PlanSummary(props: { plan: PaymentPlan }) {
  const { plan } = props;
  const figures = planFigures(plan, Date.now());
  return (
    <li class="card plan-card">
      <div class="card-head">
        <h2>
          <Link href={`/dashboard/plans/${encodeURIComponent(plan.id)}`}>
            {plan.title}
            <span class="plan-ref"> · order {plan.order_reference}</span>
          </Link>
        </h2>
        <StatusPill status={PLAN_STATUS[String(plan.status)]} raw={String(plan.status)} />
      </div>
      {plan.merchant_name && <p class="plan-shop">From {plan.merchant_name}</p>}
      {plan.line_items && <p class="plan-items">{itemsText(plan.line_items)}</p>}
      <p class="plan-line">
        {formatNaira(figures.paidKobo)} paid of {formatNaira(figures.totalKobo)}
        {!plan.livemode && <span class="badge">Test</span>}
      </p>
      <progress
        class="plan-progress"
        max={figures.totalKobo || 1}
        value={figures.paidKobo}
        aria-label={`Paid ${formatNaira(figures.paidKobo)} of ${formatNaira(figures.totalKobo)}`}
      />
      {figures.overdue.length > 0 ? (
        <p class="plan-overdue">
          {formatNaira(figures.overdueKobo)} overdue. Open the plan to pay it now.
        </p>
      ) : figures.next ? (
        <p class="plan-line">
          Next: {formatNaira(figures.next.amount)} on {formatDueDate(figures.next.due_at)}
        </p>
      ) : null}
    </li>
  );
}
