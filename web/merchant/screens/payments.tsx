import { useEffect, useRef, useState } from 'preact/hooks';
import { formatDateTime, formatDueDate, formatNaira, plural } from '../../shared/format.ts';
import { ApiError } from '../../shared/json-api.ts';
import {
  advancePlanClock,
  collectNextInstallmentNow,
  getPlan,
  listPlans,
  type PaymentPlan,
  type PlanInstallment,
  type PlanStatus,
} from '../api/payments.ts';
import { Alert, Spinner, StepHeading } from '../../shared/ui.tsx';
import { useDashboard } from '../context.ts';
import { PlanHistory } from './plan-history.tsx';
import { PlanRefunds } from './plan-refunds.tsx';
import { Link } from '../../shared/router.tsx';
import { messageOf } from '../../shared/message-of.ts';

export const PAYMENTS_PATH = '/merchant/payments';

/**
 * Which Payments page a path is: the list at `/merchant/payments`, one plan at
 * `/merchant/payments/{plan_id}`; undefined for any other path.
 */
export function paymentsRoute(
  path: string,
): { kind: 'list' } | { kind: 'plan'; id: string } | undefined {
  const trimmed = path.replace(/\/+$/, '');
  if (trimmed === PAYMENTS_PATH) return { kind: 'list' };
  const match = /^\/merchant\/payments\/([^/]+)$/.exec(trimmed);
  if (!match?.[1]) return undefined;
  try {
    return { kind: 'plan', id: decodeURIComponent(match[1]) };
  } catch {
    return { kind: 'plan', id: match[1] };
  }
}

export const planPath = (id: string) => `${PAYMENTS_PATH}/${encodeURIComponent(id)}`;

const PLAN_STATUSES: readonly { value: PlanStatus; label: string }[] = [
  { value: 'pending_deposit', label: 'Waiting for deposit' },
  { value: 'active', label: 'Active' },
  { value: 'completed', label: 'Completed' },
  { value: 'defaulted', label: 'Defaulted' },
  { value: 'cancelled', label: 'Cancelled' },
];

