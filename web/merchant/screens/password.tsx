import { useState } from 'preact/hooks';

import { messageOf } from '../../shared/message-of.ts';
import { Alert, Field } from '../../shared/ui.tsx';
import { useAsyncAction } from '../../shared/use-async-action.ts';
import { useDashboard } from '../context.ts';

/** Change the dashboard password (other signed-in browsers are signed out). */
export function PasswordCard() {
  const { api, merchant } = useDashboard();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const { busy, error, run } = useAsyncAction({
    describe: (caught) => messageOf(caught, 'The password could not be changed.'),
  });
  const [done, setDone] = useState(false);

  async function submit(event: Event) {
    event.preventDefault();
    if (busy) return;
    setDone(false);
    await run(async () => {
      await api.changePassword(merchant.id, current, next);
      setCurrent('');
      setNext('');
      setDone(true);
    });
  }

  return (
    <section class="card" aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      {error && <Alert>{error}</Alert>}
      <div aria-live="polite">
        {done && (
          <p class="notice">
            Password changed. Other browsers signed in to this account are signed out.
          </p>
        )}
      </div>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          value={current}
          onValue={setCurrent}
        />
        <Field
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          value={next}
          onValue={setNext}
          hint="At least 8 characters."
        />
        <div class="inline-actions">
          <button class="button" type="submit" disabled={busy}>
            {busy ? 'Changing…' : 'Change password'}
          </button>
        </div>
      </form>
    </section>
  );
}
