import { useState } from 'preact/hooks';

import { ApiError } from '../../shared/json-api.ts';
import { messageOf } from '../../shared/message-of.ts';
import { Alert, Field, StepHeading, SubmitButton } from '../../shared/ui.tsx';
import { useAsyncAction } from '../../shared/use-async-action.ts';
import type { AdminApi } from '../api.ts';

/** Sign in with the operator token and the name the audit log records (decision 0020). */
export function OperatorSignIn(props: { api: AdminApi; onSignedIn: () => void }) {
  const [token, setToken] = useState('');
  const [operator, setOperator] = useState('');
  const { busy, error, run } = useAsyncAction({
    describe: (caught) =>
      caught instanceof ApiError && caught.status === 401
        ? 'That is not the operator token. Run `npm run tranche -- admin-token` to print it.'
        : messageOf(caught, 'Sign-in failed.'),
    keepBusyOnSuccess: true,
  });

  async function submit(event: Event) {
    event.preventDefault();
    await run(async () => {
      await props.api.signIn(token.trim(), operator.trim());
      props.onSignedIn();
    });
  }

  return (
    <main class="auth-page card">
      <StepHeading lead="Approve merchants and watch the money.">Operator console</StepHeading>
      {error && <Alert>{error}</Alert>}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field
          label="Your name"
          autoComplete="name"
          required
          maxLength={80}
          value={operator}
          onValue={setOperator}
          hint="Recorded with every change you make (letters, digits, spaces and . @ _ ' -)."
        />
        <Field
          label="Operator token"
          type="password"
          autoComplete="off"
          required
          value={token}
          onValue={setToken}
          hint={
            <>
              ADMIN_API_TOKEN; in development, <code>npm run tranche -- admin-token</code> prints
              it. Kept in this tab only.
            </>
          }
        />
        <SubmitButton busy={busy} busyLabel="Checking…">
          Sign in
        </SubmitButton>
      </form>
    </main>
  );
}
