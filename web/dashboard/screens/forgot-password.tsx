import { useState } from 'preact/hooks';

import { ApiError } from '../../shared/api.ts';
import { useCustomerContext } from '../../shared/customer/context.ts';
import { messageFor } from '../../shared/customer/messages.ts';
import { Alert, Field, StepBody, StepHeading, SubmitButton } from '../../shared/ui.tsx';
import { useAsyncAction } from '../../shared/use-async-action.ts';

/** Asks for a reset link by e-mail. The answer never says whether the address has an account. */
export function ForgotPassword(props: { onSignIn: () => void }) {
  const { api } = useCustomerContext();
  const [email, setEmail] = useState('');
  const { busy, error, run } = useAsyncAction({
    describe: (caught) => (caught instanceof ApiError ? messageFor(caught) : 'The request failed.'),
  });
  const [sent, setSent] = useState<{ email: string; minutes: number }>();

  async function submit(event: Event) {
    event.preventDefault();
    if (busy) return;
    await run(async () => {
      const answer = await api.requestPasswordReset(email.trim());
      setSent({ email: email.trim(), minutes: answer.link_expires_in_minutes });
    });
  }

  if (sent) {
    return (
      <StepBody>
        <StepHeading
          lead={`If ${sent.email} has a Tranche account, a link to choose a new password is on its way.`}
        >
          Check your e-mail
        </StepHeading>
        <p>
          The link works once, for {sent.minutes} minutes. Nothing arrived after a few minutes? Look
          in your spam folder, or check the address and ask again.
        </p>
        <button class="button secondary" type="button" onClick={() => setSent(undefined)}>
          Use another address
        </button>
        <button class="link-button" type="button" onClick={props.onSignIn}>
          Back to sign in
        </button>
      </StepBody>
    );
  }

  return (
    <StepBody>
      <StepHeading lead="Enter the e-mail address of your Tranche account. We will send you a link to choose a new password.">
        Reset your password
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
      <button class="link-button" type="button" onClick={props.onSignIn}>
        Back to sign in
      </button>
    </StepBody>
  );
}
