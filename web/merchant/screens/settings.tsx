import type { ComponentChildren } from 'preact';
import { useId, useState } from 'preact/hooks';

import { Alert, Field, StepHeading, SubmitButton } from '../../shared/ui.tsx';
import { useAsyncAction } from '../../shared/use-async-action.ts';
import type { MerchantRecord } from '../api/index.ts';
import {
  type CustomerTier,
  type ReleaseRule,
  type SharedSettingsPatch,
  updateSharedSettings,
} from '../api/links.ts';
import { useDashboard } from '../context.ts';
import {
  constraintsDraft,
  type ConstraintsErrors,
  ConstraintsFields,
  constraintsFromDraft,
  wholeNumber,
} from './constraints-fields.tsx';
import { EmailNotificationsCard } from './email-notifications.tsx';
import { PasswordCard } from './password.tsx';

/** The settings both modes share (decision 0015): each card saves on its own. */
export function SettingsSection() {
  return (
    <>
      <StepHeading lead="These apply in test and live mode alike. Changes apply to checkouts started afterwards.">
        Settings
      </StepHeading>
      <ConstraintsCard />
      <TierCard />
      <ReleaseCard />
      <OriginsCard />
      <SupportContactCard />
      <EmailNotificationsCard />
      <PasswordCard />
    </>
  );
}

/**
 * One settings form: its own save button, the API's `detail` right beside it on a refusal, and
 * the merchant record reloaded after a save (so every section sees the new values).
 */
function SettingsForm(props: {
  title: string;
  lead: ComponentChildren;
  button: string;
  /** The patch to send, or undefined when a field must be fixed first (it says why). */
  patch: () => SharedSettingsPatch | undefined;
  onSaved?: (saved: MerchantRecord) => void;
  children: ComponentChildren;
}) {
  const { api, merchant, reload } = useDashboard();
  const { busy, error, setError, run } = useAsyncAction();
  const [saved, setSaved] = useState(false);
  const id = useId();

  async function submit(event: Event) {
    event.preventDefault();
    if (busy) return;
    setError(undefined);
    setSaved(false);
    const patch = props.patch();
    if (!patch) return;
    await run(async () => {
      const record = await updateSharedSettings(api, merchant.id, patch);
      await reload();
      setSaved(true);
      props.onSaved?.(record);
    });
  }

  return (
    <section class="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{props.title}</h2>
      <p class="card-lead">{props.lead}</p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        {props.children}
        {error && <Alert>{error}</Alert>}
        <div class="inline-actions">
          <SubmitButton busy={busy} busyLabel="Saving…">
            {props.button}
          </SubmitButton>
          <span aria-live="polite" class="saved">
            {saved ? 'Saved.' : ''}
          </span>
        </div>
      </form>
    </section>
  );
}

function ConstraintsCard() {
  const { merchant } = useDashboard();
  const [draft, setDraft] = useState(() => constraintsDraft(merchant.default_constraints));
  const [errors, setErrors] = useState<ConstraintsErrors>();
  return (
    <SettingsForm
      title="Default constraints"
      lead="The plans a customer may choose at checkout, unless a payment link sets its own."
      button="Save constraints"
      patch={() => {
        const read = constraintsFromDraft(draft);
        setErrors(read.errors);
        return read.errors ? undefined : { default_constraints: read.constraints };
      }}
    >
      <ConstraintsFields draft={draft} onDraft={setDraft} errors={errors} />
    </SettingsForm>
  );
}

const TIERS: readonly { value: CustomerTier; label: string }[] = [
  { value: 'Tranche Bronze', label: 'Tranche Bronze (any verified customer)' },
  { value: 'Tranche Silver', label: 'Tranche Silver' },
  { value: 'Tranche Gold', label: 'Tranche Gold' },
  { value: 'Tranche Platinum', label: 'Tranche Platinum' },
];

