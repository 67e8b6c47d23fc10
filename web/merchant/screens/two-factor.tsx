import { useState } from 'preact/hooks';

import { Link } from '../../shared/router.tsx';
import { Alert } from '../../shared/ui.tsx';
import { useAsyncAction } from '../../shared/use-async-action.ts';
import {
  confirmTwoFactor,
  disableTwoFactor,
  startTwoFactor,
  type TwoFactorEnabled,
  type TwoFactorEnrolment,
} from '../api/team.ts';
import { useDashboard } from '../context.ts';
import { CopyableSecret } from './copyable-secret.tsx';
import { QrCode } from './qr-code.tsx';
import { TwoFactorCodeField } from './two-factor-code-field.tsx';

/** Where an owner is led to turn two-factor sign-in on: the Team screen, whose first card it is. */
export const TWO_FACTOR_PATH = '/merchant/team';

const dateWords = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * Every screen tells an owner without two-factor sign-in that it must turn it on, and by when
 * (decision 0065): after that date the API lets it only read until it does.
 */
export function OwnerTwoFactorNotice() {
  const { member } = useDashboard();
  const { two_factor: status } = member;
  if (!status.required || status.enabled) return null;
  const past = status.due_at !== null && Date.parse(status.due_at) <= Date.now();
  return (
    <p class="notice two-factor-notice">
      {past
        ? 'Owners must use two-factor sign-in: until you turn it on you can only look, not change anything.'
        : `Owners must use two-factor sign-in${status.due_at ? `: turn it on by ${dateWords(status.due_at)}` : ''}. Payouts and settlement-account changes need it already.`}{' '}
      <Link href={TWO_FACTOR_PATH}>Set up two-factor sign-in</Link>
    </p>
  );
}

/**
 * The signed-in member's own two-factor sign-in: off (turn it on: the key as a QR code and as
 * text, then a code from the app), the recovery codes shown once, on (recovery codes left; turn
 * off with a code, except owners).
 */
export function TwoFactorCard() {
  const { member } = useDashboard();
  const [enabled, setEnabled] = useState<TwoFactorEnabled>();
  const status = member.two_factor;
  return (
    <section class="card" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">Two-factor sign-in</h2>
      {enabled ? (
        <RecoveryCodes enabled={enabled} onDone={() => setEnabled(undefined)} />
      ) : status.enabled ? (
        <TwoFactorOn />
      ) : (
        <TwoFactorEnrol onEnabled={setEnabled} />
      )}
    </section>
  );
}

function TwoFactorEnrol(props: { onEnabled: (enabled: TwoFactorEnabled) => void }) {
  const { api, merchant, member, reloadMember } = useDashboard();
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment>();
  const [code, setCode] = useState('');
  const { busy, error, setError, run } = useAsyncAction();
  const status = member.two_factor;

  if (!enrolment) {
    return (
      <>
        <p>
          {status.required
            ? 'Owners must use it. '
            : 'Paying out and changing the settlement account need it. '}
          With it on, signing in asks for a code from an authenticator app on your phone (Google
          Authenticator, Microsoft Authenticator, 1Password and the like) as well as your password,
          and so does every payout and every change of the settlement account.
        </p>
        {error && <Alert>{error}</Alert>}
        <div class="inline-actions">
          <button
            class="button"
            type="button"
            disabled={busy}
            aria-busy={busy}
            onClick={() =>
              void run(async () => setEnrolment(await startTwoFactor(api, merchant.id)))
            }
          >
            {busy ? 'Starting…' : 'Set up two-factor sign-in'}
          </button>
        </div>
      </>
    );
  }

  async function confirm(event: Event) {
    event.preventDefault();
    if (busy) return;
    if (code.trim() === '') return setError('Type the 6-digit code your app shows.');
    await run(async () => {
      const enabled = await confirmTwoFactor(api, merchant.id, code.trim());
      setCode('');
      props.onEnabled(enabled);
      // Everything else (the owners' notice, payouts, the settlement form) knows at once.
      await reloadMember();
    });
  }

  return (
    <form onSubmit={(event) => void confirm(event)} noValidate>
      <ol class="two-factor-steps">
        <li>
          Scan this code with your authenticator app, or type the key below into it.
          <QrCode
            text={enrolment.otpauth_uri}
            label="QR code of your two-factor key for an authenticator app"
            fileName="tranche-two-factor.svg"
            caption="Scan it with your authenticator app."
            downloadable={false}
          />
          <CopyableSecret label="Key (to type in instead)" value={enrolment.secret} />
        </li>
        <li>Type the 6-digit code the app now shows for Tranche.</li>
      </ol>
      {error && <Alert>{error}</Alert>}
      <TwoFactorCodeField
        label="Code from the app"
        hint="Six digits; a new one every 30 seconds."
        value={code}
        onValue={setCode}
      />
      <div class="inline-actions">
        <button class="button" type="submit" disabled={busy} aria-busy={busy}>
          {busy ? 'Checking…' : 'Turn on two-factor sign-in'}
        </button>
      </div>
    </form>
  );
}

