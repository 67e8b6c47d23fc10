import { useEffect, useState } from 'preact/hooks';

import { formatDateTime, formatDueDate, plural } from '../../shared/format.ts';
import { messageOf } from '../../shared/message-of.ts';
import { Link } from '../../shared/router.tsx';
import { Alert, Field, Spinner, StepHeading, SubmitButton } from '../../shared/ui.tsx';
import {
  decideHardshipRequest,
  getHardshipSettings,
  type HardshipRequest,
  type HardshipSettings,
  listHardshipRequests,
  saveHardshipSettings,
} from '../api/hardship.ts';
import { useDashboard } from '../context.ts';
import { planPath } from './payments/paths.ts';
import { StatusPill } from './payments/plan-status.tsx';

/** How the page names a request's states (decision 0072). */
const STATUS_LABELS: Record<HardshipRequest['status'], string> = {
  requested: 'Needs your answer',
  approved: 'Approved',
  declined: 'Declined',
  expired: 'Expired',
  cancelled: 'Withdrawn',
};
const STATUS_TONES: Record<HardshipRequest['status'], string> = {
  requested: 'processing',
  approved: 'completed',
  declined: 'failed',
  expired: 'cancelled',
  cancelled: 'cancelled',
};

function asked(r: HardshipRequest): string {
  return r.kind === 'spread'
    ? `Spread the rest over ${plural(r.extra_installments ?? 0, 'more installment', 'more installments')}`
    : `Move a payment to ${r.new_due_date ? formatDueDate(r.new_due_date) : '—'}`;
}

/** Customers' requests to move a due date or spread a plan, and the limits that apply. */
export function HardshipSection() {
  const { api, merchant, mode, member } = useDashboard();
  const [requests, setRequests] = useState<HardshipRequest[]>();
  const [error, setError] = useState<string>();
  const mayDecide = member.permissions.includes('decide_hardship');

  async function load() {
    setError(undefined);
    try {
      setRequests(await listHardshipRequests(api, merchant.id, mode));
    } catch (caught) {
      setError(messageOf(caught));
    }
  }
  useEffect(() => {
    setRequests(undefined);
    void load();
  }, [mode]);

  const replace = (updated: HardshipRequest) =>
    setRequests((shown) => shown?.map((r) => (r.id === updated.id ? updated : r)));

  return (
    <>
      <StepHeading lead="A customer who cannot pay on time may ask once per plan to move one payment a few days later, or to spread what is left over more installments. No money moves; you decide.">
        Hardship requests
      </StepHeading>
      <section class="card" aria-labelledby="hardship-title">
        <h2 id="hardship-title">{mode === 'test' ? 'Test requests' : 'Live requests'}</h2>
        {error && <Alert>{error}</Alert>}
        {requests === undefined ? (
          !error && <Spinner label="Loading requests…" />
        ) : requests.length === 0 ? (
          <p>No {mode} requests. No customer has asked.</p>
        ) : (
          <ul class="hardship-list">
            {requests.map((r) => (
              <RequestItem key={r.id} request={r} mayDecide={mayDecide} onChanged={replace} />
            ))}
          </ul>
        )}
      </section>
      <HardshipSettingsCard />
    </>
  );
}

