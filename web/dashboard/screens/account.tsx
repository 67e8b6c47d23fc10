import { useEffect, useState } from 'preact/hooks';

import { ApiError, type IdentityStatus, type TrustSummary } from '../../shared/api.ts';
import { IdentityVerification } from '../../shared/customer/identity.tsx';
import { messageFor } from '../../shared/customer/messages.ts';
import { formatDateTime, formatNaira } from '../../shared/format.ts';
import { Alert, Spinner, StepHeading } from '../../shared/ui.tsx';
import { useCustomerDashboard } from '../context.ts';
import { CreditCheckCard } from './credit-check-card.tsx';
import { PhoneAndDevicesCard } from './phone-and-devices.tsx';

/** Identity verification, and the score, tier and spending limit that follow from it. */
export function AccountSection() {
  const { api, sandbox } = useCustomerDashboard();
  const [identity, setIdentity] = useState<IdentityStatus>();
  const [trust, setTrust] = useState<TrustSummary>();
  const [error, setError] = useState<string>();

  async function load() {
    try {
      // The record that matters is the one of the mode the customer's plans are in (decision 0010).
      const [who, record] = await Promise.all([api.identity(), api.trust(!sandbox)]);
      setIdentity(who);
      setTrust(record);
    } catch (caught) {
      setError(
        caught instanceof ApiError ? messageFor(caught) : 'Your account could not be loaded.',
      );
    }
  }
  useEffect(() => void load(), [sandbox]);

  return (
    <>
      <StepHeading lead="How much you can spend with Tranche, and how to raise it.">
        Identity and limit
      </StepHeading>
      {error && <Alert>{error}</Alert>}
      {!identity && !error && <Spinner label="Loading…" />}
      {trust && <TrustCard trust={trust} />}
      {identity?.status === 'verified' && (
        <section class="card" aria-labelledby="identity">
          <h2 id="identity">Identity verified</h2>
          <p>
            BVN ending {identity.bvn_last4}
            {identity.verified_at && `, verified ${formatDateTime(identity.verified_at)}`}.
          </p>
          <WithdrawConsent onDone={() => void load()} />
        </section>
      )}
      {identity && identity.status !== 'verified' && (
        <section class="card">
          <IdentityVerification onVerified={() => void load()} />
        </section>
      )}
      <CreditCheckCard />
      <RaiseLimitCard />
      <PhoneAndDevicesCard />
    </>
  );
}

/** NDPA s.35: withdrawing consent to identity checks is one press (decision 0046). */
function WithdrawConsent(props: { onDone: () => void }) {
  const { api } = useCustomerDashboard();
  const [answer, setAnswer] = useState<string>();
  return (
    <p class="fine-print">
      {answer ?? 'You agreed to identity checks with your BVN. '}
      {answer === undefined && (
        <button
          class="link-button"
          type="button"
          onClick={() =>
            void api.withdrawIdentityConsent().then(
              () => {
                setAnswer('Consent withdrawn: no further checks. Your verification stays.');
                props.onDone();
              },
              () => setAnswer('Could not withdraw just now; try again.'),
            )
          }
        >
          Withdraw consent
        </button>
      )}
    </p>
  );
}

function TrustCard(props: { trust: TrustSummary }) {
  const { trust } = props;
  return (
    <section class="card" aria-labelledby="trust">
      <h2 id="trust">
        {trust.tier}
        {!trust.livemode && <span class="badge">Test mode</span>}
      </h2>
      {trust.delinquent && (
        <Alert>
          A payment is overdue: Tranche cannot be used at checkout until it is paid. Open the plan
          under “Your plans” and pay it now.
        </Alert>
      )}
      <dl class="pay-facts">
        <dt>Score</dt>
        <dd>{trust.score} of 1000</dd>
        <dt>Spending limit</dt>
        <dd>{formatNaira(trust.spending_limit)} owed across open plans</dd>
        <dt>Owed now</dt>
        <dd>{formatNaira(trust.open_balance)}</dd>
        <dt>Available</dt>
        <dd>{formatNaira(trust.available)}</dd>
        <dt>Your record</dt>
        <dd>
          {trust.factors.on_time_installments} paid on time, {trust.factors.missed_installments}{' '}
          missed, {trust.factors.completed_plans} plans completed
          {trust.factors.defaulted_plans > 0 && `, ${trust.factors.defaulted_plans} in default`}
        </dd>
      </dl>
    </section>
  );
}

/** The published rules of decision 0010, in words (the API computes them, not this page). */
function RaiseLimitCard() {
  return (
    <section class="card" aria-labelledby="raise">
      <h2 id="raise">What raises your score and limit</h2>
      <ul>
        <li>Verifying your identity: +150.</li>
        <li>
          A clean credit report (live plans need a credit check): +100 with a good bureau score, +25
          with a fair one, for the 90 days it counts.
        </li>
        <li>Each installment paid on time: +10 (your first 50 count).</li>
        <li>Each plan completed, including paid off early: +30 (your first 10 count).</li>
        <li>A missed installment: −50, even once paid later. A plan in default: −150.</li>
      </ul>
      <table class="table">
        <caption class="visually-hidden">Tiers and spending limits</caption>
        <thead>
          <tr>
            <th scope="col">Tier</th>
            <th scope="col">Score</th>
            <th scope="col">Spending limit</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Tranche Bronze</th>
            <td>0–499</td>
            <td>{formatNaira(5_000_000)}</td>
          </tr>
          <tr>
            <th scope="row">Tranche Silver</th>
            <td>500–649</td>
            <td>{formatNaira(15_000_000)}</td>
          </tr>
          <tr>
            <th scope="row">Tranche Gold</th>
            <td>650–799</td>
            <td>{formatNaira(40_000_000)}</td>
          </tr>
          <tr>
            <th scope="row">Tranche Platinum</th>
            <td>800–1000</td>
            <td>{formatNaira(100_000_000)}</td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}
