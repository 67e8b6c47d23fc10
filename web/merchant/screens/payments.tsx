import { useEffect, useRef, useState } from 'preact/hooks';

import { parseNairaToKobo, plural } from '../../shared/format.ts';
import { messageOf } from '../../shared/message-of.ts';
import { Alert, Spinner, StepHeading } from '../../shared/ui.tsx';
import { listPlans, type PaymentPlan, type PlanStatus } from '../api/payments.ts';
import { planExportPath, type PlanSearch } from '../api/reports.ts';
import { useDashboard } from '../context.ts';
import { DownloadButton } from './download-button.tsx';
import { PLAN_STATUSES } from './payments/plan-status.tsx';
import { EmptyPlans, PlansTable } from './payments/plans-table.tsx';

const PAGE_SIZE = 20;

/** A Lagos day ("2026-11-27") as the instant it starts (Lagos is UTC+1 all year). */
const lagosDayStart = (day: string, plusDays = 0) =>
  new Date(Date.parse(`${day}T00:00:00+01:00`) + plusDays * 86_400_000).toISOString();

interface SearchForm {
  q: string;
  reference: string;
  amountFrom: string;
  amountTo: string;
  dateFrom: string;
  dateTo: string;
}

const EMPTY_FORM: SearchForm = {
  q: '',
  reference: '',
  amountFrom: '',
  amountTo: '',
  dateFrom: '',
  dateTo: '',
};

/** The form as the API's filters; a problem to show instead when an amount is not one. */
function searchOf(form: SearchForm, status: PlanStatus | ''): PlanSearch | string {
  const amount = (text: string, label: string) => {
    if (text.trim() === '') return undefined;
    const kobo = parseNairaToKobo(text);
    return kobo === undefined
      ? `${label} is not an amount in naira, such as 25000 or 25,000.50.`
      : kobo;
  };
  const min = amount(form.amountFrom, 'Amount from');
  const max = amount(form.amountTo, 'Amount to');
  if (typeof min === 'string') return min;
  if (typeof max === 'string') return max;
  return {
    ...(form.q.trim() !== '' && { q: form.q.trim() }),
    ...(status !== '' && { status }),
    ...(form.reference.trim() !== '' && { orderReference: form.reference.trim() }),
    ...(min !== undefined && { amountMinKobo: min }),
    ...(max !== undefined && { amountMaxKobo: max }),
    ...(form.dateFrom !== '' && { createdFrom: lagosDayStart(form.dateFrom) }),
    // The last day counts whole: up to the start of the next one.
    ...(form.dateTo !== '' && { createdBefore: lagosDayStart(form.dateTo, 1) }),
  };
}

const searching = (search: PlanSearch) => Object.keys(search).some((key) => key !== 'status');

/**
 * The mode's payment plans, newest first: search by the buyer's e-mail, phone or name, the
 * title or order reference, status, amount and date (decision 0066), and export what is found.
 */
export function PaymentsSection() {
  const { api, merchant, mode } = useDashboard();
  const [status, setStatus] = useState<PlanStatus | ''>('');
  const [form, setForm] = useState<SearchForm>(EMPTY_FORM);
  const [searched, setSearched] = useState<PlanSearch>({});
  const [problem, setProblem] = useState<string>();
  const [plans, setPlans] = useState<PaymentPlan[]>();
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();
  const request = useRef(0);

  async function load(filter: PlanSearch, after?: string) {
    const id = ++request.current;
    setLoading(true);
    setError(undefined);
    try {
      const page = await listPlans(api, merchant.id, mode, {
        ...filter,
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

  useEffect(() => void load(searched), [mode]);

  function run(nextForm: SearchForm, nextStatus: PlanStatus | '') {
    const wanted = searchOf(nextForm, nextStatus);
    if (typeof wanted === 'string') {
      setProblem(wanted);
      return;
    }
    setProblem(undefined);
    setSearched(wanted);
    void load(wanted);
  }

  function search(event: Event) {
    event.preventDefault();
    run(form, status);
  }

  function clear() {
    setForm(EMPTY_FORM);
    run(EMPTY_FORM, status);
  }

  const field = (name: keyof SearchForm) => ({
    value: form[name],
    onInput: (event: { currentTarget: HTMLInputElement }) => {
      const value = event.currentTarget.value;
      setForm((f) => ({ ...f, [name]: value }));
    },
  });

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
                run(form, next);
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
            <label for="plan-search">Search</label>
            <input
              id="plan-search"
              type="search"
              maxLength={200}
              autoComplete="off"
              aria-describedby="plan-search-hint"
              {...field('q')}
            />
            <p class="hint" id="plan-search-hint">
              The buyer’s e-mail, phone or name, the title or the order reference.
            </p>
          </div>
          <div class="field">
            <label for="plan-reference">Order reference</label>
            <input
              id="plan-reference"
              type="search"
              maxLength={100}
              autoComplete="off"
              aria-describedby="plan-reference-hint"
              {...field('reference')}
            />
            <p class="hint" id="plan-reference-hint">
              The exact reference your server sent with the checkout session.
            </p>
          </div>
          <div class="field narrow">
            <label for="plan-amount-from">Amount from (₦)</label>
            <input
              id="plan-amount-from"
              inputMode="decimal"
              autoComplete="off"
              {...field('amountFrom')}
            />
          </div>
          <div class="field narrow">
            <label for="plan-amount-to">Amount to (₦)</label>
            <input
              id="plan-amount-to"
              inputMode="decimal"
              autoComplete="off"
              {...field('amountTo')}
            />
          </div>
          <div class="field narrow">
            <label for="plan-date-from">Created from</label>
            <input id="plan-date-from" type="date" {...field('dateFrom')} />
          </div>
          <div class="field narrow">
            <label for="plan-date-to">Created to</label>
            <input id="plan-date-to" type="date" {...field('dateTo')} />
          </div>
          <div class="inline-actions">
            <button class="button" type="submit">
              Search
            </button>
            {searching(searched) && (
              <button class="button secondary" type="button" onClick={clear}>
                Clear search
              </button>
            )}
          </div>
        </form>
        {problem && <Alert>{problem}</Alert>}
        <div class="pay-exports" role="group" aria-labelledby="plan-exports-title">
          <h3 id="plan-exports-title">Export what this search finds (CSV)</h3>
          <div class="inline-actions">
            <DownloadButton path={planExportPath(merchant.id, 'plans', mode, searched)}>
              Plans
            </DownloadButton>
            <DownloadButton path={planExportPath(merchant.id, 'charges', mode, searched)}>
              Collected payments
            </DownloadButton>
            <DownloadButton path={planExportPath(merchant.id, 'refunds', mode, searched)}>
              Refunds
            </DownloadButton>
          </div>
        </div>
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
          <EmptyPlans
            mode={mode}
            searched={Object.keys(searched).length === 1 ? (searched.orderReference ?? '') : ''}
            searching={searching(searched)}
            filtered={status !== ''}
          />
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
              onClick={() => void load(searched, cursor)}
            >
              {loading ? 'Loading…' : 'Load more'}
            </button>
          </div>
        )}
      </section>
    </>
  );
}
