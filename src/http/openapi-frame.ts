/**
 * The OpenAPI document's frame: what it says of the API as a whole (info, server, tags, security
 * schemes), which no route's schema carries.
 */
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';

export function documentFrame(
  publicBaseUrl: string,
): NonNullable<FastifyDynamicSwaggerOptions['openapi']> {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tranche API',
      version: '1.0.0',
      description:
        'Installment checkout for Nigerian merchants. Every response has `ok`; errors are `{ ok: false, code, detail, request_id }`. Amounts are integer kobo. Timestamps are ISO 8601 UTC. Outbound events are under `webhooks`; how to verify and de-duplicate them: docs/webhooks.md.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: publicBaseUrl }],
    tags: [
      {
        name: 'Webhooks',
        description:
          'Events Tranche POSTs to your webhook URL, signed with HMAC-SHA512 of the raw body (`X-Tranche-Signature`). Delivered at least once, in no guaranteed order: de-duplicate on `id` and act on the state in `data`.',
      },
    ],
    components: {
      securitySchemes: {
        secretKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'Merchant secret key, sk_test_… or sk_live_…',
        },
        merchantJwt: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'Merchant dashboard token from /api/v1/merchant/login',
        },
        publishableKey: {
          type: 'apiKey',
          in: 'query',
          name: 'key',
          description:
            'Publishable key, pk_test_… or pk_live_… (decision 0055): public, for web pages; reads GET /api/v1/messaging/plans only. Also accepted as `Authorization: Bearer pk_…`.',
        },
        customerJwt: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'Customer access token from /api/v1/customers/login',
        },
        operatorJwt: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            "An operator's access token from /api/v1/admin/login (email, password and TOTP code)",
        },
      },
    },
  };
}
