import { formatDateTime } from '../../shared/format.ts';
import type { Overview } from '../api.ts';

/**
 * What the merchant submitted for live approval (decision 0074), shown beside the Approve button:
 * the business as registered, the director and the outcome of the BVN check, the settlement
 * account with the name the bank gave, and what the API says still blocks approval.
 */
export function BusinessDetailsFacts(props: { details: Overview['business_details'] }) {
  const { submission: s, settlement_account: account, blockers } = props.details;
  return (
    <div class="kyb">
      <h3 id="kyb-title">
        Business details{' '}
        <span
          class={`state-badge ${props.details.ready_for_approval ? 'active' : 'pending_approval'}`}
        >
          {props.details.ready_for_approval ? 'Ready for approval' : 'Not ready'}
        </span>
      </h3>
      {props.details.changed_since_approval && (
        <p class="notice">Changed after approval: approve again once reviewed.</p>
      )}
      {blockers.length > 0 && (
        <ul class="kyb-blockers">
          {blockers.map((blocker) => (
            <li key={blocker}>{blocker}</li>
          ))}
        </ul>
      )}
      <dl class="pay-facts">
        <dt>Registered name</dt>
        <dd>{s?.registered_name ?? 'Not submitted'}</dd>
        {s && (
          <>
            <dt>CAC number</dt>
            <dd>
              <code>{s.registration_number}</code>
            </dd>
            <dt>Tax id</dt>
            <dd>{s.tax_id ?? 'Not given'}</dd>
            <dt>Address</dt>
            <dd class="wrap">
              {s.address.street}, {s.address.city}, {s.address.state}
            </dd>
            <dt>Director</dt>
            <dd>
              {s.director.first_name} {s.director.last_name}, BVN ending {s.director.bvn_last4}
            </dd>
            <dt>Director's BVN check</dt>
            <dd class={s.director.check === 'verified' ? undefined : 'bad-number'}>
              {s.director.check === 'verified' ? 'Verified' : 'Failed'}: {s.director.check_detail} (
              {s.director.provider}, {formatDateTime(s.director.checked_at)})
            </dd>
            <dt>Submitted</dt>
            <dd>
              {formatDateTime(s.submitted_at)} by {s.submitted_by}
            </dd>
          </>
        )}
        <dt>Settlement account</dt>
        <dd>
          {account
            ? `${account.account_name ?? 'Name unconfirmed'} (bank ${account.bank_code}, ${account.account_number})`
            : 'Not set'}
        </dd>
      </dl>
    </div>
  );
}
