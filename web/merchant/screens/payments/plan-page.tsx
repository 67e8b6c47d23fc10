import { useEffect, useRef, useState } from 'preact/hooks';

import { formatDateTime, formatNaira } from '../../../shared/format.ts';
import { ApiError } from '../../../shared/json-api.ts';
import { messageOf } from '../../../shared/message-of.ts';
import { Link } from '../../../shared/router.tsx';
import { Alert, Spinner, StepHeading } from '../../../shared/ui.tsx';
import { useAsyncAction } from '../../../shared/use-async-action.ts';
import { getPlan, type PaymentPlan } from '../../api/payments.ts';
import { useDashboard } from '../../context.ts';
import { PlanHistory } from '../plan-history.tsx';
import { PlanRefunds } from '../plan-refunds.tsx';
import { InstallmentsCard } from './installments-card.tsx';
import { BuyerCard, OrderItemsCard } from './order-cards.tsx';
import { PAYMENTS_PATH } from './paths.ts';
import { installmentName, installmentStatusLabel, scheduleOf } from './plan-status.tsx';
import { PlanSummary } from './plan-summary.tsx';
import { type Outcome, TimeTravelCard } from './time-travel-card.tsx';

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
  // One error line for the page: its first read, time travel and refreshing all report here.
  const { busy, error, setError, run } = useAsyncAction();
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
    setOutcome(undefined);
    const finished = await run(async () => {
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
    });
    if (!finished) setOutcome(undefined);
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

  if (missing) {
    return (
      <>
        {back}
        <StepHeading lead="There is no payment plan with this id in your account.">
          Payment not found
        </StepHeading>
        <p>Check the link, or find the payment by its order reference in Payments.</p>
      </>
    );
  }
  if (!plan) {
    return (
      <>
        {back}
        {error ? <Alert>{error}</Alert> : <Spinner label="Loading the payment…" />}
      </>
    );
  }

  const planMode = plan.livemode ? 'live' : 'test';

  return (
    <>
      {back}
      <StepHeading
        lead={`Order ${plan.order_reference} · ${formatNaira(plan.amount)}, ${scheduleOf(plan)}.`}
      >
        {plan.title}
      </StepHeading>
      {planMode !== mode && (
        <p class="notice">
          This is a {planMode} plan; you are looking at {mode} data.
        </p>
      )}
      <PlanSummary plan={plan} />
      <BuyerCard plan={plan} />
      <OrderItemsCard plan={plan} />
      <InstallmentsCard plan={plan} onRefresh={() => void refresh()} />

      <PlanRefunds plan={plan} onChanged={() => void refresh()} />
      <PlanHistory plan={plan} version={version} />

      {mode === 'test' && !plan.livemode && (
        <TimeTravelCard
          plan={plan}
          busy={busy}
          error={error}
          outcome={outcome}
          days={days}
          onDays={setDays}
          onTravel={(call, waiting) => void travel(call, waiting)}
        />
      )}
      {!(mode === 'test' && !plan.livemode) && error && <Alert>{error}</Alert>}
    </>
  );
}
