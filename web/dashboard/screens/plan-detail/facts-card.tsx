import type { Method, PaymentPlan } from '../../../shared/api.ts';
import { formatDueDate, formatNaira } from '../../../shared/format.ts';
import { methodText, PLAN_STATUS, type PlanFigures } from '../../plan-facts.ts';
import { StatusPill } from '../status-pill.tsx';

/** The plan in figures: what is paid, what is left, what comes next and from which method. */
export function PlanFactsCard(props: {
  plan: PaymentPlan;
  figures: PlanFigures;
  methods: Method[];
}) {
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
