import { Type } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { receiveGatewayEvent } from './gateway-webhooks.ts';

/** Inbound gateway webhooks: authenticated by signature, so not rate limited per IP. */
export function registerGatewayWebhookRoutes(app: TypedApp, ctx: AppContext): void {
  const endpoints = [
    {
      path: '/api/v1/webhooks/payment-gateway',
      operationId: 'receiveGatewayRevocationWebhook',
      endpoint: 'payment-gateway',
      summary: 'Gateway events: payment-method revocations (and every other kind)',
      description:
        "The spec's address for `charge.dispute.create`, `authorization.revoked`, `mandate.revoked`, `mandate.cancelled`, `subscription.disable`: the method is marked `revoked`, loses default status, and is never charged again. Paystack sends every event to one URL per mode, so this address takes every kind `POST /api/v1/webhooks/gateway` takes and handles it the same way; configure either one with the gateway. Signed with `x-paystack-signature` (HMAC-SHA512 of the raw body with the gateway secret key).",
    },
    {
      path: '/api/v1/webhooks/gateway',
      operationId: 'receiveGatewayWebhook',
      endpoint: 'gateway',
      summary: 'Gateway events: charges, transfers, refunds, revocations',
      description:
        "The address to configure with the gateway (Paystack sends every event of a mode to one URL). Signed with `x-paystack-signature`. A `charge.success` for one of our pending installment charges, a `transfer.*` for a payout or a `refund.*` is confirmed with the gateway's verify endpoint, then applied; a revocation (`charge.dispute.create`, `authorization.revoked`, `mandate.*`, `subscription.disable`) marks the method `revoked`. Duplicates (on either address) and late events change nothing. Other events are acknowledged.",
    },
  ] as const;
  for (const endpoint of endpoints) {
    app.post(
      endpoint.path,
      {
        config: { rateLimit: false, gatewayPayload: true },
        schema: {
          operationId: endpoint.operationId,
          tags: ['Gateway webhooks'],
          // Authenticated by the x-paystack-signature of the body, not by a bearer credential.
          security: [],
          summary: endpoint.summary,
          description: endpoint.description,
          headers: Type.Object({
            'x-paystack-signature': Type.Optional(Type.String({ maxLength: 256 })),
          }),
          response: {
            200: Type.Object({
              ok: Type.Literal(true),
              status: Type.String(),
              event: Type.String(),
            }),
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const receipt = await receiveGatewayEvent(
          ctx,
          endpoint.endpoint,
          request.rawBody,
          request.headers['x-paystack-signature'],
        );
        return { ok: true as const, ...receipt };
      },
    );
  }
}
