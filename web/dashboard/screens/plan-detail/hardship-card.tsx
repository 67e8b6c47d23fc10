import { useEffect, useState } from 'preact/hooks';

import type { HardshipAsk, PaymentPlan, PlanHardship } from '../../../shared/api.ts';
import { ApiError } from '../../../shared/api.ts';
import { messageFor } from '../../../shared/customer/messages.ts';
import { formatDateTime, formatDueDate } from '../../../shared/format.ts';
import { Alert, Field, SubmitButton } from '../../../shared/ui.tsx';
import { useCustomerDashboard } from '../../context.ts';

type HardshipRequest = PlanHardship['requests'][number];

const STATUS_WORDS: Record<HardshipRequest['status'], string> = {
  requested: 'Waiting for the shop’s answer',
  approved: 'Approved: your schedule has changed',
  declined: 'Declined: your schedule stays as it was',
  expired: 'Not answered in time',
  cancelled: 'Withdrawn',
};

/**
 * "Can't pay on time?": the plan's one hardship request (decision 0072). The limits, the days
 * allowed and whether a request can still be made all come from the API.
 */
export function HardshipCard(props: { plan: PaymentPlan; onDone: () => Promise<void> }) {
  const { api } = useCustomerDashboard();
  const [hardship, setHardship] = useState<PlanHardship>();
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();

  async function load() {
    try {
      setHardship(await api.planHardship(props.plan.id));
    } catch (caught) {
      setMessage({
        ok: false,
        text: caught instanceof ApiError ? messageFor(caught) : 'This could not be loaded.',
      });
    }
  }
  useEffect(() => void load(), [props.plan.id]);

  async function answered(text: string) {
    setMessage({ ok: true, text });
    await Promise.all([load(), props.onDone()]);
  }

  const latest = hardship?.requests[0];
  return (
    <section class="card" aria-labelledby="plan-hardship">
      <h2 id="plan-hardship">Can’t pay on time?</h2>
      {message &&
        (message.ok ? (
          <p class="notice" role="status">
            {message.text}
          </p>
        ) : (
          <Alert>{message.text}</Alert>
        ))}
      {latest && (
        <RequestState
          request={latest}
          plan={props.plan}
          onCancelled={() => answered('Your request was withdrawn.')}
          onError={(text) => setMessage({ ok: false, text })}
        />
      )}
      {hardship?.can_request && (
        <HardshipForm
          plan={props.plan}
          hardship={hardship}
          onSent={(status) =>
            answered(
              status === 'approved'
                ? 'Done: the shop approves such requests at once, and your schedule has changed.'
                : 'Sent. The shop has 3 days to answer; your schedule stays as it is until then.',
            )
          }
          onError={(text) => setMessage({ ok: false, text })}
        />
      )}
      {hardship && !hardship.can_request && !latest && (
        <p>Nothing on this plan can be rescheduled now.</p>
      )}
    </section>
  );
}

function describe(request: HardshipRequest, plan: PaymentPlan): string {
  if (request.kind === 'spread') {
    return `You asked to spread what is left over ${request.extra_installments ?? 0} more installments.`;
  }
  const installment = plan.installments.find((i) => i.id === request.installment_id);
  return `You asked to move installment ${installment?.sequence ?? ''} to ${
    request.new_due_date ? formatDueDate(request.new_due_date) : ''
  }.`;
}

