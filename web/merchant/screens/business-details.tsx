import { useEffect, useId, useState } from 'preact/hooks';

import { NIGERIAN_STATES } from '../../../src/domain/business-details.ts';
import { formatDateTime } from '../../shared/format.ts';
import { ApiError } from '../../shared/json-api.ts';
import { messageOf } from '../../shared/message-of.ts';
import { Link } from '../../shared/router.tsx';
import { Alert, Field, Spinner, StepHeading, SubmitButton } from '../../shared/ui.tsx';
import { useAsyncAction } from '../../shared/use-async-action.ts';
import {
  type BusinessDetails,
  getBusinessDetails,
  submitBusinessDetails,
} from '../api/business-details.ts';
import { useDashboard } from '../context.ts';

export const BUSINESS_DETAILS_PATH = '/merchant/business-details';

/**
 * What Tranche needs before it approves the account for live payments (decision 0074): the
 * business as registered with the CAC, its director (checked against the BVN record), and the
 * settlement account (set in Money, named by the bank). The API decides what is missing; this
 * screen shows its words.
 */
export function BusinessDetailsSection() {
  const { api, merchant, member } = useDashboard();
  const [details, setDetails] = useState<BusinessDetails>();
  const [loadError, setLoadError] = useState<string>();
  const mayEdit = member.permissions.includes('submit_business_details');

  useEffect(() => {
    getBusinessDetails(api, merchant.id).then(setDetails, (caught: unknown) =>
      setLoadError(messageOf(caught)),
    );
  }, []);

  return (
    <>
      <StepHeading lead="Tranche checks who runs the business before its live keys work, as Nigerian payment providers must. Test mode works meanwhile.">
        Business details
      </StepHeading>
      {loadError && <Alert>{loadError}</Alert>}
      {!details ? (
        !loadError && <Spinner label="Loading your business details…" />
      ) : (
        <>
          <ReviewCard details={details} status={merchant.status} />
          {mayEdit ? (
            <DetailsForm details={details} onSaved={setDetails} />
          ) : (
            <p class="notice">
              Only an owner or an admin of the account submits the business details.
            </p>
          )}
        </>
      )}
    </>
  );
}

