import { Type } from 'typebox';
import { gatewayModeScope } from '../../app/authenticate.ts';
import type { AppContext } from '../../app/context.ts';
import { getWallet } from '../../app/wallet.ts';
import { principalOf, requireAuth } from '../plugins/auth.ts';
import { Envelope, errorResponses, Strict } from '../schemas.ts';
import type { TypedApp } from '../typed-app.ts';

const Nullable = <T extends ReturnType<typeof Type.String> | ReturnType<typeof Type.Integer>>(
  schema: T,
) => Type.Union([schema, Type.Null()]);

const WalletTransaction = Type.Object({
  id: Type.String(),
  object: Type.Literal('wallet_transaction'),
  type: Type.String({
    description:
      'plan_confirmed, payment_collected, payout_initiated, payout_succeeded, payout_failed, payout_reversed, refund_*, receivable_reduced, plan_cancelled, plan_written_off, reversal',
  }),
  reference: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  available_change: Type.Integer({
    description: 'Kobo; negative when money leaves the available balance.',
  }),
  pending_change: Type.Integer(),
  gross: Nullable(Type.Integer()),
  platform_fee: Nullable(Type.Integer()),
  plan_id: Nullable(Type.String()),
  charge_reference: Nullable(Type.String()),
  payout_reference: Nullable(Type.String()),
  refund_reference: Nullable(Type.String()),
});

const Wallet = Type.Object({
  object: Type.Literal('wallet'),
  merchant_id: Type.String(),
  currency: Type.Literal('NGN'),
  available: Type.Integer({ description: 'Collected net the merchant can be paid, kobo.' }),
  pending: Type.Integer({ description: 'Gross of live plans not collected yet, kobo.' }),
  payouts_in_transit: Type.Integer(),
  refunds_in_transit: Type.Integer(),
  transactions: Type.Array(WalletTransaction),
  has_more: Type.Boolean(),
  next_cursor: Nullable(Type.String()),
});

export function registerWalletRoutes(app: TypedApp, ctx: AppContext): void {
  const auth = ['secret_key', 'merchant_dashboard'] as const;
  app.get(
    '/api/v1/merchant/:merchant_id/wallet',
    {
      preHandler: requireAuth(ctx, auth),
      schema: {
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