function RecoveryCodes(props: { enabled: TwoFactorEnabled; onDone: () => void }) {
  const text = props.enabled.recovery_codes.join('\n');
  return (
    <>
      <p class="notice" role="status">
        Two-factor sign-in is on.
      </p>
      <p>
        Save these recovery codes somewhere safe (a password manager, or printed). Each one works
        once instead of a code from your phone, if you lose it. They are shown only now.
      </p>
      <ul class="recovery-codes" aria-label="Recovery codes">
        {props.enabled.recovery_codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div class="inline-actions">
        <CopyAll text={text} />
        <button class="button" type="button" onClick={props.onDone}>
          I have saved them
        </button>
      </div>
    </>
  );
}

/** One button that copies every recovery code, said in a live region as it happens. */
function CopyAll(props: { text: string }) {
  const [copied, setCopied] = useState<boolean>();
  return (
    <>
      <button
        class="button secondary"
        type="button"
        onClick={() =>
          void navigator.clipboard.writeText(props.text).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {copied ? 'Copied' : 'Copy all ten'}
      </button>
      <span class="visually-hidden" role="status">
        {copied === true && 'Copied the recovery codes'}
        {copied === false && 'Could not copy: select the codes and copy them yourself.'}
      </span>
    </>
  );
}

function TwoFactorOn() {
  const { api, merchant, member, reloadMember } = useDashboard();
  const [code, setCode] = useState('');
  const [turningOff, setTurningOff] = useState(false);
  const { busy, error, run } = useAsyncAction();
  const status = member.two_factor;
  return (
    <>
      <p>
        On{status.enabled_at ? ` since ${dateWords(status.enabled_at)}` : ''}: signing in, payouts
        and settlement-account changes ask for a code from your authenticator app.{' '}
        {status.recovery_codes_left} recovery code{status.recovery_codes_left === 1 ? '' : 's'}{' '}
        left.
      </p>
      {status.required ? (
        <p class="hint">Owners keep it on.</p>
      ) : turningOff ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (busy) return;
            void run(async () => {
              await disableTwoFactor(api, merchant.id, code.trim());
              await reloadMember();
            });
          }}
          noValidate
        >
          {error && <Alert>{error}</Alert>}
          <TwoFactorCodeField value={code} onValue={setCode} />
          <div class="inline-actions">
            <button class="button secondary" type="submit" disabled={busy} aria-busy={busy}>
              {busy ? 'Turning off…' : 'Turn off two-factor sign-in'}
            </button>
          </div>
        </form>
      ) : (
        <div class="inline-actions">
          <button class="button secondary" type="button" onClick={() => setTurningOff(true)}>
            Turn off…
          </button>
        </div>
      )}
    </>
  );
}