/** Where the account stands: what was submitted, the director's check, what is still missing. */
function ReviewCard(props: { details: BusinessDetails; status: string }) {
  const { submission, settlement_account: account, blockers } = props.details;
  return (
    <section class="card" aria-labelledby="kyb-status-title">
      <h2 id="kyb-status-title">
        {props.status === 'active'
          ? 'Approved for live payments'
          : props.details.ready_for_approval
            ? 'Ready for review'
            : 'Not ready for review yet'}
      </h2>
      {props.status === 'active' && props.details.changed_since_approval && (
        <p class="notice">
          You changed these details after approval. Your account stays live while Tranche reviews
          the change.
        </p>
      )}
      {props.status !== 'active' && props.details.ready_for_approval && (
        <p>Everything is in. Tranche reviews it and e-mails you when your live keys work.</p>
      )}
      {blockers.length > 0 && (
        <ul class="kyb-blockers">
          {blockers.map((blocker) => (
            <li key={blocker}>{blocker}</li>
          ))}
        </ul>
      )}
      <dl class="pay-facts">
        <dt>Director's BVN check</dt>
        <dd>
          {submission ? (
            <>
              <span
                class={
                  submission.director.check === 'verified' ? 'pay-status good' : 'pay-status bad'
                }
              >
                {submission.director.check === 'verified' ? 'Verified' : 'Not verified'}
              </span>{' '}
              {submission.director.check_detail} ({submission.director.first_name}{' '}
              {submission.director.last_name}, BVN ending {submission.director.bvn_last4})
            </>
          ) : (
            'Not submitted yet'
          )}
        </dd>
        <dt>Settlement account</dt>
        <dd>
          {account ? (
            <>
              {account.account_name ?? 'Name unconfirmed'}, ******{account.account_number.slice(-4)}
            </>
          ) : (
            'Not set'
          )}{' '}
          (<Link href="/merchant/money">{account ? 'change it in Money' : 'set it in Money'}</Link>)
        </dd>
        {submission && (
          <>
            <dt>Submitted</dt>
            <dd>
              {formatDateTime(submission.submitted_at)} by {submission.submitted_by}
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}

interface Draft {
  registeredName: string;
  registrationNumber: string;
  taxId: string;
  street: string;
  city: string;
  state: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  bvn: string;
}

function draftOf(details: BusinessDetails): Draft {
  const s = details.submission;
  return {
    registeredName: s?.registered_name ?? '',
    registrationNumber: s?.registration_number ?? '',
    taxId: s?.tax_id ?? '',
    street: s?.address.street ?? '',
    city: s?.address.city ?? '',
    state: s?.address.state ?? '',
    firstName: s?.director.first_name ?? '',
    lastName: s?.director.last_name ?? '',
    // Never stored: asked again with each submission.
    dateOfBirth: '',
    bvn: '',
  };
}

/** The API's field names, for its per-field refusals. */
const FIELD_OF: Record<string, keyof Draft> = {
  registered_name: 'registeredName',
  registration_number: 'registrationNumber',
  tax_id: 'taxId',
  'address.street': 'street',
  'address.city': 'city',
  'address.state': 'state',
  'director.first_name': 'firstName',
  'director.last_name': 'lastName',
};

function DetailsForm(props: {
  details: BusinessDetails;
  onSaved: (saved: BusinessDetails) => void;
}) {
  const { api, merchant, reload } = useDashboard();
  const [draft, setDraft] = useState<Draft>(() => draftOf(props.details));
  const [agreed, setAgreed] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof Draft | 'consent', string>>>(
    {},
  );
  const [saved, setSaved] = useState<string>();
  const { busy, error, run } = useAsyncAction();
  const id = useId();
  const set = (key: keyof Draft) => (value: string) => setDraft({ ...draft, [key]: value });
  const consent = props.details.director_consent;
  const test = props.details.test_values;

  async function submit(event: Event) {
    event.preventDefault();
    setSaved(undefined);
    setFieldErrors(agreed ? {} : { consent: 'Tick the box once the director has agreed.' });
    if (!agreed) return;
    await run(async () => {
      try {
        const result = await submitBusinessDetails(api, merchant.id, {
          registered_name: draft.registeredName,
          registration_number: draft.registrationNumber,
          tax_id: draft.taxId.trim() === '' ? null : draft.taxId,
          address: { street: draft.street, city: draft.city, state: draft.state },
          director: {
            first_name: draft.firstName,
            last_name: draft.lastName,
            date_of_birth: draft.dateOfBirth,
            bvn: draft.bvn.trim(),
          },
          consent: { text_version: consent.version, agreed: true },
        });
        props.onSaved(result);
        setDraft({ ...draftOf(result) });
        setAgreed(false);
        setSaved(
          result.submission?.director.check === 'verified'
            ? 'Submitted. The director’s BVN check passed.'
            : 'Submitted, but the director’s BVN check failed: see above, correct and submit again.',
        );
        await reload();
      } catch (caught) {
        if (caught instanceof ApiError && caught.fields.length > 0) {
          const next: Partial<Record<keyof Draft, string>> = {};
          for (const problem of caught.fields) {
            const key = FIELD_OF[problem.field];
            if (key) next[key] = problem.message;
          }
          setFieldErrors(next);
        }
        throw caught;
      }
    });
  }

  return (
    <section class="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        {props.details.submission ? 'Change your business details' : 'Your business'}
      </h2>
      <p class="card-lead">
        As registered with the Corporate Affairs Commission. The director’s BVN and date of birth
        are checked against the BVN record and not kept.
      </p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field
          label="Registered business name"
          value={draft.registeredName}
          onValue={set('registeredName')}
          error={fieldErrors.registeredName}
          autoComplete="organization"
          required
          maxLength={200}
        />
        <Field
          label="CAC registration number"
          hint="RC for a company, BN for a business name, IT for incorporated trustees, e.g. RC1234567."
          value={draft.registrationNumber}
          onValue={set('registrationNumber')}
          error={fieldErrors.registrationNumber}
          required
          maxLength={20}
        />
        <Field
          label="Tax identification number (optional)"
          value={draft.taxId}
          onValue={set('taxId')}
          error={fieldErrors.taxId}
          maxLength={20}
        />
        <fieldset class="kyb-group">
          <legend>Registered address</legend>
          <Field
            label="Street address"
            value={draft.street}
            onValue={set('street')}
            error={fieldErrors.street}
            autoComplete="street-address"
            required
            maxLength={200}
          />
          <Field
            label="City or town"
            value={draft.city}
            onValue={set('city')}
            error={fieldErrors.city}
            autoComplete="address-level2"
            required
            maxLength={100}
          />
          <div class="field">
            <label for={`${id}-state`}>State</label>
            <select
              id={`${id}-state`}
              value={draft.state}
              required
              aria-invalid={fieldErrors.state ? 'true' : undefined}
              aria-describedby={fieldErrors.state ? `${id}-state-error` : undefined}
              onChange={(event) => set('state')(event.currentTarget.value)}
            >
              <option value="">Choose a state</option>
              {NIGERIAN_STATES.map((state) => (
                <option key={state} value={state}>
                  {state}
                </option>
              ))}
            </select>
            {fieldErrors.state && (
              <p class="field-error" id={`${id}-state-error`}>
                {fieldErrors.state}
              </p>
            )}
          </div>
        </fieldset>
        <fieldset class="kyb-group">
          <legend>Director</legend>
          {test && (
            <div class="kyb-test">
              <p class="hint">
                Test mode: the sandbox knows BVN <code>{test.director_bvn}</code>, born{' '}
                {test.date_of_birth}.
              </p>
              <div class="inline-actions">
                <button
                  type="button"
                  class="button secondary"
                  onClick={() =>
                    setDraft({ ...draft, bvn: test.director_bvn, dateOfBirth: test.date_of_birth })
                  }
                >
                  Fill in the test director
                </button>
              </div>
            </div>
          )}
          <Field
            label="First name, as on the BVN record"
            value={draft.firstName}
            onValue={set('firstName')}
            error={fieldErrors.firstName}
            required
            maxLength={60}
          />
          <Field
            label="Last name, as on the BVN record"
            value={draft.lastName}
            onValue={set('lastName')}
            error={fieldErrors.lastName}
            required
            maxLength={60}
          />
          <Field
            label="Date of birth"
            type="date"
            value={draft.dateOfBirth}
            onValue={set('dateOfBirth')}
            required
          />
          <Field
            label="BVN"
            hint="11 digits. Only its last four digits are kept."
            value={draft.bvn}
            onValue={set('bvn')}
            inputMode="numeric"
            autoComplete="off"
            required
            maxLength={11}
          />
        </fieldset>
        <div class="consent-text" id={`${id}-consent-text`}>
          {consent.text.split('\n\n').map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <label class="consent">
          <input
            type="checkbox"
            checked={agreed}
            aria-describedby={`${id}-consent-text`}
            aria-invalid={fieldErrors.consent ? 'true' : undefined}
            onChange={(event) => setAgreed(event.currentTarget.checked)}
          />
          <span>The director agreed to this check of their BVN.</span>
        </label>
        {fieldErrors.consent && <p class="field-error">{fieldErrors.consent}</p>}
        {error && <Alert>{error}</Alert>}
        <div class="inline-actions">
          <SubmitButton busy={busy} busyLabel="Checking…">
            {props.details.submission ? 'Submit the changes' : 'Submit for review'}
          </SubmitButton>
          <span aria-live="polite" class="saved">
            {saved ?? ''}
          </span>
        </div>
      </form>
    </section>
  );
}
