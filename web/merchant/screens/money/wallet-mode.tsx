import type { Wallet } from '../../api/money.ts';
import { useDashboard } from '../../context.ts';

/** Whose money the wallet holds: the gateway's mode, not the switch's. */
export function WalletMode(props: { wallet: Wallet }) {
  const { mode } = useDashboard();
  if (!props.wallet.livemode) {
    return (
      <p class="money-mode sandbox" role="note">
        <strong>Sandbox money.</strong> This Tranche runs on the sandbox gateway: these balances and
        payouts come from test payments and no real naira moves
        {mode === 'live' ? ', even while you look at live data.' : '.'}
      </p>
    );
  }
  return (
    <p class="money-mode" role="note">
      <strong>Live money.</strong> Your wallet and payouts are real naira, paid to your bank
      {mode === 'test' ? ', the same wallet in test and live views.' : '.'}
    </p>
  );
}