const INSTALLMENT_STATUSES: Record<string, string> = {
  scheduled: 'Scheduled',
  processing: 'Being collected',
  failed: 'Failed',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

/** The tone of a status pill: how the API's state reads at a glance (no rule behind it). */
const TONES: Record<string, 'good' | 'bad' | 'wait' | undefined> = {
  completed: 'good',
  active: 'good',
  paid: 'good',
  pending_deposit: 'wait',
  processing: 'wait',
  defaulted: 'bad',
  failed: 'bad',
};

function StatusPill(props: { status: string; label: string }) {
  const tone = TONES[props.status];
  return <span class={tone ? `pay-status ${tone}` : 'pay-status'}>{props.label}</span>;
}

const planStatusLabel = (status: string) =>
  PLAN_STATUSES.find((s) => s.value === status)?.label ?? status;
const installmentStatusLabel = (status: string) => INSTALLMENT_STATUSES[status] ?? status;
const installmentName = (i: PlanInstallment) =>
  i.sequence === 0 ? 'Deposit' : `Installment ${i.sequence}`;
const scheduleOf = (plan: PaymentPlan) =>
  `${plan.upfront_pct}% upfront, then ${plural(plan.installment_count, `${plan.frequency} payment`, `${plan.frequency} payments`)}`;

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
          <table class="table pay-table">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Created</th>
                <th scope="col" class="money">
                  Amount
                </th>
                <th scope="col">Schedule</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {plans.map((plan) => (
                <tr key={plan.id}>
                  <td data-label="Order">
                    <Link href={planPath(plan.id)}>{plan.order_reference}</Link>
                  </td>
                  <td data-label="Created">{formatDateTime(plan.created_at)}</td>
                  <td data-label="Amount" class="money">
                    {formatNaira(plan.amount)}
                  </td>
                  <td data-label="Schedule">{scheduleOf(plan)}</td>
                  <td data-label="Status">
                    <StatusPill status={plan.status} label={planStatusLabel(plan.status)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
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

function EmptyPlans(props: { mode: string; searched: string; filtered: boolean }) {
  if (props.searched !== '')
    return (
      <p class="pay-empty">
        No {props.mode} plan has the order reference <strong>{props.searched}</strong>
        {props.filtered && ' with this status'}. References must match exactly.
      </p>
    );
  if (props.filtered) return <p class="pay-empty">No {props.mode} plan has this status.</p>;
  return (
    <p class="pay-empty">
      No {props.mode} plans yet. A plan appears here when a customer confirms a checkout
      {props.mode === 'test' ? ' (a payment link or your integration with your test key)' : ''}.
    </p>
  );
}

/** What time travel changed, installment by installment, once the collection has run. */
type Outcome =
  | { state: 'waiting'; text: string }
  | { state: 'done'; text: string; changes: string[] }
  | { state: 'pending'; text: string };

const POLL_EVERY_MS = 700;
const POLL_TIMES = 12;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Installments whose state differs between two readings of a plan, in words. */
function changesBetween(before: PaymentPlan, after: PaymentPlan): string[] {
  return after.installments.flatMap((now) => {
    const then = before.installments.find((i) => i.id === now.id);
    if (!then || then.status === now.status) return [];
    const when = now.paid_at !== null ? ` (${formatDateTime(now.paid_at)})` : '';
    return [`${installmentName(now)}: ${installmentStatusLabel(now.status).toLowerCase()}${when}`];
  });
}

/** One plan of the merchant's: its installments and totals; in test mode, time travel. */
export function PlanDetail(props: { id: string }) {
  // Another plan is another page: nothing of this one (state, polling) carries over.
  return <PlanPage key={props.id} id={props.id} />;
}

function PlanPage(props: { id: string }) {
  const { api, merchant, mode } = useDashboard();
  const [plan, setPlan] = useState<PaymentPlan>();
  const [missing, setMissing] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const [days, setDays] = useState('7');
  // Bumped whenever the plan is read again, so its charges and events are read again too.
  const [version, setVersion] = useState(0);
  useEffect(() => setVersion((v) => v + 1), [plan]);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );
  // Read through a call: the page may be left while a call is awaited.
  const gone = (): boolean => !alive.current;

  const fetchPlan = () => getPlan(api, merchant.id, props.id);

  useEffect(() => {
    fetchPlan().then(setPlan, (caught: unknown) => {
      if (caught instanceof ApiError && caught.status === 404) setMissing(true);
      else setError(messageOf(caught));
    });
  }, []);

  /** Calls time travel, then reads the plan again until the collection it queued has run. */
  async function travel(call: () => Promise<PaymentPlan>, waiting: string) {
    if (!plan || busy) return;
    const before = plan;
    setBusy(true);
    setError(undefined);
    setOutcome(undefined);
    try {
      let latest = await call();
      if (gone()) return;
      setPlan(latest);
      setOutcome({ state: 'waiting', text: waiting });
      for (let i = 0; i < POLL_TIMES; i++) {
        await sleep(POLL_EVERY_MS);
        if (gone()) return;
        latest = await fetchPlan();
        if (gone()) return;
        setPlan(latest);
        const settled = !latest.installments.some((x) => x.status === 'processing');
        if (settled && changesBetween(before, latest).length > 0) break;
      }
      const changes = changesBetween(before, latest);
      setOutcome(
        changes.length > 0
          ? { state: 'done', text: 'Done.', changes }
          : latest.installments.some((x) => x.status === 'processing')
            ? { state: 'pending', text: 'The collection is still running: refresh in a moment.' }
            : {
                state: 'pending',
                text: 'No installment changed state yet: due dates moved, collections run when due. Refresh in a moment.',
              },
      );
    } catch (caught) {
      if (!gone()) setError(messageOf(caught));
      setOutcome(undefined);
    } finally {
      if (!gone()) setBusy(false);
    }
  }

  async function refresh() {
    setError(undefined);
    try {
      setPlan(await fetchPlan());
      setOutcome(undefined);
    } catch (caught) {
      setError(messageOf(caught));
    }
  }

  const back = (
    <p class="pay-back">
      <Link href={PAYMENTS_PATH}>← All payments</Link>
    </p>
  );

  if (missing)
    return (
      <>
        {back}
        <StepHeading lead="There is no payment plan with this id in your account.">
          Payment not found
        </StepHeading>
        <p>Check the link, or find the payment by its order reference in Payments.</p>
      </>
    );
  if (!plan)
    return (
      <>
        {back}
        {error ? <Alert>{error}</Alert> : <Spinner label="Loading the payment…" />}
      </>
    );

  const paid = plan.installments
    .filter((i) => i.status === 'paid')
    .reduce((sum, i) => sum + i.amount, 0);
  const toCollect = plan.installments
    .filter((i) => i.status === 'scheduled' || i.status === 'processing' || i.status === 'failed')
    .reduce((sum, i) => sum + i.amount, 0);
  const planMode = plan.livemode ? 'live' : 'test';
  const daysNumber = Number(days);
  const daysValid = Number.isInteger(daysNumber) && daysNumber >= 1 && daysNumber <= 400;

  return (
    <>
      {back}
      <StepHeading lead={`Payment plan: ${formatNaira(plan.amount)}, ${scheduleOf(plan)}.`}>
        {plan.order_reference}
      </StepHeading>
      {planMode !== mode && (
        <p class="notice">
          This is a {planMode} plan; you are looking at {mode} data.
        </p>
      )}
      <section class="card" aria-labelledby="plan-summary-title">
        <h2 id="plan-summary-title">Summary</h2>
        <dl class="pay-facts">
          <dt>Status</dt>
          <dd>
            <StatusPill status={plan.status} label={planStatusLabel(plan.status)} />
            {plan.livemode ? '' : <span class="badge">Test</span>}
          </dd>
          <dt>Order reference</dt>
          <dd>{plan.order_reference}</dd>
          <dt>Customer</dt>
          <dd>
            <code>{plan.customer_id}</code>
          </dd>
          <dt>Plan</dt>
          <dd>
            <code>{plan.id}</code>
          </dd>
          <dt>Created</dt>
          <dd>{formatDateTime(plan.created_at)}</dd>
          <dt>Amount</dt>
          <dd>{formatNaira(plan.amount)}</dd>
          <dt>Paid</dt>
          <dd>{formatNaira(paid)}</dd>
          <dt>Still to collect</dt>
          <dd>{formatNaira(toCollect)}</dd>
        </dl>
      </section>

      <section class="card" aria-labelledby="installments-title">
        <h2 id="installments-title">Installments</h2>
        <table class="table pay-table">
          <thead>
            <tr>
              <th scope="col">Payment</th>
              <th scope="col">Due</th>
              <th scope="col" class="money">
                Amount
              </th>
              <th scope="col">Status</th>
              <th scope="col">Paid at</th>
            </tr>
          </thead>
          <tbody>
            {plan.installments.map((i) => (
              <tr key={i.id}>
                <th scope="row" data-label="Payment">
                  {installmentName(i)}
                </th>
                <td data-label="Due">{formatDueDate(i.due_at)}</td>
                <td data-label="Amount" class="money">
                  {formatNaira(i.amount)}
                </td>
                <td data-label="Status">
                  <StatusPill status={i.status} label={installmentStatusLabel(i.status)} />
                </td>
                <td data-label="Paid at">{i.paid_at === null ? '—' : formatDateTime(i.paid_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div class="pay-more">
          <button class="link-button" type="button" onClick={() => void refresh()}>
            Refresh
          </button>
        </div>
      </section>

      <PlanRefunds plan={plan} onChanged={() => void refresh()} />
      <PlanHistory plan={plan} version={version} />

      {mode === 'test' && !plan.livemode && (
        <section class="card" aria-labelledby="time-travel-title">
          <h2 id="time-travel-title">Sandbox time travel</h2>
          <p class="fine-print">
            Test plans only: instead of waiting for due dates, collect now or move this plan’s
            clock. The sandbox charges the customer’s test card a moment later, and your webhooks
            follow as they would in live mode.
          </p>
          {error && <Alert>{error}</Alert>}
          <div class="inline-actions">
            <button
              class="button"
              type="button"
              disabled={busy}
              aria-busy={busy}
              onClick={() =>
                void travel(
                  () => collectNextInstallmentNow(api, merchant.id, plan.id),
                  'Collecting the next installment…',
                )
              }
            >
              Collect the next installment now
            </button>
          </div>
          <form
            class="inline-actions pay-travel-days"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (daysValid)
                void travel(
                  () => advancePlanClock(api, merchant.id, plan.id, daysNumber),
                  `Moving the plan’s clock ${plural(daysNumber, 'day', 'days')}…`,
                );
            }}
          >
            <div class="field">
              <label for="travel-days">Days</label>
              <input
                id="travel-days"
                type="number"
                inputMode="numeric"
                min={1}
                max={400}
                step={1}
                value={days}
                aria-describedby="travel-days-hint"
                aria-invalid={daysValid ? undefined : 'true'}
                onInput={(event) => setDays(event.currentTarget.value)}
              />
            </div>
            <button class="button secondary" type="submit" disabled={busy || !daysValid}>
              Advance {daysValid ? plural(daysNumber, 'day', 'days') : 'N days'}
            </button>
          </form>
          <p class="hint" id="travel-days-hint">
            A whole number of days, 1 to 400.
          </p>
          <div aria-live="polite" class="pay-travel-outcome">
            {outcome?.state === 'waiting' && <p class="notice">{outcome.text}</p>}
            {outcome?.state === 'pending' && <p class="notice">{outcome.text}</p>}
            {outcome?.state === 'done' && (
              <div class="notice">
                <p>{outcome.text}</p>
                <ul>
                  {outcome.changes.map((change) => (
                    <li key={change}>{change}</li>
                  ))}
                </ul>
              </div>
            )}
          </div>
        </section>
      )}
      {!(mode === 'test' && !plan.livemode) && error && <Alert>{error}</Alert>}
    </>
  );
}
