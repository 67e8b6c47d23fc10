import { useEffect, useState } from 'preact/hooks';

import { formatDateTime } from '../../shared/format.ts';
import { messageOf } from '../../shared/message-of.ts';
import { Alert } from '../../shared/ui.tsx';
import {
  deliveryDetail,
  type DeliveryEvent,
  listDeliveries,
  resendDelivery,
  resendFailedDeliveries,
} from '../api/webhooks.ts';
import { useDashboard } from '../context.ts';
import { TableScroll } from './table-scroll.tsx';

export const STATUS_WORDS: Record<DeliveryEvent['status'], string> = {
  pending: 'Waiting',
  retrying: 'Retrying',
  delivered: 'Delivered',
  dead: 'Failed (gave up)',
};

/** Every event sent to the mode's endpoint, its attempts, and re-sending. */
export function DeliveryLog() {
  const { api, merchant, mode } = useDashboard();
  const [status, setStatus] = useState('');
  const [events, setEvents] = useState<DeliveryEvent[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [open, setOpen] = useState<DeliveryEvent>();
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();
  const [range, setRange] = useState({ from: '', before: '' });

  async function load(from: string | null) {
    setError(undefined);
    try {
      const page = await listDeliveries(api, merchant.id, mode, { status, cursor: from });
      setEvents((current) => (from ? [...current, ...page.data] : page.data));
      setCursor(page.has_more ? page.next_cursor : null);
    } catch (caught) {
      setError(messageOf(caught));
    }
  }
  useEffect(() => void load(null), [mode, status]);

  async function show(event: DeliveryEvent) {
    try {
      setOpen(await deliveryDetail(api, merchant.id, event.id));
    } catch (caught) {
      setError(messageOf(caught));
    }
  }

  async function resend(event: DeliveryEvent) {
    try {
      await resendDelivery(api, merchant.id, event.id);
      setNotice(`${event.id} queued for delivery now, with the same id.`);
      await load(null);
    } catch (caught) {
      setError(messageOf(caught));
    }
  }

  async function resendRange(submitted: Event) {
    submitted.preventDefault();
    try {
      const count = await resendFailedDeliveries(api, merchant.id, mode, {
        from: new Date(range.from).toISOString(),
        before: new Date(range.before).toISOString(),
      });
      setNotice(`${count} failed event${count === 1 ? '' : 's'} queued for delivery now.`);
      await load(null);
    } catch (caught) {
      setError(caught instanceof RangeError ? 'Choose both dates.' : messageOf(caught));
    }
  }

  return (
    <section class="card" aria-labelledby="log-title">
      <h2 id="log-title">Delivery log ({mode})</h2>
      {error && <Alert>{error}</Alert>}
      <div aria-live="polite">{notice && <p class="notice">{notice}</p>}</div>
      <div class="inline-actions">
        <div class="field">
          <label for="log-status">Events to show</label>
          <select id="log-status" value={status} onChange={(e) => setStatus(e.currentTarget.value)}>
            <option value="">All events</option>
            <option value="retrying">Retrying</option>
            <option value="dead">Failed (gave up)</option>
            <option value="delivered">Delivered</option>
            <option value="pending">Waiting</option>
          </select>
        </div>
        <button class="button secondary" type="button" onClick={() => void load(null)}>
          Refresh
        </button>
      </div>
      {events.length === 0 ? (
        <p>No events yet in {mode} mode.</p>
      ) : (
        <TableScroll label={`Delivery log (${mode})`}>
          <table class="table">
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Created</th>
                <th scope="col">State</th>
                <th scope="col">Last answer</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {events.map((event) => (
                <tr key={event.id} data-event-id={event.id}>
                  <td>
                    <button class="link-button" type="button" onClick={() => void show(event)}>
                      {event.event}
                    </button>
                    <br />
                    <code>{event.id}</code>
                  </td>
                  <td>{formatDateTime(event.created_at)}</td>
                  <td>
                    {STATUS_WORDS[event.status]}
                    {event.next_attempt_at &&
                      ` · next try ${formatDateTime(event.next_attempt_at)}`}
                  </td>
                  <td>{event.last_status_code ?? event.last_error ?? '—'}</td>
                  <td>
                    <button class="link-button" type="button" onClick={() => void resend(event)}>
                      Resend <span class="visually-hidden">{event.id}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {cursor && (
        <button class="button secondary" type="button" onClick={() => void load(cursor)}>
          Load more
        </button>
      )}
      {open && <Attempts event={open} onClose={() => setOpen(undefined)} />}
      <form class="inline-actions" onSubmit={(e) => void resendRange(e)}>
        <div class="field">
          <label for="range-from">Failed events created from</label>
          <input
            id="range-from"
            type="datetime-local"
            value={range.from}
            onInput={(e) => setRange((r) => ({ ...r, from: e.currentTarget.value }))}
          />
        </div>
        <div class="field">
          <label for="range-before">until</label>
          <input
            id="range-before"
            type="datetime-local"
            value={range.before}
            onInput={(e) => setRange((r) => ({ ...r, before: e.currentTarget.value }))}
          />
        </div>
        <button class="button secondary" type="submit">
          Resend failed
        </button>
      </form>
    </section>
  );
}

/** One event's attempts: when, the answer, how long it took. */
function Attempts(props: { event: DeliveryEvent; onClose: () => void }) {
  const { event } = props;
  return (
    <div class="card" role="region" aria-label={`Attempts of ${event.id}`}>
      <h3>
        {event.event} <code>{event.id}</code>
      </h3>
      <TableScroll label={`Each delivery try of ${event.id}`}>
        <table class="table">
          <thead>
            <tr>
              <th scope="col">Attempt</th>
              <th scope="col">Result</th>
              <th scope="col">Answer</th>
              <th scope="col">Time</th>
            </tr>
          </thead>
          <tbody>
            {(event.attempt_log ?? []).map((attempt) => (
              <tr key={attempt.attempted_at}>
                <td>{formatDateTime(attempt.attempted_at)}</td>
                <td>{attempt.outcome === 'delivered' ? 'Delivered' : 'Failed'}</td>
                <td>{attempt.status_code ?? attempt.error ?? '—'}</td>
                <td>{attempt.latency_ms} ms</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {(event.attempt_log ?? []).length === 0 && <p>Not attempted yet.</p>}
      <button class="link-button" type="button" onClick={props.onClose}>
        Close
      </button>
    </div>
  );
}
