import { useEffect, useState } from 'preact/hooks';

import { formatDateTime, formatNaira } from '../../shared/format.ts';
import { Alert, Spinner, StepHeading } from '../../shared/ui.tsx';
import { useAsyncAction } from '../../shared/use-async-action.ts';
import type { Ledger } from '../api.ts';
import { useConsole } from '../context.ts';

/** The ledger check: the journal sums to zero, each entry balances, accounts on their side. */
export function LedgerSection() {
  const { api } = useConsole();
  const [check, setCheck] = useState<Ledger>();
  const { busy, error, run } = useAsyncAction();

  async function checkLedger() {
    await run(async () => {
      setCheck(await api.ledgerCheck());
    });
  }
  useEffect(() => void checkLedger(), []);

  return (
    <>
      <StepHeading lead="Double-entry: every debit has its credit, so all postings together sum to zero.">
        Ledger check
      </StepHeading>
      {error && <Alert>{error}</Alert>}
      {!check && !error && <Spinner label="Summing the ledger…" />}
      {check && (
        <section class="card" aria-labelledby="ledger-title" aria-live="polite">
          <h2 id="ledger-title" class={check.balanced ? 'good-text' : 'bad-text'}>
            {check.balanced
              ? `Balanced: the postings sum to ${formatNaira(check.sum_kobo)}`
              : `Not balanced: the postings sum to ${formatNaira(check.sum_kobo)}`}
          </h2>
          <dl class="pay-facts">
            <dt>Checked</dt>
            <dd>{formatDateTime(check.checked_at)}</dd>
            <dt>Journal entries</dt>
            <dd>{check.entries}</dd>
            <dt>Postings</dt>
            <dd>{check.postings}</dd>
            <dt>Total debits (= total credits)</dt>
            <dd>{formatNaira(check.total_debits_kobo)}</dd>
            <dt>Entries that do not balance</dt>
            <dd>{check.unbalanced_entries.length}</dd>
            <dt>Accounts on the wrong side</dt>
            <dd>{check.wrong_side_accounts.length}</dd>
          </dl>
          {check.unbalanced_entries.length > 0 && (
            <table class="table stack-table">
              <caption>Entries that do not balance</caption>
              <thead>
                <tr>
                  <th scope="col">Entry</th>
                  <th scope="col">Debits − credits</th>
                </tr>
              </thead>
              <tbody>
                {check.unbalanced_entries.map((entry) => (
                  <tr key={entry.entry_id}>
                    <td data-label="Entry">
                      <code>{entry.entry_id}</code>
                    </td>
                    <td data-label="Debits − credits">{formatNaira(entry.sum_kobo)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {check.wrong_side_accounts.length > 0 && (
            <table class="table stack-table">
              <caption>Accounts on the wrong side</caption>
              <thead>
                <tr>
                  <th scope="col">Account</th>
                  <th scope="col">Balance (debit positive)</th>
                  <th scope="col">Normally</th>
                </tr>
              </thead>
              <tbody>
                {check.wrong_side_accounts.map((account) => (
                  <tr key={account.account}>
                    <td data-label="Account" class="wrap">
                      <code>{account.account}</code>
                    </td>
                    <td data-label="Balance">{formatNaira(account.balance_kobo)}</td>
                    <td data-label="Normally">{account.normal_side}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <button
            class="button secondary"
            type="button"
            disabled={busy}
            onClick={() => void checkLedger()}
          >
            {busy ? 'Checking…' : 'Check again'}
          </button>
        </section>
      )}
    </>
  );
}
