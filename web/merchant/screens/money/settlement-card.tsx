import { useEffect, useId, useState } from 'preact/hooks';

import { messageOf } from '../../../shared/message-of.ts';
import { Alert, Field } from '../../../shared/ui.tsx';
import { useAsyncAction } from '../../../shared/use-async-action.ts';
import {
  type Bank,
  checkSettlementAccount,
  setSettlementAccount,
  type SettlementAccount,
} from '../../api/money.ts';
import { useDashboard } from '../../context.ts';
import { TwoFactorCodeField } from '../two-factor-code-field.tsx';
import { MaskedAccount } from './masked-account.tsx';

/** The settlement account (shared by both modes): shown masked, changed with a bank and a NUBAN. */
export function SettlementCard(props: { banks: Bank[] | undefined }) {
  const { api, merchant, member, reload } = useDashboard();
  // Only an owner changes where the money goes (decision 0064); the API refuses the others too.
  const mayChange = member.permissions.includes('change_settlement_account');
  const { banks } = props;
  const current = merchant.settlement_account;
  const [editing, setEditing] = useState(false);
  const [bankCode, setBankCode] = useState(current?.bank_code ?? '');
  const [accountNumber, setAccountNumber] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const twoFactorOn = member.two_factor.enabled;
  // The bank's name for the account typed, asked as soon as it is a whole NUBAN at a bank.
  const [holder, setHolder] = useState<{ name?: string; problem?: string }>();
  useEffect(() => {
    setHolder(undefined);
    const number = accountNumber.trim();
    if (bankCode === '' || !/^\d{10}$/.test(number)) return;
    let current = true;
    checkSettlementAccount(api, merchant.id, { bank_code: bankCode, account_number: number }).then(
      (name) => current && setHolder({ name }),
      (caught: unknown) => current && setHolder({ problem: messageOf(caught) }),
    );
    return () => {
      current = false;
    };
  }, [bankCode, accountNumber]);
  const { busy, error, setError, run } = useAsyncAction();
  const [bankError, setBankError] = useState<string>();
  const [saved, setSaved] = useState<SettlementAccount>();
  const selectId = useId();
  const showForm = mayChange && twoFactorOn && (current === null || editing);

  async function save(event: Event) {
    event.preventDefault();
    if (busy) return;
    setError(undefined);
    setSaved(undefined);
    setBankError(bankCode === '' ? 'Choose your bank.' : undefined);
    if (bankCode === '') return;
    await run(async () => {
      let record;
      try {
        record = await setSettlementAccount(
          api,
          merchant.id,
          { bank_code: bankCode, account_number: accountNumber.trim() },
          password,
          code.trim(),
        );
      } finally {
        setCode(''); // good once, refused or not
      }
      await reload();
      setSaved(record.settlement_account ?? undefined);
      setEditing(false);
      setAccountNumber('');
      setPassword('');
    });
  }

  return (
    <section class="card" aria-labelledby="settlement-title">
      <h2 id="settlement-title">Settlement account</h2>
      <div aria-live="polite">
        {saved && (
          <p class="notice">
            Saved. Payouts now go to <MaskedAccount banks={banks} account={saved} />, in test and
            live mode alike.
            {saved.account_name === null && <Unnamed />}
          </p>
        )}
      </div>
      {!mayChange && (
        <p class="hint">
          Your role ({member.role}) cannot change the settlement account: only an owner can.
        </p>
      )}
      {mayChange && !twoFactorOn && (
        <p class="hint">
          Changing the settlement account needs two-factor sign-in: turn it on under Team →
          Two-factor sign-in first.
        </p>
      )}
      {current !== null && !editing && (
        <div class="inline-actions money-current">
          {/* Just saved: the confirmation above says where payouts go. */}
          {!saved && (
            <p>
              Payouts go to <MaskedAccount banks={banks} account={current} />. It is the same
              account in test and live mode.
              {current.account_name === null && <Unnamed />}
            </p>
          )}
          {mayChange && twoFactorOn && (
            <button
              class="button secondary"
              type="button"
              onClick={() => {
                setSaved(undefined);
                setBankCode(current.bank_code);
                setEditing(true);
              }}
            >
              Change account
            </button>
          )}
        </div>
      )}
      {current === null && (
        <p>
          Add the bank account Tranche pays you into. Payouts need one; it is the same account in
          test and live mode.
        </p>
      )}
      {showForm && (
        <form onSubmit={(event) => void save(event)} noValidate>
          {error && <Alert>{error}</Alert>}
          <div class="money-account-fields">
            <div class="field">
              <label for={selectId}>Bank</label>
              <select
                id={selectId}
                value={bankCode}
                disabled={banks === undefined}
                aria-invalid={bankError ? 'true' : undefined}
                aria-describedby={bankError ? `${selectId}-error` : undefined}
                onChange={(event) => setBankCode(event.currentTarget.value)}
              >
                <option value="">
                  {banks === undefined ? 'Loading banks…' : 'Choose your bank'}
                </option>
                {banks?.map((bank) => (
                  <option key={bank.code} value={bank.code}>
                    {bank.name}
                  </option>
                ))}
              </select>
              {bankError && (
                <p class="field-error" id={`${selectId}-error`}>
                  {bankError}
                </p>
              )}
            </div>
            <Field
              label="Account number"
              inputMode="numeric"
              autoComplete="off"
              maxLength={10}
              value={accountNumber}
              onValue={setAccountNumber}
              hint="The 10-digit NUBAN of an account in your business’s name. Its bank names the holder when you save."
            />
          </div>
          <p class="hint money-holder" aria-live="polite">
            {holder?.name && (
              <>
                Account name: <strong>{holder.name}</strong>
              </>
            )}
            {holder?.problem}
          </p>
          <Field
            label="Your dashboard password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onValue={setPassword}
            hint="Changing where your money goes needs it, so that nobody else at this computer can."
          />
          <TwoFactorCodeField value={code} onValue={setCode} />
          {banks?.length === 0 && (
            <Alert>We could not load the list of banks. Reload the page to try again.</Alert>
          )}
          <div class="inline-actions">
            <button class="button" type="submit" disabled={busy} aria-busy={busy}>
              {busy ? 'Saving…' : 'Save settlement account'}
            </button>
            {editing && (
              <button
                class="button secondary"
                type="button"
                onClick={() => {
                  setEditing(false);
                  setError(undefined);
                  setBankError(undefined);
                }}
              >
                Cancel
              </button>
            )}
          </div>
        </form>
      )}
    </section>
  );
}

/** The gateway gave no answer when the account was set: the holder's name is unconfirmed. */
function Unnamed() {
  return (
    <span class="hint">
      {' '}
      The bank has not confirmed the holder’s name: check the number, or save it again to ask.
    </span>
  );
}