function RequestState(props: {
  request: HardshipRequest;
  plan: PaymentPlan;
  onCancelled: () => Promise<void>;
  onError: (text: string) => void;
}) {
  const { api } = useCustomerDashboard();
  const [busy, setBusy] = useState(false);
  const { request } = props;

  async function withdraw() {
    if (busy) return;
    setBusy(true);
    try {
      await api.cancelHardship(props.plan.id, request.id);
      await props.onCancelled();
    } catch (caught) {
      props.onError(caught instanceof ApiError ? messageFor(caught) : 'It was not withdrawn.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div class="hardship-state">
      <p>{describe(request, props.plan)}</p>
      <p>
        <strong>{STATUS_WORDS[request.status]}</strong>
        {request.status === 'requested' && ` (until ${formatDateTime(request.expires_at)})`}
      </p>
      {request.decision_note && <p>The shop says: “{request.decision_note}”</p>}
      {request.status === 'requested' && (
        <button
          class="button secondary inline"
          type="button"
          disabled={busy}
          onClick={() => void withdraw()}
        >
          {busy ? 'Withdrawing…' : 'Withdraw the request'}
        </button>
      )}
    </div>
  );
}

function HardshipForm(props: {
  plan: PaymentPlan;
  hardship: PlanHardship;
  onSent: (status: HardshipRequest['status']) => Promise<void>;
  onError: (text: string) => void;
}) {
  const { api } = useCustomerDashboard();
  const { hardship } = props;
  const movable = hardship.movable_installments;
  const canSpread = hardship.max_extra_installments > 0;
  const [kind, setKind] = useState<HardshipAsk['kind']>(
    movable.length > 0 ? 'move_due_date' : 'spread',
  );
  const [installmentId, setInstallmentId] = useState(movable[0]?.installment_id ?? '');
  const chosen = movable.find((m) => m.installment_id === installmentId) ?? movable[0];
  const [date, setDate] = useState(chosen?.earliest_due_date ?? '');
  const [extra, setExtra] = useState(1);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);

  if (movable.length === 0 && !canSpread) return null;

  async function send(event: Event) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const why = reason.trim() === '' ? {} : { reason: reason.trim() };
    try {
      const answer = await api.requestHardship(
        props.plan.id,
        kind === 'move_due_date'
          ? { kind, installment_id: installmentId, new_due_date: date, ...why }
          : { kind, extra_installments: extra, ...why },
      );
      await props.onSent(answer.hardship_request.status);
    } catch (caught) {
      props.onError(caught instanceof ApiError ? messageFor(caught) : 'The request was not sent.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void send(e)}>
      <p>
        You can ask the shop once for this plan: move one payment up to {hardship.max_move_days}{' '}
        days later, or spread what is left over more installments. No fee; a payment you move is not
        counted as missed.
      </p>
      <fieldset>
        <legend class="legend">What would help?</legend>
        <div class="choices">
          {movable.length > 0 && (
            <label class="choice">
              <input
                type="radio"
                name="hardship-kind"
                checked={kind === 'move_due_date'}
                onChange={() => setKind('move_due_date')}
              />
              <span>
                Move one payment later
                <span class="sub">Up to {hardship.max_move_days} days after its due date</span>
              </span>
            </label>
          )}
          {canSpread && (
            <label class="choice">
              <input
                type="radio"
                name="hardship-kind"
                checked={kind === 'spread'}
                onChange={() => setKind('spread')}
              />
              <span>
                Spread what is left over more installments
                <span class="sub">Up to {hardship.max_extra_installments} more, smaller ones</span>
              </span>
            </label>
          )}
        </div>
      </fieldset>
      {kind === 'move_due_date' && chosen && (
        <>
          <div class="field">
            <label for="hardship-installment">Payment to move</label>
            <select
              id="hardship-installment"
              value={installmentId}
              onChange={(e) => {
                const id = e.currentTarget.value;
                setInstallmentId(id);
                const next = movable.find((m) => m.installment_id === id);
                if (next) setDate(next.earliest_due_date);
              }}
            >
              {movable.map((m) => (
                <option key={m.installment_id} value={m.installment_id}>
                  Installment {m.sequence}, due {formatDueDate(m.due_date)}
                </option>
              ))}
            </select>
          </div>
          <Field
            label="New due date"
            type="date"
            value={date}
            onValue={setDate}
            min={chosen.earliest_due_date}
            max={chosen.latest_due_date}
            required
            hint={`Between ${formatDueDate(chosen.earliest_due_date)} and ${formatDueDate(chosen.latest_due_date)}; collected at 9:00 that day.`}
          />
        </>
      )}
      {kind === 'spread' && (
        <div class="field">
          <label for="hardship-extra">How many more installments</label>
          <select
            id="hardship-extra"
            value={String(extra)}
            onChange={(e) => setExtra(Number(e.currentTarget.value))}
          >
            {Array.from({ length: hardship.max_extra_installments }, (_, k) => k + 1).map((n) => (
              <option key={n} value={String(n)}>
                {n} more
              </option>
            ))}
          </select>
        </div>
      )}
      <Field
        label="Why (optional)"
        value={reason}
        onValue={setReason}
        maxLength={500}
        hint="A few words for the shop."
      />
      <SubmitButton busy={busy} busyLabel="Sending…">
        Ask the shop
      </SubmitButton>
    </form>
  );
}
