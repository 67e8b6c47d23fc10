import { useState } from 'preact/hooks';

import type { Method } from '../../shared/api.ts';
import { AddCard } from '../../shared/customer/add-card.tsx';
import { methodText } from '../plan-facts.ts';

/**
 * Which active method pays: a select over the saved ones, or a new card added right here (the
 * shared add-card screen) that is then chosen.
 */
export function MethodPicker(props: {
  label: string;
  methods: Method[];
  value: string;
  onValue: (id: string) => void;
  onAdded: (method: Method) => void;
}) {
  const [adding, setAdding] = useState(false);
  const id = `pick-${props.label.replace(/\W+/g, '-').toLowerCase()}`;
  if (adding) {
    return (
      <div class="subform">
        <AddCard
          onLinked={(method) => {
            setAdding(false);
            props.onAdded(method);
          }}
          onBack={() => setAdding(false)}
        />
      </div>
    );
  }
  return (
    <div class="field method-picker">
      <label for={id}>{props.label}</label>
      <select id={id} value={props.value} onChange={(e) => props.onValue(e.currentTarget.value)}>
        {props.methods.map((method) => (
          <option key={method.id} value={method.id}>
            {methodText(method)}
            {method.is_default ? ' (default)' : ''}
          </option>
        ))}
      </select>
      <button class="link-button" type="button" onClick={() => setAdding(true)}>
        Use a new card
      </button>
    </div>
  );
}
