import { useEffect, useState } from 'preact/hooks';

import { formatDateTime } from '../../shared/format.ts';
import { messageOf } from '../../shared/message-of.ts';
import { Alert } from '../../shared/ui.tsx';
import type { PublicKey } from '../api/index.ts';
import { useDashboard } from '../context.ts';
import { CopyableSecret } from './copyable-secret.tsx';

/**
 * The mode's publishable key (decision 0055), in full: it is public, made for the
 * <tranche-messaging> element in the shop's pages, and reads nothing but the plans for an
 * amount. Rolled like a secret key, with an overlap so pages already deployed keep working.
 */
export function PublishableKeysCard() {
  const { api, merchant, mode } = useDashboard();
  const [keys, setKeys] = useState<PublicKey[]>();
  const [overlap, setOverlap] = useState('1440');
  const [error, setError] = useState<string>();
  const load = () =>
    api
      .publishableKeys(merchant.id)
      .then(setKeys, (caught: unknown) => setError(messageOf(caught)));
  useEffect(() => void load(), [mode]);

  async function roll() {
    setError(undefined);
    try {
      await api.rollPublishableKey(merchant.id, mode, Number(overlap));
      await load();
    } catch (caught) {
      setError(messageOf(caught));
    }
  }

  const shown = keys?.filter((key) => key.mode === mode) ?? [];
  const current = shown.find((key) => key.expires_at === null);
  return (
    <section class="card" aria-labelledby="publishable-keys-title">
      <h2 id="publishable-keys-title">Publishable key</h2>
      <p>
        For the price in installments on your product and cart pages. It is public: it can only read
        your plans for an amount, never create a checkout or see a payment.
      </p>
      {error && <Alert>{error}</Alert>}
      {current && <CopyableSecret label={`Your ${mode} publishable key`} value={current.key} />}
      {current && (
        <CopyableSecret
          label="Put this where the price is (the amount in kobo), after connect.js"
          value={`<tranche-messaging amount="4850000" publishable-key="${current.key}"></tranche-messaging>`}
        />
      )}
      {shown
        .filter((key) => key.expires_at !== null)
        .map((key) => (
          <p key={key.id}>
            <code>{key.key}</code> stops working {formatDateTime(key.expires_at ?? '')}.
          </p>
        ))}
      <div class="inline-actions">
        <div class="field">
          <label for="publishable-overlap">The old key keeps working for</label>
          <select
            id="publishable-overlap"
            value={overlap}
            onChange={(e) => setOverlap(e.currentTarget.value)}
          >
            <option value="0">no time (expire now)</option>
            <option value="60">1 hour</option>
            <option value="1440">24 hours</option>
            <option value="10080">7 days</option>
          </select>
        </div>
        <button class="button secondary" type="button" onClick={() => void roll()}>
          Roll {mode} publishable key
        </button>
      </div>
    </section>
  );
}
