import { Type } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { DomainError } from '../../domain/errors.ts';
import { MAX_CHECKOUT_AMOUNT_KOBO } from '../../domain/money.ts';
import type { LinkAmount } from '../../domain/payment-link.ts';
import type { Principal } from '../../domain/principal.ts';
import { idempotencyScope, merchantKeyOwner } from '../../http/idempotency.ts';
import { sendIdempotent } from '../../http/idempotent-reply.ts';
import { principalOf, requireAuth } from '../../http/plugins/auth.ts';
import {
  Constraints,
  Envelope,
  errorResponses,
  IdempotencyHeader,
  LivemodeQuery,
  PageEnvelope,
  PageQuery,
  Strict,
} from '../../http/schemas.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { modeScope } from '../access/index.ts';
import {
  openPaymentLinkPageRoute,
  payStylesheetRoute,
  submitPaymentLinkFormRoute,
} from './pay-page-routes.ts';
import {
  createPaymentLink,
  getPaymentLink,
  type LinkScope,
  listPaymentLinks,
  setPaymentLinkActive,
  updatePaymentLink,
} from './payment-links.ts';
import { CustomerFieldDefinitions, PaymentLink } from './schemas.ts';

const Amount = Type.Integer({ minimum: 1, maximum: MAX_CHECKOUT_AMOUNT_KOBO });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) =>
  Type.Union([t, Type.Null()]);

const Title = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });
const RedirectUrl = Type.String({ minLength: 1, maxLength: 2048 });
const LinkFields = {
  amount: Type.Optional(Amount),
  min_amount: Type.Optional(Amount),
  max_amount: Type.Optional(Amount),
  redirect_url: Type.Optional(Nullable(RedirectUrl)),
  constraints: Type.Optional(Nullable(Constraints)),
  customer_fields: Type.Optional(CustomerFieldDefinitions),
};
const LinkParams = Type.Object(
  { merchant_id: Type.String({ maxLength: 64 }), link_id: Type.String({ maxLength: 64 }) },
  Strict,
);
const merchantAuth = ['secret_key', 'merchant_dashboard'] as const;

/**
 * A secret key reaches only the links of its own mode; the dashboard reaches both, or one mode
 * with `livemode` (the list's filter). The rule every mode-bearing object follows: decision 0015.
 */
function scopeOf(principal: Principal, merchantIdInPath: string, livemode?: boolean): LinkScope {
  return modeScope(principal, merchantIdInPath, livemode);
}

function amountFrom(b: {
  amount?: number;
  min_amount?: number;
  max_amount?: number;
}): LinkAmount | undefined {
  const bounds = b.min_amount !== undefined || b.max_amount !== undefined;
  if (b.amount !== undefined && bounds) {
    throw new DomainError(
      'invalid_request',
      'Send either amount (fixed) or min_amount and max_amount (the customer enters it), not both.',
    );
  }
  if (b.amount !== undefined) return { type: 'fixed', amountKobo: b.amount };
  if (!bounds) return undefined;
  if (b.min_amount === undefined || b.max_amount === undefined) {
    throw new DomainError('invalid_request', 'min_amount and max_amount go together.');
  }
  return { type: 'customer_chooses', minKobo: b.min_amount, maxKobo: b.max_amount };
}

/**
 * The pages' styling, served as a file: the pages' CSP allows no inline style (`style-src 'self'`).
 * Linked from every page below.
 */
export function registerPaymentLinkRoutes(app: TypedApp, ctx: AppContext): void {
  createPaymentLinkRoute(app, ctx);
  listPaymentLinksRoute(app, ctx);
  getPaymentLinkRoute(app, ctx);
  updatePaymentLinkRoute(app, ctx);
  setPaymentLinkActiveRoute(app, ctx, 'deactivate');
  setPaymentLinkActiveRoute(app, ctx, 'activate');
  payStylesheetRoute(app);
  openPaymentLinkPageRoute(app, ctx);
  submitPaymentLinkFormRoute(app, ctx);
}

function createPaymentLinkRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/merchant/:merchant_id/payment-links',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'createPaymentLink',
        tags: ['Payment links'],
        summary: 'Create a payment link',
        description:
          'A reusable URL that opens checkout without a server: `amount` (fixed, kobo) or `min_amount` and `max_amount` (the customer enters an amount in that range). Optional `redirect_url` (after a successful checkout; default the customer dashboard), `constraints` (default: the merchant’s defaults at each visit) and `customer_fields` (questions the link’s page asks before the checkout, such as a delivery address and phone; the answers come back on the plan: decision 0052). A secret key creates a link of its own mode; the dashboard chooses with `livemode` (default false).',
        security: [{ secretKey: [] }, { merchantJwt: [] }],
        params: Type.Object({ merchant_id: Type.String({ maxLength: 64 }) }, Strict),
        headers: IdempotencyHeader,
        body: Type.Object(
          { title: Title, ...LinkFields, livemode: Type.Optional(Type.Boolean()) },
          Strict,
        ),
        response: { 201: Envelope(PaymentLink), ...errorResponses },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request, ...merchantAuth);
      const scope = scopeOf(principal, request.params.merchant_id);
      const b = request.body;
      if (
        scope.livemode !== undefined &&
        b.livemode !== undefined &&
        b.livemode !== scope.livemode
      ) {
        throw new DomainError(
          'invalid_request',
          'livemode must match the key: an sk_test_ key creates test links, sk_live_ live ones.',
        );
      }
      const amount = amountFrom(b);
      if (!amount) {
        throw new DomainError(
          'invalid_request',
          'Send amount (fixed) or min_amount and max_amount (the customer enters it).',
        );
      }
      const result = await createPaymentLink(
        ctx,
        scope.merchantId,
        scope.livemode ?? b.livemode ?? false,
        {
          title: b.title,
          amount,
          ...(b.redirect_url !== undefined && { redirectUrl: b.redirect_url }),
          ...(b.constraints !== undefined && { constraints: b.constraints }),
          ...(b.customer_fields !== undefined && { customerFields: b.customer_fields }),
        },
        idempotencyScope(request, merchantKeyOwner(principal), ctx.clock.now()),
      );
      return sendIdempotent(reply, 201, result);
    },
  );
}

