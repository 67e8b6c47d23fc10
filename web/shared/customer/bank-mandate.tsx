import { useEffect, useRef, useState } from 'preact/hooks';

import { ApiError, type Bank, type MandateStepResult, type Method } from '../api.ts';
import { poll } from '../poll.ts';
import { Alert, Field, Spinner, StepBody, StepHeading, SubmitButton } from '../ui.tsx';
import { useCustomerContext } from './context.ts';
import { messageFor } from './messages.ts';
import { BankHint, OtpHint } from './sandbox-hints.tsx';

/** Where a mandate set-up stands: which answer the bank waits for next. */
type MandateState =
  | { kind: 'account' }
  | { kind: 'otp' | 'birthday' | 'phone'; reference: string; text: string | null }
  | { kind: 'open_url'; reference: string; text: string | null; url: string }
  | { kind: 'pending'; reference: string; text: string | null }
  | { kind: 'activating'; reference: string; text: string | null; method: Method };

const STEP_FIELD = {
  otp: {
    path: 'submit-otp',
    field: 'otp',
    label: 'Code from your bank',
    type: 'text',
    autoComplete: 'one-time-code',
  },
  birthday: {
    path: 'submit-birthday',
    field: 'birthday',
    label: 'Your date of birth',
    type: 'date',
    autoComplete: 'bday',
  },
  phone: {
    path: 'submit-phone',
    field: 'phone',
    label: 'Phone number on the account',
    type: 'tel',
    autoComplete: 'tel',
  },
} as const;

const POLL_MS = 2000;

/**
 * A direct-debit mandate on a bank account, through whatever the bank asks for next
 * (`next_action`): an OTP, a birthday, a phone number, approval on its own page, or waiting.
 * A Direct Debit mandate is saved `pending` once approved and is usable only when the bank has
 * activated it (decision 0044): with `waitForActivation` (the checkout) this step waits for
 * that and offers a card meanwhile; without it (the dashboard) the pending method is handed on.
 */
