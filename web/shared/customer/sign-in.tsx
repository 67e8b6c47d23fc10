import { useState } from 'preact/hooks';

import { ApiError, type Customer } from '../api.ts';
import { Alert, Field, StepBody, StepHeading, SubmitButton } from '../ui.tsx';
import { useAsyncAction } from '../use-async-action.ts';
import { useCustomerContext } from './context.ts';
import { messageFor } from './messages.ts';

/** Sign in with the Tranche account (the checkout pre-fills the email from the merchant's session). */
export function SignIn(props: {
  onSignedIn: (customer: Customer) => void;
  onRegister: () => void;
  /** The dashboard moves to its own form; elsewhere (the checkout) the link opens the dashboard's
   *  form in a new tab, so the checkout in progress stays open. */
  onForgotPassword?: () => void;
  email?: string | null;
  lead?: string;
}) {
  const { api } = useCustomerContext();
  const [email, setEmail] = useState(props.email ?? '');
  const [password, setPassword] = useState('');
  const { busy, error, run } = useAsyncAction({
    describe: (caught) => (caught instanceof ApiError ? messageFor(caught) : 'Sign-in failed.'),
    keepBusyOnSuccess: true,
  });

  async function submit(event: Event) {
    event.preventDefault();
    await run(async () => {
      const { customer } = await api.signIn(email.trim(), password);
      props.onSignedIn(customer);
    });
  }

  return (
    <StepBody>
      <StepHeading lead={props.lead ?? 'Pay in installments with your Tranche account.'}>
        Sign in
      </StepHeading>
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
        <SubmitButton busy={busy} busyLabel="Signing in…">
          Sign in
        </SubmitButton>
      </form>
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
      <button class="link-button" type="button" onClick={props.onRegister}>
        New to Tranche? Create an account
      </button>
    </StepBody>
  );
}
