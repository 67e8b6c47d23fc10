import { useEffect, useState } from 'preact/hooks';

import { ApiError, type Preferences, type PreferenceTopic } from '../../shared/api.ts';
import { messageFor } from '../../shared/customer/messages.ts';
import { formatDateTime } from '../../shared/format.ts';
import { Alert, StepHeading } from '../../shared/ui.tsx';
import { useCustomerDashboard } from '../context.ts';

const TOPICS: readonly { topic: PreferenceTopic; label: string }[] = [
  { topic: 'reminders', label: 'Reminders 3 days before a payment' },
  { topic: 'receipts', label: 'Receipts for payments and refunds' },
  { topic: 'failed_payments', label: 'When a payment fails' },
];

/** Notices about plans and methods, and which ones arrive by e-mail or here. */
export function NoticesSection() {
  const { notices } = useCustomerDashboard();
  return (
    <>
      <StepHeading lead="Reminders, receipts and failed payments. E-mails and texts never arrive between 21:00 and 08:00 Lagos time.">
        Notices
      </StepHeading>
      <PreferencesCard />
      <section class="card" aria-labelledby="notice-list">
        <h2 id="notice-list">Latest notices</h2>
        {notices?.length === 0 && <p class="pay-empty">No notice yet.</p>}
        <ul class="notice-list">
          {notices?.map((n) => (
            <li key={n.id}>
              <span class="sub">{formatDateTime(n.created_at)}</span>
              <p>{n.message}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

function PreferencesCard() {
  const { api } = useCustomerDashboard();
  const [preferences, setPreferences] = useState<Preferences>();
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    api
      .preferences()
      .then(setPreferences, (caught: unknown) =>
        setError(
          caught instanceof ApiError ? messageFor(caught) : 'Preferences could not be loaded.',
        ),
      );
  }, []);

  async function change(channel: 'email' | 'in_app' | 'sms', topic: PreferenceTopic, on: boolean) {
    setError(undefined);
    setSaved(false);
    try {
      setPreferences(await api.changePreferences({ [channel]: { [topic]: on } }));
      setSaved(true);
    } catch (caught) {
      setError(caught instanceof ApiError ? messageFor(caught) : 'The change was not saved.');
    }
  }

  return (
    <section class="card" aria-labelledby="prefs">
      <h2 id="prefs">What you receive</h2>
      {error && <Alert>{error}</Alert>}
      {saved && (
        <p class="notice" role="status">
          Saved.
        </p>
      )}
      {preferences && (
        <div class="pref-grid">
          {(['email', 'in_app', 'sms'] as const).map((channel) => (
            <fieldset key={channel}>
              <legend class="legend">
                {channel === 'email'
                  ? 'By e-mail'
                  : channel === 'in_app'
                    ? 'In this dashboard'
                    : 'By SMS (to your verified phone only)'}
              </legend>
              {TOPICS.map(({ topic, label }) => (
                <label class="checkbox-row" key={topic}>
                  <input
                    type="checkbox"
                    checked={preferences[channel][topic]}
                    onChange={(e) => void change(channel, topic, e.currentTarget.checked)}
                  />
                  <span>{label}</span>
                </label>
              ))}
            </fieldset>
          ))}
        </div>
      )}
    </section>
  );
}