export function BankMandate(props: {
  onLinked: (method: Method) => void;
  onBack: () => void;
  waitForActivation?: boolean;
  /** Shown while waiting for activation: how to go on without it (e.g. "Pay with a card"). */
  otherwiseLabel?: string;
  onOtherwise?: () => void;
}) {
  const { api, customer, sandbox } = useCustomerContext();
  const [banks, setBanks] = useState<Bank[]>();
  const [bankCode, setBankCode] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [answer, setAnswer] = useState('');
  const [state, setState] = useState<MandateState>({ kind: 'account' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const poller = useRef<{ stop: () => void; now: () => void }>(undefined);

  useEffect(() => {
    api
      .banks()
      .then(setBanks, (caught: unknown) =>
        setError(
          caught instanceof ApiError ? messageFor(caught) : 'The bank list could not be loaded.',
        ),
      );
    return () => poller.current?.stop();
  }, [api]);

  if (!customer) return null;
  const bankName = banks?.find((b) => b.code === bankCode)?.name ?? '';
  const echo = {
    customer_id: customer.id,
    bank_code: bankCode,
    bank_name: bankName,
    account_number: accountNumber,
  };

  /** Moves to whatever the bank asked for; `success` ends the flow. */
  function follow(result: MandateStepResult) {
    setAnswer('');
    const { reference, display_text: text } = result;
    switch (result.next_action) {
      case 'success': {
        const method = result.data;
        if (!method) return;
        if (method.status === 'failed' || method.status === 'revoked') {
          setState({ kind: 'account' });
          return setError(
            `${method.label}: your bank did not activate this direct debit. Try another account or a card.`,
          );
        }
        if (method.status === 'pending' && props.waitForActivation) {
          setState({ kind: 'activating', reference, text, method });
          return waitForActivation(reference);
        }
        props.onLinked(method);
        return;
      }
      case 'submit_otp':
        return setState({ kind: 'otp', reference, text });
      case 'submit_birthday':
        return setState({ kind: 'birthday', reference, text });
      case 'submit_phone':
        return setState({ kind: 'phone', reference, text });
      case 'open_url':
        setState({ kind: 'open_url', reference, text, url: result.url ?? '' });
        return waitForBank(reference);
      default:
        setState({ kind: 'pending', reference, text });
        return waitForBank(reference);
    }
  }

  function waitForBank(reference: string) {
    poller.current?.stop();
    poller.current = poll(
      async () => {
        try {
          const result = await api.mandateStep('verify', { ...echo, reference });
          return result.next_action === 'success' ? result : undefined;
        } catch (caught) {
          if (caught instanceof ApiError && caught.code === 'setup_pending') return undefined;
          throw caught;
        }
      },
      POLL_MS,
      follow,
      failed,
    );
  }

  /** Approved but not active: ask again until the bank has activated it (or refused). */
  function waitForActivation(reference: string) {
    poller.current?.stop();
    poller.current = poll(
      async () => {
        const result = await api.mandateStep('verify', { ...echo, reference });
        return result.data?.status === 'pending' ? undefined : result;
      },
      POLL_MS,
      follow,
      failed,
    );
  }

  function failed(caught: unknown) {
    poller.current?.stop();
    setBusy(false);
    if (caught instanceof ApiError && (caught.status === 402 || caught.code === 'setup_expired')) {
      // The bank and account stay filled in: one press starts again.
      setState({ kind: 'account' });
      setError(
        `${asSentence(caught.detail)} Your bank and account number are still filled in: press Continue to start again, or choose another account.`,
      );
    } else setError(caught instanceof ApiError ? messageFor(caught) : 'Something went wrong.');
  }

  async function run(call: () => Promise<MandateStepResult>) {
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      follow(await call());
    } catch (caught) {
      failed(caught);
    } finally {
      setBusy(false);
    }
  }

  function submitAccount(event: Event) {
    event.preventDefault();
    if (!bankCode) return setError('Choose your bank.');
    if (!/^\d{10}$/.test(accountNumber)) return setError('An account number (NUBAN) is 10 digits.');
    void run(() => api.initiateMandate(customer?.id ?? '', bankCode, accountNumber));
  }

  function submitStep(event: Event) {
    event.preventDefault();
    if (state.kind !== 'otp' && state.kind !== 'birthday' && state.kind !== 'phone') return;
    const step = STEP_FIELD[state.kind];
    const reference = state.reference;
    void run(() => api.mandateStep(step.path, { ...echo, reference, [step.field]: answer.trim() }));
  }

  /**
   * Paystack's charge API has no "resend" for a bank's code (docs/gateway-protocol.md §5): a new
   * code comes with a new charge on the same account, which this starts. Nothing was taken yet.
   */
  function sendNewCode() {
    void run(() => api.initiateMandate(customer?.id ?? '', bankCode, accountNumber));
  }

  function back() {
    poller.current?.stop();
    props.onBack();
  }

  return (
    <StepBody>
      <StepHeading lead="Your bank confirms that Tranche may debit this account on each due date.">
        Add a bank account
      </StepHeading>
      {error && <Alert>{error}</Alert>}
      {state.kind === 'account' && (
        <form onSubmit={submitAccount} noValidate>
          {sandbox && <BankHint />}
          <div class="field">
            <label for="bank">Bank</label>
            <select
              id="bank"
              value={bankCode}
              onChange={(e) => setBankCode(e.currentTarget.value)}
              required
            >
              <option value="">{banks ? 'Choose your bank' : 'Loading banks…'}</option>
              {banks?.map((bank) => (
                <option key={bank.code} value={bank.code}>
                  {bank.name}
                </option>
              ))}
            </select>
          </div>
          <Field
            label="Account number"
            inputMode="numeric"
            autoComplete="off"
            maxLength={10}
            required
            value={accountNumber}
            onValue={setAccountNumber}
            hint="10 digits (NUBAN)"
          />
          <SubmitButton busy={busy} busyLabel="Contacting your bank…">
            Continue
          </SubmitButton>
        </form>
      )}
      {(state.kind === 'otp' || state.kind === 'birthday' || state.kind === 'phone') && (
        <form onSubmit={submitStep} noValidate>
          {/* Same element for each answer, so a new prompt ("That code did not match…") is read out. */}
          <p class="notice" role="status">
            {state.text}
          </p>
          {sandbox && <OtpHint step={state.kind} />}
          <Field
            key={state.kind}
            label={STEP_FIELD[state.kind].label}
            type={STEP_FIELD[state.kind].type}
            autoComplete={STEP_FIELD[state.kind].autoComplete}
            inputMode={state.kind === 'otp' ? 'numeric' : undefined}
            required
            value={answer}
            onValue={setAnswer}
          />
          <SubmitButton busy={busy} busyLabel="Checking…">
            Continue
          </SubmitButton>
          {state.kind === 'otp' && (
            <button class="link-button" type="button" onClick={sendNewCode} disabled={busy}>
              No code, or an old one? Send a new code
            </button>
          )}
        </form>
      )}
      {state.kind === 'open_url' && (
        <>
          {state.text && <p class="notice">{state.text}</p>}
          <a class="button" href={state.url} target="_blank" rel="noopener">
            Open your bank's approval page
          </a>
          <Spinner label="Waiting for your bank's approval…" />
          <button class="button secondary" type="button" onClick={() => poller.current?.now()}>
            I have approved it
          </button>
        </>
      )}
      {state.kind === 'activating' && (
        <>
          <p class="notice" role="status">
            <strong>{state.method.label}: pending activation.</strong> You authorized the direct
            debit. Your bank now checks the account with a ₦50 debit that is refunded, then
            activates the mandate. That usually takes minutes but can take up to 24 hours, and
            nothing can be debited from it until then.
          </p>
          <Spinner label="Waiting for your bank to activate the mandate…" />
          {props.otherwiseLabel && (
            <button
              class="button secondary"
              type="button"
              onClick={() => {
                poller.current?.stop();
                (props.onOtherwise ?? props.onBack)();
              }}
            >
              {props.otherwiseLabel}
            </button>
          )}
        </>
      )}
      {state.kind === 'pending' && (
        <>
          {state.text && <p class="notice">{state.text}</p>}
          <Spinner label="Waiting for your bank to confirm. This usually takes a few seconds…" />
        </>
      )}
      <button class="link-button" type="button" onClick={back}>
        Back to payment methods
      </button>
    </StepBody>
  );
}

/** An API detail as a sentence of its own, so the next one does not run on from it. */
function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
