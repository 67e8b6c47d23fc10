import { useEffect, useId, useState } from 'preact/hooks';

import { Alert, Field, SubmitButton } from '../../shared/ui.tsx';
import { useAsyncAction } from '../../shared/use-async-action.ts';
import {
  changeEmailPreferences,
  type EmailPreferences,
  emailPreferences,
  type EmailTopic,
} from '../api/notifications.ts';
import { useDashboard } from '../context.ts';

const TOPICS: readonly { topic: EmailTopic; label: string; sub: string }[] = [
  {
    topic: 'account',
    label: 'Your account',
    sub: 'Approved for live payments, or deactivated (with the reason).',
  },
  {
    topic: 'payouts',
    label: 'Payouts',
    sub: 'Sent to your bank account, failed, or returned by the bank.',
  },
  {
    topic: 'webhooks',
    label: 'Webhooks failing',
    sub: 'Once when every delivery to a webhook URL has failed for an hour, and once when they work again.',
  },
  {
    topic: 'disputes',
    label: 'Disputes',
    sub: 'A customer disputing a payment with their bank.',
  },
];

/** Which e-mails the business gets from Tranche, and at which address (decision 0067). */
export function EmailNotificationsCard() {
  const { api, merchant } = useDashboard();
  const [loaded, setLoaded] = useState<EmailPreferences>();
  const [email, setEmail] = useState('');
  const [topics, setTopics] = useState<Record<EmailTopic, boolean>>();
  const [saved, setSaved] = useState(false);
  const { busy, error, setError, run } = useAsyncAction();
  const id = useId();

  function show(preferences: EmailPreferences) {
    setLoaded(preferences);
    setEmail(preferences.email ?? '');
    const { account, payouts, webhooks, disputes } = preferences;
    setTopics({ account, payouts, webhooks, disputes });
  }

  useEffect(() => {
    void run(async () => show(await emailPreferences(api, merchant.id)));
  }, [merchant.id]);

  async function submit(event: Event) {
    event.preventDefault();
    if (busy || !topics) return;
    setError(undefined);
    setSaved(false);
    await run(async () => {
      show(await changeEmailPreferences(api, merchant.id, { email: email.trim(), ...topics }));
      setSaved(true);
    });
  }

  return (
    <section class="card email-notifications" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>E-mail notifications</h2>
      <p class="card-lead">
        What Tranche e-mails you about your business. Test-mode payouts and webhooks are e-mailed
        too, marked “[Test]”.
      </p>
      {!loaded && !error && <p class="hint">Loading your e-mail settings…</p>}
      {loaded && topics && (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Field
            label="Send them to"
            type="email"
            inputMode="email"
            value={email}
            onValue={setEmail}
            hint={`Leave empty to use your account e-mail, ${merchant.email}.`}
          />
          <fieldset>
            <legend class="legend">E-mail me about</legend>
            <div class="email-topics">
              {TOPICS.map(({ topic, label, sub }) => (
                <label class="checkbox-row" key={topic}>
                  <input
                    type="checkbox"
                    checked={topics[topic]}
                    onChange={(e) => setTopics({ ...topics, [topic]: e.currentTarget.checked })}
                  />
                  <span>
                    {label}
                    <span class="sub">{sub}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          {error && <Alert>{error}</Alert>}
          <div class="inline-actions">
            <SubmitButton busy={busy} busyLabel="Saving…">
              Save e-mail settings
            </SubmitButton>
            <span aria-live="polite" class="saved">
              {saved ? `Saved. E-mails go to ${loaded.sends_to}.` : ''}
            </span>
          </div>
        </form>
      )}
      {!loaded && error && <Alert>{error}</Alert>}
    </section>
  );
}
