import { Type } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { MAX_CHECKOUT_AMOUNT_KOBO } from '../../domain/money.ts';
import { sendIdempotent } from '../../http/idempotent-reply.ts';
import { principalOf, requireAuth } from '../../http/plugins/auth.ts';
import {
  Envelope,
  errorResponses,
  IdempotencyHeader,
  Strict,
  TwoFactorCodeHeader,
} from '../../http/schemas.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { gatewayModeScope } from '../access/index.ts';
import { listPayouts, requestPayout } from './payouts.ts';
import { Payout } from './schemas.ts';

const auth = ['secret_key', 'merchant_dashboard'] as const;
const security: { [scheme: string]: string[] }[] = [{ secretKey: [] }, { merchantJwt: [] }];
const params = Type.Object({ merchant_id: Type.String({ maxLength: 64 }) }, Strict);

export function registerPayoutRoutes(app: TypedApp, ctx: AppContext): void {
  createPayoutRoute(app, ctx);
  listPayoutsRoute(app, ctx);
}

function createPayoutRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/merchant/:merchant_id/payouts',
    {
      preValidation: requireAuth(ctx, auth),
      schema: {
        operationId: 'createPayout',
        tags: ['Merchants'],
        summary: 'Request a payout now',
        description:
          'Pays `amount` (default: the whole available balance) to the settlement account. The amount leaves the available balance at once; a failed or reversed transfer puts it back. Payouts also run daily at 10:00 Lagos. From the dashboard, the member needs two-factor sign-in on and a fresh code in `Two-Factor-Code` (decision 0065); a secret key is not asked. Payouts have the mode of the gateway key that sends them: a secret key of the other mode gets 404 (decision 0015). Send `Idempotency-Key` (UUID v4): a retry with the same key and body within 24 hours replays the first response (header `Idempotent-Replayed: true`) and pays nothing more; the same key with another body is a 409 (decision 0029).',
        security,
        params,
        headers: Type.Object({ ...IdempotencyHeader.properties, ...TwoFactorCodeHeader }),
        body: Type.Object(
          {
            amount: Type.Optional(
              Type.Integer({
                minimum: 1,
                maximum: MAX_CHECKOUT_AMOUNT_KOBO * 100,
                description: 'Kobo; leave out (send {}) for the whole available balance.',
              }),
            ),
          },
          Strict,
        ),
        response: { 201: Envelope(Payout), ...errorResponses },
      },
    },
    async (request, reply) => {
      const merchantId = gatewayModeScope(
        principalOf(request, ...auth),
        request.params.merchant_id,
        ctx.settings.gatewayLivemode,
        'Payouts',
      );
      const result = await requestPayout(
        ctx,
        merchantId,
        { amountKobo: request.body.amount },
        request.headers['idempotency-key'],
      );
      return sendIdempotent(reply, 201, result);
    },
  );
}

function listPayoutsRoute(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/merchant/:merchant_id/payouts',
    {
      preValidation: requireAuth(ctx, auth),
      schema: {
        operationId: 'listPayouts',
        tags: ['Merchants'],
        summary: 'Recent payouts',
        description:
          'A secret key of another mode than the gateway key’s gets 404 (decision 0015); the dashboard token reads them.',
        security,
        params,
        querystring: Type.Object(
          { limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }) },
          Strict,
        ),
        response: { 200: Envelope(Type.Array(Payout)), ...errorResponses },
      },
    },
    async (request) => {
      const merchantId = gatewayModeScope(
        principalOf(request, ...auth),
        request.params.merchant_id,
        ctx.settings.gatewayLivemode,
        'Payouts',
      );
      return { ok: true as const, data: await listPayouts(ctx, merchantId, request.query.limit) };
    },
  );
}
