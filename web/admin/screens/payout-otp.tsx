import { useEffect, useId, useState } from 'preact/hooks';

import { formatDateTime, formatNaira } from '../../shared/format.ts';
import { messageOf } from '../../shared/message-of.ts';
import { Link } from '../../shared/router.tsx';
import { Alert, StepHeading } from '../../shared/ui.tsx';
import { useAsyncAction } from '../../shared/use-async-action.ts';
import type { HeldPayout } from '../api.ts';
import { useConsole } from '../context.ts';

/**
 * Payouts the gateway holds until their transfer OTP is given (decision 0043): the OTP went to the
 * business phone (or e-mail); the operator types it here. The API checks everything: a wrong OTP
 * or a payout no longer waiting is its refusal, shown in its words.
 */
export function PayoutOtpSection() {
  const { api } = useConsole();
  const [payouts, setPayouts] = useState<HeldPayout[]>();
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();

  async function load() {
    try {
      setPayouts(await api.payoutsAwaitingOtp());
      setError(undefined);
    } catch (caught) {
      setError(messageOf(caught));
    }
  }
  useEffect(() => void load(), []);

  return (
    <>
      <StepHeading lead="Paystack holds each payout's transfer until the OTP it sent to the business phone is given. After 30 minutes it abandons the transfer and the money returns to the merchant's wallet.">
        Payouts awaiting OTP
      </StepHeading>
      {error && <Alert>{error}</Alert>}
      <div aria-live="polite">{done && <p class="notice">{done}</p>}</div>
      <section class="card" aria-labelledby="held-title">
        <h2 id="held-title">Waiting for a transfer OTP</h2>
        {payouts && payouts.length === 0 && <p>None: no payout is waiting for an OTP.</p>}
        {payouts?.map((payout) => (
          <HeldPayoutRow
            key={payout.id}
            payout={payout}
            onSent={(status) => {
              setDone(
                `${formatNaira(payout.amount)} to ${payout.business_name} sent (${status === 'paid' ? 'paid' : 'on its way'}).`,
              );
              void load();
            }}
            onGone={() => void load()}
          />
        ))}
        <button class="button secondary" type="button" onClick={() => void load()}>
          Refresh
        </button>
      </section>
    </>
  );
}

function HeldPayoutRow(props: {
  payout: HeldPayout;
  onSent: (status: string) => void;
  onGone: () => void;
}) {
  const { api, operator } = useConsole();
  const { payout } = props;
  const [otp, setOtp] = useState('');
  const [resent, setResent] = useState(false);
  const submit = useAsyncAction();
  const resend = useAsyncAction();
  const id = useId();

  async function give(event: Event) {
    event.preventDefault();
    if (!/^[0-9]{4,10}$/.test(otp.trim())) {
      submit.setError('Type the OTP as it arrived: 4 to 10 digits.');
      return;
    }
    await submit.run(async () => {
      const { status } = await api.submitPayoutOtp(payout.id, otp.trim());
      props.onSent(status);
    });
  }

  return (
    <form
      class={payout.overdue ? 'card confirm overdue' : 'card confirm'}
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void give(event)}
      noValidate
    >
      <h3 id={`${id}-title`}>
        {formatNaira(payout.amount)} to{' '}
        <Link href={`/admin/merchants/${payout.merchant_id}`}>{payout.business_name}</Link>
      </h3>
      <dl class="pay-facts">
        <dt>Account</dt>
        <dd>
          {payout.settlement_account.account_number} (bank {payout.settlement_account.bank_code})
        </dd>
        <dt>Reference</dt>
        <dd>
          <code>{payout.reference}</code>
        </dd>
        <dt>OTP sent</dt>
        <dd>{formatDateTime(payout.otp_requested_at)}</dd>
        <dt>Paystack abandons it</dt>
        <dd>
          {formatDateTime(payout.deadline_at)}
          {payout.overdue && ' '}
          {payout.overdue && <strong class="state-badge deactivated">overdue</strong>}
        </dd>
      </dl>
      {payout.overdue && (
        <p>
          Past 30 minutes and Paystack still holds it: ask for the OTP again and give it, or wait
          for Paystack to abandon it (the money then returns to the wallet).
        </p>
      )}
      <div class="field">
        <label for={`${id}-otp`}>Transfer OTP</label>
        <input
          id={`${id}-otp`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={10}
          value={otp}
          onInput={(event) => setOtp(event.currentTarget.value)}
          aria-describedby={`${id}-who`}
        />
        <p class="hint" id={`${id}-who`}>
          Recorded in the audit log as {operator}. The OTP itself is not kept.
        </p>
      </div>
      {submit.error && <Alert>{submit.error}</Alert>}
      {resend.error && <Alert>{resend.error}</Alert>}
      {resent && <p class="notice">Paystack is sending the OTP again.</p>}
      <div class="inline-actions">
        <button class="button" type="submit" disabled={submit.busy}>
          {submit.busy ? 'Sending…' : 'Send payout'}
        </button>
        <button
          class="button secondary"
          type="button"
          disabled={resend.busy}
          onClick={() =>
            void resend.run(async () => {
              setResent(false);
              await api.resendPayoutOtp(payout.id);
              setResent(true);
            })
          }
        >
          {resend.busy ? 'Asking…' : 'Send the OTP again'}
        </button>
        {(submit.error ?? resend.error)?.includes('no longer waits') && (
          <button class="button secondary" type="button" onClick={props.onGone}>
            Refresh the list
          </button>
        )}
      </div>
    </form>
  );
}
