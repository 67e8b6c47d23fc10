import { useId, useState } from 'preact/hooks';

import { ApiError, type TransferAccount } from '../../../shared/api.ts';
import { messageFor } from '../../../shared/customer/messages.ts';
import { formatDateTime, formatNaira } from '../../../shared/format.ts';
import { useCustomerDashboard } from '../../context.ts';

/**
 * Paying by bank transfer (decision 0071): the customer's own account number, its bank and name,
 * and what to send, each to copy. Asked for only when the customer opens it (the account is made
 * at the gateway the first time).
 */
export function TransferCard(props: { planId: string }) {
  const { api } = useCustomerDashboard();
  const [state, setState] = useState<
    | { kind: 'closed' }
    | { kind: 'loading' }
    | { kind: 'ready'; account: TransferAccount }
    | { kind: 'error'; message: string }
  >({ kind: 'closed' });

  async function open() {
    setState({ kind: 'loading' });
    try {
      setState({ kind: 'ready', account: await api.transferAccount(props.planId) });
    } catch (caught) {
      setState({
        kind: 'error',
        message:
          caught instanceof ApiError ? messageFor(caught) : 'The account could not be loaded.',
      });
    }
  }

  return (
    <section class="card" aria-labelledby="plan-transfer">
      <h2 id="plan-transfer">Pay by bank transfer</h2>
      {state.kind === 'ready' ? (
        <TransferDetails account={state.account} />
      ) : (
        <>
          <p>
            Send money from any bank app to an account that is yours alone. It pays what is overdue
            first, then your next installments.
          </p>
          {state.kind === 'error' && (
            <p class="card-alert" role="alert">
              {state.message}
            </p>
          )}
          <button
            class="button secondary"
            type="button"
            disabled={state.kind === 'loading'}
            onClick={() => void open()}
          >
            {state.kind === 'loading' ? 'Getting your account…' : 'Show my account number'}
          </button>
        </>
      )}
    </section>
  );
}

function TransferDetails(props: { account: TransferAccount }) {
  const { account } = props;
  const amount =
    account.amount_due_now > 0 ? account.amount_due_now : account.next_installment?.amount;
  return (
    <>
      <dl class="transfer-details">
        <CopyRow label="Account number" value={account.account_number} />
        <div class="transfer-row">
          <dt>Bank</dt>
          <dd>{account.bank_name}</dd>
        </div>
        <div class="transfer-row">
          <dt>Account name</dt>
          <dd>{account.account_name}</dd>
        </div>
        {amount !== undefined && (
          <CopyRow
            label={account.amount_due_now > 0 ? 'Overdue now' : 'Next installment'}
            value={formatNaira(amount)}
            copyValue={(amount / 100).toFixed(2)}
          />
        )}
      </dl>
      <p class="sub">
        {account.next_installment && account.amount_due_now === 0
          ? `Due ${formatDateTime(account.next_installment.due_at)}. `
          : ''}
        To pay the whole plan off, send {formatNaira(account.amount_remaining)}. Less pays part of
        an installment; anything beyond what you owe is kept for you.
      </p>
    </>
  );
}

function CopyRow(props: { label: string; value: string; copyValue?: string }) {
  const id = useId();
  const [copied, setCopied] = useState<boolean>();
  return (
    <div class="transfer-row">
      <dt id={id}>{props.label}</dt>
      <dd>
        <span class="transfer-value">{props.value}</span>
        <button
          class="button secondary inline"
          type="button"
          aria-describedby={id}
          onClick={() =>
            void navigator.clipboard.writeText(props.copyValue ?? props.value).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
        <span class="visually-hidden" role="status">
          {copied === true && `Copied the ${props.label.toLowerCase()}`}
          {copied === false && 'Could not copy: select the text and copy it yourself.'}
        </span>
      </dd>
    </div>
  );
}
