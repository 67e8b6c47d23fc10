import { useState } from 'preact/hooks';

import { messageOf } from '../../shared/message-of.ts';
import { Link } from '../../shared/router.tsx';
import { Alert, Field, StepHeading, SubmitButton } from '../../shared/ui.tsx';
import { useAsyncAction } from '../../shared/use-async-action.ts';
import type { MerchantApi, NewMerchant } from '../api/index.ts';
import { CopyableSecret, MerchantIdField } from './copyable-secret.tsx';

/** Create a merchant account (spec §4.3); its keys are shown once, right after. */
export function MerchantRegister(props: {
  api: MerchantApi;
  onDone: (email: string, password: string) => void;
}) {
  const [fields, setFields] = useState({ business_name: '', email: '', password: '' });
  const { busy, error, run } = useAsyncAction({
    describe: (caught) => messageOf(caught, 'Registration failed.'),
  });
  const [created, setCreated] = useState<NewMerchant>();
  const set = (name: keyof typeof fields) => (value: string) =>
    setFields((current) => ({ ...current, [name]: value }));

  async function submit(event: Event) {
    event.preventDefault();
    if (busy) return;
    await run(async () => {
      setCreated(await props.api.register({ ...fields, email: fields.email.trim() }));
    });
  }

  if (created) {
    return (
      <main class="auth-page card">
        <StepHeading lead="Copy them now: they are shown only this once. You can roll new ones later.">
          Your keys
        </StepHeading>
        <MerchantIdField merchantId={created.merchant.id} />
        <CopyableSecret
          label="Test secret key (sandbox, works now)"
          value={created.secret_keys.test}
        />
        <CopyableSecret
          label="Live secret key (works once Tranche approves your account)"
          value={created.secret_keys.live}
        />
        <CopyableSecret label="Test webhook secret" value={created.webhook_secrets.test} />
        <CopyableSecret label="Live webhook secret" value={created.webhook_secrets.live} />
        <CopyableSecret
          label="Test publishable key (public: for the price in installments in your pages; shown again under Developers)"
          value={created.publishable_keys.test}
        />
        <CopyableSecret label="Live publishable key" value={created.publishable_keys.live} />
        <button
          class="button"
          type="button"
          onClick={() => props.onDone(fields.email.trim(), fields.password)}
        >
          I have saved them: open the dashboard
        </button>
      </main>
    );
  }

  return (
    <main class="auth-page card">
      <StepHeading lead="Test mode works at once; live payments start when Tranche approves your business.">
        Create a merchant account
      </StepHeading>
      {error && <Alert>{error}</Alert>}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field
          label="Business name"
          autoComplete="organization"
          required
          value={fields.business_name}
          onValue={set('business_name')}
        />
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={fields.email}
          onValue={set('email')}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          value={fields.password}
          onValue={set('password')}
          hint="At least 8 characters."
        />
        <SubmitButton busy={busy} busyLabel="Creating your account…">
          Create account
        </SubmitButton>
      </form>
      <p class="after-form">
        Already on Tranche? <Link href="/merchant">Sign in</Link>
      </p>
    </main>
  );
}
