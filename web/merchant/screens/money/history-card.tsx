import { useEffect, useRef, useState } from 'preact/hooks';

import { formatDateTime, formatNaira } from '../../../shared/format.ts';
import { Link } from '../../../shared/router.tsx';
import type { WalletTransaction } from '../../api/money.ts';
import { planPath } from '../payments/paths.ts';

const TRANSACTION_WORDS: Record<string, string> = {
  plan_confirmed: 'Plan confirmed',
  payment_collected: 'Payment collected',
  payout_initiated: 'Payout sent',
  payout_succeeded: 'Payout paid',
  payout_failed: 'Payout failed, money returned',
  payout_reversed: 'Payout returned by the bank',
  refund_initiated: 'Refund sent',
  refund_succeeded: 'Refund completed',
  refund_failed: 'Refund failed, money returned',
  receivable_reduced: 'Refund off unpaid installments',
  plan_cancelled: 'Plan cancelled',
  plan_written_off: 'Plan written off',
  dispute_opened: 'Disputed payment taken back',
  dispute_returned: 'Dispute money returned',
  payment_reversed: 'Payment reversed at the gateway',
  payment_reversal_superseded: 'Reversal replaced by a dispute',
  reversal: 'Correction',
};

const signed = (kobo: number) => (kobo > 0 ? `+${formatNaira(kobo)}` : formatNaira(kobo));

export function HistoryCard(props: {
  history: WalletTransaction[];
  more: boolean;
  onMore: () => Promise<void>;
}) {
  const { history } = props;
  const [loading, setLoading] = useState(false);
  /** After "Load more": the first new line takes focus, so keyboards and readers carry on there. */
  const [firstNew, setFirstNew] = useState<number>();
  const body = useRef<HTMLTableSectionElement>(null);
  useEffect(() => {
    if (firstNew !== undefined) body.current?.rows[firstNew]?.focus();
  }, [firstNew, history.length]);

  async function more() {
    setLoading(true);
    const shown = history.length;
    await props.onMore();
    setLoading(false);
    setFirstNew(shown);
  }

  return (
    <section class="card" aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      {history.length === 0 ? (
        <p class="hint">
          Nothing has moved yet. Plans your customers confirm and every payment collected appear
          here.
        </p>
      ) : (
        <table class="table money-table">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">What</th>
              <th scope="col" class="money">
                Gross
              </th>
              <th scope="col" class="money">
                Fee
              </th>
              <th scope="col" class="money">
                Net change
              </th>
              <th scope="col">Plan</th>
            </tr>
          </thead>
          <tbody ref={body}>
            {history.map((line, index) => (
              <tr
                key={line.id}
                data-transaction={line.type}
                tabIndex={index === firstNew ? -1 : undefined}
              >
                <td data-label="Date">{formatDateTime(line.created_at)}</td>
                <td data-label="What">
                  {TRANSACTION_WORDS[line.type] ?? line.type.replace(/_/g, ' ')}
                  {(line.payout_reference ?? line.refund_reference) !== null && (
                    <code class="sub">{line.payout_reference ?? line.refund_reference}</code>
                  )}
                </td>
                <td data-label="Gross" class={line.gross === null ? 'money none' : 'money'}>
                  {line.gross === null ? '—' : formatNaira(line.gross)}
                </td>
                <td data-label="Fee" class={line.platform_fee === null ? 'money none' : 'money'}>
                  {line.platform_fee === null ? '—' : formatNaira(line.platform_fee)}
                </td>
                <td data-label="Net change" class="money">
                  {line.available_change !== 0 || line.pending_change === 0 ? (
                    <span data-net={line.available_change}>{signed(line.available_change)}</span>
                  ) : (
                    <span class="sub">pending {signed(line.pending_change)}</span>
                  )}
                </td>
                <td data-label="Plan" class={line.plan_id === null ? 'none' : undefined}>
                  {line.plan_id === null ? (
                    '—'
                  ) : (
                    <Link href={planPath(line.plan_id)}>
                      <span class="visually-hidden">Plan </span>
                      {line.plan_id}
                    </Link>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {props.more && (
        <button
          class="button secondary money-more"
          type="button"
          disabled={loading}
          aria-busy={loading}
          onClick={() => void more()}
        >
          {loading ? 'Loading…' : 'Load more'}
        </button>
      )}
    </section>
  );
}
