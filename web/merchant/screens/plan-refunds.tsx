import { useEffect, useId, useState } from 'preact/hooks';

import { formatDateTime, formatNaira, parseNairaToKobo } from '../../shared/format.ts';
import { ApiError } from '../../shared/json-api.ts';
import { messageOf } from '../../shared/message-of.ts';
import { Alert, Field } from '../../shared/ui.tsx';
import { useAsyncAction } from '../../shared/use-async-action.ts';
import type { PaymentPlan } from '../api/payments.ts';
import {
  cancelPlan,
  createRefund,
  getRefundable,
  listRefunds,
  type PlanRefund,
  type Refundable,
} from '../api/refunds.ts';
import { useDashboard } from '../context.ts';
import { amountInFiguresAndWords, ConfirmMoneyMove } from './confirm-money.tsx';

const TRY_AGAIN = 'Something went wrong. Try again.';

const REFUND_STATUS: Record<PlanRefund['status'], string> = {
  pending: 'Being paid back',
  processed: 'Refunded',
  failed: 'Failed',
};

/**
 * A plan's refunds, a refund form and the cancel action. The API decides everything (what is
 * refundable, how it splits, whether the balance allows it); this shows its answer.
 */
export function PlanRefunds(props: { plan: PaymentPlan; onChanged: () => void }) {
  const { api, merchant } = useDashboard();
  const { plan } = props;
  const [refunds, setRefunds] = useState<PlanRefund[]>();
  const [error, setError] = useState<string>();

  const load = () =>
    listRefunds(api, merchant.id, plan.id).then(setRefunds, (caught: unknown) =>
      setError(messageOf(caught, TRY_AGAIN)),
    );
  useEffect(() => void load(), [plan.id]);

  const changed = () => {
    void load();
    props.onChanged();
  };

  return (
    <section class="card" aria-labelledby="refunds-title">
      <h2 id="refunds-title">Refunds</h2>
      {error && <Alert>{error}</Alert>}
      {refunds && refunds.length === 0 && <p class="fine-print">No refunds on this plan.</p>}
      {refunds && refunds.length > 0 && (
        <table class="table pay-table">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col" class="money">
                Amount
              </th>
              <th scope="col" class="money">
                Off the balance
              </th>
              <th scope="col" class="money">
                Back to the customer
              </th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {refunds.map((r) => (
              <tr key={r.id}>
                <th scope="row" data-label="When">
                  {formatDateTime(r.created_at)}
                  {r.reason && <span class="fine-print refund-reason">{r.reason}</span>}
                </th>
                <td data-label="Amount" class="money">
                  {formatNaira(r.amount)}
                </td>
                <td data-label="Off the balance" class="money">
                  {formatNaira(r.balance_reduction)}
                </td>
                <td data-label="Back to the customer" class="money">
                  {formatNaira(r.cash_amount)}
                </td>
                <td data-label="Status">
                  {REFUND_STATUS[r.status]}
                  {r.failure_reason && <span class="fine-print"> · {r.failure_reason}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {plan.status !== 'pending_deposit' && refunds && (
        <RefundForm plan={plan} refunds={refunds} onDone={changed} />
      )}
      {['pending_deposit', 'active', 'defaulted'].includes(plan.status) && (
        <CancelPlan plan={plan} onDone={changed} />
      )}
    </section>
  );
}

/**
 * The refund form. "Everything left" is the API's figure (`…/refundable`), read again after each
 * change and sent as the amount confirmed: if the plan changed in between, the API refuses rather
 * than refunding a figure nobody read (decision 0057).
 */
function RefundForm(props: { plan: PaymentPlan; refunds: PlanRefund[]; onDone: () => void }) {
  const { api, merchant } = useDashboard();
  const [refundable, setRefundable] = useState<Refundable>();
  useEffect(() => {
    getRefundable(api, merchant.id, props.plan.id).then(setRefundable, () =>
      setRefundable(undefined),
    );
  }, [props.plan.id, props.refunds]);
  const [choice, setChoice] = useState<'all' | 'amount'>();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState<number>();
  const [formError, setFormError] = useState<string>();
  const { busy, error, setError, run } = useAsyncAction({
    describe: (caught) => messageOf(caught, TRY_AGAIN),
  });
  const [done, setDone] = useState<string>();
  // One key per intended refund: a retry after a lost answer replays instead of refunding twice.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const choiceName = useId();

  const everything = refundable?.amount;
  const typed = amount.trim() === '' ? undefined : parseNairaToKobo(amount);
  const invalid = amount.trim() !== '' && (typed === undefined || typed < 1);

  function review(event: Event) {
    event.preventDefault();
    if (busy) return;
    setDone(undefined);
    setError(undefined);
    if (choice === undefined) return setFormError('Choose how much to refund.');
    if (choice === 'all' && everything === undefined) {
      return setFormError('What is left to refund could not be read. Reload the page.');
    }
    const kobo = choice === 'all' ? everything : typed;
    if (kobo === undefined || kobo < 1 || invalid) {
      return setFormError('Type an amount in naira, like 2500 or 2,500.50.');
    }
    setFormError(undefined);
    setConfirming(kobo);
  }

  async function refund(kobo: number) {
    await run(async () => {
      const made = await createRefund(
        api,
        merchant.id,
        props.plan.id,
        { amount: kobo, ...(reason.trim() !== '' && { reason: reason.trim() }) },
        key,
      ).catch((caught: unknown) => {
        // The API refused it: a corrected request is a new refund.
        if (caught instanceof ApiError && caught.status >= 400 && caught.status < 500) {
          setKey(crypto.randomUUID());
        }
        throw caught;
      });
      setConfirming(undefined);
      setDone(
        `Refund of ${formatNaira(made.amount)}: ${formatNaira(made.balance_reduction)} off what the customer owes, ${formatNaira(made.cash_amount)} back to their card or account.`,
      );
      setAmount('');
      setReason('');
      setChoice(undefined);
      setKey(crypto.randomUUID());
      props.onDone();
    });
  }

  return (
    <form
      class="plan-action"
      onSubmit={(event) => review(event)}
      noValidate
      aria-labelledby="refund-form-title"
    >
      <h3 id="refund-form-title">Refund</h3>
      <p class="fine-print">
        A refund first lowers what the customer still owes (from the last installment); only the
        rest goes back to their card or bank account, with Tranche’s 2.5% fee on it returned.
      </p>
      <div aria-live="polite">{done && <p class="notice">{done}</p>}</div>
      <fieldset aria-describedby={formError ? `${choiceName}-error` : undefined}>
        <legend class="legend">How much</legend>
        <div class="choices two">
          <label class="choice">
            <input
              type="radio"
              name={choiceName}
              value="all"
              checked={choice === 'all'}
              onChange={() => setChoice('all')}
            />
            <span>
              Everything left
              <span class="sub">
                {everything === undefined ? 'Reading…' : formatNaira(everything)}
                {refundable?.charge_in_flight &&
                  ' (a payment in flight is left out until it settles)'}
              </span>
            </span>
          </label>
          <label class="choice">
            <input
              type="radio"
              name={choiceName}
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
        {formError && (
          <p class="field-error" id={`${choiceName}-error`}>
            {formError}
          </p>
        )}
      </fieldset>
      {choice === 'amount' && (
        <Field
          label="Amount (₦)"
          inputMode="decimal"
          value={amount}
          onValue={setAmount}
          error={invalid ? 'Type an amount in naira, like 2500 or 2,500.50.' : undefined}
        />
      )}
      <Field label="Reason (optional)" value={reason} onValue={setReason} maxLength={500} />
      <div class="inline-actions">
        <button class="button secondary" type="submit" disabled={busy}>
          Refund…
        </button>
      </div>
      {confirming !== undefined && (
        <ConfirmMoneyMove
          question={`Refund ${amountInFiguresAndWords(confirming)} on order ${props.plan.order_reference}?`}
          confirmLabel={`Refund ${formatNaira(confirming)}`}
          busy={busy}
          error={error}
          onConfirm={() => void refund(confirming)}
          onCancel={() => {
            setConfirming(undefined);
            setError(undefined);
          }}
        >
          <p>
            What the customer still owes is lowered first; the rest goes back to their card or bank
            account. This cannot be undone.
          </p>
        </ConfirmMoneyMove>
      )}
    </form>
  );
}

function CancelPlan(props: { plan: PaymentPlan; onDone: () => void }) {
  const { api, merchant } = useDashboard();
  const [confirming, setConfirming] = useState(false);
  const [refund, setRefund] = useState(true);
  const [reason, setReason] = useState('');
  const { busy, error, run } = useAsyncAction({
    describe: (caught) => messageOf(caught, TRY_AGAIN),
  });
  const [key] = useState(() => crypto.randomUUID());
  // What the refund would pay back, in figures and words, once the merchant opens the question.
  const [paidBack, setPaidBack] = useState<number>();
  useEffect(() => {
    if (!confirming) return;
    getRefundable(api, merchant.id, props.plan.id).then(
      (r) => setPaidBack(r.cash_refund),
      () => setPaidBack(undefined),
    );
  }, [confirming]);

  async function cancel() {
    await run(async () => {
      await cancelPlan(
        api,
        merchant.id,
        props.plan.id,
        { refund, ...(reason.trim() !== '' && { reason: reason.trim() }) },
        key,
      );
      setConfirming(false);
      props.onDone();
    });
  }

  if (!confirming) {
    return (
      <div class="inline-actions plan-action">
        <button class="button secondary" type="button" onClick={() => setConfirming(true)}>
          Cancel this plan…
        </button>
      </div>
    );
  }
  return (
    <div role="group" aria-labelledby="cancel-title" class="notice plan-action">
      <h3 id="cancel-title">Cancel this plan?</h3>
      <p>No further payment will be taken and what the customer still owes is released.</p>
      {error && <Alert>{error}</Alert>}
      <label class="checkbox-row">
        <input
          type="checkbox"
          checked={refund}
          onChange={(event) => setRefund(event.currentTarget.checked)}
        />
        <span>
          Also refund what the customer has paid
          {paidBack !== undefined && paidBack > 0 && `: ${amountInFiguresAndWords(paidBack)}`}
        </span>
      </label>
      <Field label="Reason (optional)" value={reason} onValue={setReason} maxLength={500} />
      <div class="inline-actions">
        <button class="button" type="button" disabled={busy} onClick={() => void cancel()}>
          {busy ? 'Cancelling…' : 'Cancel the plan'}
        </button>
        <button class="button secondary" type="button" onClick={() => setConfirming(false)}>
          Keep it
        </button>
      </div>
    </div>
  );
}
