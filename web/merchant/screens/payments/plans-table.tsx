import { formatDateTime, formatNaira } from '../../../shared/format.ts';
import { Link } from '../../../shared/router.tsx';
import type { PaymentPlan } from '../../api/payments.ts';
import { planPath } from './paths.ts';
import { planStatusLabel, scheduleOf, StatusPill } from './plan-status.tsx';

/** The plans found, one row each: what was bought linking to the plan's page, its reference and buyer beneath. */
export function PlansTable(props: { plans: PaymentPlan[] }) {
  return (
    <table class="table pay-table">
      <thead>
        <tr>
          <th scope="col">Order</th>
          <th scope="col">Created</th>
          <th scope="col" class="money">
            Amount
          </th>
          <th scope="col">Schedule</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {props.plans.map((plan) => (
          <tr key={plan.id}>
            <td data-label="Order" class="pay-order">
              <Link href={planPath(plan.id)}>
                {plan.title}
                <span class="pay-secondary">{plan.order_reference}</span>
              </Link>
              {plan.customer.name && <span class="pay-secondary">{plan.customer.name}</span>}
            </td>
            <td data-label="Created">{formatDateTime(plan.created_at)}</td>
            <td data-label="Amount" class="money">
              {formatNaira(plan.amount)}
            </td>
            <td data-label="Schedule">{scheduleOf(plan)}</td>
            <td data-label="Status">
              <StatusPill status={plan.status} label={planStatusLabel(plan.status)} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Why the list is empty: nothing yet, nothing with this status, no such reference or match. */
export function EmptyPlans(props: {
  mode: string;
  searched: string;
  searching?: boolean;
  filtered: boolean;
}) {
  if (props.searched !== '') {
    return (
      <p class="pay-empty">
        No {props.mode} plan has the order reference <strong>{props.searched}</strong>
        {props.filtered && ' with this status'}. References must match exactly.
      </p>
    );
  }
  if (props.searching) {
    return (
      <p class="pay-empty">
        No {props.mode} plan matches your search{props.filtered && ' with this status'}.
      </p>
    );
  }
  if (props.filtered) return <p class="pay-empty">No {props.mode} plan has this status.</p>;
  return (
    <p class="pay-empty">
      No {props.mode} plans yet. A plan appears here when a customer confirms a checkout
      {props.mode === 'test' ? ' (a payment link or your integration with your test key)' : ''}.
    </p>
  );
}
