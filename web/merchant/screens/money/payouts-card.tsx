import { useId, useState } from 'preact/hooks';

import { formatNaira, parseNairaToKobo } from '../../../shared/format.ts';
import { Alert } from '../../../shared/ui.tsx';
import { useAsyncAction } from '../../../shared/use-async-action.ts';
import { type Bank, type Payout, requestPayout, type Wallet } from '../../api/money.ts';
import { useDashboard } from '../../context.ts';
import { amountInFiguresAndWords, ConfirmMoneyMove } from '../confirm-money.tsx';
import { TwoFactorCodeField } from '../two-factor-code-field.tsx';
import { accountWords } from './masked-account.tsx';
import { PayoutNotice } from './payout-notice.tsx';
import { RecentPayouts } from './recent-payouts.tsx';

/** "Pay out now" (everything available, or an amount) and the recent payouts. */
export function PayoutsCard(props: {
  wallet: Wallet;
  payouts: Payout[];
  banks: Bank[] | undefined;
  waiting: boolean;
  onPaidOut: () => Promise<unknown>;
}) {
  const { api, merchant, member } = useDashboard();
  const { wallet, payouts, banks } = props;
  const [choice, setChoice] = useState<'all' | 'amount'>('all');
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string>();
  const { busy, error, setError, run } = useAsyncAction();
  const [started, setStarted] = useState<Payout>();
  const [confirming, setConfirming] = useState<number>();
  const [code, setCode] = useState('');
  const amountId = useId();
  const reasonId = useId();

  /** The payout started here, as the list now has it (its status moves on). */
  const latest = (payout: Payout) => payouts.find((p) => p.id === payout.id) ?? payout;
  const account = merchant.settlement_account;
  // The role is judged by the API (decision 0064); the form says so before anyone tries.
  const blocked = !member.permissions.includes('pay_out')
    ? `Your role (${member.role}) cannot pay out: an owner, an admin or a finance member can.`
    : !member.two_factor.enabled
      ? 'Paying out needs two-factor sign-in: turn it on under Team → Two-factor sign-in first.'
      : account === null
        ? 'Add a settlement account first: payouts go to it.'
        : wallet.available <= 0
          ? `Nothing to pay out: your available balance is ${formatNaira(wallet.available)}.`
          : undefined;

  /** The form asks; the dialog names the amount in figures and words; only then it moves. */
  function review(event: Event) {
    event.preventDefault();
    if (busy || blocked) return;
    setError(undefined);
    setStarted(undefined);
    // "Everything" is sent as the figure confirmed: if the balance changed meanwhile, the API
    // refuses rather than paying out an amount nobody read.
    let kobo: number | undefined = wallet.available;
    if (choice === 'amount') {
      kobo = parseNairaToKobo(amount);
      setAmountError(
        kobo === undefined ? 'Enter an amount in naira, like 25000 or 25,000.50.' : undefined,
      );
      if (kobo === undefined) return;
    }
    setConfirming(kobo);
  }

  async function payOut(kobo: number) {
    if (code.trim() === '') return setError('Type the code your authenticator app shows.');
    await run(async () => {
      let payout: Payout;
      try {
        payout = await requestPayout(api, merchant.id, kobo, code.trim());
      } finally {
        // A code is good once, refused or not: the next try needs the next one.
        setCode('');
      }
      setConfirming(undefined);
      setStarted(payout);
      setAmount('');
      await props.onPaidOut();
    });
  }

  return (
    <section class="card" aria-labelledby="payouts-title">
      <h2 id="payouts-title">Payouts</h2>
      <p class="hint money-lead">
        Tranche pays your available balance to your settlement account every day at 10:00 (Lagos
        time). Pay out now if you need it sooner.
      </p>
      {error && confirming === undefined && <Alert>{error}</Alert>}
      <form class="money-payout" onSubmit={(event) => review(event)} noValidate>
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
            {busy ? 'Starting payout…' : 'Pay out now…'}
          </button>
          {blocked && (
            <p class="hint money-reason" id={reasonId}>
              {blocked}
            </p>
          )}
        </div>
      </form>
      {confirming !== undefined && account !== null && (
        <ConfirmMoneyMove
          question={`Pay out ${amountInFiguresAndWords(confirming)} to ${accountWords(banks, account)}?`}
          confirmLabel={`Pay out ${formatNaira(confirming)}`}
          busy={busy}
          error={error}
          onConfirm={() => void payOut(confirming)}
          onCancel={() => {
            setConfirming(undefined);
            setError(undefined);
            setCode('');
          }}
        >
          <p>The bank transfer starts at once and cannot be called back.</p>
          <TwoFactorCodeField value={code} onValue={setCode} />
        </ConfirmMoneyMove>
      )}
      <div aria-live="polite">{started && <PayoutNotice payout={latest(started)} />}</div>
      <RecentPayouts payouts={payouts} banks={banks} />
      {props.waiting && (
        <p class="hint">Waiting for the bank to confirm: this list updates by itself.</p>
      )}
    </section>
  );
}
