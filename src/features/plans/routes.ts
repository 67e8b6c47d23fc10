import { Type } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { customerKeyOwner, replyIdempotently } from '../../http/idempotency.ts';
import { principalOf, requireAuth } from '../../http/plugins/auth.ts';
import {
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
import { successRedirectUrl } from '../payment-links/index.ts';
import { planFilterFromQuery } from './plan-filter.ts';
import { oneForCustomer } from './plan-view.ts';
import { confirmPlan, getMerchantPlan, listMerchantPlans, listPlanCharges } from './plans.ts';
import { Charge, Plan, PlanFilterQuery } from './schemas.ts';

const merchantAuth = ['secret_key', 'merchant_dashboard'] as const;

export function registerPlanRoutes(app: TypedApp, ctx: AppContext): void {
  confirmCheckoutSessionRoute(app, ctx);
  getPaymentPlanRoute(app, ctx);
  listPlanChargesRoute(app, ctx);
  listPaymentPlansRoute(app, ctx);
}

function confirmCheckoutSessionRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/checkout/sessions/:token/confirm',
    {
      preValidation: requireAuth(ctx, ['customer']),
      schema: {
        operationId: 'confirmCheckoutSession',
        tags: ['Checkout'],
        summary: 'Confirm a plan (widget)',
        description:
          'With the session token in the path and the customer token: creates the plan inside the session’s constraints, completes the session and collects the deposit asynchronously. `payment_plan_id` is what `onSuccess({ paymentPlanId })` receives. It does not mean money was collected: wait for the webhooks. Confirming again with the same choices returns the same plan; other choices get 409 `session_not_pending`.',
        security: [{ customerJwt: [] }],
        params: Type.Object({ token: Type.String({ minLength: 1, maxLength: 100 }) }, Strict),
        headers: IdempotencyHeader,
        body: Type.Object(
          {
            frequency: Type.Union([Type.Literal('weekly'), Type.Literal('monthly')]),
            installment_count: Type.Integer({ minimum: 1, maximum: 52 }),
            upfront_pct: Type.Integer({ minimum: 0, maximum: 100 }),
            payment_method_id: Type.String({ minLength: 1, maxLength: 64 }),
          },
          Strict,
        ),
        response: {
          201: Envelope(
            Type.Object({
              payment_plan_id: Type.String(),
              plan: Plan,
              redirect_url: Type.Union([Type.String(), Type.Null()], {
                description:
                  'Where to send the customer now: for a payment link’s checkout its `redirect_url`, else the customer dashboard; null for a merchant-created session (the widget calls `onSuccess`).',
              }),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const { customerId } = principalOf(request, 'customer');
      return replyIdempotently(ctx, request, reply, customerKeyOwner(customerId), 201, async () => {
        const plan = await confirmPlan(ctx, customerId, request.params.token, {
          frequency: b.frequency,
          installmentCount: b.installment_count,
          upfrontPct: b.upfront_pct,
          paymentMethodId: b.payment_method_id,
        });
        const redirectUrl = await successRedirectUrl(ctx, request.params.token);
        // The customer's answer: the shop's name, not the merchant's metadata (decision 0051).
        const shown = await oneForCustomer(ctx.db, plan);
        return {
          ok: true as const,
          data: { payment_plan_id: plan.id, plan: shown, redirect_url: redirectUrl },
        };
      });
    },
  );
}

function getPaymentPlanRoute(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/merchant/:merchant_id/plans/:plan_id',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'getPaymentPlan',
        tags: ['Merchants'],
        summary: 'A payment plan with its installments',
        description:
          'A plan of another mode than the secret key’s reads as 404, like another merchant’s; the dashboard token reads both.',
        security: [{ secretKey: [] }, { merchantJwt: [] }],
        params: Type.Object(
          { merchant_id: Type.String({ maxLength: 64 }), plan_id: Type.String({ maxLength: 64 }) },
          Strict,
        ),
        response: { 200: Envelope(Plan), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await getMerchantPlan(
        ctx,
        modeScope(principalOf(request, ...merchantAuth), request.params.merchant_id),
        request.params.plan_id,
      ),
    }),
  );
}

function listPlanChargesRoute(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/merchant/:merchant_id/plans/:plan_id/charges',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'listPlanCharges',
        tags: ['Merchants'],
        summary: "A plan's charge attempts",
        description:
          'Every attempt to collect the deposit or an installment, oldest first: amount, fee (on collected ones), status and the gateway’s message. 404 like the plan.',
        security: [{ secretKey: [] }, { merchantJwt: [] }],
        params: Type.Object(
          { merchant_id: Type.String({ maxLength: 64 }), plan_id: Type.String({ maxLength: 64 }) },
          Strict,
        ),
        response: { 200: Envelope(Type.Array(Charge)), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await listPlanCharges(
        ctx,
        modeScope(principalOf(request, ...merchantAuth), request.params.merchant_id),
        request.params.plan_id,
      ),
    }),
  );
}

function listPaymentPlansRoute(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/merchant/:merchant_id/plans',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'listPaymentPlans',
        tags: ['Merchants'],
        summary: 'List payment plans',
        description:
          'Newest first, with installments: a secret key lists its own mode’s plans only; the dashboard token both, or one with `livemode`. Find plans by `status`, `customer_id`, `order_reference`, the buyer’s `customer_email` or `customer_phone`, part of the `title`, `amount_min` / `amount_max` (kobo), `created_from` / `created_before`, or `q` (one search box); every filter given narrows the list. Pass `next_cursor` back as `cursor` with the same filters.',
        security: [{ secretKey: [] }, { merchantJwt: [] }],
        params: Type.Object({ merchant_id: Type.String({ maxLength: 64 }) }, Strict),
        querystring: Type.Object(
          {
            ...PlanFilterQuery,
            ...LivemodeQuery,
            ...PageQuery,
          },
          Strict,
        ),
        response: {
          200: PageEnvelope(Plan),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const q = request.query;
      const scope = modeScope(
        principalOf(request, ...merchantAuth),
        request.params.merchant_id,
        q.livemode,
      );
      const result = await listMerchantPlans(ctx, scope, {
        ...planFilterFromQuery(q),
        limit: q.limit,
        ...(q.cursor && { cursor: q.cursor }),
      });
      return { ok: true as const, ...result };
    },
  );
}
