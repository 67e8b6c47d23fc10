import { useEffect, useState } from 'preact/hooks';

import type { CreditCheckStatus } from '../../shared/api.ts';
import { formatDateTime, formatNaira } from '../../shared/format.ts';
import { useCustomerDashboard } from '../context.ts';

/**
 * What Tranche holds from the customer's credit check (decision 0047; issue 25 item 6: a customer
 * sees what is held about them), and the one press that withdraws the consent, as the consent
 * text promises ("I can withdraw this consent at any time in my account").
 */
export function CreditCheckCard() {
  const { api } = useCustomerDashboard();
  const [check, setCheck] = useState<CreditCheckStatus>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    api.creditCheck().then(setCheck, () => setFailed(true));
  }, [api]);
  if (failed || !check) return null;
  return (
    <section class="card" aria-labelledby="credit-check">
      <h2 id="credit-check">Credit check</h2>
      {check.status === 'not_checked' ? (
        <p>
          No credit check is held about you. A live plan asks for one at checkout, with your
          consent.
        </p>
      ) : (
        <CreditCheckFacts check={check} />
      )}
      {check.status === 'checked' && <WithdrawCreditConsent />}
    </section>
  );
}

/** The bureaus' own names for the ids the API gives. */
const BUREAU_NAMES: Record<string, string> = {
  crc: 'CRC Credit Bureau',
  first_central: 'FirstCentral Credit Bureau',
  credit_registry: 'CreditRegistry',
};

function CreditCheckFacts(props: { check: CreditCheckStatus }) {
  const { check } = props;
  const summary = check.summary;
  return (
    <>
      <p>
        {check.checked_at && `Checked ${formatDateTime(check.checked_at)}`}
        {check.expires_at && `; it counts until ${formatDateTime(check.expires_at)}`}.{' '}
        {check.outcome === 'no_record' && 'The credit bureaus had no record of you.'}
        {check.outcome === 'subject_mismatch' &&
          'The report found was about someone with another date of birth.'}
      </p>
      {summary && (
        <dl class="pay-facts">
          <dt>From</dt>
          <dd>{summary.bureaus.map((id) => BUREAU_NAMES[id] ?? id).join(', ')}</dd>
          <dt>Credit score</dt>
          <dd>
            {summary.score === null ? 'none given' : `${summary.score} (${summary.score_band})`}
          </dd>
          <dt>Open loans</dt>
          <dd>{summary.open_loans}</dd>
          <dt>Loans in arrears</dt>
          <dd>
            {summary.delinquent_facilities}
            {summary.max_days_overdue > 0 && `, up to ${summary.max_days_overdue} days overdue`}
          </dd>
          <dt>Overdue</dt>
          <dd>{formatNaira(summary.total_overdue)}</dd>
          <dt>Outstanding</dt>
          <dd>{formatNaira(summary.total_outstanding)}</dd>
          <dt>Enquiries (3 months)</dt>
          <dd>{summary.enquiries_last_3_months}</dd>
        </dl>
      )}
      <p class="fine-print">
        This summary is all Tranche keeps: not the report, never your BVN. It is deleted a year
        after the check stops counting.
      </p>
    </>
  );
}

/** NDPA s.35: withdrawing consent is one press; no check is made or used after it. */
function WithdrawCreditConsent() {
  const { api } = useCustomerDashboard();
  const [answer, setAnswer] = useState<string>();
  return (
    <p class="fine-print">
      {answer ?? 'You agreed to credit checks with your BVN. '}
      {answer === undefined && (
        <button
          class="link-button"
          type="button"
          onClick={() =>
            void api.withdrawCreditConsent().then(
              () =>
                setAnswer(
                  'Consent withdrawn: no credit check is made or used from now on. Live plans need one, so checkout will ask again.',
                ),
              () => setAnswer('Could not withdraw just now; try again.'),
            )
          }
        >
          Withdraw consent to credit checks
        </button>
      )}
    </p>
  );
}
