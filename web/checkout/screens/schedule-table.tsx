import type { SchedulePreview } from '../../shared/api.ts';
import { formatDueDate, formatNaira } from '../../shared/format.ts';

/** Every payment of a plan with its date and amount, exactly as the preview API computed it. */
export function ScheduleTable(props: { preview: SchedulePreview; caption: string }) {
  const { preview } = props;
  return (
    <table class="schedule">
      <caption class="visually-hidden">{props.caption}</caption>
      <thead>
        <tr>
          <th scope="col">Payment</th>
          <th scope="col">Date</th>
          <th scope="col" class="money">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <td>Deposit</td>
          <td>Today</td>
          <td class="money">{formatNaira(preview.deposit.amount)}</td>
        </tr>
        {preview.installments.map((installment) => (
          <tr key={installment.sequence}>
            <td>{installment.sequence}</td>
            <td>{formatDueDate(installment.due_at)}</td>
            <td class="money">{formatNaira(installment.amount)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <td colSpan={2}>Total (no interest, no fees)</td>
          <td class="money">{formatNaira(preview.total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
