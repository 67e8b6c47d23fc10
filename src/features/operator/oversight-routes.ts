import { Type } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { REASON_MAX } from '../../domain/operator-action.ts';
import { Envelope, errorResponses, PageEnvelope, PageQuery, Strict } from '../../http/schemas.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { listOperatorActions } from '../audit-log/index.ts';
import { checkLedger, reconcileForOperator } from '../money/index.ts';
import { listDeadLetters } from './dead-letters.ts';
import { registerAdminHardshipRoutes } from './hardship-routes.ts';
import { registerAdminPayoutOtpRoutes } from './payout-otp-routes.ts';
import { adminAuth, adminSecurity as security, operatorOf } from './routes.ts';
import { DeadLetter, LedgerCheck, OperatorActionEntry, ReconciliationReport } from './schemas.ts';

const RECONCILIATION_DEFAULT_DAYS = 7;

/** What an operator watches besides merchants: reconciliation, dead letters, the ledger, the audit log. */
export function registerAdminOversightRoutes(app: TypedApp, ctx: AppContext): void {
  adminRunReconciliationRoute(app, ctx);
  adminListDeadWebhookEventsRoute(app, ctx);
  adminCheckLedgerRoute(app, ctx);
  adminListAuditLogRoute(app, ctx);
  registerAdminPayoutOtpRoutes(app, ctx);
  registerAdminHardshipRoutes(app, ctx);
}

function adminRunReconciliationRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/admin/reconciliation',
    {
      preValidation: adminAuth(ctx),
      schema: {
        operationId: 'adminRunReconciliation',
        tags: ['Admin'],
        summary: 'Run reconciliation',
        description:
          'Compares every charge, payout and refund since `since` (default: 7 days ago) with the ledger and, with `gateway` (default true, at most 31 days), with what the gateway says now; checks that the ledger sums to zero. Returns each difference. Recorded in the audit log. The same report as `tranche reconcile`.',
        security,
        body: Type.Object(
          {
            since: Type.Optional(Type.String({ format: 'date-time' })),
            gateway: Type.Optional(Type.Boolean()),
            reason: Type.Optional(Type.String({ maxLength: REASON_MAX })),
          },
          Strict,
        ),
        response: { 200: Envelope(ReconciliationReport), ...errorResponses },
      },
    },
    async (request) => {
      const now = ctx.clock.now();
      const since = request.body.since
        ? new Date(request.body.since)
        : new Date(now.getTime() - RECONCILIATION_DEFAULT_DAYS * 86_400_000);
      return {
        ok: true as const,
        data: await reconcileForOperator(ctx, operatorOf(request), {
          since,
          gateway: request.body.gateway ?? true,
          reason: request.body.reason ?? null,
        }),
      };
    },
  );
}

function adminListDeadWebhookEventsRoute(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/admin/webhook-events/dead',
    {
      preValidation: adminAuth(ctx),
      schema: {
        operationId: 'adminListDeadWebhookEvents',
        tags: ['Admin'],
        summary: 'Dead-lettered webhook events across merchants',
        description:
          'Events whose 72-hour retry window ran out, newest first, with their merchant and last error. The merchant re-sends them (dashboard or API).',
        security,
        querystring: Type.Object(
          { ...PageQuery, merchant_id: Type.Optional(Type.String({ maxLength: 64 })) },
          Strict,
        ),
        response: { 200: PageEnvelope(DeadLetter), ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      return {
        ok: true as const,
        ...(await listDeadLetters(ctx, {
          limit: q.limit,
          ...(q.cursor && { cursor: q.cursor }),
          ...(q.merchant_id && { merchantId: q.merchant_id }),
        })),
      };
    },
  );
}

function adminCheckLedgerRoute(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/admin/ledger/check',
    {
      preValidation: adminAuth(ctx),
      schema: {
        operationId: 'adminCheckLedger',
        tags: ['Admin'],
        summary: 'Check the ledger',
        description:
          'Sums every posting (zero when the books balance), lists entries that do not balance on their own and accounts whose balance is on the wrong side.',
        security,
        response: { 200: Envelope(LedgerCheck), ...errorResponses },
      },
    },
    async () => ({ ok: true as const, data: await checkLedger(ctx) }),
  );
}

function adminListAuditLogRoute(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/admin/audit-log',
    {
      preValidation: adminAuth(ctx),
      schema: {
        operationId: 'adminListAuditLog',
        tags: ['Admin'],
        summary: 'The operator audit log',
        description:
          'Every operator action (approve, deactivate, reactivate, reconciliation run) with who, why and when, newest first; `target_id` narrows it to one merchant.',
        security,
        querystring: Type.Object(
          { ...PageQuery, target_id: Type.Optional(Type.String({ maxLength: 64 })) },
          Strict,
        ),
        response: { 200: PageEnvelope(OperatorActionEntry), ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      return {
        ok: true as const,
        ...(await listOperatorActions(ctx, {
          limit: q.limit,
          ...(q.cursor && { cursor: q.cursor }),
          ...(q.target_id && { targetId: q.target_id }),
        })),
      };
    },
  );
}
