import type { PaymentPlan } from '../../../shared/api.ts';
import { formatDueDate, formatNaira } from '../../../shared/format.ts';
import { INSTALLMENT_STATUS, installmentName } from '../../plan-facts.ts';
import { StatusPill } from '../status-pill.tsx';

/** Every installment of the plan with its due date and state. */
export function ScheduleCard(props: { plan: PaymentPlan }) {
  const { plan } = props;
  return (
    <section class="card" aria-labelledby="plan-schedule">
      <h2 id="plan-schedule">Schedule</h2>
      <table class="table pay-table plan-schedule">
        <thead>
          <tr>
            <th scope="col">Payment</th>
            <th scope="col">Due</th>
            <th scope="col" class="money">
              Amount
            </th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {plan.installments.map((i) => (
            <tr key={i.id}>
              <th scope="row" data-label="Payment">
                {installmentName(i, plan.installment_count)}
              </th>
              <td data-label="Due">{formatDueDate(i.due_at)}</td>
              <td data-label="Amount" class="money">
                {formatNaira(i.amount)}
              </td>
              <td data-label="Status">
                <StatusPill status={INSTALLMENT_STATUS[i.status]} raw={i.status} />
                {i.paid_at && <span class="sub"> {formatDueDate(i.paid_at)}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
