import { useId, useState } from 'preact/hooks';

/**
 * A value to copy (a secret shown once, the merchant ID), with a copy button. The button's own
 * label does not change under a screen reader's focus reliably, so "Copied" is also said in a
 * polite live region.
 */
export function CopyableSecret(props: {
  label: string;
  value: string;
  /** The value's own class (`secret` by default; the merchant ID is not a secret). */
  kind?: 'secret' | 'merchant-id';
}) {
  const id = useId();
  const [copied, setCopied] = useState<boolean>();
  return (
    <div class="field">
      <p class="legend" id={id}>
        {props.label}
      </p>
      <div class="inline-actions copyable">
        <code class={props.kind ?? 'secret'} aria-labelledby={id}>
          {props.value}
        </code>
        <button
          class="button secondary"
          type="button"
          aria-describedby={id}
          onClick={() =>
            void navigator.clipboard.writeText(props.value).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
        <span class="visually-hidden" role="status">
          {copied === true && `Copied ${props.label.toLowerCase()}`}
          {copied === false && 'Could not copy: select the text and copy it yourself.'}
        </span>
      </div>
    </div>
  );
}

/** The merchant ID: every checkout session names it (`merchant_id`), and the SDK's `merchantId`. */
export function MerchantIdField(props: { merchantId: string }) {
  return (
    <CopyableSecret
      label="Merchant ID (merchant_id in API calls)"
      value={props.merchantId}
      kind="merchant-id"
    />
  );
}
