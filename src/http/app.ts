import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';

import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

import type { AppContext } from '../app-context.ts';
import { isDatabaseUnavailable, isTransactionConflict } from '../db/database.ts';
import { DomainError, type FieldError, type VerificationChargeRefund } from '../domain/errors.ts';
import {
  registerCheckoutPreviewRoutes,
  registerCheckoutSessionRoutes,
  registerPlanChoiceRoutes,
} from '../features/checkout/index.ts';
import { registerCustomerPlanRoutes } from '../features/collections/index.ts';
import { registerCreditRoutes } from '../features/credit/index.ts';
import { registerCustomerRoutes } from '../features/customers/index.ts';
import { registerDisputeRoutes } from '../features/disputes/index.ts';
import { registerGatewayWebhookRoutes } from '../features/gateway-events/index.ts';
import { registerHardshipRoutes } from '../features/hardship/index.ts';
import { registerIdentityRoutes } from '../features/identity/index.ts';
import { registerMerchantNotificationRoutes } from '../features/merchant-notifications/index.ts';
import { registerWebhookEventRoutes } from '../features/merchant-webhooks/index.ts';
import { registerMerchantRoutes } from '../features/merchants/index.ts';
import { registerMessagingRoutes } from '../features/messaging/index.ts';
import { registerPayoutRoutes, registerWalletRoutes } from '../features/money/index.ts';
import {
  registerAdminOversightRoutes,
  registerAdminRoutes,
  registerAdminSessionRoutes,
} from '../features/operator/index.ts';
import {
  registerPaymentLinkRoutes,
  sendInvalidPayAddressPage,
} from '../features/payment-links/index.ts';
import {
  registerBankRoutes,
  registerPaymentMethodRoutes,
} from '../features/payment-methods/index.ts';
import { registerPlanRoutes } from '../features/plans/index.ts';
import { registerRefundRoutes } from '../features/refunds/index.ts';
import { registerReportRoutes } from '../features/reports/index.ts';
import { registerSandboxToolRoutes } from '../features/sandbox-tools/index.ts';
import { recordMemberAction, registerTeamRoutes } from '../features/team/index.ts';
import { registerTransferRoutes } from '../features/transfers/index.ts';
import { registerTrustRoutes } from '../features/trust/index.ts';
import type { Environment, TrustProxy } from '../platform/config.ts';
import { randomBase62 } from '../platform/ids.ts';
import { loggerOptions } from '../platform/logger.ts';
import { serverSpan } from '../platform/tracing.ts';
import { describeValidationError, errorBody, fieldErrors, statusForCode } from './error-mapper.ts';
import { findDuplicateKey } from './json-duplicate-keys.ts';
import { findFloatSpelledInteger } from './json-number-spelling.ts';
import { findMalformedText } from './malformed-text.ts';
import { sharedSchemasInDocumentOrder } from './openapi-component-order.ts';
import { swaggerOptions } from './openapi-document.ts';
import { pageSecurityHeaders } from './page-security.ts';
import { registerIdempotencyKeyGuard } from './plugins/idempotency-guard.ts';
import { registerLoadShedding } from './plugins/load-shedding.ts';
import { registerMalformedInputGuard } from './plugins/malformed-input.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { registerOperationsRoutes } from './routes/operations.ts';
import { registerPageRoutes } from './routes/pages.ts';
import { ErrorResponse, SHARED_SCHEMAS } from './schemas.ts';
import { fastifyTrustProxy } from './trust-proxy.ts';
import type { TypedApp } from './typed-app.ts';
import { validatorCompiler } from './validation.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The exact bytes of a JSON body: webhook signatures are computed over these. */
    rawBody: Buffer | undefined;
  }
  interface FastifyContextConfig {
    /** true: the body is the gateway's format (its webhooks), not held to our integer spelling. */
    gatewayPayload?: boolean;
  }
}

export interface HttpOptions {
  logLevel: string;
  bodyLimitBytes: number;
  /**
   * Whose X-Forwarded-For gives `request.ip` (TRUST_PROXY): a number of proxy hops or the
   * proxies' addresses. Default: nobody's, the connecting address is the client.
   */
  trustProxy?: TrustProxy;
  /** Node's default metrics (event loop, memory) are process-wide: only the real server collects them. */
  collectProcessMetrics?: boolean;
  /** MAX_REQUESTS_IN_FLIGHT: past this many, new requests get 503 (0 or unset: no limit). */
  maxRequestsInFlight?: number;
  /** The built pages (scripts/build-web.ts); default web/dist of this checkout. */
  webDistDir?: string;
  /** TRANCHE_ENV: production adds `Strict-Transport-Security` (its PUBLIC_BASE_URL is https). */
  environment?: Environment;
  /** Where log lines go (default stdout); tests read the access log from here. */
  logStream?: { write(line: string): void };
  /** Set `draining` before a planned stop: `/readyz` fails so a load balancer stops sending. */
  lifecycle?: ServerLifecycle;
  /** One OpenTelemetry server span per request (tracing on: decision 0063). */
  traced?: boolean;
}

