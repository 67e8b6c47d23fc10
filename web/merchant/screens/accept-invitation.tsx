import { useState } from 'preact/hooks';

import { ApiError } from '../../shared/json-api.ts';
import { messageOf } from '../../shared/message-of.ts';
import { Link } from '../../shared/router.tsx';
import { Alert, Field, StepHeading, SubmitButton } from '../../shared/ui.tsx';
import { useAsyncAction } from '../../shared/use-async-action.ts';
import type { MerchantApi, MerchantRecord } from '../api/index.ts';

export const ACCEPT_INVITATION_PATH = '/merchant/accept-invitation';

/** The invitation link's token (`#token=…`), taken once and removed from the address bar. */
export function takeInvitationToken(): string | undefined {
  if (!location.pathname.startsWith(ACCEPT_INVITATION_PATH)) return undefined;
  const token = new URLSearchParams(location.hash.slice(1)).get('token') ?? undefined;
  if (location.hash) history.replaceState(null, '', location.pathname + location.search);
  return token;
}

/** The invitation e-mail's page (decision 0064): choose a password, then signed in. */
export function AcceptInvitation(props: {
  api: MerchantApi;
  token: string | undefined;
  onSignedIn: (merchant: MerchantRecord) => void;
}) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [expired, setExpired] = useState(!props.token);
  const { busy, error, setError, run } = useAsyncAction({
    describe: (caught) => messageOf(caught, 'The invitation could not be accepted.'),
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
        props.onSignedIn(await props.api.acceptInvitation(token, password));
      } catch (caught) {
        if (caught instanceof ApiError && caught.code === 'reset_link_invalid') setExpired(true);
        throw caught;
      }
    });
  }

  if (expired) {
    return (
      <main class="auth-page card">
        <StepHeading lead="An invitation link works once, for seven days. Ask the team’s owner or an admin to invite you again.">
          This invitation no longer works
        </StepHeading>
        <p>
          <Link href="/merchant">Go to sign in</Link>
        </p>
      </main>
    );
  }
  return (
    <main class="auth-page card">
      <StepHeading lead="Choose the password you will sign in with, with the e-mail address the invitation was sent to.">
        Join the team
      </StepHeading>
      {error && <Alert>{error}</Alert>}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field
          label="Password"
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
        <SubmitButton busy={busy} busyLabel="Joining…">
          Join and sign in
        </SubmitButton>
      </form>
    </main>
  );
}
