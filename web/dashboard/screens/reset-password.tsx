import { useState } from 'preact/hooks';

import { ApiError, type Customer } from '../../shared/api.ts';
import { useCustomerContext } from '../../shared/customer/context.ts';
import { messageFor } from '../../shared/customer/messages.ts';
import { Alert, Field, StepBody, StepHeading, SubmitButton } from '../../shared/ui.tsx';

/**
 * The e-mailed link's page: the token arrives in the URL's fragment (never sent to a server) and
 * is dropped from the address bar at once, so it is neither bookmarked nor left in history.
 */
export function ResetPassword(props: {
  token: string | undefined;
  onSignedIn: (customer: Customer) => void;
  onForgotPassword: () => void;
}) {
  const { api } = useCustomerContext();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [expired, setExpired] = useState(!props.token);
  const mismatch =
    confirmation.length > 0 && confirmation !== password ? 'The two passwords differ.' : undefined;

  async function submit(event: Event) {
    event.preventDefault();
    if (busy || !props.token) return;
    if (password !== confirmation) return setError('The two passwords differ.');
    setBusy(true);
    setError(undefined);
    try {
      const { customer } = await api.resetPassword(props.token, password);
      props.onSignedIn(customer);
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'reset_link_invalid') setExpired(true);
      else setError(caught instanceof ApiError ? messageFor(caught) : 'The reset failed.');
      setBusy(false);
    }
  }

  if (expired) {
    return (
      <StepBody>
        <StepHeading lead="A reset link works once, for an hour after it is sent; using one retires the others.">
          This link no longer works
        </StepHeading>
        <button class="button" type="button" onClick={props.onForgotPassword}>
          Send me a new link
        </button>
      </StepBody>
    );
  }

  return (
    <StepBody>
      <StepHeading lead="You will be signed in with it, and signed out everywhere else.">
        Choose a new password
      </StepHeading>
      {error && <Alert>{error}</Alert>}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          maxLength={128}
          hint="At least 8 characters."
          value={password}
          onValue={setPassword}
        />
        <Field
          label="The same password again"
          type="password"
          autoComplete="new-password"
          required
          value={confirmation}
          onValue={setConfirmation}
          error={mismatch}
        />
        <SubmitButton busy={busy} busyLabel="Saving…">
          Save and sign in
        </SubmitButton>
      </form>
    </StepBody>
  );
}
