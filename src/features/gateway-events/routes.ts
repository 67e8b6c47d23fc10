import { Type } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { receiveGatewayWebhook, receiveRevocationWebhook } from './gateway-webhooks.ts';

/** Inbound gateway webhooks: authenticated by signature, so not rate limited per IP. */
export function registerGatewayWebhookRoutes(app: TypedApp, ctx: AppContext): void {
  const endpoints = [
    {
      path: '/api/v1/webhooks/payment-gateway',
      operationId: 'receiveGatewayRevocationWebhook',
      receive: receiveRevocationWebhook,
      summary: 'Payment-method revocations from the gateway',
      description:
        '`charge.dispute.create`, `authorization.revoked`, `mandate.revoked`, `mandate.cancelled`, `subscription.disable`. Signed with `x-paystack-signature` (HMAC-SHA512 of the raw body with the gateway secret key). The method is marked `revoked`, loses default status, and is never charged again.',
    },
    {
      path: '/api/v1/webhooks/gateway',
      operationId: 'receiveGatewayWebhook',
      receive: receiveGatewayWebhook,
      summary: 'Charges and transfers from the gateway',
      description:
        "Signed with `x-paystack-signature`. A `charge.success` for one of our pending installment charges, or a `transfer.*` for a payout, is confirmed with the gateway's verify endpoint, then applied; duplicates and late events change nothing. Other events are acknowledged.",
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
        const receipt = await endpoint.receive(
          ctx,
          request.rawBody,
          request.headers['x-paystack-signature'],
        );
        return { ok: true as const, ...receipt };
      },
    );
  }
}
