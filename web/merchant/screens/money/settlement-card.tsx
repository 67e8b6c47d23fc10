import { useId, useState } from 'preact/hooks';

import { Alert, Field } from '../../../shared/ui.tsx';
import { useAsyncAction } from '../../../shared/use-async-action.ts';
import { type Bank, setSettlementAccount, type SettlementAccount } from '../../api/money.ts';
import { useDashboard } from '../../context.ts';
import { MaskedAccount } from './masked-account.tsx';

/** The settlement account (shared by both modes): shown masked, changed with a bank and a NUBAN. */
export function SettlementCard(props: { banks: Bank[] | undefined }) {
  const { api, merchant, reload } = useDashboard();
  const { banks } = props;
  const current = merchant.settlement_account;
  const [editing, setEditing] = useState(false);
  const [bankCode, setBankCode] = useState(current?.bank_code ?? '');
  const [accountNumber, setAccountNumber] = useState('');
  const { busy, error, setError, run } = useAsyncAction();
  const [bankError, setBankError] = useState<string>();
  const [saved, setSaved] = useState<SettlementAccount>();
  const selectId = useId();
  const showForm = current === null || editing;

  async function save(event: Event) {
    event.preventDefault();
    if (busy) return;
    setError(undefined);
    setSaved(undefined);
    setBankError(bankCode === '' ? 'Choose your bank.' : undefined);
    if (bankCode === '') return;
    await run(async () => {
      const record = await setSettlementAccount(api, merchant.id, {
        bank_code: bankCode,
        account_number: accountNumber.trim(),
      });
      await reload();
      setSaved(record.settlement_account ?? undefined);
      setEditing(false);
      setAccountNumber('');
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
          </p>
        )}
      </div>
      {current !== null && !editing && (
        <div class="inline-actions money-current">
          {/* Just saved: the confirmation above says where payouts go. */}
          {!saved && (
            <p>
              Payouts go to <MaskedAccount banks={banks} account={current} />. It is the same
              account in test and live mode.
            </p>
          )}
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
              hint="The 10-digit NUBAN of an account in your business’s name."
            />
          </div>
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
