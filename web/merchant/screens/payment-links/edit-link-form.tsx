import { useId, useState } from 'preact/hooks';

import { Alert, Field, SubmitButton } from '../../../shared/ui.tsx';
import { useAsyncAction } from '../../../shared/use-async-action.ts';
import { type LinkConstraints, type PaymentLink, updatePaymentLink } from '../../api/links.ts';
import { useDashboard } from '../../context.ts';
import {
  type ConstraintsDraft,
  constraintsDraft,
  type ConstraintsErrors,
  ConstraintsFields,
  constraintsFromDraft,
} from '../constraints-fields.tsx';
import {
  type AmountDraft,
  amountDraft,
  type AmountErrors,
  AmountFields,
  amountFromDraft,
} from './amount-fields.tsx';
import {
  type CustomerFieldsDraft,
  customerFieldsDraft,
  CustomerFieldsEditor,
  customerFieldsFromDraft,
} from './customer-fields.tsx';

export function EditLinkForm(props: { link: PaymentLink; onSaved: (link: PaymentLink) => void }) {
  const { api, merchant } = useDashboard();
  const { link } = props;
  const [title, setTitle] = useState(link.title);
  const [amount, setAmount] = useState<AmountDraft>(() => amountDraft(link));
  const [redirect, setRedirect] = useState(link.redirect_url ?? '');
  const [ownLimits, setOwnLimits] = useState(link.constraints !== null);
  const [limits, setLimits] = useState<ConstraintsDraft>(() =>
    constraintsDraft(link.constraints ?? merchant.default_constraints),
  );
  const [questions, setQuestions] = useState<CustomerFieldsDraft>(() =>
    customerFieldsDraft(link.customer_fields),
  );
  const [questionErrors, setQuestionErrors] = useState<Record<number, string>>({});
  const [amountErrors, setAmountErrors] = useState<AmountErrors>({});
  const [limitErrors, setLimitErrors] = useState<ConstraintsErrors>();
  const { busy, error, setError, run } = useAsyncAction();
  const limitsId = useId();

  async function submit(event: Event) {
    event.preventDefault();
    if (busy) return;
    setError(undefined);
    const parsed = amountFromDraft(amount);
    setAmountErrors(parsed.errors ?? {});
    // Unticked: back to the merchant's defaults (null), as the API reads it.
    let constraints: LinkConstraints | null = null;
    if (ownLimits) {
      const read = constraintsFromDraft(limits);
      setLimitErrors(read.errors);
      if (read.errors) return;
      constraints = read.constraints;
    }
    const asked = customerFieldsFromDraft(questions);
    setQuestionErrors(asked.errors);
    if (parsed.errors || Object.keys(asked.errors).length > 0) return;
    await run(async () => {
      props.onSaved(
        await updatePaymentLink(api, merchant.id, link.id, {
          title: title.trim(),
          ...parsed.amount,
          redirect_url: redirect.trim() === '' ? null : redirect.trim(),
          constraints,
          customer_fields: asked.fields,
        }),
      );
    });
  }

  return (
    <form class="subform" onSubmit={(event) => void submit(event)} noValidate>
      <p class="hint">Changes apply to later visits; checkouts already open keep what they had.</p>
      <Field label="Title" value={title} onValue={setTitle} maxLength={200} />
      <AmountFields draft={amount} onDraft={setAmount} errors={amountErrors} />
      <Field
        label="Redirect URL (optional)"
        value={redirect}
        onValue={setRedirect}
        hint="Empty: the customer’s Tranche dashboard."
      />
      <CustomerFieldsEditor draft={questions} onDraft={setQuestions} errors={questionErrors} />
      <label class="checkbox-row">
        <input
          type="checkbox"
          checked={ownLimits}
          aria-controls={limitsId}
          onChange={(e) => setOwnLimits(e.currentTarget.checked)}
        />
        This link’s own plan limits (unticked: your default constraints apply)
      </label>
      <div id={limitsId} class={ownLimits ? 'subform' : undefined}>
        {ownLimits && <ConstraintsFields draft={limits} onDraft={setLimits} errors={limitErrors} />}
      </div>
      {error && <Alert>{error}</Alert>}
      <div class="inline-actions">
        <SubmitButton busy={busy} busyLabel="Saving…">
          Save changes
        </SubmitButton>
      </div>
    </form>
  );
}
