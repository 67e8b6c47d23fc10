import { useEffect, useState } from 'preact/hooks';

import { formatDateTime } from '../../shared/format.ts';
import { messageOf } from '../../shared/message-of.ts';
import { Link } from '../../shared/router.tsx';
import { Alert, StepHeading } from '../../shared/ui.tsx';
import type { DeadLetterEvent } from '../api.ts';
import { useConsole } from '../context.ts';

/** Webhook events that ran out of retries, across merchants, newest first. */
export function DeadLettersSection() {
  const { api } = useConsole();
  const [events, setEvents] = useState<DeadLetterEvent[]>();
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<string>();

  async function load(after: string | null) {
    try {
      const page = await api.deadLetters(after);
      setEvents((shown) => (after ? [...(shown ?? []), ...page.data] : page.data));
      setCursor(page.has_more ? page.next_cursor : null);
    } catch (caught) {
      setError(messageOf(caught));
    }
  }
  useEffect(() => void load(null), []);

  return (
    <>
      <StepHeading lead="Events no endpoint accepted within 72 hours. Merchants re-send them from their dashboard once their endpoint works.">
        Dead letters
      </StepHeading>
      {error && <Alert>{error}</Alert>}
      <section class="card" aria-labelledby="dead-title">
        <h2 id="dead-title">Dead-lettered webhook events</h2>
        {events && events.length === 0 && (
          <p>None: every event was delivered or is still being retried.</p>
        )}
        {events && events.length > 0 && (
          <table class="table stack-table">
            <thead>
              <tr>
                <th scope="col">Merchant</th>
                <th scope="col">Event</th>
                <th scope="col">Created</th>
                <th scope="col">Attempts</th>
                <th scope="col">Last answer</th>
              </tr>
            </thead>
            <tbody>
              {events.map((event) => (
                <tr key={event.id}>
                  <td data-label="Merchant">
                    <Link href={`/admin/merchants/${event.merchant_id}`}>
                      {event.business_name || event.merchant_id}
                    </Link>
                  </td>
                  <td data-label="Event">
                    {event.event} ({event.livemode ? 'live' : 'test'})
                    <br />
                    <code class="sub">{event.id}</code>
                  </td>
                  <td data-label="Created">{formatDateTime(event.created_at)}</td>
                  <td data-label="Attempts">{event.attempts}</td>
                  <td data-label="Last answer" class="wrap">
                    {event.last_status_code !== null && `HTTP ${event.last_status_code} `}
                    {event.last_error ?? (event.last_status_code === null ? '—' : '')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {cursor && (
          <button class="button secondary" type="button" onClick={() => void load(cursor)}>
            Show older
          </button>
        )}
      </section>
    </>
  );
}
