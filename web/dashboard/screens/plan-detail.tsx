import { useEffect, useState } from 'preact/hooks';

import { ApiError, type Method, type PaymentPlan } from '../../shared/api.ts';
import { messageFor } from '../../shared/customer/messages.ts';
import { Link } from '../../shared/router.tsx';
import { Alert, Spinner, StepHeading } from '../../shared/ui.tsx';
import { useCustomerDashboard } from '../context.ts';
import { isOpen, planFigures } from '../plan-facts.ts';
import { ChangeMethodCard } from './plan-detail/change-method-card.tsx';
import { PlanFactsCard } from './plan-detail/facts-card.tsx';
import { HardshipCard } from './plan-detail/hardship-card.tsx';
import { OrderCard } from './plan-detail/order-card.tsx';
import { PayCard } from './plan-detail/pay-card.tsx';
import { ReceiptsCard } from './plan-detail/receipts-card.tsx';
import { ScheduleCard } from './plan-detail/schedule-card.tsx';
import { TransferCard } from './plan-detail/transfer-card.tsx';

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
      else {
        setLoaded({
          kind: 'error',
          message:
            caught instanceof ApiError ? messageFor(caught) : 'The plan could not be loaded.',
        });
      }
    }
  }
  useEffect(() => void load(), [props.id]);

  async function changed() {
    await Promise.all([load(), reload()]);
  }

  // A card added in one picker is offered by every picker on the page at once.
  function methodAdded(method: Method) {
    setLoaded((current) =>
      current.kind === 'ready'
        ? { ...current, methods: [...current.methods.filter((m) => m.id !== method.id), method] }
        : current,
    );
  }

  const back = (
    <p class="pay-back">
      <Link href="/dashboard">← All your plans</Link>
    </p>
  );
  if (loaded.kind === 'loading') return <Spinner label="Loading the plan…" />;
  if (loaded.kind === 'missing') {
    return (
      <>
        {back}
        <StepHeading>Plan not found</StepHeading>
        <p>There is no plan at this address among your plans.</p>
      </>
    );
  }
  if (loaded.kind === 'error') {
    return (
      <>
        {back}
        <Alert>{loaded.message}</Alert>
      </>
    );
  }

  const { plan, methods } = loaded;
  const figures = planFigures(plan, Date.now());
  const active = methods.filter((m) => m.status === 'active');
  return (
    <>
      {back}
      <StepHeading
        lead={`${plan.merchant_name ? `Bought from ${plan.merchant_name}` : 'Your order'} · order ${plan.order_reference}`}
      >
        {plan.title}
      </StepHeading>
      <PlanFactsCard plan={plan} figures={figures} methods={methods} />
      <OrderCard plan={plan} />
      {isOpen(plan) && figures.overdue.length > 0 && (
        <PayCard
          which="overdue"
          plan={plan}
          figures={figures}
          methods={active}
          onMethodAdded={methodAdded}
          onDone={changed}
        />
      )}
      {isOpen(plan) && figures.leftKobo > 0 && (
        <PayCard
          which="all"
          plan={plan}
          figures={figures}
          methods={active}
          onMethodAdded={methodAdded}
          onDone={changed}
        />
      )}
      {(plan.status === 'active' || plan.status === 'defaulted') && figures.leftKobo > 0 && (
        <TransferCard planId={plan.id} />
      )}
      {isOpen(plan) && (
        <ChangeMethodCard
          plan={plan}
          methods={active}
          onMethodAdded={methodAdded}
          onDone={changed}
        />
      )}
      {isOpen(plan) && <HardshipCard plan={plan} onDone={changed} />}
      <ScheduleCard plan={plan} />
      <ReceiptsCard planId={plan.id} notices={notices} />
    </>
  );
}