/** The route template each request matched, for its span's name (set in onRequest). */
const routeOfRequest = new WeakMap<IncomingMessage, string>();

export interface ServerLifecycle {
  draining: boolean;
}

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
/**
 * The Swagger UI's one inline stylesheet (the colours of its logo's SVG, in
 * swagger-ui-standalone-preset.js) is allowed by its hash, not by 'unsafe-inline'.
 */
const DOCS_PAGE_HEADERS = pageSecurityHeaders({
  frameAncestors: 'none',
  styleSrc: ["'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='"],
});
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

export async function buildHttpApp(ctx: AppContext, options: HttpOptions): Promise<TypedApp> {
  const app = Fastify({
    logger: {
      ...loggerOptions(options.logLevel),
      ...(options.logStream && { stream: options.logStream }),
    },
    bodyLimit: options.bodyLimitBytes,
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming)
        ? incoming
        : `req_${randomBase62(16)}`;
    },
    ajv: { customOptions: { removeAdditional: false } },
    // The span is the active context for all the request does: its SQL and gateway calls are
    // children. Named by route and status when the answer is finished.
    ...(options.traced && {
      serverFactory: (handler: (req: IncomingMessage, res: ServerResponse) => void) =>
        createServer((req, res) =>
          serverSpan(req.method ?? 'GET', (finish) => {
            res.once('close', () => finish(routeOfRequest.get(req) ?? 'unmatched', res.statusCode));
            handler(req, res);
          }),
        ),
    }),
    // Requests that arrive while the server closes get our envelope and Retry-After (below),
    // not Fastify's bare 503.
    return503OnClosing: false,
    // Router-level refusals (bad URL encoding, over-long parameters) get the envelope too.
    frameworkErrors: (error, request, reply) => {
      // The payment link page answers HTML, never JSON, even for an address the router refuses.
      if (request.url.startsWith('/pay/')) {
        return sendInvalidPayAddressPage(reply, ctx.settings.publicBaseUrl);
      }
      const code = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'uri_too_long' : 'invalid_request';
      const detail =
        code === 'uri_too_long' ? 'A path parameter is too long.' : 'The request URL is malformed.';
      void (reply as FastifyReply)
        .code(statusForCode(code))
        .send(errorBody(code, detail, request.id));
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  const lifecycle = options.lifecycle ?? { draining: false };
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  if (options.traced) {
    app.addHook('onRequest', async (request) => {
      routeOfRequest.set(request.raw, request.routeOptions.url ?? 'unmatched');
    });
  }
  // First of all hooks: a request on a kept-alive connection during shutdown is told to go
  // elsewhere (another instance behind the load balancer) and the connection is closed.
  app.addHook('onRequest', async (request, reply) => {
    if (!closing) return;
    await reply
      .code(503)
      .header('Retry-After', '1')
      .header('Connection', 'close')
      .send(
        errorBody(
          'service_unavailable',
          'This server is shutting down. Try again: another one will answer.',
          request.id,
        ),
      );
    return reply;
  });
  app.decorateRequest('principal', null);
  app.decorateRequest('secretKeyCheck', undefined);
  app.decorateRequest('rawBody', undefined);

  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const raw = body as Buffer;
    request.rawBody = raw;
    if (raw.length === 0) {
      return done(
        new DomainError('invalid_json', 'The request body is empty; send a JSON object.'),
        undefined,
      );
    }
    let text: string;
    try {
      // Invalid UTF-8 would otherwise turn silently into U+FFFD.
      text = strictUtf8.decode(raw);
    } catch {
      return done(
        new DomainError('invalid_request', 'The request body must be valid UTF-8 text.'),
        undefined,
      );
    }
    void defaultJsonParser(request, text, (error, parsed) => {
      if (error) {
        return done(
          new DomainError('invalid_json', 'The request body is not valid JSON.'),
          undefined,
        );
      }
      // NUL and lone surrogates can only arrive as \u escapes (malformed-text.ts): refuse them
      // here rather than store U+FFFD or fail at the database.
      const problem = text.includes('\\u') ? findMalformedText(parsed) : undefined;
      if (problem !== undefined) {
        return done(new DomainError('invalid_request', `Text fields ${problem}.`), undefined);
      }
      // Our numbers are integers; the gateway's webhooks are its format, not ours to judge.
      const spelled = request.routeOptions.config.gatewayPayload
        ? undefined
        : findFloatSpelledInteger(text);
      if (spelled !== undefined) {
        return done(
          new DomainError(
            'invalid_request',
            `The number ${spelled.slice(0, 40)} is an integer spelled as a float: write it as digits only, without a decimal point or exponent (amounts are integer kobo).`,
          ),
          undefined,
        );
      }
      // JSON.parse keeps the last of two equal keys; another parser may keep the first.
      const duplicate = findDuplicateKey(text);
      if (duplicate !== undefined) {
        return done(
          new DomainError(
            'invalid_json',
            `The request body gives the key ${JSON.stringify(duplicate.slice(0, 100))} twice in one object.`,
          ),
          undefined,
        );
      }
      done(null, parsed);
    });
  });

  const registry = new Registry();
  if (options.collectProcessMetrics) collectDefaultMetrics({ register: registry });
  const requestDuration = new Histogram({
    name: 'tranche_http_request_duration_seconds',
    help: 'HTTP request duration by route and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  new Gauge({
    name: 'tranche_rate_limiter_degraded',
    help: '1 while Redis does not answer and rate limits follow REDIS_FALLBACK (decision 0060).',
    registers: [registry],
    collect() {
      this.set(ctx.rateLimits.degraded ? 1 : 0);
    },
  });
  const errorsTotal = new Counter({
    name: 'tranche_http_errors_total',
    help: 'Error responses by code.',
    labelNames: ['code'] as const,
    registers: [registry],
  });

  const strictTransportSecurity = options.environment === 'production';
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Request-Id', request.id);
    // Production is served over https only (config.ts refuses an http PUBLIC_BASE_URL): browsers
    // are told never to try plain http for a year, so no token or password crosses in the clear.
    if (strictTransportSecurity) {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    const path = request.url.split('?')[0] ?? '';
    // API answers carry keys, tokens and personal data (sign-in, refresh, key creation and roll,
    // session tokens, plans): none may be kept by a browser or a proxy. One rule for all of
    // /api/, errors included; a route whose answer is public and cacheable sets its own.
    if (path.startsWith('/api/') && !reply.hasHeader('Cache-Control')) {
      reply.header('Cache-Control', 'no-store');
    }
    // The API reference is a page like the others (browser.md §4): no framing, no sniffing.
    if (path === '/docs' || path.startsWith('/docs/')) reply.headers(DOCS_PAGE_HEADERS);
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    // The merchant audit log (decision 0064): every change a team member made, in one place.
    const principal = request.principal;
    if (
      principal?.kind === 'merchant_dashboard' &&
      request.memberPermissions &&
      request.method !== 'GET' &&
      reply.statusCode < 400
    ) {
      await recordMemberAction(ctx.db, {
        merchantId: principal.merchantId,
        member: principal.member,
        permissions: request.memberPermissions,
        method: request.method,
        path: request.url,
        status: reply.statusCode,
        requestId: request.id,
        ip: request.ip,
        at: ctx.clock.now(),
      }).catch((error: unknown) => {
        request.log.error({ err: error }, 'merchant audit log: the row was not written');
      });
    }
    requestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  app.setErrorHandler(
    (error: FastifyError | DomainError, request: FastifyRequest, reply: FastifyReply) => {
      const mapped = mapError(error);
      errorsTotal.inc({ code: mapped.code });
      if (mapped.status >= 500) request.log.error({ err: error }, 'request failed');
      if (mapped.retryAfterSeconds !== undefined) {
        reply.header('Retry-After', mapped.retryAfterSeconds);
      }
      return reply.code(mapped.status).send(
        errorBody(mapped.code, mapped.detail, request.id, mapped.retryable, {
          fields: mapped.fields,
          verificationCharge: mapped.verificationCharge,
        }),
      );
    },
  );
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send(
        errorBody(
          'not_found',
          `No route ${request.method} ${request.url.split('?')[0]}.`,
          request.id,
        ),
      ),
  );

  app.addSchema(ErrorResponse);
  for (const schema of sharedSchemasInDocumentOrder(SHARED_SCHEMAS)) app.addSchema(schema);
  await app.register(fastifySwagger, swaggerOptions(ctx.settings.publicBaseUrl));
  // /docs is a public page, limited per IP and shed under load like /pay (decision 0037): only
  // health, readiness and metrics are exempt, for the orchestrator's and the scraper's sake.
  await app.register(fastifySwaggerUi, {
    routePrefix: '/docs',
    // No badge from validator.swagger.io: the page loads nothing from another origin.
    // Tags start folded: with every operation open at once (about 160), Swagger UI 5 stopped
    // drawing after the first tag (seen 2026-11-27 when the disputes routes came). One click
    // opens a tag; the tags themselves are the page's table of contents.
    uiConfig: { docExpansion: 'none', validatorUrl: null },
  });

  // Before the rate limit: a shed request should cost nothing, not even a counter round trip.
  registerLoadShedding(app, options.maxRequestsInFlight ?? 0, registry);
  registerRateLimit(app, ctx);
  registerMalformedInputGuard(app);
  registerIdempotencyKeyGuard(app);
  registerOperationsRoutes(app, ctx, registry, lifecycle);
  registerMerchantRoutes(app, ctx);
  registerTeamRoutes(app, ctx);
  registerMerchantNotificationRoutes(app, ctx);
  registerAdminSessionRoutes(app, ctx);
  registerAdminRoutes(app, ctx);
  registerAdminOversightRoutes(app, ctx);
  registerWalletRoutes(app, ctx);
  registerPayoutRoutes(app, ctx);
  registerReportRoutes(app, ctx);
  registerBankRoutes(app, ctx);
  registerWebhookEventRoutes(app, ctx);
  registerCustomerRoutes(app, ctx);
  registerCheckoutSessionRoutes(app, ctx);
  registerCheckoutPreviewRoutes(app, ctx);
  registerMessagingRoutes(app, ctx);
  registerPlanChoiceRoutes(app, ctx);
  registerPlanRoutes(app, ctx);
  registerSandboxToolRoutes(app, ctx);
  registerRefundRoutes(app, ctx);
  registerDisputeRoutes(app, ctx);
  registerHardshipRoutes(app, ctx);
  registerCustomerPlanRoutes(app, ctx);
  registerTransferRoutes(app, ctx);
  registerPaymentMethodRoutes(app, ctx);
  registerGatewayWebhookRoutes(app, ctx);
  registerTrustRoutes(app, ctx);
  registerIdentityRoutes(app, ctx);
  registerCreditRoutes(app, ctx);
  registerPaymentLinkRoutes(app, ctx);
  registerPageRoutes(app, ctx, options.webDistDir ?? DEFAULT_WEB_DIST);
  return app;
}

