import { useState } from 'preact/hooks';

import { ApiError, type Customer } from '../api.ts';
import { Alert, Field, StepBody, StepHeading, SubmitButton } from '../ui.tsx';
import { useAsyncAction } from '../use-async-action.ts';
import { useCustomerContext } from './context.ts';
import { messageFor } from './messages.ts';

/** Create a Tranche account (in the checkout, without leaving it). */
export function Register(props: {
  onSignedIn: (customer: Customer) => void;
  onSignIn: () => void;
  email?: string | null;
}) {
  const { api } = useCustomerContext();
  const [fields, setFields] = useState({
    email: props.email ?? '',
    password: '',
    first_name: '',
    last_name: '',
    phone: '',
  });
  const { busy, error, run } = useAsyncAction({
    describe: (caught) =>
      caught instanceof ApiError && caught.code === 'email_taken'
        ? 'An account with this email already exists. Sign in instead.'
        : caught instanceof ApiError
          ? messageFor(caught)
          : 'Registration failed.',
    keepBusyOnSuccess: true,
  });
  const set = (name: keyof typeof fields) => (value: string) =>
    setFields((current) => ({ ...current, [name]: value }));

  async function submit(event: Event) {
    event.preventDefault();
    await run(async () => {
      const { customer } = await api.register({
        ...fields,
        email: fields.email.trim(),
        phone: fields.phone.trim(),
      });
      props.onSignedIn(customer);
    });
  }

  return (
    <StepBody>
      <StepHeading lead="It takes a minute. You will use it to follow and manage your payments.">
        Create your Tranche account
      </StepHeading>
      {error && <Alert>{error}</Alert>}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <div class="row">
          <Field
            label="First name"
            autoComplete="given-name"
            required
            value={fields.first_name}
            onValue={set('first_name')}
          />
          <Field
            label="Last name"
            autoComplete="family-name"
            required
            value={fields.last_name}
            onValue={set('last_name')}
          />
        </div>
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={fields.email}
          onValue={set('email')}
        />
        <Field
          label="Phone number"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          required
          value={fields.phone}
          onValue={set('phone')}
          hint="A Nigerian mobile number, e.g. 0803 123 4567"
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
      <button class="link-button" type="button" onClick={props.onSignIn}>
        Already have an account? Sign in
      </button>
    </StepBody>
  );
}
