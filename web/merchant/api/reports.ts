// The dashboard's Reports calls (decision 0066): the CSV exports' paths, with the Payments
// screen's filters, and a payout's settlement report. Types come from the TypeBox schemas the
// API validates and serialises with.
import type { Static } from 'typebox';

import type { SettlementReport as SettlementReportSchema } from '../../../src/features/reports/schemas.ts';
import type { MerchantApi, Mode } from './index.ts';
import type { PlanStatus } from './payments.ts';

export type SettlementReport = Static<typeof SettlementReportSchema>;
export type SettlementLine = SettlementReport['lines'][number];

/** What the Payments search bar narrows plans (and the exports) by. */
export interface PlanSearch {
  q?: string;
  status?: PlanStatus;
  orderReference?: string;
  amountMinKobo?: number;
  amountMaxKobo?: number;
  /** ISO instants: the start of the first Lagos day, the start of the day after the last. */
  createdFrom?: string;
  createdBefore?: string;
}

const enc = encodeURIComponent;

/** The plan list's and the exports' query parameters for a search. */
export function searchParams(search: PlanSearch): Record<string, string | number | undefined> {
  return {
    q: search.q,
    status: search.status,
    order_reference: search.orderReference,
    amount_min: search.amountMinKobo,
    amount_max: search.amountMaxKobo,
    created_from: search.createdFrom,
    created_before: search.createdBefore,
  };
}

function query(params: Record<string, string | number | undefined>): string {
  const out = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') out.set(name, String(value));
  }
  const text = out.toString();
  return text === '' ? '' : `?${text}`;
}

export type PlanExport = 'plans' | 'charges' | 'refunds';

/** `GET /merchant/{id}/exports/{kind}.csv` for the mode looked at, with the search's filters. */
export function planExportPath(
  merchantId: string,
  kind: PlanExport,
  mode: Mode,
  search: PlanSearch,
): string {
  return `/merchant/${enc(merchantId)}/exports/${kind}.csv${query({
    livemode: String(mode === 'live'),
    ...searchParams(search),
  })}`;
}

/** `GET /merchant/{id}/exports/wallet.csv`: the whole wallet history (the gateway's mode). */
export function walletExportPath(merchantId: string): string {
  return `/merchant/${enc(merchantId)}/exports/wallet.csv`;
}

export function settlementReportCsvPath(merchantId: string, payoutId: string): string {
  return `/merchant/${enc(merchantId)}/payouts/${enc(payoutId)}/settlement-report.csv`;
}

/** `GET /merchant/{id}/payouts/{payout_id}/settlement-report`. */
export async function getSettlementReport(
  api: MerchantApi,
  merchantId: string,
  payoutId: string,
): Promise<SettlementReport> {
  const path = `/merchant/${enc(merchantId)}/payouts/${enc(payoutId)}/settlement-report`;
  return (await api.request<{ data: SettlementReport }>('GET', path)).data;
}
