import { useId, useState } from 'preact/hooks';

/** A secret shown once, with a copy button that says when it worked. */
export function CopyableSecret(props: { label: string; value: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  return (
    <div class="field">
      <p class="legend" id={id}>
        {props.label}
      </p>
      <div class="inline-actions">
        <code class="secret" aria-labelledby={id}>
          {props.value}
        </code>
        <button
          class="button secondary"
          type="button"
          onClick={() =>
            void navigator.clipboard.writeText(props.value).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
    </div>
  );
}
