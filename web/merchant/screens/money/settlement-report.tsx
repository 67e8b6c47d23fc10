import { useState } from 'preact/hooks';

import { formatNaira } from '../../../shared/format.ts';
import { messageOf } from '../../../shared/message-of.ts';
import { Alert, Spinner } from '../../../shared/ui.tsx';
import {
  getSettlementReport,
  type SettlementReport,
  settlementReportCsvPath,
} from '../../api/reports.ts';
import { useDashboard } from '../../context.ts';
import { DownloadButton } from '../download-button.tsx';

const LINE_LABEL: Record<keyof SettlementReport['summary'], string> = {
  carried_in: 'Left by the previous payout',
  collections: 'Payments collected',
  fees: 'Tranche fees (less fees returned)',
  refunds: 'Refunds',
  payouts_returned: 'Earlier payouts returned',
  adjustments: 'Adjustments',
  carried_out: 'Left for the next payout',
  total: 'This payout',
};

/**
 * What a payout paid out (decision 0066), loaded when opened: the sums by kind, each line's
 * count, and the full report as CSV. The sums add up to the payout's amount.
 */
export function PayoutSettlementReport(props: { payoutId: string; reference: string }) {
  const { api, merchant } = useDashboard();
  const [report, setReport] = useState<SettlementReport>();
  const [error, setError] = useState<string>();
  const [asked, setAsked] = useState(false);

  function open(event: Event) {
    if (!(event.currentTarget as HTMLDetailsElement).open || asked) return;
    setAsked(true);
    getSettlementReport(api, merchant.id, props.payoutId).then(setReport, (caught: unknown) =>
      setError(messageOf(caught)),
    );
  }

  const rows = report
    ? (Object.keys(LINE_LABEL) as (keyof SettlementReport['summary'])[]).filter(
        (key) => key === 'total' || key === 'collections' || report.summary[key] !== 0,
      )
    : [];
  const count = (types: string[]) =>
    report?.lines.filter((line) => types.includes(line.type)).length ?? 0;

  return (
    <details class="settlement" onToggle={open}>
      <summary>Settlement report</summary>
      {error && <Alert>{error}</Alert>}
      {!report && !error && <Spinner label="Loading the report…" />}
      {report && (
        <>
          <table
            class="table settlement-table"
            aria-label={`Settlement report of ${props.reference}`}
          >
            <tbody>
              {rows.map((key) => (
                <tr key={key} class={key === 'total' ? 'total' : undefined}>
                  <th scope="row">
                    {LINE_LABEL[key]}
                    {key === 'collections' && ` (${count(['collection'])})`}
                    {key === 'refunds' && ` (${count(['refund', 'refund_failed'])})`}
                  </th>
                  <td class="money">{formatNaira(report.summary[key])}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <DownloadButton path={settlementReportCsvPath(merchant.id, props.payoutId)}>
            Download report (CSV)
          </DownloadButton>
        </>
      )}
    </details>
  );
}
