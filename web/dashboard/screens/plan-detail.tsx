import { useEffect, useState } from 'preact/hooks';
import {
  ApiError,
  type Method,
  type Notice,
  type PaymentOutcome,
  type PaymentPlan,
} from '../../shared/api.ts';
import { messageFor } from '../../shared/customer/messages.ts';
import { formatDateTime, formatDueDate, formatNaira } from '../../shared/format.ts';
import { Link } from '../../shared/router.tsx';
import { Alert, Spinner, StepHeading } from '../../shared/ui.tsx';
import { useCustomerDashboard } from '../context.ts';
import {
  INSTALLMENT_STATUS,
  installmentName,
  isOpen,
  merchantNameOf,
  methodText,
  PLAN_STATUS,
  planFigures,
  type PlanFigures,
} from '../plan-facts.ts';
import { MethodPicker } from './method-picker.tsx';
import { StatusPill } from './status-pill.tsx';
import { useAsyncAction } from '../../shared/use-async-action.ts';

type Loaded =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; plan: PaymentPlan; methods: Method[] };

/** One plan: its schedule and money, and what the customer can do about it. */
export function PlanDetail(props: { id: string }) {
  const { api, customer, notices, reload } = useCustomerDashboard();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });

  async function load() {
    try {
      const [plan, methods] = await Promise.all([api.plan(props.id), api.methods(customer.id)]);
      setLoaded({ kind: 'ready', plan, methods });
    } catch (caught) {
      // Another customer's plan reads as 404, like one that does not exist: nothing is shown.
      if (caught instanceof ApiError && caught.status === 404) setLoaded({ kind: 'missing' });
      else
        setLoaded({
          kind: 'error',
          message:
            caught instanceof ApiError ? messageFor(caught) : 'The plan could not be loaded.',
        });
    }
  }
  useEffect(() => void load(), [props.id]);

  async function changed() {
    await Promise.all([load(), reload()]);
  }

  const back = (
    <p class="pay-back">
      <Link href="/dashboard">← All your plans</Link>
    </p>
  );
  if (loaded.kind === 'loading') return <Spinner label="Loading the plan…" />;
  if (loaded.kind === 'missing')
    return (
      <>
        {back}
        <StepHeading>Plan not found</StepHeading>
        <p>There is no plan at this address among your plans.</p>
      </>
    );
  if (loaded.kind === 'error')
    return (
      <>
        {back}
        <Alert>{loaded.message}</Alert>
      </>
    );

  const { plan, methods } = loaded;
  const figures = planFigures(plan, Date.now());
  const merchant = merchantNameOf(plan.id, notices);
  const active = methods.filter((m) => m.status === 'active');
  return (
    <>
      {back}
      <StepHeading lead={merchant && `Bought from ${merchant}`}>
        Plan {plan.order_reference}
      </StepHeading>
      <PlanFactsCard plan={plan} figures={figures} methods={methods} />
      {isOpen(plan) && figures.overdue.length > 0 && (
        <PayCard which="overdue" plan={plan} figures={figures} methods={active} onDone={changed} />
      )}
      {isOpen(plan) && figures.leftKobo > 0 && (
        <PayCard which="all" plan={plan} figures={figures} methods={active} onDone={changed} />
      )}
      {isOpen(plan) && <ChangeMethodCard plan={plan} methods={active} onDone={changed} />}
      <ScheduleCard plan={plan} />
      <ReceiptsCard planId={plan.id} notices={notices} />
    </>
  );
}

function PlanFactsCard(props: { plan: PaymentPlan; figures: PlanFigures; methods: Method[] }) {
  const { plan, figures } = props;
  const method = props.methods.find((m) => m.id === plan.payment_method_id);
  return (
    <section class="card" aria-labelledby="plan-facts">
      <h2 id="plan-facts">Summary</h2>
      <dl class="pay-facts">
        <dt>Status</dt>
        <dd>
          <StatusPill status={PLAN_STATUS[String(plan.status)]} raw={String(plan.status)} />
          {!plan.livemode && <span class="badge">Test</span>}
        </dd>
        <dt>Total</dt>
        <dd>{formatNaira(figures.totalKobo)}</dd>
        <dt>Paid</dt>
        <dd>{formatNaira(figures.paidKobo)}</dd>
        <dt>Left to pay</dt>
        <dd>{formatNaira(figures.leftKobo)}</dd>
        <dt>Next payment</dt>
        <dd>
          {figures.next
            ? `${formatNaira(figures.next.amount)} on ${formatDueDate(figures.next.due_at)}`
            : figures.overdue.length > 0
              ? 'Overdue payments first (below)'
              : 'Nothing more is due'}
        </dd>
        <dt>Paid with</dt>
        <dd>{method ? methodText(method) : 'A method that was removed'}</dd>
        {method?.status === 'revoked' && (
          <dd class="field-error">
            This method was withdrawn by your bank: choose another one below.
          </dd>
        )}
        <dt>Schedule</dt>
        <dd>
          Deposit and {plan.installment_count} {plan.frequency} installments
        </dd>
      </dl>
    </section>
  );
}

