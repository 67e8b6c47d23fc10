import { useEffect, useState } from 'preact/hooks';

import { ApiError, type CreditCheckStatus } from '../api.ts';
import { Alert, Field, Spinner, StepBody, StepHeading, SubmitButton } from '../ui.tsx';
import { useAsyncAction } from '../use-async-action.ts';
import { useCustomerContext } from './context.ts';
import { messageFor } from './messages.ts';

const CREDIT_ERRORS: Record<string, string> = {
  bvn_malformed: 'A BVN is 11 digits.',
  credit_bvn_not_verified:
    'Enter the BVN you verified your identity with. The credit check is made on that BVN only.',
  credit_consent_required:
    'Tick the box to agree to the credit check. Your BVN is not sent to the credit bureaus without it.',
  credit_bureau_unavailable:
    'We could not reach the credit bureaus just now. Nothing was checked or recorded, and this is not a refusal: try again in a few minutes.',
};

function describe(caught: unknown): string {
  if (!(caught instanceof ApiError)) return 'The credit check could not be run.';
  return CREDIT_ERRORS[caught.code] ?? messageFor(caught);
}

/** What the identity step just verified, kept in memory only, so it need not be typed again. */
export interface VerifiedBvn {
  bvn: string;
  dateOfBirth: string;
}

/**
 * The credit check a live plan needs (decision 0047): the consent text in full with an unticked
 * box, the BVN (the one the identity was verified with) and the date of birth. The answer is the
 * server's; whether it allows a plan is the next eligibility answer's.
 */
export function CreditCheckConsent(props: {
  known?: VerifiedBvn | undefined;
  onChecked: () => void;
}) {
  const { api } = useCustomerContext();
  const [status, setStatus] = useState<CreditCheckStatus>();
  const [loadError, setLoadError] = useState<string>();
  const [bvn, setBvn] = useState(props.known?.bvn ?? '');
  const [dateOfBirth, setDateOfBirth] = useState(props.known?.dateOfBirth ?? '');
  const [agreed, setAgreed] = useState(false);
  const { busy, error, setError, run } = useAsyncAction({ describe, keepBusyOnSuccess: true });

  useEffect(() => {
    api.creditCheck().then(setStatus, (caught: unknown) => setLoadError(describe(caught)));
  }, [api]);

  if (loadError) return <Alert>{loadError}</Alert>;
  if (!status) return <Spinner label="Loading…" />;
  const consent = status.consent;

  async function submit(event: Event) {
    event.preventDefault();
    if (busy) return;
    const digits = bvn.replace(/\s/g, '');
    if (!/^\d{11}$/.test(digits)) return setError(CREDIT_ERRORS.bvn_malformed);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth)) return setError('Enter your date of birth.');
    if (!agreed) return setError(CREDIT_ERRORS.credit_consent_required);
    await run(async () => {
      await api.runCreditCheck({ bvn: digits, dateOfBirth, consentVersion: consent.version });
      props.onChecked();
    });
  }

  return (
    <StepBody>
      <StepHeading lead="Before a first plan, and every 90 days, Tranche asks the credit bureaus about your loans. It decides whether we can offer installments and up to how much.">
        Allow a credit check
      </StepHeading>
      {status.status === 'checked' && (
        <p>
          Your last credit check is no longer valid for this checkout. A new one is needed before
          you can pay in installments.
        </p>
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
          hint="The BVN you verified your identity with."
        />
        <Field
          label="Date of birth"
          type="date"
          autoComplete="bday"
          required
          value={dateOfBirth}
          onValue={setDateOfBirth}
        />
        <section class="consent-text" aria-label="Your consent to a credit check">
          <p>{consent.text}</p>
        </section>
        <label class="consent">
          <input
            type="checkbox"
            name="credit-consent"
            checked={agreed}
            onChange={(e) => setAgreed(e.currentTarget.checked)}
          />
          <span>I agree to this credit check.</span>
        </label>
        <SubmitButton busy={busy} busyLabel="Checking with the credit bureaus…">
          Run the credit check
        </SubmitButton>
      </form>
      <p class="fine-print">
        We never store your BVN. Each check shows on your credit report as an enquiry.
      </p>
    </StepBody>
  );
}
