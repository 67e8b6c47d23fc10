import { useId, useState } from 'preact/hooks';

import { Alert, Field, SubmitButton } from '../../../shared/ui.tsx';
import { useAsyncAction } from '../../../shared/use-async-action.ts';
import { createPaymentLink, type LinkConstraints, type PaymentLink } from '../../api/links.ts';
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

/** Creating a link in the mode shown. */
export function NewLinkCard(props: { onCreated: (link: PaymentLink) => void }) {
  const { api, merchant, mode } = useDashboard();
  const [title, setTitle] = useState('');
  const [amount, setAmount] = useState<AmountDraft>(amountDraft());
  const [redirect, setRedirect] = useState('');
  const [ownLimits, setOwnLimits] = useState(false);
  const [limits, setLimits] = useState<ConstraintsDraft>(() =>
    constraintsDraft(merchant.default_constraints),
  );
  const [questions, setQuestions] = useState<CustomerFieldsDraft>(customerFieldsDraft());
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
    let constraints: LinkConstraints | undefined;
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
      const link = await createPaymentLink(api, merchant.id, mode, {
        title: title.trim(),
        ...parsed.amount,
        ...(redirect.trim() !== '' && { redirect_url: redirect.trim() }),
        ...(constraints && { constraints }),
        ...(asked.fields.length > 0 && { customer_fields: asked.fields }),
      });
      setTitle('');
      setAmount(amountDraft());
      setRedirect('');
      setOwnLimits(false);
      setQuestions(customerFieldsDraft());
      props.onCreated(link);
    });
  }

  return (
    <section class="card" aria-labelledby="new-link-title">
      <h2 id="new-link-title">New {mode} link</h2>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field
          label="Title"
          value={title}
          onValue={setTitle}
          hint="What the customer buys, shown on the checkout."
          maxLength={200}
        />
        <AmountFields draft={amount} onDraft={setAmount} errors={amountErrors} />
        <Field
          label="Redirect URL (optional)"
          inputMode="text"
          value={redirect}
          onValue={setRedirect}
          hint="Where the customer goes after a confirmed plan. Empty: their Tranche dashboard."
        />
        <CustomerFieldsEditor draft={questions} onDraft={setQuestions} errors={questionErrors} />
        <label class="checkbox-row">
          <input
            type="checkbox"
            checked={ownLimits}
            aria-controls={limitsId}
            onChange={(e) => setOwnLimits(e.currentTarget.checked)}
          />
          Set this link’s own plan limits (otherwise your default constraints apply at each visit)
        </label>
        <div id={limitsId} class={ownLimits ? 'subform' : undefined}>
          {ownLimits && (
            <ConstraintsFields draft={limits} onDraft={setLimits} errors={limitErrors} />
          )}
        </div>
        {error && <Alert>{error}</Alert>}
        <div class="inline-actions">
          <SubmitButton busy={busy} busyLabel="Creating…">
            Create link
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
