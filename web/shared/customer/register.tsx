import { useEffect, useRef, useState } from 'preact/hooks';

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
  // What the API said about each field, shown beside it (issue 27 fix 3).
  const [problems, setProblems] = useState<Partial<Record<keyof typeof fields, string>>>({});
  const [focusRequest, setFocusRequest] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const { busy, error, run } = useAsyncAction({
    describe: (caught) => {
      if (caught instanceof ApiError && caught.fields.length > 0) {
        setProblems(Object.fromEntries(caught.fields.map((p) => [p.field, p.message])));
        setFocusRequest((n) => n + 1);
        return caught.fields.length === 1
          ? 'Please check the field marked below.'
          : `Please check the ${caught.fields.length} fields marked below.`;
      }
      return caught instanceof ApiError && caught.code === 'email_taken'
        ? 'An account with this email already exists. Sign in instead.'
        : caught instanceof ApiError
          ? messageFor(caught)
          : 'Registration failed.';
    },
    keepBusyOnSuccess: true,
  });
  // The first field marked takes the focus, so a keyboard or screen reader lands on it.
  useEffect(() => {
    if (focusRequest === 0) return;
    form.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus();
  }, [focusRequest]);
  const set = (name: keyof typeof fields) => (value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    setProblems((current) => ({ ...current, [name]: undefined }));
  };

  async function submit(event: Event) {
    event.preventDefault();
    setProblems({});
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
      <form ref={form} onSubmit={(event) => void submit(event)} noValidate>
        <div class="row">
          <Field
            label="First name"
            autoComplete="given-name"
            required
            value={fields.first_name}
            onValue={set('first_name')}
            error={problems.first_name}
          />
          <Field
            label="Last name"
            autoComplete="family-name"
            required
            value={fields.last_name}
            onValue={set('last_name')}
            error={problems.last_name}
          />
        </div>
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={fields.email}
          onValue={set('email')}
          error={problems.email}
        />
        <Field
          label="Phone number"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          required
          value={fields.phone}
          onValue={set('phone')}
          error={problems.phone}
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
          error={problems.password}
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
