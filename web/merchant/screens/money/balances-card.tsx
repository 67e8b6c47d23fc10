import { formatNaira } from '../../../shared/format.ts';
import type { Wallet } from '../../api/money.ts';

export function BalancesCard(props: { wallet: Wallet }) {
  const { wallet } = props;
  const kind = wallet.livemode ? 'live' : 'sandbox';
  const lines: { label: string; kobo: number; means: string }[] = [
    {
      label: 'Available',
      kobo: wallet.available,
      means: 'Collected from your customers, after Tranche’s fee: yours to pay out now.',
    },
    {
      label: 'Pending',
      kobo: wallet.pending,
      means: 'Still to be collected on your customers’ open plans (before the fee).',
    },
    {
      label: 'Payouts in transit',
      kobo: wallet.payouts_in_transit,
      means: 'Sent to your bank, waiting for the bank to confirm.',
    },
    {
      label: 'Refunds in transit',
      kobo: wallet.refunds_in_transit,
      means: 'On their way back to customers, waiting for their banks.',
    },
  ];
  return (
    <section class="card" aria-labelledby="balances-title">
      <h2 id="balances-title">Balances ({kind} money)</h2>
      <dl class="money-balances">
        {lines.map((line) => (
          <div key={line.label} class="money-balance">
            <dt>{line.label}</dt>
            <dd class="money-amount" data-balance={line.label}>
              {formatNaira(line.kobo)}
            </dd>
            <dd class="hint">{line.means}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
