import { Type } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { idempotencyScope, merchantKeyOwner } from '../../http/idempotency.ts';
import { sendIdempotent } from '../../http/idempotent-reply.ts';
import { principalOf, requireAuth } from '../../http/plugins/auth.ts';
import {
  Envelope,
  errorResponses,
  IdempotencyHeader,
  MerchantIdParams,
  Strict,
} from '../../http/schemas.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { merchantScope } from '../access/index.ts';
import { listApiKeys, revokeApiKey, rollApiKeyIdempotently } from './api-keys.ts';
import { listPublishableKeys, rollPublishableKey } from './publishable-keys.ts';
import { merchantAuth, security } from './route-callers.ts';
import { ApiKey, PublishableKey } from './schemas.ts';

/** A roll of either kind of key: the mode, and how long the mode's other keys keep working. */
const RollKeyBody = Type.Object(
  {
    mode: Type.Union([Type.Literal('test'), Type.Literal('live')]),
    expire_old_after_minutes: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_080 })),
  },
  Strict,
);

export function registerKeyRoutes(app: TypedApp, ctx: AppContext): void {
  listSecretKeysRoute(app, ctx);
  rollSecretKeyRoute(app, ctx);
  revokeSecretKeyRoute(app, ctx);
  listPublishableKeysRoute(app, ctx);
  rollPublishableKeyRoute(app, ctx);
}

function listPublishableKeysRoute(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/merchant/:merchant_id/publishable-keys',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'listPublishableKeys',
        tags: ['Merchants'],
        summary: 'List publishable keys',
        description:
          'The keys for the messaging element in your pages (`pk_test_…`, `pk_live_…`; decision 0055), shown in full: they are public and read only `GET /api/v1/messaging/plans`. Keys a roll set to expire are listed until they do.',
        security,
        params: MerchantIdParams,
        response: { 200: Envelope(Type.Array(PublishableKey)), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await listPublishableKeys(
        ctx,
        merchantScope(principalOf(request, ...merchantAuth), request.params.merchant_id),
      ),
    }),
  );
}

function rollPublishableKeyRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/merchant/:merchant_id/publishable-keys/roll',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'rollPublishableKey',
        tags: ['Merchants'],
        summary: 'Roll a publishable key',
        description:
          'Issues a new publishable key of the given mode. The other keys of that mode stop working after `expire_old_after_minutes` (default 0: at once; at most 7 days), so pages still carrying the old key keep their messaging while you deploy the new one. A replay answers the key the first roll issued.',
        security,
        params: MerchantIdParams,
        headers: IdempotencyHeader,
        body: RollKeyBody,
        response: {
          200: Envelope(
            Type.Object({ ...PublishableKey.properties, previous_keys_expire_at: Type.String() }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request, ...merchantAuth);
      const merchantId = merchantScope(principal, request.params.merchant_id);
      const result = await rollPublishableKey(
        ctx,
        merchantId,
        request.body.mode,
        request.body.expire_old_after_minutes ?? 0,
        idempotencyScope(request, merchantKeyOwner(principal), ctx.clock.now()),
      );
      return sendIdempotent(reply, 200, result);
    },
  );
}

function listSecretKeysRoute(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/merchant/:merchant_id/keys',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'listSecretKeys',
        tags: ['Merchants'],
        summary: 'List secret keys (redacted)',
        security,
        params: MerchantIdParams,
        response: { 200: Envelope(Type.Array(ApiKey)), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await listApiKeys(
        ctx,
        merchantScope(principalOf(request, ...merchantAuth), request.params.merchant_id),
      ),
    }),
  );
}

function rollSecretKeyRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/merchant/:merchant_id/keys/roll',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'rollSecretKey',
        tags: ['Merchants'],
        summary: 'Roll a secret key',
        description:
          'Issues a new key of the given mode (shown once). The other keys of that mode stop working after `expire_old_after_minutes` (default 0: at once; at most 7 days). A replay answers the key the first roll issued.',
        security,
        params: MerchantIdParams,
        headers: IdempotencyHeader,
        body: RollKeyBody,
        response: {
          200: Envelope(
            Type.Object({
              id: Type.String(),
              mode: Type.String(),
              secret_key: Type.String(),
              previous_keys_expire_at: Type.String(),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request, ...merchantAuth);
      const merchantId = merchantScope(principal, request.params.merchant_id);
      const result = await rollApiKeyIdempotently(
        ctx,
        merchantId,
        request.body.mode,
        request.body.expire_old_after_minutes ?? 0,
        idempotencyScope(request, merchantKeyOwner(principal), ctx.clock.now()),
      );
      return sendIdempotent(reply, 200, result);
    },
  );
}

function revokeSecretKeyRoute(app: TypedApp, ctx: AppContext): void {
  app.delete(
    '/api/v1/merchant/:merchant_id/keys/:key_id',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'revokeSecretKey',
        tags: ['Merchants'],
        summary: 'Revoke a secret key',
        security,
        params: Type.Object(
          { merchant_id: Type.String({ maxLength: 64 }), key_id: Type.String({ maxLength: 64 }) },
          Strict,
        ),
        response: {
          200: Type.Object({ ok: Type.Literal(true), message: Type.String() }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const merchantId = merchantScope(
        principalOf(request, ...merchantAuth),
        request.params.merchant_id,
      );
      await revokeApiKey(ctx, merchantId, request.params.key_id);
      return { ok: true as const, message: 'The key is revoked.' };
    },
  );
}