interface MappedError {
  status: number;
  code: DomainError['code'];
  detail: string;
  retryable?: boolean;
  retryAfterSeconds?: number;
  fields?: readonly FieldError[];
  verificationCharge?: VerificationChargeRefund;
}

function mapError(error: FastifyError | DomainError): MappedError {
  // A database outage is temporary: 503 (retry later; an Idempotency-Key replays safely), not 500.
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      code: 'service_unavailable',
      detail: 'The service cannot reach its database right now. Try again in a few seconds.',
      retryable: true,
      retryAfterSeconds: 1,
    };
  }
  // A deadlock or serialization failure that outlasted runWrite's retries: nothing was applied
  // and the same request may succeed in a moment (an Idempotency-Key replays safely).
  if (isTransactionConflict(error)) {
    return {
      status: 503,
      code: 'service_unavailable',
      detail:
        'This request collided with another change to the same records. Try again in a second.',
      retryable: true,
      retryAfterSeconds: 1,
    };
  }
  if (error instanceof DomainError) {
    return {
      status: statusForCode(error.code),
      code: error.code,
      detail: error.detail,
      ...(error.retryable && { retryable: true }),
      ...(error.retryAfterSeconds !== undefined && { retryAfterSeconds: error.retryAfterSeconds }),
      ...(error.fields !== undefined && { fields: error.fields }),
      ...(error.verificationCharge && { verificationCharge: error.verificationCharge }),
    };
  }
  if (error.validation) {
    return {
      status: 400,
      code: 'invalid_request',
      detail: describeValidationError(error.validationContext, error.validation),
      fields: fieldErrors(error.validationContext, error.validation),
    };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        status: 413,
        code: 'payload_too_large',
        detail: 'The request body is larger than this API accepts.',
      };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        code: 'unsupported_media_type',
        detail: 'Send the body as JSON with "Content-Type: application/json".',
      };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, code: 'invalid_json', detail: 'The request body is not valid JSON.' };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code =
      status === 404
        ? 'not_found'
        : status === 405
          ? 'method_not_allowed'
          : status === 413
            ? 'payload_too_large'
            : status === 415
              ? 'unsupported_media_type'
              : 'invalid_request';
    return { status: statusForCode(code), code, detail: error.message };
  }
  return {
    status: 500,
    code: 'internal_error',
    detail: 'Something went wrong on our side. Quote the request id to support.',
  };
}
