import { useEffect, useState } from 'preact/hooks';

import { formatDateTime } from '../../shared/format.ts';
import { messageOf } from '../../shared/message-of.ts';
import { Alert, Field, StepHeading } from '../../shared/ui.tsx';
import type { Key, RolledKey, WebhookProbe } from '../api/index.ts';
import { useDashboard } from '../context.ts';
import { CopyableSecret, MerchantIdField } from './copyable-secret.tsx';
import { DeliveryLog } from './delivery-log.tsx';
import { PublishableKeysCard } from './publishable-keys-card.tsx';
import { TableScroll } from './table-scroll.tsx';

/** API keys and the webhook endpoint of the mode being looked at. */
export function DevelopersSection() {
  const { mode } = useDashboard();
  return (
    <>
      <StepHeading lead={`Your ${mode} keys and where Tranche sends your ${mode} events.`}>
        Developers
      </StepHeading>
      <ApiKeysCard />
      <PublishableKeysCard key={`pk-${mode}`} />
      <WebhookCard key={mode} />
      <DeliveryLog key={`log-${mode}`} />
    </>
  );
}

/** The mode's secret keys, redacted; roll one (with an overlap) or revoke it. */
function ApiKeysCard() {
  const { api, merchant, mode } = useDashboard();
  const [keys, setKeys] = useState<Key[]>();
  const [rolled, setRolled] = useState<RolledKey>();
  const [overlap, setOverlap] = useState('60');
  const [error, setError] = useState<string>();
  const load = () =>
    api.keys(merchant.id).then(setKeys, (caught: unknown) => setError(messageOf(caught)));
  useEffect(() => void load(), [mode]);

  async function roll() {
    setError(undefined);
    try {
      setRolled(await api.rollKey(merchant.id, mode, Number(overlap)));
      await load();
    } catch (caught) {
      setError(messageOf(caught));
    }
  }

  async function revoke(key: Key) {
    if (!confirm(`Revoke ${key.redacted} now? Requests with it fail at once.`)) return;
    try {
      await api.revokeKey(merchant.id, key.id);
      await load();
    } catch (caught) {
      setError(messageOf(caught));
    }
  }

  const shown = keys?.filter((key) => key.mode === mode);
  return (
    <section class="card" aria-labelledby="keys-title">
      <h2 id="keys-title">Secret keys</h2>
      {error && <Alert>{error}</Alert>}
      <MerchantIdField merchantId={merchant.id} />
      {rolled && (
        <CopyableSecret
          label="New key: copy it now, it is shown only once"
          value={rolled.secret_key}
        />
      )}
      <TableScroll label={`Your ${mode} keys`}>
        <table class="table">
          <thead>
            <tr>
              <th scope="col">Key</th>
              <th scope="col">Created</th>
              <th scope="col">State</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown?.map((key) => (
              <tr key={key.id}>
                <td>
                  <code>{key.redacted}</code>
                </td>
                <td>{formatDateTime(key.created_at)}</td>
                <td>{keyState(key)}</td>
                <td>
                  {key.revoked_at === null && (
                    <button class="link-button" type="button" onClick={() => void revoke(key)}>
                      Revoke <span class="visually-hidden">{key.redacted}</span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <div class="inline-actions">
        <div class="field">
          <label for="overlap">Old keys keep working for</label>
          <select id="overlap" value={overlap} onChange={(e) => setOverlap(e.currentTarget.value)}>
            <option value="0">no time (expire now)</option>
            <option value="60">1 hour</option>
            <option value="1440">24 hours</option>
            <option value="10080">7 days</option>
          </select>
        </div>
        <button class="button" type="button" onClick={() => void roll()}>
          Roll {mode} key
        </button>
      </div>
    </section>
  );
}

function keyState(key: Key): string {
  if (key.revoked_at !== null) return `Revoked ${formatDateTime(key.revoked_at)}`;
  if (key.expires_at !== null) {
    return Date.parse(key.expires_at) <= Date.now()
      ? 'Expired'
      : `Expires ${formatDateTime(key.expires_at)}`;
  }
  return 'Active';
}

/** The mode's webhook address, its secret roll, and a signed test event. */
function WebhookCard() {
  const { api, merchant, mode, reload } = useDashboard();
  const endpoint = merchant.webhooks[mode];
  const [url, setUrl] = useState(endpoint.url ?? '');
  const [saved, setSaved] = useState<string>();
  const [secret, setSecret] = useState<string>();
  const [probe, setProbe] = useState<WebhookProbe>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function save(event: Event) {
    event.preventDefault();
    setError(undefined);
    setSaved(undefined);
    try {
      await api.updateSettings(
        merchant.id,
        { webhook_url: url.trim() === '' ? null : url.trim() },
        mode,
      );
      await reload();
      setSaved('Saved.');
    } catch (caught) {
      setError(messageOf(caught));
    }
  }

  async function test() {
    setBusy(true);
    setProbe(undefined);
    try {
      setProbe(await api.sendTestEvent(merchant.id, mode));
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  }

  async function rollSecret() {
    if (!confirm(`Roll the ${mode} webhook secret? The old one keeps signing for 24 hours.`)) {
      return;
    }
    try {
      setSecret((await api.rollWebhookSecret(merchant.id, mode)).webhook_secret);
    } catch (caught) {
      setError(messageOf(caught));
    }
  }

  return (
    <section class="card" aria-labelledby="webhook-title">
      <h2 id="webhook-title">Webhook ({mode})</h2>
      {endpoint.status === 'disabled' && (
        <Alert>
          Deliveries are paused: {endpoint.disabled_reason}. Save the address again to resume.
        </Alert>
      )}
      {error && <Alert>{error}</Alert>}
      <form onSubmit={(event) => void save(event)} noValidate>
        <Field
          label="Endpoint URL"
          type="text"
          inputMode="text"
          value={url}
          onValue={setUrl}
          hint={
            mode === 'live'
              ? 'https, on a public address.'
              : 'Test mode also accepts http://localhost for development.'
          }
        />
        <div class="inline-actions">
          <button class="button" type="submit">
            Save address
          </button>
          <button
            class="button secondary"
            type="button"
            disabled={busy}
            onClick={() => void test()}
          >
            {busy ? 'Sending…' : 'Send test event'}
          </button>
          <button class="button secondary" type="button" onClick={() => void rollSecret()}>
            Roll secret
          </button>
        </div>
      </form>
      <div aria-live="polite">
        {saved && <p class="notice">{saved}</p>}
        {probe &&
          (probe.delivered ? (
            <p class="notice">Delivered: your endpoint answered {probe.status_code}.</p>
          ) : (
            <Alert>Not delivered: {probe.error}</Alert>
          ))}
      </div>
      {secret && <CopyableSecret label="New webhook secret: copy it now" value={secret} />}
    </section>
  );
}
