import { useEffect, useState } from 'preact/hooks';

import { messageOf } from '../../shared/message-of.ts';
import { poll } from '../../shared/poll.ts';
import { Alert, Spinner, StepHeading } from '../../shared/ui.tsx';
import {
  type Bank,
  getWallet,
  listBanks,
  listPayouts,
  type Payout,
  type Wallet,
  type WalletTransaction,
} from '../api/money.ts';
import { walletExportPath } from '../api/reports.ts';
import { useDashboard } from '../context.ts';
import { DownloadButton } from './download-button.tsx';
import { BalancesCard } from './money/balances-card.tsx';
import { HistoryCard } from './money/history-card.tsx';
import { PayoutsCard } from './money/payouts-card.tsx';
import { SettlementCard } from './money/settlement-card.tsx';
import { WalletMode } from './money/wallet-mode.tsx';

const HISTORY_PAGE = 20;
const PAYOUTS_SHOWN = 20;
/** While a payout is on its way: how often to look again, and for how long at most. */
const PAYOUT_POLL_MS = 1_500;
const PAYOUT_POLL_ATTEMPTS = 80;

const inFlight = (payouts: readonly Payout[]) =>
  payouts.some((payout) => payout.status === 'pending' || payout.status === 'in_transit');

/**
 * The merchant's money: the wallet's balances and history, the settlement account payouts go to,
 * and the payouts themselves ("Pay out now"). The wallet has the mode of Tranche's gateway key
 * (decision 0015), whichever mode is being looked at: the page says whose money it is.
 */
export function MoneySection() {
  const { api, merchant } = useDashboard();
  const [wallet, setWallet] = useState<Wallet>();
  const [history, setHistory] = useState<WalletTransaction[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [payouts, setPayouts] = useState<Payout[]>();
  const [banks, setBanks] = useState<Bank[]>();
  const [error, setError] = useState<string>();

  /** Balances, the first page of history and the payouts, as they are now. */
  async function refresh(): Promise<Payout[]> {
    const [fresh, recent] = await Promise.all([
      getWallet(api, merchant.id, { limit: HISTORY_PAGE }),
      listPayouts(api, merchant.id, PAYOUTS_SHOWN),
    ]);
    setWallet(fresh);
    setHistory(fresh.transactions);
    setCursor(fresh.next_cursor);
    setPayouts(recent);
    return recent;
  }

  useEffect(() => {
    refresh().catch((caught: unknown) => setError(messageOf(caught)));
    listBanks(api).then(setBanks, () => setBanks([]));
  }, [merchant.id]);

  // A payout on its way (asked for here, or the daily one): look again until the bank answers.
  const waiting = payouts !== undefined && inFlight(payouts);
  useEffect(() => {
    if (!waiting) return;
    let attempts = 0;
    const watch = poll(
      async () => {
        const recent = await refresh();
        attempts += 1;
        return inFlight(recent) && attempts < PAYOUT_POLL_ATTEMPTS ? undefined : recent;
      },
      PAYOUT_POLL_MS,
      () => undefined,
      (caught) => setError(messageOf(caught)),
    );
    return watch.stop;
  }, [waiting]);

  async function loadMore() {
    if (cursor === null) return;
    try {
      const page = await getWallet(api, merchant.id, { limit: HISTORY_PAGE, cursor });
      setHistory((shown) => [...shown, ...page.transactions]);
      setCursor(page.next_cursor);
    } catch (caught) {
      setError(messageOf(caught));
    }
  }

  return (
    <>
      <StepHeading lead="What you have earned, where Tranche pays it, and your payouts.">
        Money
      </StepHeading>
      {error && <Alert>{error}</Alert>}
      {wallet === undefined ? (
        !error && <Spinner label="Loading your wallet…" />
      ) : (
        <>
          <WalletMode wallet={wallet} />
          <BalancesCard wallet={wallet} />
          <SettlementCard banks={banks} />
          <PayoutsCard
            wallet={wallet}
            payouts={payouts ?? []}
            banks={banks}
            waiting={waiting}
            onPaidOut={() => refresh()}
          />
          <HistoryCard history={history} more={cursor !== null} onMore={loadMore} />
          <section class="card" aria-labelledby="wallet-export-title">
            <h2 id="wallet-export-title">Export your wallet history</h2>
            <p class="hint">
              Every movement as a CSV file, amounts in kobo and in naira. Its available-change
              column adds up to your available balance.
            </p>
            <DownloadButton path={walletExportPath(merchant.id)}>
              Wallet history (CSV)
            </DownloadButton>
          </section>
        </>
      )}
    </>
  );
}
