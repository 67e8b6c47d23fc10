import { useEffect, useState } from 'preact/hooks';

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

/**
 * The method a picker has chosen: the customer's choice while it is still offered, else the
 * plan's own (or the first offered). A change of the plan's method (a payment with another one
 * went through) resets the choice to it, so no picker keeps offering what the plan left.
 */
export function useChosenMethod(
  methods: readonly Method[],
  planMethodId: string,
): [string, (id: string) => void] {
  const [chosen, setChosen] = useState<string>();
  useEffect(() => setChosen(undefined), [planMethodId]);
  const offered = (id: string | undefined) => id !== undefined && methods.some((m) => m.id === id);
  const methodId = offered(chosen)
    ? (chosen as string)
    : offered(planMethodId)
      ? planMethodId
      : (methods[0]?.id ?? '');
  return [methodId, setChosen];
}
