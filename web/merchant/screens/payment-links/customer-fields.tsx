import { useId } from 'preact/hooks';

import { Field } from '../../../shared/ui.tsx';
import type { PaymentLink } from '../../api/links.ts';

/*
 * What a payment link asks the buyer before the checkout (decision 0052), as Paystack's pages
 * do: a delivery address, a phone for delivery, and a few questions of the shop's own. The API
 * holds the rules (at most 5, keys unique, lengths); this only turns ticks and labels into them.
 */

export type CustomerFieldDefinition = PaymentLink['customer_fields'][number];

export const DELIVERY_ADDRESS_KEY = 'delivery_address';
export const DELIVERY_PHONE_KEY = 'delivery_phone';
const MAX_QUESTIONS = 5;

interface OwnQuestion {
  /** Kept from the link, so editing a label does not rename the answers of past orders. */
  key: string | undefined;
  type: CustomerFieldDefinition['type'];
  label: string;
  required: boolean;
}

export interface CustomerFieldsDraft {
  address: boolean;
  phone: boolean;
  own: OwnQuestion[];
}

export function customerFieldsDraft(fields: readonly CustomerFieldDefinition[] = []) {
  return {
    address: fields.some((f) => f.key === DELIVERY_ADDRESS_KEY),
    phone: fields.some((f) => f.key === DELIVERY_PHONE_KEY),
    own: fields
      .filter((f) => f.key !== DELIVERY_ADDRESS_KEY && f.key !== DELIVERY_PHONE_KEY)
      .map((f) => ({ key: f.key, type: f.type, label: f.label, required: f.required })),
  } satisfies CustomerFieldsDraft;
}

/** The key for a question of the shop's own: from its label, unique among the link's. */
function keyFor(label: string, taken: Set<string>): string {
  const base =
    label
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^[^a-z]+/, '')
      .replace(/_+$/, '')
      .slice(0, 36) || 'question';
  let key = base;
  for (let n = 2; taken.has(key); n++) key = `${base}_${n}`;
  taken.add(key);
  return key;
}

export function customerFieldsFromDraft(draft: CustomerFieldsDraft): {
  fields: CustomerFieldDefinition[];
  errors: Record<number, string>;
} {
  const fields: CustomerFieldDefinition[] = [];
  if (draft.address) {
    fields.push({
      key: DELIVERY_ADDRESS_KEY,
      label: 'Delivery address',
      type: 'address',
      required: true,
    });
  }
  if (draft.phone) {
    fields.push({
      key: DELIVERY_PHONE_KEY,
      label: 'Phone number for delivery',
      type: 'phone',
      required: true,
    });
  }
  const taken = new Set(fields.map((f) => f.key));
  for (const q of draft.own) if (q.key) taken.add(q.key);
  const errors: Record<number, string> = {};
  draft.own.forEach((q, n) => {
    const label = q.label.trim();
    if (label === '') {
      errors[n] = 'Write the question, or remove it.';
      return;
    }
    if (label.length > 60) {
      errors[n] = 'Keep the question to 60 characters.';
      return;
    }
    fields.push({ key: q.key ?? keyFor(label, taken), label, type: q.type, required: q.required });
  });
  return { fields, errors };
}

/** The questions, as ticks for delivery and a short list of the shop's own. */
export function CustomerFieldsEditor(props: {
  draft: CustomerFieldsDraft;
  onDraft: (draft: CustomerFieldsDraft) => void;
  errors: Record<number, string>;
}) {
  const { draft, onDraft } = props;
  const legendId = useId();
  const count = (draft.address ? 1 : 0) + (draft.phone ? 1 : 0) + draft.own.length;
  const setOwn = (n: number, change: Partial<OwnQuestion>) =>
    onDraft({ ...draft, own: draft.own.map((q, i) => (i === n ? { ...q, ...change } : q)) });
  return (
    <fieldset class="link-questions" aria-describedby={`${legendId}-hint`}>
      <legend id={legendId} class="legend">
        Ask the buyer before they pay
      </legend>
      <p class="hint" id={`${legendId}-hint`}>
        The answers appear on the plan, in your dashboard and in your webhooks. The buyer’s name,
        e-mail and phone always do.
      </p>
      <label class="checkbox-row">
        <input
          type="checkbox"
          checked={draft.address}
          onChange={(e) => onDraft({ ...draft, address: e.currentTarget.checked })}
        />
        Delivery address (required)
      </label>
      <label class="checkbox-row">
        <input
          type="checkbox"
          checked={draft.phone}
          onChange={(e) => onDraft({ ...draft, phone: e.currentTarget.checked })}
        />
        Phone number for delivery (required)
      </label>
      {draft.own.map((q, n) => (
        <div class="subform" key={n}>
          <Field
            label={`Your question ${n + 1}`}
            value={q.label}
            onValue={(label) => setOwn(n, { label })}
            hint="For example: Shoe size, or Colour."
            maxLength={60}
            {...(props.errors[n] !== undefined && { error: props.errors[n] })}
          />
          <label class="checkbox-row">
            <input
              type="checkbox"
              checked={q.required}
              onChange={(e) => setOwn(n, { required: e.currentTarget.checked })}
            />
            The buyer must answer
          </label>
          <div class="inline-actions">
            <button
              type="button"
              class="button secondary"
              onClick={() => onDraft({ ...draft, own: draft.own.filter((_, i) => i !== n) })}
            >
              Remove question {n + 1}
            </button>
          </div>
        </div>
      ))}
      {count < MAX_QUESTIONS && (
        <div class="inline-actions">
          <button
            type="button"
            class="button secondary"
            onClick={() =>
              onDraft({
                ...draft,
                own: [...draft.own, { key: undefined, type: 'text', label: '', required: false }],
              })
            }
          >
            Add a question
          </button>
        </div>
      )}
    </fieldset>
  );
}
