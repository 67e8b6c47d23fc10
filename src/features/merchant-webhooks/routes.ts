import { Type } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { DomainError } from '../../domain/errors.ts';
import { WEBHOOK_EVENT_TYPES } from '../../domain/webhook.ts';
import { principalOf, requireAuth } from '../../http/plugins/auth.ts';
import {
  Envelope,
  errorResponses,
  LivemodeQuery,
  MerchantIdParams,
  PageEnvelope,
  PageQuery,
  Strict,
} from '../../http/schemas.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { chosenMode, merchantScope, modeScope } from '../access/index.ts';
import { endEventStreams, EVENT_STREAM_TIMING, serveEventStream } from './event-stream.ts';
import {
  getWebhookEvent,
  listWebhookEvents,
  resendFailedWebhookEvents,
  resendWebhookEvent,
  sendTestWebhook,
} from './events.ts';
import { EventStatus, WebhookEvent } from './schemas.ts';
import { TestEventStream } from './stream.ts';
import { EventStreamSlots } from './stream-slots.ts';

const TestDelivery = Type.Object({
  delivered: Type.Boolean(),
  event_id: Type.Union([Type.String(), Type.Null()]),
  url: Type.Union([Type.String(), Type.Null()]),
  status_code: Type.Union([Type.Integer(), Type.Null()]),
  latency_ms: Type.Union([Type.Integer(), Type.Null()]),
  error: Type.Optional(
    Type.String({
      description:
        'Present when `delivered` is false: no URL configured, timeout, connection refused, refused address, or the non-2xx status.',
    }),
  ),
});

const auth = ['secret_key', 'merchant_dashboard'] as const;
const security: { [scheme: string]: string[] }[] = [{ secretKey: [] }, { merchantJwt: [] }];
const EventParams = Type.Object(
  { merchant_id: Type.String({ maxLength: 64 }), event_id: Type.String({ maxLength: 64 }) },
  Strict,
);

export function registerWebhookEventRoutes(app: TypedApp, ctx: AppContext): void {
  listWebhookEventsRoute(app, ctx);
  streamTestWebhookEventsRoute(app, ctx);
  getWebhookEventRoute(app, ctx);
  resendWebhookEventRoute(app, ctx);
  resendFailedWebhookEventsRoute(app, ctx);
  sendTestWebhookRoute(app, ctx);
}

function listWebhookEventsRoute(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/merchant/:merchant_id/webhook-events',
    {
      preValidation: requireAuth(ctx, auth),
      schema: {
        operationId: 'listWebhookEvents',
        tags: ['Webhooks'],
        summary: 'The webhook delivery log',
        description:
          'Events sent (or to be sent) to your webhook URL, newest first, with their delivery state: a secret key sees its own mode’s events only; the dashboard token both, or one with `livemode`. Filter by `status`, `event` and a creation range; pass `next_cursor` back as `cursor`.',
        security,
        params: MerchantIdParams,
        querystring: Type.Object(
          {
            status: Type.Optional(EventStatus),
            event: Type.Optional(
              Type.Union(
                WEBHOOK_EVENT_TYPES.map((t) => Type.Literal(t)) as [
                  ReturnType<typeof Type.Literal>,
                ],
              ),
            ),
            created_from: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
            created_before: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
            payment_plan_id: Type.Optional(
              Type.String({ maxLength: 64, description: 'Only the events about this plan.' }),
            ),
            ...LivemodeQuery,
            ...PageQuery,
          },
          Strict,
        ),
        response: {
          200: PageEnvelope(WebhookEvent),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const q = request.query;
      const scope = modeScope(
        principalOf(request, ...auth),
        request.params.merchant_id,
        q.livemode,
      );
      const page = await listWebhookEvents(ctx, scope, {
        ...(q.status && { status: q.status }),
        ...(q.event && { type: q.event as string }),
        ...(q.created_from && { createdFrom: new Date(q.created_from) }),
        ...(q.created_before && { createdTo: new Date(q.created_before) }),
        ...(q.payment_plan_id && { paymentPlanId: q.payment_plan_id }),
        limit: q.limit,
        ...(q.cursor && { cursor: q.cursor }),
      });
      return { ok: true as const, ...page };
    },
  );
}

function streamTestWebhookEventsRoute(app: TypedApp, ctx: AppContext): void {
  app.addHook('preClose', async () => endEventStreams());
  const slots = new EventStreamSlots({
    perKey: ctx.settings.eventStreamsPerKey,
    perProcess: ctx.settings.eventStreamsPerProcess,
  });
  const timing = { ...EVENT_STREAM_TIMING, maxAgeMs: ctx.settings.eventStreamMaxAgeMs };
  app.get(
    '/api/v1/merchant/:merchant_id/webhook-events/stream',
    {
      preValidation: requireAuth(ctx, ['secret_key']),
      schema: {
        operationId: 'streamTestWebhookEvents',
        tags: ['Sandbox'],
        summary: 'Stream test events as they happen (`tranche listen`)',
        description:
          'Sandbox keys only (a live key: 403). Server-sent events: your test events as they are written, each `data` a JSON line `{ id, type, headers, body }`: the exact body and signed headers of the real delivery. Resume with `Last-Event-ID` or `since` (at least once); a cursor this stream did not issue is 400. Each key may have a few streams open at once, the server a bounded number in all: past either, 429. The server ends a stream after at most 15 minutes (configurable) with an `event: reconnect` message and no data: reconnect at once with `Last-Event-ID`, nothing is lost. Deliveries to your test URL are unchanged.',
        security: [{ secretKey: [] }],
        params: MerchantIdParams,
        querystring: Type.Object(
          {
            since: Type.Optional(
              Type.String({
                maxLength: 64,
                description: 'A message `id` or event id to resume after.',
              }),
            ),
            events: Type.Optional(
              Type.String({
                maxLength: 1000,
                description: 'Only these types, comma-separated.',
              }),
            ),
          },
          Strict,
        ),
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request, 'secret_key');
      const merchantId = merchantScope(principal, request.params.merchant_id);
      if (principal.mode === 'live') {
        throw new DomainError(
          'forbidden',
          'The event stream is for sandbox (sk_test_) keys only: live events go to your live webhook URL.',
        );
      }
      const types = request.query.events
        ?.split(',')
        .map((type) => type.trim())
        .filter((type) => type !== '');
      const unknown = types?.filter(
        (type) => !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(type),
      );
      if (unknown && unknown.length > 0) {
        throw new DomainError(
          'invalid_request',
          `Unknown event type ${unknown.join(', ')}; known: ${WEBHOOK_EVENT_TYPES.join(', ')}.`,
        );
      }
      const header = request.headers['last-event-id'];
      const cursor = (typeof header === 'string' && header.trim()) || request.query.since;
      const slot = slots.take(principal.keyId);
      if ('refused' in slot) {
        throw new DomainError('rate_limited', slot.refused, {
          retryable: true,
          retryAfterSeconds: 10,
        });
      }
      try {
        const stream = await TestEventStream.open(ctx, merchantId, { cursor, types });
        await serveEventStream(request, reply, stream, timing);
      } finally {
        slot.release();
      }
    },
  );
}

function getWebhookEventRoute(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/merchant/:merchant_id/webhook-events/:event_id',
    {
      preValidation: requireAuth(ctx, auth),
      schema: {
        operationId: 'getWebhookEvent',
        tags: ['Webhooks'],
        summary: 'One webhook event with every delivery attempt',
        description:
          'An event of another mode than the secret key’s reads as 404, like another merchant’s.',
        security,
        params: EventParams,
        response: { 200: Envelope(WebhookEvent), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await getWebhookEvent(
        ctx,
        modeScope(principalOf(request, ...auth), request.params.merchant_id),
        request.params.event_id,
      ),
    }),
  );
}

function resendWebhookEventRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/merchant/:merchant_id/webhook-events/:event_id/resend',
    {
      preValidation: requireAuth(ctx, auth),
      schema: {
        operationId: 'resendWebhookEvent',
        tags: ['Webhooks'],
        summary: 'Re-send one event',
        description:
          'Queues the event for delivery now, with the same id and body and a fresh 72-hour retry window, to its own mode’s URL. Any event can be re-sent, delivered ones included; receivers de-duplicate on `id`. An event of another mode than the secret key’s is 404.',
        security,
        params: EventParams,
        response: { 202: Envelope(WebhookEvent), ...errorResponses },
      },
    },
    async (request, reply) => {
      const data = await resendWebhookEvent(
        ctx,
        modeScope(principalOf(request, ...auth), request.params.merchant_id),
        request.params.event_id,
      );
      return reply.code(202).send({ ok: true as const, data });
    },
  );
}

function resendFailedWebhookEventsRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/merchant/:merchant_id/webhook-events/resend-failed',
    {
      preValidation: requireAuth(ctx, auth),
      schema: {
        operationId: 'resendFailedWebhookEvents',
        tags: ['Webhooks'],
        summary: 'Re-send every undelivered event in a time range',
        description:
          'Queues every event created in [`created_from`, `created_before`) that is dead-lettered or still retrying, for delivery now with a fresh retry window. The range may cover up to 31 days. A secret key re-sends its own mode’s events only; the dashboard token both, or one with `livemode`.',
        security,
        params: MerchantIdParams,
        querystring: Type.Object(LivemodeQuery, Strict),
        body: Type.Object(
          {
            created_from: Type.String({ format: 'date-time', maxLength: 40 }),
            created_before: Type.String({ format: 'date-time', maxLength: 40 }),
          },
          Strict,
        ),
        response: {
          202: Envelope(Type.Object({ requeued: Type.Integer() })),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const scope = modeScope(
        principalOf(request, ...auth),
        request.params.merchant_id,
        request.query.livemode,
      );
      // The schema admits only RFC 3339 date-times, so these are valid dates.
      const from = new Date(request.body.created_from);
      const to = new Date(request.body.created_before);
      const data = await resendFailedWebhookEvents(ctx, scope, { from, to });
      return reply.code(202).send({ ok: true as const, data });
    },
  );
}

function sendTestWebhookRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/merchant/:merchant_id/webhook/test',
    {
      preValidation: requireAuth(ctx, auth),
      schema: {
        operationId: 'sendTestWebhook',
        tags: ['Webhooks'],
        summary: 'Send a signed test event now',
        description:
          'Sends a signed `webhook.test` event to the calling key’s mode’s webhook URL, signed with that mode’s secret (the dashboard token says which mode with `?livemode=true|false`), and waits for the answer (up to 10 s). `delivered` is true on any 2xx; otherwise `error` says why. The probe is not retried and does not appear in the delivery log. A live probe follows the live-mode address rules (https, public addresses only); a test probe may reach loopback only on a development or test deployment, never in production.',
        security,
        params: MerchantIdParams,
        querystring: Type.Object(LivemodeQuery, Strict),
        response: { 200: Envelope(TestDelivery), ...errorResponses },
      },
    },
    async (request) => {
      const scope = modeScope(
        principalOf(request, ...auth),
        request.params.merchant_id,
        request.query.livemode,
      );
      const livemode = chosenMode(scope, 'to probe');
      return {
        ok: true as const,
        data: await sendTestWebhook(ctx, scope.merchantId, livemode, {
          timeoutMs: ctx.settings.webhookTimeoutMs,
        }),
      };
    },
  );
}
