import { useEffect, useRef, useState } from 'preact/hooks';

import { plural } from '../../shared/format.ts';
import { messageOf } from '../../shared/message-of.ts';
import { Alert, Spinner, StepHeading } from '../../shared/ui.tsx';
import { listPlans, type PaymentPlan, type PlanStatus } from '../api/payments.ts';
import { useDashboard } from '../context.ts';
import { PLAN_STATUSES } from './payments/plan-status.tsx';
import { EmptyPlans, PlansTable } from './payments/plans-table.tsx';

const PAGE_SIZE = 20;

/** The mode's payment plans, newest first: filter by status, find one by its order reference. */
export function PaymentsSection() {
  const { api, merchant, mode } = useDashboard();
  const [status, setStatus] = useState<PlanStatus | ''>('');
  const [reference, setReference] = useState('');
  const [searched, setSearched] = useState('');
  const [plans, setPlans] = useState<PaymentPlan[]>();
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();
  const request = useRef(0);

  async function load(filter: { status: PlanStatus | ''; reference: string }, after?: string) {
    const id = ++request.current;
    setLoading(true);
    setError(undefined);
    try {
      const page = await listPlans(api, merchant.id, mode, {
        ...(filter.status !== '' && { status: filter.status }),
        ...(filter.reference !== '' && { orderReference: filter.reference }),
        limit: PAGE_SIZE,
        ...(after !== undefined && { cursor: after }),
      });
      if (id !== request.current) return; // a newer search replaced this one
      setPlans((shown) => (after === undefined ? page.data : [...(shown ?? []), ...page.data]));
      setCursor(page.has_more ? page.next_cursor : null);
    } catch (caught) {
      if (id === request.current) setError(messageOf(caught));
    } finally {
      if (id === request.current) setLoading(false);
    }
  }

  useEffect(() => void load({ status, reference: searched }), [mode]);

  function search(event: Event) {
    event.preventDefault();
    const wanted = reference.trim();
    setSearched(wanted);
    void load({ status, reference: wanted });
  }

  function clear() {
    setReference('');
    setSearched('');
    void load({ status, reference: '' });
  }

  return (
    <>
      <StepHeading lead={`Your ${mode} installment plans, newest first.`}>Payments</StepHeading>
      <section class="card" aria-labelledby="plan-filters-title">
        <h2 id="plan-filters-title" class="visually-hidden">
          Find a payment
        </h2>
        <form class="pay-filters" role="search" onSubmit={search} noValidate>
          <div class="field">
            <label for="plan-status">Status</label>
            <select
              id="plan-status"
              value={status}
              onChange={(event) => {
                const next = event.currentTarget.value as PlanStatus | '';
                setStatus(next);
                void load({ status: next, reference: searched });
              }}
            >
              <option value="">All statuses</option>
              {PLAN_STATUSES.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </div>
          <div class="field grow">
            <label for="plan-reference">Order reference</label>
            <input
              id="plan-reference"
              type="search"
              value={reference}
              maxLength={100}
              autoComplete="off"
              aria-describedby="plan-reference-hint"
              onInput={(event) => setReference(event.currentTarget.value)}
            />
            <p class="hint" id="plan-reference-hint">
              The exact reference your server sent with the checkout session.
            </p>
          </div>
          <div class="inline-actions">
            <button class="button" type="submit">
              Search
            </button>
            {searched !== '' && (
              <button class="button secondary" type="button" onClick={clear}>
                Clear search
              </button>
            )}
          </div>
        </form>
      </section>

      <section class="card" aria-labelledby="plans-title">
        <h2 id="plans-title">{mode === 'test' ? 'Test plans' : 'Live plans'}</h2>
        {error && <Alert>{error}</Alert>}
        <div role="status" class="visually-hidden">
          {plans && !loading && `${plural(plans.length, 'plan', 'plans')} shown`}
        </div>
        {plans === undefined ? (
          loading && <Spinner label="Loading payments…" />
        ) : plans.length === 0 ? (
          <EmptyPlans mode={mode} searched={searched} filtered={status !== ''} />
        ) : (
          <PlansTable plans={plans} />
        )}
        {cursor !== null && plans !== undefined && (
          <div class="pay-more">
            <button
              class="button secondary"
              type="button"
              disabled={loading}
              aria-busy={loading}
              onClick={() => void load({ status, reference: searched }, cursor)}
            >
              {loading ? 'Loading…' : 'Load more'}
            </button>
          </div>
        )}
      </section>
    </>
  );
}
