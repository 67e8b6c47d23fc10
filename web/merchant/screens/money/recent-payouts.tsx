import { formatDateTime, formatNaira } from '../../../shared/format.ts';
import type { Bank, Payout } from '../../api/money.ts';
import { MaskedAccount } from './masked-account.tsx';
import { PayoutSettlementReport } from './settlement-report.tsx';

const PAYOUT_STATUS: Record<string, string> = {
  pending: 'Queued',
  in_transit: 'On its way',
  paid: 'Paid',
  failed: 'Failed: the money is back in your available balance',
  reversed: 'Returned by the bank: the money is back in your available balance',
};

/** The latest payouts, each with where it went and what the bank answered. */
export function RecentPayouts(props: { payouts: Payout[]; banks: Bank[] | undefined }) {
  const { payouts, banks } = props;
  return (
    <>
      <h3 class="money-subtitle">Recent payouts</h3>
      {payouts.length === 0 ? (
        <p class="hint">No payouts yet.</p>
      ) : (
        <table class="table money-table">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col" class="money">
                Amount
              </th>
              <th scope="col">Status</th>
              <th scope="col">Reference</th>
            </tr>
          </thead>
          <tbody>
            {payouts.map((payout) => (
              <tr key={payout.id} data-payout={payout.reference}>
                <td data-label="Date">{formatDateTime(payout.created_at)}</td>
                <td data-label="Amount" class="money">
                  {formatNaira(payout.amount)}
                </td>
                <td data-label="Status">
                  <span class={`money-status ${payout.status}`}>
                    {PAYOUT_STATUS[payout.status] ?? payout.status}
                  </span>
                  {payout.failure_reason && (
                    <span class="sub">Bank’s answer: {payout.failure_reason}</span>
                  )}
                  <span class="sub">
                    To <MaskedAccount banks={banks} account={payout.settlement_account} />
                    {payout.trigger === 'schedule' ? ' (daily payout)' : ''}
                  </span>
                </td>
                <td data-label="Reference">
                  <code>{payout.reference}</code>
                  <PayoutSettlementReport payoutId={payout.id} reference={payout.reference} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
