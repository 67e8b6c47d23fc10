import { useEffect, useId, useState } from 'preact/hooks';

import { formatDateTime, formatNaira } from '../../../shared/format.ts';
import { Alert } from '../../../shared/ui.tsx';
import { useAsyncAction } from '../../../shared/use-async-action.ts';
import { type LinkConstraints, type PaymentLink, setPaymentLinkActive } from '../../api/links.ts';
import { useDashboard } from '../../context.ts';
import { QrCode } from '../qr-code.tsx';
import { EditLinkForm } from './edit-link-form.tsx';

function amountText(link: PaymentLink): string {
  if (link.amount !== null) return formatNaira(link.amount);
  return `Customer enters ${formatNaira(link.min_amount ?? 0)} to ${formatNaira(link.max_amount ?? 0)}`;
}

function limitsText(constraints: LinkConstraints | null): string {
  if (!constraints) return 'Your default constraints';
  const parts: string[] = [];
  if (constraints.allowed_frequencies.includes('weekly')) {
    parts.push(`weekly up to ${constraints.max_weekly_duration}`);
  }
  if (constraints.allowed_frequencies.includes('monthly')) {
    parts.push(`monthly up to ${constraints.max_monthly_duration}`);
  }
  return `${parts.join(', ')}; deposit from ${constraints.min_upfront_pct}%`;
}

/** One link: what it charges, its address and QR code, editing, (de)activating. */
export function LinkItem(props: { link: PaymentLink; onChange: (link: PaymentLink) => void }) {
  const { api, merchant } = useDashboard();
  const { link } = props;
  const [editing, setEditing] = useState(false);
  const [showQr, setShowQr] = useState(false);
  const [copied, setCopied] = useState<'yes' | 'failed'>();
  const { busy, error, run } = useAsyncAction();
  const id = useId();

  useEffect(() => {
    if (copied !== 'yes') return;
    const timer = setTimeout(() => setCopied(undefined), 4000);
    return () => clearTimeout(timer);
  }, [copied]);

  async function setActive(active: boolean) {
    await run(async () => {
      props.onChange(await setPaymentLinkActive(api, merchant.id, link.id, active));
    });
  }

  const copy = () =>
    void navigator.clipboard.writeText(link.url).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );

  return (
    <li class="link-item">
      <div class="link-head">
        <h3 id={`${id}-title`}>{link.title}</h3>
        <span class={link.active ? 'state on' : 'state off'}>
          {link.active ? 'Active' : 'Inactive'}
        </span>
      </div>
      <dl class="link-facts">
        <div>
          <dt>Amount</dt>
          <dd>{amountText(link)}</dd>
        </div>
        <div>
          <dt>After payment</dt>
          <dd class="wrap">{link.redirect_url ?? 'The customer’s Tranche dashboard'}</dd>
        </div>
        <div>
          <dt>Plan limits</dt>
          <dd>{limitsText(link.constraints)}</dd>
        </div>
        <div>
          <dt>Asks the buyer</dt>
          <dd>
            {link.customer_fields.length === 0
              ? 'Nothing before the checkout'
              : link.customer_fields.map((f) => f.label).join(', ')}
          </dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>
            {formatDateTime(link.created_at)}
            {link.deactivated_at && `; deactivated ${formatDateTime(link.deactivated_at)}`}
          </dd>
        </div>
      </dl>
      <p class="link-url">
        <span class="visually-hidden">Address: </span>
        <code class="secret">{link.url}</code>
      </p>
      <div class="inline-actions">
        <button class="button secondary" type="button" onClick={copy}>
          {copied === 'yes' ? 'Copied' : 'Copy link'}
          <span class="visually-hidden"> for {link.title}</span>
        </button>
        <button
          class="button secondary"
          type="button"
          aria-expanded={showQr}
          aria-controls={`${id}-qr`}
          onClick={() => setShowQr(!showQr)}
        >
          {showQr ? 'Hide QR code' : 'QR code'}
          <span class="visually-hidden"> for {link.title}</span>
        </button>
        <button
          class="button secondary"
          type="button"
          aria-expanded={editing}
          aria-controls={`${id}-edit`}
          onClick={() => setEditing(!editing)}
        >
          {editing ? 'Close editing' : 'Edit'}
          <span class="visually-hidden"> {link.title}</span>
        </button>
        <button
          class="button secondary"
          type="button"
          disabled={busy}
          onClick={() => void setActive(!link.active)}
        >
          {link.active ? 'Deactivate' : 'Reactivate'}
          <span class="visually-hidden"> {link.title}</span>
        </button>
      </div>
      <div aria-live="polite">
        {copied === 'yes' && <span class="visually-hidden">Link address copied.</span>}
        {copied === 'failed' && (
          <p class="field-error">Copying was refused by the browser: select the address above.</p>
        )}
        {!link.active && (
          <p class="hint">Visitors see that this link is no longer active; nothing is charged.</p>
        )}
      </div>
      {error && <Alert>{error}</Alert>}
      <div id={`${id}-qr`}>
        {showQr && (
          <QrCode text={link.url} label={`QR code for ${link.title}`} fileName={`${link.id}.svg`} />
        )}
      </div>
      <div id={`${id}-edit`}>
        {editing && (
          <EditLinkForm
            link={link}
            onSaved={(saved) => {
              props.onChange(saved);
              setEditing(false);
            }}
          />
        )}
      </div>
    </li>
  );
}
