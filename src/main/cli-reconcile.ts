/** `tranche reconcile`: the money checks an operator runs by hand, and scripts by exit code. */
import { parseArgs } from 'node:util';

import { DomainError } from '../domain/errors.ts';
import { reconcile } from '../features/money/index.ts';
import { HELP, parsed, print, usage, withRuntime } from './cli-shared.ts';

export async function runReconcile(argv: string[]): Promise<number> {
  const { values } = parsed('reconcile', () =>
    parseArgs({
      args: argv,
      options: {
        ...HELP,
        since: { type: 'string' },
        'no-gateway': { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
      },
    }),
  );
  if (values.help) return usage('reconcile');
  const since = values.since ? new Date(values.since) : new Date(Date.now() - 7 * 24 * 60 * 60_000);
  if (Number.isNaN(since.getTime())) {
    throw new DomainError('invalid_request', '--since must be a date such as 2026-11-01.');
  }
  const report = await withRuntime((rt) =>
    reconcile(rt.ctx, { since, gateway: !values['no-gateway'] }),
  );
  if (values.json) print(JSON.stringify(report, null, 2));
  else {
    print(
      `Reconciled since ${report.since}: ${report.charges_checked} charges, ${report.payouts_checked} payouts, ${report.refunds_checked} refund parts.`,
    );
    if (report.differences.length === 0) print('No differences.');
    for (const d of report.differences) print(`  ${d.kind.padEnd(7)} ${d.reference}  ${d.detail}`);
  }
  return report.differences.length === 0 ? 0 : 1;
}
