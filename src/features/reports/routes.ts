import { Readable } from 'node:stream';

import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { principalOf, requireAuth } from '../../http/plugins/auth.ts';
import { Envelope, errorResponses, LivemodeQuery, Strict } from '../../http/schemas.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { gatewayModeScope, modeScope } from '../access/index.ts';
import { planFilterFromQuery, PlanFilterQuery } from '../plans/index.ts';
import {
  chargesCsv,
  type CsvExport,
  plansCsv,
  refundsCsv,
  started,
  walletCsv,
} from './exports.ts';
import { SettlementReport } from './schemas.ts';
import { settlementReport, settlementReportCsv } from './settlement-report.ts';

// The same callers, checked the same way, as the other merchant routes: the lead adds the team
// role (finance) here when roles land.
const merchantAuth = ['secret_key', 'merchant_dashboard'] as const;
const security: { [scheme: string]: string[] }[] = [{ secretKey: [] }, { merchantJwt: [] }];
const params = Type.Object({ merchant_id: Type.String({ maxLength: 64 }) }, Strict);

/** A CSV answer, as the OpenAPI document says it (Fastify does not serialise a stream). */
const csvResponse = (description: string) => ({
  description,
  content: { 'text/csv': { schema: Type.String() } },
});

const AMOUNT_RULE =
  'Each amount is in two columns: `_kobo`, the stored integer, and `_naira`, exactly kobo ÷ 100 with two decimals (no separators, a leading `-` when negative). RFC 4180: comma-separated, CRLF line ends, fields with a comma, quote or line break quoted, quotes doubled, UTF-8. Text beginning with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `\'` so spreadsheets do not run it as a formula (decision 0066). Oldest first; the file is written as it is read, so an export of any size streams.';

const today = (ctx: AppContext) => ctx.clock.now().toISOString().slice(0, 10);

function sendCsv(reply: FastifyReply, filename: string, csv: CsvExport | string): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(typeof csv === 'string' ? csv : Readable.from(csv));
}

export function registerReportRoutes(app: TypedApp, ctx: AppContext): void {
  planExportRoutes(app, ctx);
  walletExportRoute(app, ctx);
  settlementReportRoutes(app, ctx);
}

function planExportRoutes(app: TypedApp, ctx: AppContext): void {
  const exports = [
    {
      path: 'plans',
      operationId: 'exportPaymentPlans',
      summary: 'Export payment plans (CSV)',
      what: 'Plans created in the range, with the buyer’s contact, the amount and what was collected on each.',
      build: plansCsv,
    },
    {
      path: 'charges',
      operationId: 'exportCharges',
      summary: 'Export collected payments (CSV)',
      what: 'Every collected payment (deposit or installment), gross, platform fee and net; `created_from` / `created_before` are on when it was collected, the other filters on its plan.',
      build: chargesCsv,
    },
    {
      path: 'refunds',
      operationId: 'exportRefunds',
      summary: 'Export refunds (CSV)',
      what: 'Every refund: the part taken off what the customer owed, the cash refunded, the fee returned and what left the wallet; `created_from` / `created_before` are on the refund, the other filters on its plan.',
      build: refundsCsv,
    },
  ] as const;
  for (const e of exports) {
    app.get(
      `/api/v1/merchant/:merchant_id/exports/${e.path}.csv`,
      {
        preValidation: requireAuth(ctx, merchantAuth),
        schema: {
          operationId: e.operationId,
          tags: ['Merchants'],
          summary: e.summary,
          description: `${e.what} The filters of the plan list apply. A secret key exports its own mode only; the dashboard token both, or one with \`livemode\`. ${AMOUNT_RULE}`,
          security,
          params,
          querystring: Type.Object({ ...PlanFilterQuery, ...LivemodeQuery }, Strict),
          response: { 200: csvResponse('The CSV file.'), ...errorResponses },
        },
      },
      async (request, reply) => {
        const q = request.query;
        const scope = modeScope(
          principalOf(request, ...merchantAuth),
          request.params.merchant_id,
          q.livemode,
        );
        const csv = await started(e.build(ctx, scope, planFilterFromQuery(q)));
        const mode = scope.livemode === undefined ? 'all' : scope.livemode ? 'live' : 'test';
        return sendCsv(reply, `tranche-${e.path}-${mode}-${today(ctx)}.csv`, csv);
      },
    );
  }
}

