import { useEffect, useId, useState } from 'preact/hooks';
import {
  formatDateTime,
  formatNaira,
  koboToNairaInput,
  parseNairaToKobo,
} from '../../shared/format.ts';
import {
  createPaymentLink,
  listPaymentLinks,
  setPaymentLinkActive,
  updatePaymentLink,
  type LinkAmountInput,
  type LinkConstraints,
  type PaymentLink,
} from '../api/links.ts';
import { Alert, Field, StepHeading, SubmitButton } from '../../shared/ui.tsx';
import { useDashboard } from '../context.ts';
import {
  constraintsDraft,
  constraintsFromDraft,
  ConstraintsFields,
  type ConstraintsDraft,
  type ConstraintsErrors,
} from './constraints-fields.tsx';
import { QrCode } from './qr-code.tsx';
import { messageOf } from '../../shared/message-of.ts';

/** Reusable links that open checkout without a server (decision 0011), in the mode shown. */
export function PaymentLinksSection() {
  const { mode } = useDashboard();
  const [created, setCreated] = useState<PaymentLink>();
  return (
    <>
      <StepHeading
        lead={
          mode === 'test'
            ? 'Share a link, or print its QR code: each visit opens a checkout. Test links open sandbox checkouts, no real money.'
            : 'Share a link, or print its QR code: each visit opens a checkout for real payments.'
        }
      >
        Payment links
      </StepHeading>
      <NewLinkCard key={`new-${mode}`} onCreated={setCreated} />
      <LinksCard key={`list-${mode}`} created={created} />
    </>
  );
}

// ── the amount: fixed, or chosen by the customer within bounds ─────────────────────────────

interface AmountDraft {
  kind: 'fixed' | 'range';
  amount: string;
  min: string;
  max: string;
}
type AmountErrors = Partial<Record<'amount' | 'min' | 'max', string>>;

const NOT_NAIRA = 'Enter naira, such as 25,000 or 25,000.50 (at most 2 decimals).';

function amountDraft(link?: PaymentLink): AmountDraft {
  const naira = (kobo: number | null | undefined) =>
    kobo === null || kobo === undefined ? '' : koboToNairaInput(kobo);
  if (!link) return { kind: 'fixed', amount: '', min: '', max: '' };
  return {
    kind: link.amount === null ? 'range' : 'fixed',
    amount: naira(link.amount),
    min: naira(link.min_amount),
    max: naira(link.max_amount),
  };
}

function amountFromDraft(
  draft: AmountDraft,
): { amount: LinkAmountInput; errors?: undefined } | { errors: AmountErrors } {
  if (draft.kind === 'fixed') {
    const amount = parseNairaToKobo(draft.amount);
    return amount === undefined ? { errors: { amount: NOT_NAIRA } } : { amount: { amount } };
  }
  const min = parseNairaToKobo(draft.min);
  const max = parseNairaToKobo(draft.max);
  if (min === undefined || max === undefined)
    return {
      errors: {
        ...(min === undefined && { min: NOT_NAIRA }),
        ...(max === undefined && { max: NOT_NAIRA }),
      },
    };
  return { amount: { min_amount: min, max_amount: max } };
}

/** A text field for naira with the phone's decimal keypad. */
function NairaField(props: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{props.label}</label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={props.value}
        onInput={(event) => props.onValue(event.currentTarget.value)}
        aria-invalid={props.error ? 'true' : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
      />
      {props.error && (
        <p class="field-error" id={`${id}-error`}>
          {props.error}
        </p>
      )}
    </div>
  );
}

function AmountFields(props: {
  draft: AmountDraft;
  onDraft: (draft: AmountDraft) => void;
  errors: AmountErrors;
}) {
  const { draft, onDraft, errors } = props;
  const name = useId();
  const set = (patch: Partial<AmountDraft>) => onDraft({ ...draft, ...patch });
  return (
    <>
      <fieldset>
        <legend class="legend">Amount</legend>
        <div class="choices two amount-kinds">
          <label class="choice">
            <input
              type="radio"
              name={name}
              checked={draft.kind === 'fixed'}
              onChange={() => set({ kind: 'fixed' })}
            />
            <span>
              Fixed amount
              <span class="sub">Every customer pays the same.</span>
            </span>
          </label>
          <label class="choice">
            <input
              type="radio"
              name={name}
              checked={draft.kind === 'range'}
              onChange={() => set({ kind: 'range' })}
            />
            <span>
              Customer enters the amount
              <span class="sub">Within a minimum and a maximum.</span>
            </span>
          </label>
        </div>
      </fieldset>
      {draft.kind === 'fixed' ? (
        <NairaField
          label="Amount (₦)"
          value={draft.amount}
          onValue={(amount) => set({ amount })}
          error={errors.amount}
        />
      ) : (
        <div class="field-grid">
          <NairaField
            label="Minimum (₦)"
            value={draft.min}
            onValue={(min) => set({ min })}
            error={errors.min}
          />
          <NairaField
            label="Maximum (₦)"
            value={draft.max}
            onValue={(max) => set({ max })}
            error={errors.max}
          />
        </div>
      )}
    </>
  );
}

// ── creating a link ─────────────────────────────────────────────────────────────────────────

