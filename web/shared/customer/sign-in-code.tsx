import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';

import { ApiError, type Customer } from '../api.ts';
import { Alert, Field, SubmitButton } from '../ui.tsx';
import { useAsyncAction } from '../use-async-action.ts';
import { useCustomerContext } from './context.ts';
import { messageFor } from './messages.ts';

/** A phone number or an e-mail address, as typed: which the API should be asked with. */
export function destinationOf(typed: string): { phone: string } | { email: string } {
  const value = typed.trim();
  return value.includes('@') ? { email: value } : { phone: value };
}

/**
 * Sign in with a one-time code (decision 0053): ask for a code to a phone number or an e-mail
 * address, then enter the six digits. The wording never says whether an account exists.
 */
export function SignInWithCode(props: {
  email?: string | null;
  /** Shown in the code's form, above its button (the checkout's "remember this device"). */
  beforeSubmit?: ComponentChildren;
  onSignedIn: (customer: Customer) => Promise<void> | void;
  onUsePassword: () => void;
}) {
  const { api } = useCustomerContext();
  const [to, setTo] = useState(props.email ?? '');
  const [sent, setSent] = useState<{ to: string; expiresInMinutes: number }>();
  const [code, setCode] = useState('');
  const [waitSeconds, setWaitSeconds] = useState(0);
  const describe = (caught: unknown) =>
    caught instanceof ApiError ? messageFor(caught) : 'That did not work. Try again.';
  const asking = useAsyncAction({ describe });
  const checking = useAsyncAction({ describe, keepBusyOnSuccess: true });

  useEffect(() => {
    if (waitSeconds <= 0) return;
    const timer = setTimeout(() => setWaitSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [waitSeconds]);

  async function ask(event?: Event) {
    event?.preventDefault();
    await asking.run(async () => {
      const answer = await api.requestSignInCode(destinationOf(to));
      setSent({ to: to.trim(), expiresInMinutes: answer.code_expires_in_minutes });
      setWaitSeconds(answer.resend_after_seconds);
      setCode('');
    });
  }

  async function verify(event: Event) {
    event.preventDefault();
    if (!sent) return;
    await checking.run(async () => {
      const { customer } = await api.signInWithCode(destinationOf(sent.to), code.trim());
      await props.onSignedIn(customer);
    });
  }

  if (!sent) {
    return (
      <>
        {asking.error && <Alert>{asking.error}</Alert>}
        <form onSubmit={(event) => void ask(event)} noValidate>
          <Field
            label="Phone number or email"
            autoComplete="username"
            required
            value={to}
            onValue={setTo}
            hint="By SMS to a phone you have verified in your Tranche account, or by e-mail."
          />
          <SubmitButton busy={asking.busy} busyLabel="Sending…">
            Send me a code
          </SubmitButton>
        </form>
        <button class="link-button" type="button" onClick={props.onUsePassword}>
          Use my password instead
        </button>
      </>
    );
  }
  return (
    <>
      {(checking.error ?? asking.error) && <Alert>{checking.error ?? asking.error}</Alert>}
      <p class="hint code-sent" role="status">
        If {sent.to} belongs to a Tranche account, a 6-digit code is on its way. It works for{' '}
        {sent.expiresInMinutes} minutes.
      </p>
      <form onSubmit={(event) => void verify(event)} noValidate>
        <Field
          label="6-digit code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          value={code}
          onValue={(v) => setCode(v.replace(/\D/g, ''))}
        />
        {props.beforeSubmit}
        <SubmitButton busy={checking.busy} busyLabel="Signing in…">
          Sign in
        </SubmitButton>
      </form>
      <button
        class="link-button"
        type="button"
        disabled={waitSeconds > 0 || asking.busy}
        onClick={() => void ask()}
      >
        {waitSeconds > 0 ? `Send a new code (in ${waitSeconds} s)` : 'Send a new code'}
      </button>
      <button class="link-button" type="button" onClick={() => setSent(undefined)}>
        Use another phone or email
      </button>
      <button class="link-button" type="button" onClick={props.onUsePassword}>
        Use my password instead
      </button>
    </>
  );
}

/**
 * "Continue as Ada" on a browser remembered for this shop (decision 0054), with "Not you?" to
 * forget it. Renders nothing when the browser is not remembered.
 */
export function RememberedDevice(props: {
  sessionToken: string;
  onSignedIn: (customer: Customer) => Promise<void> | void;
}) {
  const { api } = useCustomerContext();
  const [who, setWho] = useState<{ firstName: string; emailHint: string }>();
  const { busy, error, run } = useAsyncAction({
    describe: (caught) =>
      caught instanceof ApiError ? messageFor(caught) : 'That did not work. Sign in below.',
    keepBusyOnSuccess: true,
  });

  useEffect(() => {
    api.rememberedDevice(props.sessionToken).then(
      (status) => {
        if (status.remembered && status.first_name) {
          setWho({ firstName: status.first_name, emailHint: status.email_hint ?? '' });
        }
      },
      () => undefined,
    );
  }, [props.sessionToken]);

  if (!who) return null;
  return (
    <section class="remembered-device" aria-label="Remembered on this device">
      {error && <Alert>{error}</Alert>}
      <button
        class="button"
        type="button"
        disabled={busy}
        aria-busy={busy}
        onClick={() =>
          void run(async () => {
            const { customer } = await api.continueOnRememberedDevice(props.sessionToken);
            await props.onSignedIn(customer);
          })
        }
      >
        {busy ? 'Signing in…' : `Continue as ${who.firstName}`}
      </button>
      <p class="hint">
        {who.emailHint}, remembered on this device.{' '}
        <button
          class="link-button"
          type="button"
          onClick={() => {
            setWho(undefined);
            void api.forgetRememberedDevice(props.sessionToken).catch(() => undefined);
          }}
        >
          Not you?
        </button>
      </p>
    </section>
  );
}
