import { useEffect, useState } from 'preact/hooks';

import { ApiError, type IdentityConsentText, type IdentityStatus } from '../api.ts';
import { Alert, Field, Spinner, StepBody, StepHeading, SubmitButton } from '../ui.tsx';
import { useAsyncAction } from '../use-async-action.ts';
import { useCustomerContext } from './context.ts';
import type { VerifiedBvn } from './credit-check.tsx';
import { messageFor } from './messages.ts';

const BVN_ERRORS: Record<string, string> = {
  bvn_not_found: 'We could not find this BVN. Check the 11 digits and try again.',
  bvn_dob_mismatch: 'The date of birth does not match this BVN.',
  bvn_malformed: 'A BVN is 11 digits.',
  bvn_in_use: 'This BVN already verifies another Tranche account.',
  consent_required: 'Tick the box to agree to the identity check. Your BVN is not sent without it.',
  consent_text_outdated: 'The consent text has changed: reload the page and read it again.',
  identity_provider_unavailable:
    'We could not reach the identity service just now. Nothing was checked; try again in a few minutes.',
};

function describe(caught: unknown): string {
  if (!(caught instanceof ApiError)) return 'Verification failed.';
  // The server's own words for a wrong code: how many tries are left.
  if (caught.code === 'phone_code_rejected') return caught.detail;
  return BVN_ERRORS[caught.code] ?? messageFor(caught);
}

/** A test BVN with the provider's prefix: a fresh one each time (one BVN, one account). */
function freshTestBvn(prefix: string): string {
  const rest = 11 - prefix.length;
  const digits = Array.from(crypto.getRandomValues(new Uint8Array(rest)), (b) => b % 10).join('');
  return `${prefix}${digits}`;
}

/**
 * Identity verification, needed once before a first plan (decision 0046): the consent text in
 * full with an unticked box, the BVN and date of birth, then, when the BVN record has a phone, the
 * code sent to it.
 */
export function IdentityVerification(props: {
  /** With what was entered (kept in memory only: a live checkout's credit check reuses it). */
  onVerified: (verified?: VerifiedBvn) => void;
  sessionToken?: string;
}) {
  const { api } = useCustomerContext();
  const [terms, setTerms] = useState<IdentityConsentText>();
  const [status, setStatus] = useState<IdentityStatus>();
  const [loadError, setLoadError] = useState<string>();
  const [entered, setEntered] = useState<VerifiedBvn>();

  useEffect(() => {
    Promise.all([api.identityConsentText(), api.identity()]).then(
      ([text, current]) => {
        setTerms(text);
        setStatus(current);
      },
      (caught: unknown) => setLoadError(describe(caught)),
    );
  }, [api]);

  if (loadError) return <Alert>{loadError}</Alert>;
  if (!terms || !status) return <Spinner label="Loading…" />;
  if (status.status === 'pending_phone_code') {
    return (
      <PhoneCode
        status={status}
        testCode={terms.test_values?.phone_code ?? null}
        onVerified={() => props.onVerified(entered)}
        onStartAgain={() => setStatus({ ...status, status: 'unverified' })}
      />
    );
  }
  return (
    <BvnForm
      terms={terms}
      sessionToken={props.sessionToken}
      onAnswer={(answer, sent) => {
        setEntered(sent);
        if (answer.status === 'verified') props.onVerified(sent);
        else setStatus(answer);
      }}
    />
  );
}

function BvnForm(props: {
  terms: IdentityConsentText;
  sessionToken: string | undefined;
  onAnswer: (status: IdentityStatus, sent: VerifiedBvn) => void;
}) {
  const { api } = useCustomerContext();
  const { terms } = props;
  const [bvn, setBvn] = useState('');
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [agreed, setAgreed] = useState(false);
  const { busy, error, setError, run } = useAsyncAction({ describe });

  async function submit(event: Event) {
    event.preventDefault();
    if (busy) return;
    const digits = bvn.replace(/\s/g, '');
    if (!/^\d{11}$/.test(digits)) return setError(BVN_ERRORS.bvn_malformed);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth)) return setError('Enter your date of birth.');
    if (!agreed) return setError(BVN_ERRORS.consent_required);
    await run(async () => {
      props.onAnswer(
        await api.verifyIdentity({
          bvn: digits,
          dateOfBirth,
          consentVersion: terms.version,
          checkoutSessionToken: props.sessionToken,
        }),
        { bvn: digits, dateOfBirth },
      );
    });
  }

  const test = terms.test_values;
  return (
    <StepBody>
      <StepHeading lead="Tranche checks your Bank Verification Number once, before your first plan. We never store the BVN itself.">
        Verify your identity
      </StepHeading>
      {test && (
        <div class="sandbox-hint">
          <strong>Test mode:</strong> any BVN starting with <code>{test.bvn_prefix}</code> (11
          digits) with date of birth <code>{test.date_of_birth}</code> is verified
          {test.phone_code ? (
            <>
              ; the code sent to its phone is <code>{test.phone_code}</code>
            </>
          ) : null}
          .{' '}
          <button
            type="button"
            onClick={() => {
              setBvn(freshTestBvn(test.bvn_prefix));
              setDateOfBirth(test.date_of_birth);
            }}
          >
            Fill in a test BVN
          </button>
        </div>
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
        <section class="consent-text" aria-label="Your consent">
          {terms.text.split('\n\n').map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
        <label class="consent">
          <input
            type="checkbox"
            name="identity-consent"
            checked={agreed}
            onChange={(e) => setAgreed(e.currentTarget.checked)}
          />
          <span>I agree to this identity check by {terms.provider}.</span>
        </label>
        <SubmitButton busy={busy} busyLabel="Checking…">
          Verify
        </SubmitButton>
      </form>
    </StepBody>
  );
}

function PhoneCode(props: {
  status: IdentityStatus;
  testCode: string | null;
  onVerified: () => void;
  onStartAgain: () => void;
}) {
  const { api } = useCustomerContext();
  const [code, setCode] = useState('');
  const { busy, error, setError, run } = useAsyncAction({ describe, keepBusyOnSuccess: true });

  async function submit(event: Event) {
    event.preventDefault();
    if (busy) return;
    const digits = code.replace(/\s/g, '');
    if (!/^\d{4,10}$/.test(digits)) return setError('Enter the code from the text message.');
    await run(async () => {
      try {
        await api.confirmIdentityPhoneCode(digits);
      } catch (caught) {
        // No code waiting any more (expired, or the last try used): back to the BVN form.
        if (
          caught instanceof ApiError &&
          (caught.code === 'phone_code_expired' || caught.code === 'no_phone_code_pending')
        ) {
          props.onStartAgain();
        }
        throw caught;
      }
      props.onVerified();
    });
  }

  return (
    <StepBody>
      <StepHeading
        lead={`We sent a code to ${props.status.phone_hint ?? 'the phone on your BVN record'}, the phone registered with your BVN. Enter it to finish.`}
      >
        Enter the code
      </StepHeading>
      {props.testCode && (
        <div class="sandbox-hint">
          <strong>Test mode:</strong> enter <code>{props.testCode}</code>.
        </div>
      )}
      {error && <Alert>{error}</Alert>}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field
          label="Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={10}
          required
          value={code}
          onValue={setCode}
        />
        <SubmitButton busy={busy} busyLabel="Checking…">
          Confirm
        </SubmitButton>
      </form>
      <p class="fine-print">
        The code works for 10 minutes. Not your phone any more? Update it with your bank first.
      </p>
      <button class="link-button" type="button" onClick={props.onStartAgain}>
        Start again
      </button>
    </StepBody>
  );
}
