import { formatDateTime, formatDueDate, formatNaira } from '../../../shared/format.ts';
import type { PaymentPlan } from '../../api/payments.ts';
import { installmentName, installmentStatusLabel, StatusPill } from './plan-status.tsx';

/** The plan's deposit and installments, each with its due date and state. */
export function InstallmentsCard(props: { plan: PaymentPlan; onRefresh: () => void }) {
  const { plan } = props;
  return (
    <section class="card" aria-labelledby="installments-title">
      <h2 id="installments-title">Installments</h2>
      <table class="table pay-table">
        <thead>
          <tr>
            <th scope="col">Payment</th>
            <th scope="col">Due</th>
            <th scope="col" class="money">
              Amount
            </th>
            <th scope="col">Status</th>
            <th scope="col">Paid at</th>
          </tr>
        </thead>
        <tbody>
          {plan.installments.map((i) => (
            <tr key={i.id}>
              <th scope="row" data-label="Payment">
                {installmentName(i)}
              </th>
              <td data-label="Due">{formatDueDate(i.due_at)}</td>
              <td data-label="Amount" class="money">
                {formatNaira(i.amount)}
              </td>
              <td data-label="Status">
                <StatusPill status={i.status} label={installmentStatusLabel(i.status)} />
              </td>
              <td data-label="Paid at">{i.paid_at === null ? '—' : formatDateTime(i.paid_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div class="pay-more">
        <button class="link-button" type="button" onClick={props.onRefresh}>
          Refresh
        </button>
      </div>
    </section>
  );
}
