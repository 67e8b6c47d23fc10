import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { formatDateTime, formatNaira, parseNairaToKobo } from '../../shared/format.ts';
import {
  getWallet,
  listBanks,
  listPayouts,
  requestPayout,
  setSettlementAccount,
  type Bank,
  type Payout,
  type SettlementAccount,
  type Wallet,
  type WalletTransaction,
} from '../api/money.ts';
import { poll } from '../../shared/poll.ts';
import { Alert, Field, Spinner, StepHeading } from '../../shared/ui.tsx';
import { useDashboard } from '../context.ts';
import { Link } from '../../shared/router.tsx';
import { planPath } from './payments.tsx';
import { messageOf } from '../../shared/message-of.ts';

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
        </>
      )}
    </>
  );
}

/** Whose money the wallet holds: the gateway's mode, not the switch's. */
function WalletMode(props: { wallet: Wallet }) {
  const { mode } = useDashboard();
  if (!props.wallet.livemode)
    return (
      <p class="money-mode sandbox" role="note">
        <strong>Sandbox money.</strong> This Tranche runs on the sandbox gateway: these balances and
        payouts come from test payments and no real naira moves
        {mode === 'live' ? ', even while you look at live data.' : '.'}
      </p>
    );
  return (
    <p class="money-mode" role="note">
      <strong>Live money.</strong> Your wallet and payouts are real naira, paid to your bank
      {mode === 'test' ? ', the same wallet in test and live views.' : '.'}
    </p>
  );
}

