import { useState } from 'preact/hooks';

import { formatDateTime } from '../../shared/format.ts';
import { messageOf } from '../../shared/message-of.ts';
import { Alert, StepHeading } from '../../shared/ui.tsx';
import { useAsyncAction } from '../../shared/use-async-action.ts';
import type { Report } from '../api.ts';
import { useConsole } from '../context.ts';

/** A date input's value for `days` ago (the browser's day; the API takes any instant). */
function daysAgo(days: number): string {
  const date = new Date(Date.now() - days * 86_400_000);
  return date.toISOString().slice(0, 10);
}

/** Runs reconciliation (charges, payouts, refunds against the ledger and the gateway). */
export function ReconciliationSection() {
  const { api } = useConsole();
  const [since, setSince] = useState(daysAgo(7));
  const [gateway, setGateway] = useState(true);
  const [reason, setReason] = useState('');
  const { busy, error, run } = useAsyncAction({
    describe: (caught) =>
      caught instanceof RangeError ? 'Choose the first day to check.' : messageOf(caught),
  });
  const [report, setReport] = useState<Report>();

  async function check(event: Event) {
    event.preventDefault();
    if (busy) return;
    await run(async () => {
      const start = new Date(`${since}T00:00:00`);
      if (Number.isNaN(start.getTime())) throw new RangeError('date');
      setReport(await api.reconcile({ since: start.toISOString(), gateway, reason }));
    });
  }

  return (
    <>
      <StepHeading lead="Every charge, payout and refund against the ledger and, if asked, the gateway.">
        Reconciliation
      </StepHeading>
      <form class="card" onSubmit={(event) => void check(event)} noValidate>
        <div class="inline-actions">
          <div class="field">
            <label for="rec-since">Check from</label>
            <input
              id="rec-since"
              type="date"
              value={since}
              onInput={(event) => setSince(event.currentTarget.value)}
            />
          </div>
          <label class="checkbox-row">
            <input
              type="checkbox"
              checked={gateway}
              onChange={(event) => setGateway(event.currentTarget.checked)}
            />
            Ask the gateway about each one (at most 31 days)
          </label>
        </div>
        <div class="field">
          <label for="rec-reason">Reason (optional, recorded in the audit log)</label>
          <input
            id="rec-reason"
            type="text"
            maxLength={500}
            value={reason}
            onInput={(event) => setReason(event.currentTarget.value)}
          />
        </div>
        <button class="button" type="submit" disabled={busy}>
          {busy ? 'Running…' : 'Run reconciliation'}
        </button>
      </form>
      {error && <Alert>{error}</Alert>}
      <div aria-live="polite">{report && <ReportCard report={report} />}</div>
    </>
  );
}

function ReportCard(props: { report: Report }) {
  const { report } = props;
  const count = report.differences.length;
  return (
    <section class="card" aria-labelledby="report-title">
      <h2 id="report-title">
        {count === 0 ? 'No differences' : `${count} difference${count === 1 ? '' : 's'}`}
      </h2>
      <p class="card-lead">
        Since {formatDateTime(report.since)}: {report.charges_checked} charges,{' '}
        {report.payouts_checked} payouts and {report.refunds_checked} refund parts checked.
      </p>
      {count > 0 && (
        <table class="table stack-table">
          <thead>
            <tr>
              <th scope="col">Kind</th>
              <th scope="col">Reference</th>
              <th scope="col">Difference</th>
            </tr>
          </thead>
          <tbody>
            {report.differences.map((difference) => (
              <tr key={`${difference.kind}:${difference.reference}:${difference.detail}`}>
                <td data-label="Kind">{difference.kind}</td>
                <td data-label="Reference" class="wrap">
                  <code>{difference.reference}</code>
                </td>
                <td data-label="Difference">{difference.detail}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
