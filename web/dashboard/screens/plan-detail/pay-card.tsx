import { useEffect, useState } from 'preact/hooks';

import {
  ApiError,
  type Method,
  type PaymentOutcome,
  type PaymentPlan,
} from '../../../shared/api.ts';
import { messageFor } from '../../../shared/customer/messages.ts';
import { formatDueDate, formatNaira } from '../../../shared/format.ts';
import { Link } from '../../../shared/router.tsx';
import { Alert } from '../../../shared/ui.tsx';
import { useAsyncAction } from '../../../shared/use-async-action.ts';
import { useCustomerDashboard } from '../../context.ts';
import {
  INSTALLMENT_STATUS,
  installmentName,
  methodsPlanFirst,
  type PlanFigures,
} from '../../plan-facts.ts';
import { MethodPicker, useChosenMethod } from '../method-picker.tsx';
import { OutcomeMessage } from './outcome-message.tsx';

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
export function PayCard(props: {
  which: 'overdue' | 'all';
  plan: PaymentPlan;
  figures: PlanFigures;
  /** The customer's active methods as they stand now (PlanDetail keeps them). */
  methods: Method[];
  onMethodAdded: (method: Method) => void;
  onDone: () => Promise<void>;
}) {
  const { plan, which } = props;
  const { api } = useCustomerDashboard();
  const words = PAY_WORDS[which];
  const methods = methodsPlanFirst(props.methods, plan.payment_method_id);
  const [methodId, setMethodId] = useChosenMethod(methods, plan.payment_method_id);
  const [confirming, setConfirming] = useState(false);
  const { busy, error, run } = useAsyncAction({
    describe: (caught) =>
      caught instanceof ApiError ? messageFor(caught) : 'The payment could not be made.',
  });
  const [outcome, setOutcome] = useState<PaymentOutcome>();
  // A decline shown here is stale once a payment elsewhere on the page moved the plan's method.
  useEffect(() => setOutcome(undefined), [plan.payment_method_id]);
  const amountKobo = which === 'all' ? props.figures.leftKobo : props.figures.overdueKobo;
  const headingId = `pay-${which}`;

  async function pay() {
    if (busy || !methodId) return;
    setOutcome(undefined);
    await run(async () => {
      // The plan's own method is the default; the plan moves to another once it pays (API).
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
              props.onMethodAdded(method);
              setMethodId(method.id);
            }}
          />
          {methodId !== plan.payment_method_id && (
            <p class="hint">
              If this payment goes through, this method also pays the plan's later installments.
            </p>
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