function BalancesCard(props: { wallet: Wallet }) {
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

function bankName(banks: readonly Bank[] | undefined, code: string): string {
  return banks?.find((bank) => bank.code === code)?.name ?? `Bank ${code}`;
}

/** An account number as the page shows it: only its last four digits. */
function MaskedAccount(props: { banks: readonly Bank[] | undefined; account: SettlementAccount }) {
  const { account } = props;
  return (
    <strong class="money-account">
      {bankName(props.banks, account.bank_code)}{' '}
      <span aria-hidden="true">******{account.account_number.slice(-4)}</span>
      <span class="visually-hidden">
        account ending in {account.account_number.slice(-4).split('').join(' ')}
      </span>
    </strong>
  );
}

/** The settlement account (shared by both modes): shown masked, changed with a bank and a NUBAN. */
function SettlementCard(props: { banks: Bank[] | undefined }) {
  const { api, merchant, reload } = useDashboard();
  const { banks } = props;
  const current = merchant.settlement_account;
  const [editing, setEditing] = useState(false);
  const [bankCode, setBankCode] = useState(current?.bank_code ?? '');
  const [accountNumber, setAccountNumber] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [bankError, setBankError] = useState<string>();
  const [saved, setSaved] = useState<SettlementAccount>();
  const selectId = useId();
  const showForm = current === null || editing;

  async function save(event: Event) {
    event.preventDefault();
    if (busy) return;
    setError(undefined);
    setSaved(undefined);
    setBankError(bankCode === '' ? 'Choose your bank.' : undefined);
    if (bankCode === '') return;
    setBusy(true);
    try {
      const record = await setSettlementAccount(api, merchant.id, {
        bank_code: bankCode,
        account_number: accountNumber.trim(),
      });
      await reload();
      setSaved(record.settlement_account ?? undefined);
      setEditing(false);
      setAccountNumber('');
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section class="card" aria-labelledby="settlement-title">
      <h2 id="settlement-title">Settlement account</h2>
      <div aria-live="polite">
        {saved && (
          <p class="notice">
            Saved. Payouts now go to <MaskedAccount banks={banks} account={saved} />, in test and
            live mode alike.
          </p>
        )}
      </div>
      {current !== null && !editing && (
        <div class="inline-actions money-current">
          {/* Just saved: the confirmation above says where payouts go. */}
          {!saved && (
            <p>
              Payouts go to <MaskedAccount banks={banks} account={current} />. It is the same
              account in test and live mode.
            </p>
          )}
          <button
            class="button secondary"
            type="button"
            onClick={() => {
              setSaved(undefined);
              setBankCode(current.bank_code);
              setEditing(true);
            }}
          >
            Change account
          </button>
        </div>
      )}
      {current === null && (
        <p>
          Add the bank account Tranche pays you into. Payouts need one; it is the same account in
          test and live mode.
        </p>
      )}
      {showForm && (
        <form onSubmit={(event) => void save(event)} noValidate>
          {error && <Alert>{error}</Alert>}
          <div class="money-account-fields">
            <div class="field">
              <label for={selectId}>Bank</label>
              <select
                id={selectId}
                value={bankCode}
                disabled={banks === undefined}
                aria-invalid={bankError ? 'true' : undefined}
                aria-describedby={bankError ? `${selectId}-error` : undefined}
                onChange={(event) => setBankCode(event.currentTarget.value)}
              >
                <option value="">
                  {banks === undefined ? 'Loading banks…' : 'Choose your bank'}
                </option>
                {banks?.map((bank) => (
                  <option key={bank.code} value={bank.code}>
                    {bank.name}
                  </option>
                ))}
              </select>
              {bankError && (
                <p class="field-error" id={`${selectId}-error`}>
                  {bankError}
                </p>
              )}
            </div>
            <Field
              label="Account number"
              inputMode="numeric"
              autoComplete="off"
              maxLength={10}
              value={accountNumber}
              onValue={setAccountNumber}
              hint="The 10-digit NUBAN of an account in your business’s name."
            />
          </div>
          {banks?.length === 0 && (
            <Alert>We could not load the list of banks. Reload the page to try again.</Alert>
          )}
          <div class="inline-actions">
            <button class="button" type="submit" disabled={busy} aria-busy={busy}>
              {busy ? 'Saving…' : 'Save settlement account'}
            </button>
            {editing && (
              <button
                class="button secondary"
                type="button"
                onClick={() => {
                  setEditing(false);
                  setError(undefined);
                  setBankError(undefined);
                }}
              >
                Cancel
              </button>
            )}
          </div>
        </form>
      )}
    </section>
  );
}

const PAYOUT_STATUS: Record<string, string> = {
  pending: 'Queued',
  in_transit: 'On its way',
  paid: 'Paid',
  failed: 'Failed: the money is back in your available balance',
  reversed: 'Returned by the bank: the money is back in your available balance',
};

/** "Pay out now" (everything available, or an amount) and the recent payouts. */
function PayoutsCard(props: {
  wallet: Wallet;
  payouts: Payout[];
  banks: Bank[] | undefined;
  waiting: boolean;
  onPaidOut: () => Promise<unknown>;
}) {
  const { api, merchant } = useDashboard();
  const { wallet, payouts, banks } = props;
  const [choice, setChoice] = useState<'all' | 'amount'>('all');
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [started, setStarted] = useState<Payout>();
  const amountId = useId();
  const reasonId = useId();

  /** The payout started here, as the list now has it (its status moves on). */
  const latest = (payout: Payout) => payouts.find((p) => p.id === payout.id) ?? payout;
  const account = merchant.settlement_account;
  const blocked =
    account === null
      ? 'Add a settlement account first: payouts go to it.'
      : wallet.available <= 0
        ? `Nothing to pay out: your available balance is ${formatNaira(wallet.available)}.`
        : undefined;

  async function payOut(event: Event) {
    event.preventDefault();
    if (busy || blocked) return;
    setError(undefined);
    setStarted(undefined);
    let kobo: number | undefined;
    if (choice === 'amount') {
      kobo = parseNairaToKobo(amount);
      setAmountError(
        kobo === undefined ? 'Enter an amount in naira, like 25000 or 25,000.50.' : undefined,
      );
      if (kobo === undefined) return;
    }
    setBusy(true);
    try {
      const payout = await requestPayout(api, merchant.id, kobo);
      setStarted(payout);
      setAmount('');
      await props.onPaidOut();
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section class="card" aria-labelledby="payouts-title">
      <h2 id="payouts-title">Payouts</h2>
      <p class="hint money-lead">
        Tranche pays your available balance to your settlement account every day at 10:00 (Lagos
        time). Pay out now if you need it sooner.
      </p>
      {error && <Alert>{error}</Alert>}
      <form class="money-payout" onSubmit={(event) => void payOut(event)} noValidate>
        <fieldset disabled={blocked !== undefined}>
          <legend class="legend">How much</legend>
          <div class="choices two">
            <label class="choice">
              <input
                type="radio"
                name="payout-amount"
                value="all"
                checked={choice === 'all'}
                onChange={() => setChoice('all')}
              />
              <span>
                Everything available
                <span class="sub">{formatNaira(wallet.available)}</span>
              </span>
            </label>
            <label class="choice">
              <input
                type="radio"
                name="payout-amount"
                value="amount"
                checked={choice === 'amount'}
                onChange={() => setChoice('amount')}
              />
              <span>
                An amount
                <span class="sub">in naira</span>
              </span>
            </label>
          </div>
          {choice === 'amount' && (
            <div class="field money-amount-field">
              <label for={amountId}>Amount to pay out (₦)</label>
              <input
                id={amountId}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                value={amount}
                onInput={(event) => setAmount(event.currentTarget.value)}
                aria-invalid={amountError ? 'true' : undefined}
                aria-describedby={amountError ? `${amountId}-error` : undefined}
              />
              {amountError && (
                <p class="field-error" id={`${amountId}-error`}>
                  {amountError}
                </p>
              )}
            </div>
          )}
        </fieldset>
        <div class="inline-actions">
          <button
            class="button"
            type="submit"
            disabled={busy || blocked !== undefined}
            aria-busy={busy}
            aria-describedby={blocked ? reasonId : undefined}
          >
            {busy ? 'Starting payout…' : 'Pay out now'}
          </button>
          {blocked && (
            <p class="hint money-reason" id={reasonId}>
              {blocked}
            </p>
          )}
        </div>
      </form>
      <div aria-live="polite">{started && <PayoutNotice payout={latest(started)} />}</div>
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
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {props.waiting && (
        <p class="hint">Waiting for the bank to confirm: this list updates by itself.</p>
      )}
    </section>
  );
}

/** What became of the payout asked for on this page, in one sentence. */
function PayoutNotice(props: { payout: Payout }) {
  const { payout } = props;
  const what = `Payout of ${formatNaira(payout.amount)}`;
  const reference = (
    <>
      (reference <code>{payout.reference}</code>)
    </>
  );
  if (payout.status === 'paid')
    return (
      <p class="notice">
        {what} paid {reference}: the bank confirmed it.
      </p>
    );
  if (payout.status === 'failed' || payout.status === 'reversed')
    return (
      <Alert>
        {what} did not reach your bank {reference}: the money is back in your available balance.
        {payout.failure_reason && ` The bank said: ${payout.failure_reason}.`}
      </Alert>
    );
  return (
    <p class="notice">
      {what} started {reference}. It shows as paid once the bank confirms.
    </p>
  );
}

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
  reversal: 'Correction',
};

const signed = (kobo: number) => (kobo > 0 ? `+${formatNaira(kobo)}` : formatNaira(kobo));

function HistoryCard(props: {
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
