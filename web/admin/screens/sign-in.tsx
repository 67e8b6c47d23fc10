import { useState } from 'preact/hooks';

import { ApiError } from '../../shared/json-api.ts';
import { messageOf } from '../../shared/message-of.ts';
import { Alert, Field, StepHeading, SubmitButton } from '../../shared/ui.tsx';
import { useAsyncAction } from '../../shared/use-async-action.ts';
import type { AdminApi } from '../api.ts';

/**
 * Sign in with an operator account: email, password and the authenticator app's code (decision
 * 0035). The audit log records the account, so there is no name to type.
 */
export function OperatorSignIn(props: { api: AdminApi; onSignedIn: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const { busy, error, run } = useAsyncAction({
    describe: (caught) =>
      caught instanceof ApiError && caught.status === 401
        ? 'Email, password or authenticator code is incorrect. A code works once: if you just used it, wait for the next one.'
        : messageOf(caught, 'Sign-in failed.'),
    keepBusyOnSuccess: true,
  });

  async function submit(event: Event) {
    event.preventDefault();
    if (busy) return;
    await run(async () => {
      try {
        await props.api.signIn(email.trim(), password, code.replace(/\s/g, ''));
      } catch (caught) {
        // A code is good once: after a failed attempt, the next one is typed afresh.
        setCode('');
        throw caught;
      }
      props.onSignedIn();
    });
  }

  return (
    <main class="auth-page card">
      <StepHeading lead="Approve merchants and watch the money.">Operator console</StepHeading>
      {error && <Alert>{error}</Alert>}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field
          label="Email"
          type="email"
          autoComplete="username"
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
        <Field
          label="Authenticator code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          required
          value={code}
          onValue={setCode}
          hint={
            <>
              The 6 digits your authenticator app shows for Tranche. No account yet? Whoever runs
              Tranche creates one with <code>tranche operators add</code>.
            </>
          }
        />
        <SubmitButton busy={busy} busyLabel="Signing in…">
          Sign in
        </SubmitButton>
      </form>
    </main>
  );
}
