import { Type } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { idempotencyScope, merchantKeyOwner } from '../../http/idempotency.ts';
import { sendIdempotent } from '../../http/idempotent-reply.ts';
import { principalOf, requireAuth } from '../../http/plugins/auth.ts';
import { Envelope, errorResponses, IdempotencyHeader, Strict } from '../../http/schemas.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { CheckoutSession, CreateCheckoutSessionBody } from './schemas.ts';
import { cancelCheckoutSession, createCheckoutSession, getCheckoutSession } from './sessions.ts';

const TokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 100 }) }, Strict);

export function registerCheckoutSessionRoutes(app: TypedApp, ctx: AppContext): void {
  createCheckoutSessionRoute(app, ctx);
  getCheckoutSessionRoute(app, ctx);
  cancelCheckoutSessionRoute(app, ctx);
}

function createCheckoutSessionRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/checkout/sessions',
    {
      preValidation: requireAuth(ctx, ['secret_key']),
      schema: {
        operationId: 'createCheckoutSession',
        tags: ['Checkout'],
        summary: 'Create a checkout session',
        description:
          'Creates a 30-minute checkout session. Send `Idempotency-Key` (UUID v4): a retry with the same key and body within 24 hours replays the first response (header `Idempotent-Replayed: true`) and creates nothing; the same key with another body is a 409.',
        security: [{ secretKey: [] }],
        headers: IdempotencyHeader,
        body: CreateCheckoutSessionBody,
        response: { 201: Envelope(CheckoutSession), ...errorResponses },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request, 'secret_key');
      const result = await createCheckoutSession(
        ctx,
        principal,
        request.body,
        request.headers['idempotency-key'],
      );
      return sendIdempotent(reply, 201, result);
    },
  );
}

function getCheckoutSessionRoute(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/checkout/sessions/:token',
    {
      schema: {
        operationId: 'getCheckoutSession',
        security: [],
        tags: ['Checkout'],
        summary: 'Read a checkout session',
        description:
          'The session token is the credential (the widget calls this). A session past `expires_at` reads as `expired`.',
        params: TokenParams,
        response: { 200: Envelope(CheckoutSession), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await getCheckoutSession(ctx, request.params.token),
    }),
  );
}

function cancelCheckoutSessionRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/checkout/sessions/:token/cancel',
    {
      preValidation: requireAuth(ctx, ['secret_key']),
      schema: {
        operationId: 'cancelCheckoutSession',
        tags: ['Checkout'],
        summary: 'Cancel a pending checkout session',
        description:
          'Only a pending session can be cancelled; otherwise 409 names its state. A session of another mode than the key’s (a live session with an sk_test_ key) reads as 404, like another merchant’s.',
        security: [{ secretKey: [] }],
        params: TokenParams,
        headers: IdempotencyHeader,
        response: { 200: Envelope(CheckoutSession), ...errorResponses },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request, 'secret_key');
      const result = await cancelCheckoutSession(
        ctx,
        { merchantId: principal.merchantId, livemode: principal.mode === 'live' },
        request.params.token,
        idempotencyScope(request, merchantKeyOwner(principal), ctx.clock.now()),
      );
      return sendIdempotent(reply, 200, result);
    },
  );
}
