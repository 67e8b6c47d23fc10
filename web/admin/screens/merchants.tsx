import { useEffect, useState } from 'preact/hooks';

import { formatDateTime } from '../../shared/format.ts';
import { messageOf } from '../../shared/message-of.ts';
import { Link } from '../../shared/router.tsx';
import { Alert, StepHeading } from '../../shared/ui.tsx';
import type { MerchantRecord, MerchantStatus } from '../api.ts';
import { useConsole } from '../context.ts';
import { STATUS_WORDS } from '../words.ts';

const PAGE = 25;

/** Every merchant, those waiting for approval first (the API's order); filter by status. */
export function MerchantsSection() {
  const { api } = useConsole();
  const [status, setStatus] = useState<MerchantStatus | ''>('');
  const [offset, setOffset] = useState(0);
  const [page, setPage] = useState<{ data: MerchantRecord[]; total: number }>();
  const [pending, setPending] = useState<number>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    setError(undefined);
    api
      .merchants({ status: status || undefined, limit: PAGE, offset })
      .then(setPage, (caught: unknown) => setError(messageOf(caught)));
  }, [status, offset]);
  useEffect(() => {
    api.merchants({ status: 'pending_approval', limit: 1, offset: 0 }).then(
      (result) => setPending(result.total),
      () => setPending(undefined),
    );
  }, []);

  return (
    <>
      <StepHeading
        lead={
          pending === undefined
            ? 'Approve new merchants, deactivate or reactivate them.'
            : `${pending} waiting for approval. Open a merchant to approve, deactivate or reactivate it.`
        }
      >
        Merchants
      </StepHeading>
      {error && <Alert>{error}</Alert>}
      <section class="card" aria-labelledby="merchants-title">
        <div class="card-head">
          <h2 id="merchants-title">
            {status ? STATUS_WORDS[status] : 'All merchants'}
            {page && ` (${page.total})`}
          </h2>
          <div class="field">
            <label for="merchant-status">Show</label>
            <select
              id="merchant-status"
              value={status}
              onChange={(event) => {
                setOffset(0);
                setStatus(event.currentTarget.value as MerchantStatus | '');
              }}
            >
              <option value="">All, pending approval first</option>
              <option value="pending_approval">Pending approval</option>
              <option value="active">Active</option>
              <option value="deactivated">Deactivated</option>
            </select>
          </div>
        </div>
        {page && page.data.length === 0 && <p>No merchants here.</p>}
        {page && page.data.length > 0 && (
          <table class="table stack-table">
            <thead>
              <tr>
                <th scope="col">Business</th>
                <th scope="col">Email</th>
                <th scope="col">Status</th>
                <th scope="col">Registered</th>
              </tr>
            </thead>
            <tbody>
              {page.data.map((merchant) => (
                <tr key={merchant.id} data-merchant-id={merchant.id}>
                  <th scope="row" data-label="Business">
                    <Link href={`/admin/merchants/${merchant.id}`}>{merchant.business_name}</Link>
                  </th>
                  <td data-label="Email" class="wrap">
                    {merchant.email}
                  </td>
                  <td data-label="Status">
                    <StatusBadge status={merchant.status} />
                  </td>
                  <td data-label="Registered">{formatDateTime(merchant.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {page && page.total > PAGE && (
          <div class="inline-actions pager">
            <button
              class="button secondary"
              type="button"
              disabled={offset === 0}
              onClick={() => setOffset(Math.max(0, offset - PAGE))}
            >
              Previous
            </button>
            <span>
              {offset + 1}–{Math.min(offset + PAGE, page.total)} of {page.total}
            </span>
            <button
              class="button secondary"
              type="button"
              disabled={offset + PAGE >= page.total}
              onClick={() => setOffset(offset + PAGE)}
            >
              Next
            </button>
          </div>
        )}
      </section>
    </>
  );
}

export function StatusBadge(props: { status: MerchantStatus }) {
  return <span class={`state-badge ${props.status}`}>{STATUS_WORDS[props.status]}</span>;
}