function RequestItem(props: {
  request: HardshipRequest;
  mayDecide: boolean;
  onChanged: (r: HardshipRequest) => void;
}) {
  const { api, merchant } = useDashboard();
  const r = props.request;
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState<'approve' | 'decline'>();
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();

  async function decide(decision: 'approve' | 'decline') {
    if (busy) return;
    setBusy(decision);
    setError(undefined);
    try {
      const answer = await decideHardshipRequest(api, merchant.id, r.id, decision, note);
      setDone(
        decision === 'approve'
          ? 'Approved: the schedule has changed and the customer sees it.'
          : 'Declined: the schedule stays as it was.',
      );
      props.onChanged(answer.hardship_request);
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(undefined);
    }
  }

  const titleId = `hardship-${r.id}`;
  return (
    <li class="hardship-item" aria-labelledby={titleId}>
      <div class="hardship-head">
        <h3 id={titleId}>{asked(r)}</h3>
        <StatusPill status={STATUS_TONES[r.status]} label={STATUS_LABELS[r.status]} />
      </div>
      <p class="pay-secondary">
        Asked {formatDateTime(r.created_at)} ·{' '}
        <Link href={planPath(r.payment_plan_id)}>{r.payment_plan_id}</Link>
        {r.status === 'requested' && <> · answer by {formatDateTime(r.expires_at)}</>}
      </p>
      {r.reason && <p>The customer says: “{r.reason}”</p>}
      {r.decision_note && <p>Your note: “{r.decision_note}”</p>}
      {done && <p role="status">{done}</p>}
      {error && <Alert>{error}</Alert>}
      {r.status === 'requested' && props.mayDecide && (
        <div class="hardship-answer">
          <Field
            label="Note to the customer (optional)"
            value={note}
            onValue={setNote}
            maxLength={500}
          />
          <div class="row">
            <button
              type="button"
              class="button"
              disabled={busy !== undefined}
              onClick={() => void decide('approve')}
            >
              {busy === 'approve' ? 'Approving…' : 'Approve'}
              <span class="visually-hidden"> the request: {asked(r)}</span>
            </button>
            <button
              type="button"
              class="button secondary"
              disabled={busy !== undefined}
              onClick={() => void decide('decline')}
            >
              {busy === 'decline' ? 'Declining…' : 'Decline'}
              <span class="visually-hidden"> the request: {asked(r)}</span>
            </button>
          </div>
        </div>
      )}
    </li>
  );
}

/** The shop's limits: how far a date may move, how many installments a spread may add. */
function HardshipSettingsCard() {
  const { api, merchant, member } = useDashboard();
  const [settings, setSettings] = useState<HardshipSettings>();
  const [days, setDays] = useState('');
  const [extra, setExtra] = useState('');
  const [auto, setAuto] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState(false);
  const mayChange = member.permissions.includes('change_settings');

  useEffect(() => {
    void (async () => {
      try {
        const loaded = await getHardshipSettings(api, merchant.id);
        setSettings(loaded);
        setDays(String(loaded.max_move_days));
        setExtra(String(loaded.max_extra_installments));
        setAuto(loaded.auto_approve);
      } catch (caught) {
        setError(messageOf(caught));
      }
    })();
  }, [merchant.id]);

  async function save(event: Event) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(undefined);
    setSaved(false);
    try {
      setSettings(
        await saveHardshipSettings(api, merchant.id, {
          max_move_days: Number(days),
          max_extra_installments: Number(extra),
          auto_approve: auto,
        }),
      );
      setSaved(true);
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section class="card" aria-labelledby="hardship-limits">
      <h2 id="hardship-limits">Your limits</h2>
      {error && <Alert>{error}</Alert>}
      {saved && <p role="status">Saved: new requests follow these limits.</p>}
      {settings === undefined ? (
        !error && <Spinner label="Loading your limits…" />
      ) : (
        <form onSubmit={(e) => void save(e)}>
          <fieldset disabled={!mayChange}>
            <Field
              label="Days a payment may move (0–30)"
              value={days}
              onValue={setDays}
              inputMode="numeric"
              required
              hint="0 turns moving off. Default 14."
            />
            <Field
              label="Installments a spread may add (0–6)"
              value={extra}
              onValue={setExtra}
              inputMode="numeric"
              required
              hint="0 turns spreading off. Default 3."
            />
            <label class="checkbox-row">
              <input
                type="checkbox"
                checked={auto}
                onChange={(e) => setAuto(e.currentTarget.checked)}
              />
              Approve every request within these limits at once
            </label>
          </fieldset>
          {mayChange ? (
            <SubmitButton busy={busy} busyLabel="Saving…">
              Save limits
            </SubmitButton>
          ) : (
            <p class="hint">Only an owner or admin can change these.</p>
          )}
        </form>
      )}
    </section>
  );
}
