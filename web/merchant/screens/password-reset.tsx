import { useState } from 'preact/hooks';

import { ApiError } from '../../shared/json-api.ts';
import { messageOf } from '../../shared/message-of.ts';
import { Link } from '../../shared/router.tsx';
import { Alert, Field, StepHeading, SubmitButton } from '../../shared/ui.tsx';
import { useAsyncAction } from '../../shared/use-async-action.ts';
import type { MerchantApi, MerchantRecord } from '../api/index.ts';

export const FORGOT_PASSWORD_PATH = '/merchant/forgot-password';
export const RESET_PASSWORD_PATH = '/merchant/reset-password';

/** The reset link's token (`#token=…`), taken once and removed from the address bar. */
export function takeResetToken(): string | undefined {
  if (!location.pathname.startsWith(RESET_PASSWORD_PATH)) return undefined;
  const token = new URLSearchParams(location.hash.slice(1)).get('token') ?? undefined;
  if (location.hash) history.replaceState(null, '', location.pathname + location.search);
  return token;
}

/**
 * Asks for a link to set the dashboard password (a forgotten one, or the first one of an account
 * an operator created). The answer never says whether the address has an account.
 */
export function MerchantForgotPassword(props: { api: MerchantApi }) {
  const [email, setEmail] = useState('');
  const { busy, error, run } = useAsyncAction({
    describe: (caught) => messageOf(caught, 'The request failed.'),
  });
  const [sent, setSent] = useState<{ email: string; minutes: number }>();

  async function submit(event: Event) {
    event.preventDefault();
    if (busy) return;
    await run(async () => {
      const answer = await props.api.requestPasswordReset(email.trim());
      setSent({ email: email.trim(), minutes: answer.link_expires_in_minutes });
    });
  }

  if (sent) {
    return (
      <main class="auth-page card">
        <StepHeading
          lead={`If ${sent.email} has a Tranche merchant account, a link to choose a password is on its way.`}
        >
          Check your e-mail
        </StepHeading>
        <p>
          The link works once, for {sent.minutes} minutes. Nothing arrived after a few minutes? Look
          in your spam folder, or check the address and ask again.
        </p>
        <p class="after-form">
          <Link href="/merchant">Back to sign in</Link>
        </p>
      </main>
    );
  }

  return (
    <main class="auth-page card">
      <StepHeading lead="Forgotten it, or never had one (an account Tranche created for you)? We e-mail a link to choose a password.">
        Set your password
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
        <SubmitButton busy={busy} busyLabel="Sending…">
          Send the link
        </SubmitButton>
      </form>
      <p class="after-form">
        <Link href="/merchant">Back to sign in</Link>
      </p>
    </main>
  );
}

/** The e-mailed link's page: a new password, then signed in (and signed out everywhere else). */
export function MerchantResetPassword(props: {
  api: MerchantApi;
  token: string | undefined;
  onSignedIn: (merchant: MerchantRecord) => void;
}) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [expired, setExpired] = useState(!props.token);
  const { busy, error, setError, run } = useAsyncAction({
    describe: (caught) => messageOf(caught, 'The password could not be set.'),
    keepBusyOnSuccess: true,
  });
  const mismatch =
    confirmation.length > 0 && confirmation !== password ? 'The two passwords differ.' : undefined;

  async function submit(event: Event) {
    event.preventDefault();
    if (busy || !props.token) return;
    if (password !== confirmation) return setError('The two passwords differ.');
    const token = props.token;
    await run(async () => {
      try {
        props.onSignedIn(await props.api.resetPassword(token, password));
      } catch (caught) {
        if (caught instanceof ApiError && caught.code === 'reset_link_invalid') setExpired(true);
        throw caught;
      }
    });
  }

  if (expired) {
    return (
      <main class="auth-page card">
        <StepHeading lead="A link works once, for an hour after it is sent; using one retires the others.">
          This link no longer works
        </StepHeading>
        <p>
          <Link href={FORGOT_PASSWORD_PATH}>Send me a new link</Link>
        </p>
      </main>
    );
  }

  return (
    <main class="auth-page card">
      <StepHeading lead="You will be signed in with it, and signed out everywhere else.">
        Choose a password
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
    </main>
  );
}