function listPaymentLinksRoute(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/merchant/:merchant_id/payment-links',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'listPaymentLinks',
        tags: ['Payment links'],
        summary: 'List payment links',
        description:
          'Newest first; filter by `active`; pass `next_cursor` back as `cursor`. A secret key lists its own mode’s links only; the dashboard token both, or one with `livemode`.',
        security: [{ secretKey: [] }, { merchantJwt: [] }],
        params: Type.Object({ merchant_id: Type.String({ maxLength: 64 }) }, Strict),
        querystring: Type.Object(
          {
            active: Type.Optional(Type.Boolean()),
            ...LivemodeQuery,
            ...PageQuery,
          },
          Strict,
        ),
        response: {
          200: PageEnvelope(PaymentLink),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const q = request.query;
      const scope = scopeOf(
        principalOf(request, ...merchantAuth),
        request.params.merchant_id,
        q.livemode,
      );
      const result = await listPaymentLinks(ctx, scope, {
        limit: q.limit,
        ...(q.active !== undefined && { active: q.active }),
        ...(q.cursor !== undefined && { cursor: q.cursor }),
      });
      return { ok: true as const, ...result };
    },
  );
}

function getPaymentLinkRoute(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/merchant/:merchant_id/payment-links/:link_id',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'getPaymentLink',
        tags: ['Payment links'],
        summary: 'A payment link',
        security: [{ secretKey: [] }, { merchantJwt: [] }],
        params: LinkParams,
        response: { 200: Envelope(PaymentLink), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await getPaymentLink(
        ctx,
        scopeOf(principalOf(request, ...merchantAuth), request.params.merchant_id),
        request.params.link_id,
      ),
    }),
  );
}

function updatePaymentLinkRoute(app: TypedApp, ctx: AppContext): void {
  app.patch(
    '/api/v1/merchant/:merchant_id/payment-links/:link_id',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'updatePaymentLink',
        tags: ['Payment links'],
        summary: 'Update a payment link',
        description:
          'Any of `title`, `amount` or `min_amount`+`max_amount` (switches between fixed and customer-entered), `redirect_url` (null clears), `constraints` (null: the merchant’s defaults), `customer_fields` ([] asks nothing). Applies to later visits; sessions already opened keep what they were created with.',
        security: [{ secretKey: [] }, { merchantJwt: [] }],
        params: LinkParams,
        body: Type.Object({ title: Type.Optional(Title), ...LinkFields }, Strict),
        response: { 200: Envelope(PaymentLink), ...errorResponses },
      },
    },
    async (request) => {
      const scope = scopeOf(principalOf(request, ...merchantAuth), request.params.merchant_id);
      const b = request.body;
      const amount = amountFrom(b);
      return {
        ok: true as const,
        data: await updatePaymentLink(ctx, scope, request.params.link_id, {
          ...(b.title !== undefined && { title: b.title }),
          ...(amount !== undefined && { amount }),
          ...(b.redirect_url !== undefined && { redirectUrl: b.redirect_url }),
          ...(b.constraints !== undefined && { constraints: b.constraints }),
          ...(b.customer_fields !== undefined && { customerFields: b.customer_fields }),
        }),
      };
    },
  );
}

function setPaymentLinkActiveRoute(
  app: TypedApp,
  ctx: AppContext,
  action: 'deactivate' | 'activate',
): void {
  app.post(
    `/api/v1/merchant/:merchant_id/payment-links/:link_id/${action}`,
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: action === 'deactivate' ? 'deactivatePaymentLink' : 'activatePaymentLink',
        tags: ['Payment links'],
        summary:
          action === 'deactivate' ? 'Deactivate a payment link' : 'Reactivate a payment link',
        description:
          action === 'deactivate'
            ? 'Later visits show a page saying the link is no longer available (HTTP 410); checkouts already opened can still complete. Deactivating twice is the same as once.'
            : 'Visits open checkout again. Activating twice is the same as once.',
        security: [{ secretKey: [] }, { merchantJwt: [] }],
        params: LinkParams,
        headers: IdempotencyHeader,
        response: { 200: Envelope(PaymentLink), ...errorResponses },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request, ...merchantAuth);
      const result = await setPaymentLinkActive(
        ctx,
        scopeOf(principal, request.params.merchant_id),
        request.params.link_id,
        action === 'activate',
        idempotencyScope(request, merchantKeyOwner(principal), ctx.clock.now()),
      );
      return sendIdempotent(reply, 200, result);
    },
  );
}
