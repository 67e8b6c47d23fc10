import { Type } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { principalOf, requireAuth } from '../../http/plugins/auth.ts';
import { Envelope, errorResponses, Strict } from '../../http/schemas.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { gatewayModeScope } from '../access/index.ts';
import { Wallet } from './schemas.ts';
import { getWallet } from './wallet.ts';

const auth = ['secret_key', 'merchant_dashboard'] as const;

export function registerWalletRoutes(app: TypedApp, ctx: AppContext): void {
  getWalletRoute(app, ctx);
}

function getWalletRoute(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/merchant/:merchant_id/wallet',
    {
      preValidation: requireAuth(ctx, auth),
      schema: {
        operationId: 'getWallet',
        tags: ['Merchants'],
        summary: 'Wallet balances and transaction history',
        description:
          "Balances come from the ledger. History is newest first; pass `next_cursor` as `cursor` for the next page. Another merchant's id answers 404, and so does a secret key of another mode than the gateway's (the wallet has the mode of the gateway key its money moves through; decision 0015).",
        security: [{ secretKey: [] }, { merchantJwt: [] }],
        params: Type.Object({ merchant_id: Type.String({ maxLength: 64 }) }, Strict),
        querystring: Type.Object(
          {
            limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
            cursor: Type.Optional(Type.String({ maxLength: 200 })),
          },
          Strict,
        ),
        response: { 200: Envelope(Wallet), ...errorResponses },
      },
    },
    async (request) => {
      const merchantId = gatewayModeScope(
        principalOf(request, ...auth),
        request.params.merchant_id,
        ctx.settings.gatewayLivemode,
        'Wallet',
      );
      const q = request.query;
      return {
        ok: true as const,
        data: await getWallet(ctx, merchantId, {
          limit: q.limit,
          ...(q.cursor !== undefined && { cursor: q.cursor }),
        }),
      };
    },
  );
}
