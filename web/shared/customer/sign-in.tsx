import { useState } from 'preact/hooks';

import { ApiError, type Customer } from '../api.ts';
import { Alert, Field, StepBody, StepHeading, SubmitButton } from '../ui.tsx';
import { useAsyncAction } from '../use-async-action.ts';
import { useCustomerContext } from './context.ts';
import { messageFor } from './messages.ts';
import { RememberedDevice, SignInWithCode } from './sign-in-code.tsx';

/** Sign in with the Tranche account (the checkout pre-fills the email from the merchant's session). */
export function SignIn(props: {
  onSignedIn: (customer: Customer) => void;
  onRegister: () => void;
  /** The dashboard moves to its own form; elsewhere (the checkout) the link opens the dashboard's
   *  form in a new tab, so the checkout in progress stays open. */
  onForgotPassword?: () => void;
  email?: string | null;
  lead?: string;
  /** In the checkout: the session, whose shop this browser may be remembered for (0054). */
  sessionToken?: string;
  shopName?: string;
}) {
  const { api } = useCustomerContext();
  const [email, setEmail] = useState(props.email ?? '');
  const [password, setPassword] = useState('');
  const [withCode, setWithCode] = useState(false);
  const [rememberDevice, setRememberDevice] = useState(false);
  const { busy, error, run } = useAsyncAction({
    describe: (caught) => (caught instanceof ApiError ? messageFor(caught) : 'Sign-in failed.'),
    keepBusyOnSuccess: true,
  });

  async function submit(event: Event) {
    event.preventDefault();
    await run(async () => {
      const { customer } = await api.signIn(email.trim(), password);
      await finish(customer);
    });
  }

  /** Remembers the device first when asked (a failure there must not stop the checkout). */
  async function finish(customer: Customer) {
    if (rememberDevice && props.sessionToken) {
      await api.rememberThisDevice(props.sessionToken).catch(() => undefined);
    }
    props.onSignedIn(customer);
  }

  const rememberBox = props.sessionToken && (
    <label class="consent">
      <input
        type="checkbox"
        name="remember-device"
        checked={rememberDevice}
        onChange={(e) => setRememberDevice(e.currentTarget.checked)}
      />
      <span>
        Remember this device for {props.shopName ?? 'this shop'} for 30 days (only on a device you
        do not share)
      </span>
    </label>
  );

  return (
    <StepBody>
      <StepHeading lead={props.lead ?? 'Pay in installments with your Tranche account.'}>
        Sign in
      </StepHeading>
      {props.sessionToken && (
        <RememberedDevice sessionToken={props.sessionToken} onSignedIn={props.onSignedIn} />
      )}
      {withCode ? (
        <>
          <SignInWithCode
            email={email}
            beforeSubmit={rememberBox}
            onSignedIn={finish}
            onUsePassword={() => setWithCode(false)}
          />
        </>
      ) : (
        passwordForm()
      )}
      <button class="link-button" type="button" onClick={props.onRegister}>
        New to Tranche? Create an account
      </button>
    </StepBody>
  );

  function passwordForm() {
    return (
      <>
        {error && <Alert>{error}</Alert>}
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Field
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onValue={setEmail}
          />
          <Field
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onValue={setPassword}
          />
          {rememberBox}
          <SubmitButton busy={busy} busyLabel="Signing in…">
            Sign in
          </SubmitButton>
        </form>
        <button class="button secondary" type="button" onClick={() => setWithCode(true)}>
          Send me a code instead
        </button>
        <a
          class="link-button"
          href="/dashboard/forgot-password"
          {...(props.onForgotPassword
            ? {
                onClick: (event: MouseEvent) => {
                  if (event.metaKey || event.ctrlKey || event.shiftKey) return;
                  event.preventDefault();
                  props.onForgotPassword?.();
                },
              }
            : { target: '_blank', rel: 'noopener' })}
        >
          Forgot your password?
        </a>
      </>
    );
  }
}
