import { Type } from 'typebox';
import type { AppContext } from '../../app/context.ts';
import {
  approveMerchant,
  deactivateMerchant,
  listMerchants,
  reactivateMerchant,
} from '../../app/merchants.ts';
import { requireAuth } from '../plugins/auth.ts';
import { Envelope, errorResponses, Merchant, MerchantIdParams, Strict } from '../schemas.ts';
import type { TypedApp } from '../typed-app.ts';

const security = [{ adminToken: [] }];

export function registerAdminRoutes(app: TypedApp, ctx: AppContext): void {
  const admin = requireAuth(ctx, ['admin']);

  app.get(
    '/api/v1/admin/merchants',
    {
      preHandler: admin,
      schema: {
        operationId: 'adminListMerchants',
        tags: ['Admin'],
        summary: 'List merchants',
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

  const transitions = [
    [
      'approve',
      'adminApproveMerchant',
      approveMerchant,
      'Approve a merchant (live keys start working)',
    ],
    [
      'deactivate',
      'adminDeactivateMerchant',
      deactivateMerchant,
      'Deactivate a merchant (every merchant call gets 403)',
    ],
    [
      'reactivate',
      'adminReactivateMerchant',
      reactivateMerchant,
      'Reactivate a deactivated merchant',
    ],
  ] as const;
  for (const [action, operationId, run, summary] of transitions) {
    app.post(
      `/api/v1/admin/merchants/:merchant_id/${action}`,
      {
        preHandler: admin,
        schema: {
          operationId,
          tags: ['Admin'],
          summary,
          security,
          params: MerchantIdParams,
          response: { 200: Envelope(Merchant), ...errorResponses },
        },
      },
      async (request) => ({ ok: true as const, data: await run(ctx, request.params.merchant_id) }),
    );
  }
}