function TierCard() {
  const { merchant } = useDashboard();
  const [tier, setTier] = useState(merchant.min_customer_tier);
  const id = useId();
  return (
    <SettingsForm
      title="Minimum customer tier"
      lead="Customers below this trust tier are told they are not eligible. A higher tier means fewer customers and fewer missed payments."
      button="Save tier"
      patch={() => ({ min_customer_tier: tier as CustomerTier })}
    >
      <div class="field">
        <label for={id}>Lowest tier that may check out</label>
        <select id={id} value={tier} onChange={(e) => setTier(e.currentTarget.value)}>
          {TIERS.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </select>
      </div>
    </SettingsForm>
  );
}

function ReleaseCard() {
  const { merchant } = useDashboard();
  const rule = merchant.goods_release_rule;
  const [type, setType] = useState<ReleaseRule['type']>(rule.type);
  const [percentage, setPercentage] = useState(
    rule.type === 'percentage_paid' ? String(rule.percentage) : '50',
  );
  const [percentError, setPercentError] = useState<string>();
  const name = useId();
  const choices: readonly { value: ReleaseRule['type']; label: string; sub: string }[] = [
    {
      value: 'deposit_paid',
      label: 'Deposit paid',
      sub: 'Hand over the goods once the deposit is in.',
    },
    {
      value: 'percentage_paid',
      label: 'Part paid',
      sub: 'Once a percentage of the amount is in.',
    },
    { value: 'fully_paid', label: 'Fully paid', sub: 'Only after the last installment.' },
  ];
  return (
    <SettingsForm
      title="When to release the goods"
      lead="Tranche sends your server the goods.release webhook when a plan reaches this point."
      button="Save release rule"
      patch={() => {
        setPercentError(undefined);
        if (type !== 'percentage_paid') return { goods_release_rule: { type } };
        const value = wholeNumber(percentage);
        if (value === undefined) {
          setPercentError('Enter a whole percentage, such as 50.');
          return undefined;
        }
        return { goods_release_rule: { type, percentage: value } };
      }}
    >
      <fieldset>
        <legend class="legend">Release the goods when</legend>
        <div class="choices">
          {choices.map((choice) => (
            <label class="choice" key={choice.value}>
              <input
                type="radio"
                name={name}
                checked={type === choice.value}
                onChange={() => setType(choice.value)}
              />
              <span>
                {choice.label}
                <span class="sub">{choice.sub}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {type === 'percentage_paid' && (
        <Field
          label="Percentage of the amount paid (%)"
          inputMode="numeric"
          value={percentage}
          onValue={setPercentage}
          error={percentError}
        />
      )}
    </SettingsForm>
  );
}

function OriginsCard() {
  const { merchant } = useDashboard();
  const [text, setText] = useState(merchant.allowed_checkout_origins.join('\n'));
  const id = useId();
  const origins = () =>
    text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '');
  return (
    <SettingsForm
      title="Sites that may embed your checkout"
      lead={
        <>
          The checkout opens in a frame on your site. Browsers show it only on the sites listed
          here. <strong>Empty: any site may embed your checkout.</strong> Set this before you go
          live, so no other site can frame it.
        </>
      }
      button="Save sites"
      patch={() => ({ allowed_checkout_origins: origins() })}
      // What was saved, as stored (normalised, de-duplicated).
      onSaved={(saved) => setText(saved.allowed_checkout_origins.join('\n'))}
    >
      <div class="field">
        <label for={id}>Allowed origins, one per line</label>
        <textarea
          id={id}
          rows={4}
          spellcheck={false}
          autoCapitalize="off"
          autoComplete="off"
          value={text}
          onInput={(e) => setText(e.currentTarget.value)}
          aria-describedby={`${id}-hint`}
        />
        <p class="hint" id={`${id}-hint`}>
          Scheme and host, with a port if not the default, such as https://shop.example. No path.
          http only for http://localhost or http://127.0.0.1 while developing.
        </p>
      </div>
    </SettingsForm>
  );
}

/** How customers reach the shop: the checkout shows it when it cannot offer installments. */
function SupportContactCard() {
  const { merchant } = useDashboard();
  const [email, setEmail] = useState(merchant.support_contact.email ?? '');
  const [phone, setPhone] = useState(merchant.support_contact.phone ?? '');
  const [website, setWebsite] = useState(merchant.support_contact.website ?? '');
  return (
    <SettingsForm
      title="Support contact"
      lead="Shown to customers the checkout cannot offer installments, beside “pay this shop another way”. Leave a field empty to leave it out."
      button="Save contact"
      patch={() => ({ support_contact: { email, phone, website } })}
    >
      <Field label="Support e-mail" type="email" value={email} onValue={setEmail} />
      <Field
        label="Support phone"
        type="tel"
        value={phone}
        onValue={setPhone}
        hint="0 and 10 digits, or + and the country code"
      />
      <Field
        label="Shop website"
        value={website}
        onValue={setWebsite}
        hint="https://… (customers go back there to pay another way)"
      />
    </SettingsForm>
  );
}
