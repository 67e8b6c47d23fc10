import { formatDateTime, formatNaira } from '../../../shared/format.ts';
import type { PaymentPlan } from '../../api/payments.ts';
import { planStatusLabel, StatusPill } from './plan-status.tsx';

/** The plan at a glance: who, what, and how much is paid and still to collect. */
export function PlanSummary(props: { plan: PaymentPlan }) {
  const { plan } = props;
  const paid = plan.installments
    .filter((i) => i.status === 'paid')
    .reduce((sum, i) => sum + i.amount, 0);
  const toCollect = plan.installments
    .filter((i) => i.status === 'scheduled' || i.status === 'processing' || i.status === 'failed')
    .reduce((sum, i) => sum + i.amount, 0);
  return (
    <section class="card" aria-labelledby="plan-summary-title">
      <h2 id="plan-summary-title">Summary</h2>
      <dl class="pay-facts">
        <dt>Status</dt>
        <dd>
          <StatusPill status={plan.status} label={planStatusLabel(plan.status)} />
          {plan.livemode ? '' : <span class="badge">Test</span>}
        </dd>
        <dt>What was bought</dt>
        <dd>{plan.title}</dd>
        <dt>Order reference</dt>
        <dd>{plan.order_reference}</dd>
        <dt>Customer</dt>
        <dd>{plan.customer.name ?? <code>{plan.customer_id}</code>}</dd>
        <dt>Plan</dt>
        <dd>
          <code>{plan.id}</code>
        </dd>
        <dt>Created</dt>
        <dd>{formatDateTime(plan.created_at)}</dd>
        <dt>Amount</dt>
        <dd>{formatNaira(plan.amount)}</dd>
        <dt>Paid</dt>
        <dd>{formatNaira(paid)}</dd>
        <dt>Still to collect</dt>
        <dd>{formatNaira(toCollect)}</dd>
      </dl>
    </section>
  );
}