function walletExportRoute(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/merchant/:merchant_id/exports/wallet.csv',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'exportWalletTransactions',
        tags: ['Merchants'],
        summary: 'Export the wallet history (CSV)',
        description: `Every ledger entry that moved the wallet, as the wallet’s history shows it. Over the whole history \`available_change\` sums to the available balance and \`pending_change\` to pending. The wallet has the gateway key’s mode: a secret key of the other mode gets 404 (decision 0015). ${AMOUNT_RULE}`,
        security,
        params,
        querystring: Type.Object(
          {
            created_from: PlanFilterQuery.created_from,
            created_before: PlanFilterQuery.created_before,
          },
          Strict,
        ),
        response: { 200: csvResponse('The CSV file.'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const merchantId = gatewayModeScope(
        principalOf(request, ...merchantAuth),
        request.params.merchant_id,
        ctx.settings.gatewayLivemode,
        'Wallet',
      );
      const { createdFrom, createdBefore } = planFilterFromQuery(request.query);
      const csv = await started(
        walletCsv(ctx, merchantId, {
          ...(createdFrom && { from: createdFrom }),
          ...(createdBefore && { before: createdBefore }),
        }),
      );
      return sendCsv(reply, `tranche-wallet-${today(ctx)}.csv`, csv);
    },
  );
}

function settlementReportRoutes(app: TypedApp, ctx: AppContext): void {
  const payoutParams = Type.Object(
    { merchant_id: Type.String({ maxLength: 64 }), payout_id: Type.String({ maxLength: 64 }) },
    Strict,
  );
  const scopeOf = (request: Parameters<typeof principalOf>[0], merchantId: string) =>
    gatewayModeScope(
      principalOf(request, ...merchantAuth),
      merchantId,
      ctx.settings.gatewayLivemode,
      'Payout',
    );
  const description =
    'What the payout paid out, the way a payout reconciliation report does: the movements of the available balance since the previous payout (collections gross, their platform fees, refunds and the fees they returned, earlier payouts that came back), with the balance the previous payout left (`carried_in`) and the balance this one left (`carried_out`, negative). The lines sum to the payout’s `amount` exactly. Payouts have the gateway key’s mode: a secret key of the other mode gets 404 (decision 0066).';
  app.get(
    '/api/v1/merchant/:merchant_id/payouts/:payout_id/settlement-report',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'getPayoutSettlementReport',
        tags: ['Merchants'],
        summary: 'A payout’s settlement report',
        description,
        security,
        params: payoutParams,
        response: { 200: Envelope(SettlementReport), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await settlementReport(
        ctx,
        scopeOf(request, request.params.merchant_id),
        request.params.payout_id,
      ),
    }),
  );
  app.get(
    '/api/v1/merchant/:merchant_id/payouts/:payout_id/settlement-report.csv',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'exportPayoutSettlementReport',
        tags: ['Merchants'],
        summary: 'A payout’s settlement report (CSV)',
        description: `${description} One record per line; the \`amount\` columns sum to the payout’s amount. ${AMOUNT_RULE}`,
        security,
        params: payoutParams,
        response: { 200: csvResponse('The CSV file.'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const report = await settlementReport(
        ctx,
        scopeOf(request, request.params.merchant_id),
        request.params.payout_id,
      );
      return sendCsv(
        reply,
        `tranche-payout-${report.payout.reference}.csv`,
        settlementReportCsv(report),
      );
    },
  );
}