const PAY_WORDS = {
  overdue: {
    title: 'A payment is overdue',
    lead: 'Pay what is overdue now. Once it is paid your account is in good standing again and you can use Tranche at checkout.',
    button: (amount: string) => `Pay ${amount} now`,
  },
  all: {
    title: 'Pay off early',
    lead: 'Pay everything left now. There is no fee and no penalty for paying early; the plan then completes.',
    button: (amount: string) => `Pay off ${amount}`,
  },
} as const;

/** Pay now (failed and due installments) or pay off early, with the plan's method or another. */
function PayCard(props: {
  which: 'overdue' | 'all';
  plan: PaymentPlan;
  figures: PlanFigures;
  methods: Method[];
  onDone: () => Promise<void>;
}) {
  const { plan, which } = props;
  const { api } = useCustomerDashboard();
  const words = PAY_WORDS[which];
  const [methods, setMethods] = useState(props.methods);
  const [methodId, setMethodId] = useState(
    props.methods.find((m) => m.id === plan.payment_method_id)?.id ?? props.methods[0]?.id ?? '',
  );
  const [confirming, setConfirming] = useState(false);
  const { busy, error, run } = useAsyncAction({
    describe: (caught) =>
      caught instanceof ApiError ? messageFor(caught) : 'The payment could not be made.',
  });
  const [outcome, setOutcome] = useState<PaymentOutcome>();
  const amountKobo = which === 'all' ? props.figures.leftKobo : props.figures.overdueKobo;
  const headingId = `pay-${which}`;

  async function pay() {
    if (busy || !methodId) return;
    setOutcome(undefined);
    await run(async () => {
      // The plan's own method is the default; another one moves the plan to it first (API).
      const other = methodId === plan.payment_method_id ? undefined : methodId;
      const result = await api.payPlan(plan.id, which, other);
      setOutcome(result);
      setConfirming(false);
      await props.onDone();
    });
  }

  return (
    <section class={`card ${which === 'overdue' ? 'card-alert' : ''}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{words.title}</h2>
      <p class="card-lead">{words.lead}</p>
      {which === 'overdue' && (
        <ul class="overdue-list">
          {props.figures.overdue.map((i) => (
            <li key={i.id}>
              {installmentName(i, plan.installment_count)}: {formatNaira(i.amount)}, due{' '}
              {formatDueDate(i.due_at)} ({INSTALLMENT_STATUS[i.status]?.text ?? i.status})
            </li>
          ))}
        </ul>
      )}
      {error && <Alert>{error}</Alert>}
      {outcome && <OutcomeMessage outcome={outcome} />}
      {methods.length === 0 ? (
        <p>
          Add a card or bank account in <Link href="/dashboard/methods">Payment methods</Link>{' '}
          first.
        </p>
      ) : which === 'all' && !confirming ? (
        <button class="button secondary inline" type="button" onClick={() => setConfirming(true)}>
          Pay off early…
        </button>
      ) : (
        <>
          <MethodPicker
            label={which === 'all' ? 'Pay off with' : 'Pay with'}
            methods={methods}
            value={methodId}
            onValue={setMethodId}
            onAdded={(method) => {
              setMethods((list) => [...list, method]);
              setMethodId(method.id);
            }}
          />
          {methodId !== plan.payment_method_id && (
            <p class="hint">This method also pays the plan's later installments from now on.</p>
          )}
          <div class="inline-actions">
            <button
              class="button inline"
              type="button"
              disabled={busy}
              aria-busy={busy}
              onClick={() => void pay()}
            >
              {busy ? 'Paying…' : words.button(formatNaira(amountKobo))}
            </button>
            {which === 'all' && (
              <button class="link-button" type="button" onClick={() => setConfirming(false)}>
                Cancel
              </button>
            )}
          </div>
        </>
      )}
    </section>
  );
}

function OutcomeMessage(props: { outcome: PaymentOutcome }) {
  const { payments } = props.outcome;
  const paid = payments.filter((p) => p.outcome === 'paid').length;
  const failed = payments.filter((p) => p.outcome === 'failed');
  const waiting = payments.filter((p) => p.outcome === 'pending' || p.outcome === 'error');
  if (failed.length === 0 && waiting.length === 0)
    return (
      <p class="notice" role="status">
        Paid: {paid === 1 ? 'one installment' : `${paid} installments`}. Thank you.
      </p>
    );
  return (
    <Alert>
      {paid > 0 && `${paid} paid. `}
      {failed.map((p) => p.message ?? 'A payment was declined.').join(' ')}
      {failed.length > 0 && ' Try another card or bank account. '}
      {waiting.length > 0 &&
        'Some payments are still being confirmed by the bank; this page updates once they are.'}
    </Alert>
  );
}

/** Later debits (and the retry of a failed one) use the method chosen here. */
function ChangeMethodCard(props: {
  plan: PaymentPlan;
  methods: Method[];
  onDone: () => Promise<void>;
}) {
  const { api } = useCustomerDashboard();
  const [methods, setMethods] = useState(props.methods);
  const [methodId, setMethodId] = useState(props.plan.payment_method_id);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();

  async function save() {
    if (busy) return;
    setBusy(true);
    setMessage(undefined);
    try {
      await api.changePlanMethod(props.plan.id, methodId);
      setMessage({ ok: true, text: 'Saved: the next payments use this method.' });
      await props.onDone();
    } catch (caught) {
      setMessage({
        ok: false,
        text: caught instanceof ApiError ? messageFor(caught) : 'The change was not saved.',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section class="card" aria-labelledby="plan-method">
      <h2 id="plan-method">Payment method for this plan</h2>
      {message &&
        (message.ok ? (
          <p class="notice" role="status">
            {message.text}
          </p>
        ) : (
          <Alert>{message.text}</Alert>
        ))}
      <MethodPicker
        label="Debit the installments from"
        methods={methods}
        value={methodId}
        onValue={setMethodId}
        onAdded={(method) => {
          setMethods((list) => [...list, method]);
          setMethodId(method.id);
        }}
      />
      <button
        class="button secondary inline"
        type="button"
        disabled={busy || methodId === props.plan.payment_method_id}
        onClick={() => void save()}
      >
        {busy ? 'Saving…' : 'Use this method'}
      </button>
    </section>
  );
}

function ScheduleCard(props: { plan: PaymentPlan }) {
  const { plan } = props;
  return (
    <section class="card" aria-labelledby="plan-schedule">
      <h2 id="plan-schedule">Schedule</h2>
      <table class="table pay-table plan-schedule">
        <thead>
          <tr>
            <th scope="col">Payment</th>
            <th scope="col">Due</th>
            <th scope="col" class="money">
              Amount
            </th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {plan.installments.map((i) => (
            <tr key={i.id}>
              <th scope="row" data-label="Payment">
                {installmentName(i, plan.installment_count)}
              </th>
              <td data-label="Due">{formatDueDate(i.due_at)}</td>
              <td data-label="Amount" class="money">
                {formatNaira(i.amount)}
              </td>
              <td data-label="Status">
                <StatusPill status={INSTALLMENT_STATUS[i.status]} raw={i.status} />
                {i.paid_at && <span class="sub"> {formatDueDate(i.paid_at)}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

const RECEIPT_KINDS = new Set(['payment_receipt', 'refund_receipt']);

/** The receipts Tranche issued for this plan (the same notices that go by e-mail). */
function ReceiptsCard(props: { planId: string; notices: Notice[] | undefined }) {
  const receipts = (props.notices ?? []).filter(
    (n) => RECEIPT_KINDS.has(n.kind) && n.data.planId === props.planId,
  );
  return (
    <section class="card" aria-labelledby="plan-receipts">
      <h2 id="plan-receipts">Receipts</h2>
      {receipts.length === 0 ? (
        <p class="pay-empty">No receipt yet: one appears for each payment collected.</p>
      ) : (
        <ul class="notice-list">
          {receipts.map((n) => (
            <li key={n.id}>
              <span class="sub">{formatDateTime(n.created_at)}</span>
              <p>{n.message}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