function NewLinkCard(props: { onCreated: (link: PaymentLink) => void }) {
  const { api, merchant, mode } = useDashboard();
  const [title, setTitle] = useState('');
  const [amount, setAmount] = useState<AmountDraft>(amountDraft());
  const [redirect, setRedirect] = useState('');
  const [ownLimits, setOwnLimits] = useState(false);
  const [limits, setLimits] = useState<ConstraintsDraft>(() =>
    constraintsDraft(merchant.default_constraints),
  );
  const [amountErrors, setAmountErrors] = useState<AmountErrors>({});
  const [limitErrors, setLimitErrors] = useState<ConstraintsErrors>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
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
    if (parsed.errors) return;
    setBusy(true);
    try {
      const link = await createPaymentLink(api, merchant.id, mode, {
        title: title.trim(),
        ...parsed.amount,
        ...(redirect.trim() !== '' && { redirect_url: redirect.trim() }),
        ...(constraints && { constraints }),
      });
      setTitle('');
      setAmount(amountDraft());
      setRedirect('');
      setOwnLimits(false);
      props.onCreated(link);
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
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

// ── the mode's links ────────────────────────────────────────────────────────────────────────

type Filter = 'all' | 'active' | 'inactive';

function LinksCard(props: { created: PaymentLink | undefined }) {
  const { api, merchant, mode } = useDashboard();
  const [links, setLinks] = useState<PaymentLink[]>();
  const [next, setNext] = useState<string | null>(null);
  const [filter, setFilter] = useState<Filter>('all');
  const [error, setError] = useState<string>();

  const load = async (cursor: string | null) => {
    setError(undefined);
    try {
      const page = await listPaymentLinks(api, merchant.id, mode, {
        ...(filter !== 'all' && { active: filter === 'active' }),
        cursor,
      });
      setLinks((shown) => (cursor && shown ? [...shown, ...page.data] : page.data));
      setNext(page.has_more ? page.next_cursor : null);
    } catch (caught) {
      setError(messageOf(caught));
    }
  };
  useEffect(() => void load(null), [filter]);
  useEffect(() => {
    const created = props.created;
    if (created && filter !== 'inactive')
      setLinks((shown) => [created, ...(shown ?? []).filter((l) => l.id !== created.id)]);
  }, [props.created]);

  const replace = (link: PaymentLink) =>
    setLinks((shown) => shown?.map((l) => (l.id === link.id ? link : l)));

  return (
    <section class="card" aria-labelledby="links-title">
      <div class="card-head">
        <h2 id="links-title">Your {mode} links</h2>
        <div class="field">
          <label for="links-filter">Show links</label>
          <select
            id="links-filter"
            value={filter}
            onChange={(e) => setFilter(e.currentTarget.value as Filter)}
          >
            <option value="all">All</option>
            <option value="active">Active only</option>
            <option value="inactive">Inactive only</option>
          </select>
        </div>
      </div>
      <div aria-live="polite">
        {props.created && links?.some((l) => l.id === props.created?.id) && (
          <p class="notice">
            Created “{props.created.title}”. Copy its address or show its QR code below.
          </p>
        )}
      </div>
      {error && <Alert>{error}</Alert>}
      {links?.length === 0 && (
        <p class="hint">
          {filter === 'all' ? `No ${mode} links yet.` : `No ${filter} ${mode} links.`}
        </p>
      )}
      <ul class="link-list">
        {links?.map((link) => (
          <LinkItem key={link.id} link={link} onChange={replace} />
        ))}
      </ul>
      {next && (
        <div class="inline-actions">
          <button class="button secondary" type="button" onClick={() => void load(next)}>
            Show older links
          </button>
        </div>
      )}
    </section>
  );
}

function amountText(link: PaymentLink): string {
  if (link.amount !== null) return formatNaira(link.amount);
  return `Customer enters ${formatNaira(link.min_amount ?? 0)} to ${formatNaira(link.max_amount ?? 0)}`;
}

function limitsText(constraints: LinkConstraints | null): string {
  if (!constraints) return 'Your default constraints';
  const parts: string[] = [];
  if (constraints.allowed_frequencies.includes('weekly'))
    parts.push(`weekly up to ${constraints.max_weekly_duration}`);
  if (constraints.allowed_frequencies.includes('monthly'))
    parts.push(`monthly up to ${constraints.max_monthly_duration}`);
  return `${parts.join(', ')}; deposit from ${constraints.min_upfront_pct}%`;
}

function LinkItem(props: { link: PaymentLink; onChange: (link: PaymentLink) => void }) {
  const { api, merchant } = useDashboard();
  const { link } = props;
  const [editing, setEditing] = useState(false);
  const [showQr, setShowQr] = useState(false);
  const [copied, setCopied] = useState<'yes' | 'failed'>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const id = useId();

  useEffect(() => {
    if (copied !== 'yes') return;
    const timer = setTimeout(() => setCopied(undefined), 4000);
    return () => clearTimeout(timer);
  }, [copied]);

  async function setActive(active: boolean) {
    setBusy(true);
    setError(undefined);
    try {
      props.onChange(await setPaymentLinkActive(api, merchant.id, link.id, active));
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
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

function EditLinkForm(props: { link: PaymentLink; onSaved: (link: PaymentLink) => void }) {
  const { api, merchant } = useDashboard();
  const { link } = props;
  const [title, setTitle] = useState(link.title);
  const [amount, setAmount] = useState<AmountDraft>(() => amountDraft(link));
  const [redirect, setRedirect] = useState(link.redirect_url ?? '');
  const [ownLimits, setOwnLimits] = useState(link.constraints !== null);
  const [limits, setLimits] = useState<ConstraintsDraft>(() =>
    constraintsDraft(link.constraints ?? merchant.default_constraints),
  );
  const [amountErrors, setAmountErrors] = useState<AmountErrors>({});
  const [limitErrors, setLimitErrors] = useState<ConstraintsErrors>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
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
    if (parsed.errors) return;
    setBusy(true);
    try {
      props.onSaved(
        await updatePaymentLink(api, merchant.id, link.id, {
          title: title.trim(),
          ...parsed.amount,
          redirect_url: redirect.trim() === '' ? null : redirect.trim(),
          constraints,
        }),
      );
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
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
