import { useState } from 'preact/hooks';

import { ApiError } from '../../shared/json-api.ts';
import { messageOf } from '../../shared/message-of.ts';
import { Link } from '../../shared/router.tsx';
import { Alert, Field, StepHeading, SubmitButton } from '../../shared/ui.tsx';
import { useAsyncAction } from '../../shared/use-async-action.ts';
import type { MerchantApi, MerchantRecord } from '../api/index.ts';
import { TwoFactorCodeField } from './two-factor-code-field.tsx';

const DEACTIVATED =
  'This merchant account is deactivated: its keys are refused and no checkout can start.';

/**
 * What a deactivated merchant reads: the API's `merchant_inactive` detail, which carries the
 * operator's reason, and what to do about it.
 */
export function deactivatedNotice(detail: string | undefined): string {
  const said = detail?.startsWith('This merchant account is deactivated') ? detail : DEACTIVATED;
  return `${said}${/[.!?]$/.test(said) ? '' : '.'} Contact Tranche support to have it reactivated.`;
}

/** Sign in to the merchant dashboard. */
export function MerchantSignIn(props: {
  /** Shown until the merchant tries again (say the account was deactivated). */
  notice?: string | undefined;
  api: MerchantApi;
  onSignedIn: (merchant: MerchantRecord) => void;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [notice, setNotice] = useState(props.notice);
  // Two-factor sign-in (decision 0065): the API asked for a code after the right password.
  const [askCode, setAskCode] = useState(false);
  const [code, setCode] = useState('');
  // The code step has its own: the password step's stays busy once it has its answer.
  const codeStep = useAsyncAction({
    describe: (caught) => messageOf(caught, 'Sign-in failed.'),
    keepBusyOnSuccess: true,
  });
  const { busy, error, run } = useAsyncAction({
    describe: (caught) =>
      caught instanceof ApiError && caught.code === 'merchant_inactive'
        ? deactivatedNotice(caught.detail)
        : messageOf(caught, 'Sign-in failed.'),
    keepBusyOnSuccess: true,
  });
  const shown = error ?? notice;

  async function submit(event: Event) {
    event.preventDefault();
    if (busy) return;
    setNotice(undefined);
    await run(async () => {
      try {
        props.onSignedIn(await props.api.signIn(email.trim(), password));
      } catch (caught) {
        if (caught instanceof ApiError && caught.code === 'second_factor_required') {
          setAskCode(true);
          return;
        }
        throw caught;
      }
    });
  }

  async function submitCode(event: Event) {
    event.preventDefault();
    if (codeStep.busy) return;
    if (code.trim() === '') {
      return codeStep.setError('Type the code your authenticator app shows.');
    }
    await codeStep.run(async () => {
      try {
        props.onSignedIn(await props.api.signIn(email.trim(), password, code.trim()));
      } finally {
        // A refused code is used up either way: the next try needs the next code.
        setCode('');
      }
    });
  }

  if (askCode) {
    return (
      <main class="auth-page card">
        <StepHeading lead={`Signing in as ${email.trim()}.`}>Two-factor code</StepHeading>
        {codeStep.error && <Alert>{codeStep.error}</Alert>}
        <form onSubmit={(event) => void submitCode(event)} noValidate>
          <TwoFactorCodeField
            label="Code from your authenticator app"
            value={code}
            onValue={setCode}
            autoFocus
          />
          <SubmitButton busy={codeStep.busy} busyLabel="Checking…">
            Sign in
          </SubmitButton>
        </form>
        <p class="after-form">
          Lost your phone? Type one of your recovery codes (like ABCDE-FGHIJ) instead.{' '}
          <button class="link-button" type="button" onClick={() => location.reload()}>
            Use another account
          </button>
        </p>
      </main>
    );
  }

  return (
    <main class="auth-page card">
      <StepHeading lead="Your Tranche merchant dashboard.">Sign in</StepHeading>
      {shown && <Alert>{shown}</Alert>}
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
      <p class="after-form">
        <Link href="/merchant/forgot-password">Forgot password?</Link> · No password yet (an account
        Tranche created for you)? <Link href="/merchant/forgot-password">Set one</Link>
      </p>
      <p class="after-form">
        New to Tranche? <Link href="/merchant/register">Create a merchant account</Link>
      </p>
    </main>
  );
}
