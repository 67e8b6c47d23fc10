import { useState } from 'preact/hooks';

import { ApiError } from '../api.ts';
import { Alert, Field, StepBody, StepHeading, SubmitButton } from '../ui.tsx';
import { useAsyncAction } from '../use-async-action.ts';
import { useCustomerContext } from './context.ts';
import { messageFor } from './messages.ts';
import { BvnHint, freshSandboxBvn, SANDBOX_BVN_DATE_OF_BIRTH } from './sandbox-hints.tsx';

const BVN_ERRORS: Record<string, string> = {
  bvn_not_found: 'We could not find this BVN. Check the 11 digits and try again.',
  bvn_dob_mismatch: 'The date of birth does not match this BVN.',
  bvn_malformed: 'A BVN is 11 digits.',
  bvn_in_use: 'This BVN already verifies another Tranche account.',
};

/** Identity verification with the customer's BVN, needed once before a first plan. */
export function IdentityVerification(props: { onVerified: () => void }) {
  const { api, sandbox } = useCustomerContext();
  const [bvn, setBvn] = useState('');
  const [dateOfBirth, setDateOfBirth] = useState('');
  const { busy, error, setError, run } = useAsyncAction({
    describe: (caught) =>
      caught instanceof ApiError
        ? (BVN_ERRORS[caught.code] ?? messageFor(caught))
        : 'Verification failed.',
    keepBusyOnSuccess: true,
  });

  async function submit(event: Event) {
    event.preventDefault();
    if (busy) return;
    const digits = bvn.replace(/\s/g, '');
    if (!/^\d{11}$/.test(digits)) return setError(BVN_ERRORS.bvn_malformed);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth)) return setError('Enter your date of birth.');
    await run(async () => {
      await api.verifyIdentity(digits, dateOfBirth);
      props.onVerified();
    });
  }

  return (
    <StepBody>
      <StepHeading lead="Tranche checks your Bank Verification Number once, before your first plan. We never store the BVN itself.">
        Verify your identity
      </StepHeading>
      {sandbox && (
        <BvnHint
          onUse={() => {
            setBvn(freshSandboxBvn());
            setDateOfBirth(SANDBOX_BVN_DATE_OF_BIRTH);
          }}
        />
      )}
      {error && <Alert>{error}</Alert>}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field
          label="BVN"
          inputMode="numeric"
          autoComplete="off"
          maxLength={11}
          required
          value={bvn}
          onValue={setBvn}
          hint="11 digits. Dial *565*0# to get it."
        />
        <Field
          label="Date of birth"
          type="date"
          autoComplete="bday"
          required
          value={dateOfBirth}
          onValue={setDateOfBirth}
        />
        <SubmitButton busy={busy} busyLabel="Checking…">
          Verify
        </SubmitButton>
      </form>
    </StepBody>
  );
}
