import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { MAX_CHECKOUT_AMOUNT_KOBO } from '../../domain/money.ts';
import { bearerToken } from '../../http/plugins/auth.ts';
import { Envelope, errorResponses, Strict } from '../../http/schemas.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { assert } from '../../platform/assert.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import {
  authenticatePublishableKey,
  messagingPlans,
  type PublishableKeyPrincipal,
} from './plans.ts';
import { MessagingPlans } from './schemas.ts';

/** Long enough that a shopper browsing a shop costs one call per amount, short enough for a change of limits to show within minutes. */
const MAX_AGE_SECONDS = 300;

export function registerMessagingRoutes(app: TypedApp, ctx: AppContext): void {
  const callers = new WeakMap<FastifyRequest, PublishableKeyPrincipal>();
  app.get(
    '/api/v1/messaging/plans',
    {
      // Any page may read it (public data of a public key); set first so refusals are readable too.
      onRequest: async (_request, reply) => {
        reply.header('Access-Control-Allow-Origin', '*');
      },
      // The key is judged before the query, like every credential (decision 0028).
      preValidation: async (request, reply) => {
        const headerKey = bearerToken(request);
        if (headerKey !== undefined) reply.header('Vary', 'Authorization');
        const query = request.query as { key?: unknown };
        const key = typeof query.key === 'string' ? query.key : headerKey;
        callers.set(request, await authenticatePublishableKey(ctx, key));
      },
      schema: {
        operationId: 'getMessagingPlans',
        tags: ['Messaging'],
        summary: 'Plans for an amount (the messaging element)',
        description:
          'What the `<tranche-messaging>` element of connect.js shows on a product or cart page (decision 0056): the plans a shopper could choose for `amount` under your default plan limits, with amounts in kobo and in words. Authenticated by a publishable key (`?key=pk_test_…`, or `Authorization: Bearer pk_…`), which reads this and nothing else (decision 0055). Any origin may call it (`Access-Control-Allow-Origin: *`); answers are cacheable for 5 minutes (`Cache-Control: public, max-age=300`, `ETag`, `If-None-Match` → 304). Rate limited per client IP, like every call without a secret key.',
        security: [{ publishableKey: [] }],
        querystring: Type.Object(
          {
            amount: Type.Integer({
              minimum: 1,
              maximum: MAX_CHECKOUT_AMOUNT_KOBO,
              description: 'The price, in kobo.',
            }),
            key: Type.Optional(
              Type.String({
                maxLength: 100,
                description: 'Your publishable key, pk_test_… or pk_live_….',
              }),
            ),
          },
          Strict,
        ),
        response: {
          200: Envelope(MessagingPlans),
          304: Type.Null({ description: 'Not modified: the `If-None-Match` ETag is current.' }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const principal = callers.get(request);
      assert(principal, 'preValidation authenticated the publishable key');
      const body = {
        ok: true as const,
        data: messagingPlans(ctx, principal, request.query.amount),
      };
      const etag = `"${sha256Hex(JSON.stringify(body)).slice(0, 32)}"`;
      reply.header('Cache-Control', `public, max-age=${MAX_AGE_SECONDS}`);
      reply.header('ETag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      return body;
    },
  );
}
