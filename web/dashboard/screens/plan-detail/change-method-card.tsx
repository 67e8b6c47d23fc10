import { useState } from 'preact/hooks';

import { ApiError, type Method, type PaymentPlan } from '../../../shared/api.ts';
import { messageFor } from '../../../shared/customer/messages.ts';
import { Alert } from '../../../shared/ui.tsx';
import { useCustomerDashboard } from '../../context.ts';
import { methodsPlanFirst } from '../../plan-facts.ts';
import { MethodPicker, useChosenMethod } from '../method-picker.tsx';

export function ChangeMethodCard(props: {
  plan: PaymentPlan;
  methods: Method[];
  onMethodAdded: (method: Method) => void;
  onDone: () => Promise<void>;
}) {
  const { api } = useCustomerDashboard();
  const methods = methodsPlanFirst(props.methods, props.plan.payment_method_id);
  const [methodId, setMethodId] = useChosenMethod(methods, props.plan.payment_method_id);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();

  async function save() {
    if (busy) return;
    setBusy(true);
    setMessage(undefined);
    try {
      await api.changePlanMethod(props.plan.id, methodId);
      setMessage({ ok: true, text: 'Saved: the next payments use this method.' });
      await props.onDone();
    } catch (caught) {
      setMessage({
        ok: false,
        text: caught instanceof ApiError ? messageFor(caught) : 'The change was not saved.',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section class="card" aria-labelledby="plan-method">
      <h2 id="plan-method">Payment method for this plan</h2>
      {message &&
        (message.ok ? (
          <p class="notice" role="status">
            {message.text}
          </p>
        ) : (
          <Alert>{message.text}</Alert>
        ))}
      <MethodPicker
        label="Debit the installments from"
        methods={methods}
        value={methodId}
        onValue={setMethodId}
        onAdded={(method) => {
          props.onMethodAdded(method);
          setMethodId(method.id);
        }}
      />
      <button
        class="button secondary inline"
        type="button"
        disabled={busy || methodId === props.plan.payment_method_id}
        onClick={() => void save()}
      >
        {busy ? 'Saving…' : 'Use this method'}
      </button>
    </section>
  );
}
