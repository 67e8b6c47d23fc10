import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { Type } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { REASON_MAX } from '../../domain/operator-action.ts';
import { principalOf, requireAuth } from '../../http/plugins/auth.ts';
import { Envelope, errorResponses, MerchantIdParams, Strict } from '../../http/schemas.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import type { Operator } from '../audit-log/index.ts';
import {
  approveMerchant,
  deactivateMerchant,
  listMerchants,
  reactivateMerchant,
} from '../merchants/index.ts';
import { Merchant } from '../merchants/schemas.ts';
import { getMerchantOverview } from './merchant-overview.ts';
import { MerchantOverview } from './schemas.ts';

export const adminSecurity = [{ operatorJwt: [] }];

export const ReasonBody = Type.Object(
  {
    reason: Type.Optional(
      Type.String({
        maxLength: REASON_MAX,
        description: 'Why, in words: recorded in the audit log.',
      }),
    ),
  },
  Strict,
);

/**
 * The operator behind a write, as the token proves it (decision 0035), with where the request
 * came from (for the audit row). An `X-Operator` header, which decision 0020 trusted, is ignored.
 */
export function operatorOf(request: FastifyRequest): Operator {
  const principal = principalOf(request, 'admin');
  return {
    name: principal.operatorName,
    operatorId: principal.operatorId,
    requestId: request.id,
    ip: request.ip,
  };
}

/** Every admin route: a signed-in operator's token. */
export function adminAuth(ctx: AppContext): preValidationAsyncHookHandler {
  return requireAuth(ctx, ['admin']);
}

const security = adminSecurity;

// One route per status change, sharing a handler; their order here is their order in the API document.
const merchantTransitions = [
  [
    'approve',
    'adminApproveMerchant',
    approveMerchant,
    'Approve a merchant',
    'Live keys start working. `reason` is optional. Recorded in the audit log. Refused with 409 `business_details_incomplete`, whose detail names what is missing, until the merchant has submitted its business details with a verified director and has a settlement account the gateway named (decision 0074; the overview’s `business_details.blockers`). Approving an active merchant again marks details it changed after approval as reviewed.',
  ],
  [
    'deactivate',
    'adminDeactivateMerchant',
    deactivateMerchant,
    'Deactivate a merchant',
    'Every call of the merchant gets 403 `merchant_inactive`, whose detail carries `reason` (required: the merchant is told it). Recorded in the audit log.',
  ],
  [
    'reactivate',
    'adminReactivateMerchant',
    reactivateMerchant,
    'Reactivate a deactivated merchant',
    'Back to `active` (or `pending_approval` if never approved). `reason` is required. Recorded in the audit log.',
  ],
] as const;

export function registerAdminRoutes(app: TypedApp, ctx: AppContext): void {
  adminListMerchantsRoute(app, ctx);
  adminGetMerchantRoute(app, ctx);
  for (const transition of merchantTransitions) adminMerchantTransitionRoute(app, ctx, transition);
}

function adminListMerchantsRoute(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/admin/merchants',
    {
      preValidation: adminAuth(ctx),
      schema: {
        operationId: 'adminListMerchants',
        tags: ['Admin'],
        summary: 'List merchants',
        description:
          'Merchants waiting for approval first, then the newest first. `total` counts every match.',
        security,
        querystring: Type.Object(
          {
            status: Type.Optional(
              Type.Union([
                Type.Literal('pending_approval'),
                Type.Literal('active'),
                Type.Literal('deactivated'),
              ]),
            ),
            limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
            offset: Type.Integer({ minimum: 0, default: 0 }),
          },
          Strict,
        ),
        response: {
          200: Type.Object({
            ok: Type.Literal(true),
            data: Type.Array(Merchant),
            total: Type.Integer(),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const q = request.query;
      const result = await listMerchants(ctx, {
        limit: q.limit,
        offset: q.offset,
        ...(q.status && { status: q.status }),
      });
      return { ok: true as const, ...result };
    },
  );
}

function adminGetMerchantRoute(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/admin/merchants/:merchant_id',
    {
      preValidation: adminAuth(ctx),
      schema: {
        operationId: 'adminGetMerchant',
        tags: ['Admin'],
        summary: "A merchant's overview",
        description:
          "The merchant record, its business details for approval (decision 0074: the registered name, CAC number, address, the director and the outcome of the BVN check, the settlement account with the name the gateway resolved, and what still blocks approval), its plans counted by status in each mode, its wallet, and each mode's webhook health (the endpoint, the last delivery attempt, events waiting, dead letters).",
        security,
        params: MerchantIdParams,
        response: { 200: Envelope(MerchantOverview), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await getMerchantOverview(ctx, request.params.merchant_id),
    }),
  );
}

function adminMerchantTransitionRoute(
  app: TypedApp,
  ctx: AppContext,
  [action, operationId, run, summary, description]: (typeof merchantTransitions)[number],
): void {
  app.post(
    `/api/v1/admin/merchants/:merchant_id/${action}`,
    {
      preValidation: adminAuth(ctx),
      schema: {
        operationId,
        tags: ['Admin'],
        summary,
        description,
        security,
        params: MerchantIdParams,
        body: ReasonBody,
        response: { 200: Envelope(Merchant), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await run(
        ctx,
        request.params.merchant_id,
        operatorOf(request),
        request.body.reason ?? null,
      ),
    }),
  );
}
