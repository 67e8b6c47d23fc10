import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { SIMULATIONS, simulateOnSandboxPlan } from '../sandbox-tools/simulations.ts';
import { merchantScope, modeScope } from '../access/authenticate.ts';
import type { AppContext } from '../../app-context.ts';
import { confirmPlan, getMerchantPlan, listMerchantPlans, listPlanCharges } from './plans.ts';
import { advancePlanClockBy, collectNextInstallmentNow } from '../sandbox-tools/time-travel.ts';
import { successRedirectUrl } from '../payment-links/payment-links.ts';
import { DomainError } from '../../domain/errors.ts';
import { principalOf, requireAuth } from '../../http/plugins/auth.ts';
import {
  Envelope,
  errorResponses,
  LivemodeQuery,
  PageEnvelope,
  PageQuery,
  Strict,
} from '../../http/schemas.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { Charge, Plan } from '../../http/resource-schemas.ts';

/**
 * Time travel: the merchant in the path, reached with one of its own sandbox keys or its
 * dashboard token (a live key is refused whatever the plan; neither ever reaches a live plan:
 * 404, time travel acting on sandbox plans only).
 */
function sandboxMerchantOf(request: FastifyRequest, pathMerchantId: string): string {
  const principal = principalOf(request, 'secret_key', 'merchant_dashboard');
  const merchantId = merchantScope(principal, pathMerchantId);
  if (principal.kind === 'secret_key' && principal.mode === 'live')
    throw new DomainError(
      'forbidden',
      'Time travel and simulations are for sandbox (sk_test_) keys only.',
    );
  return merchantId;
}

export function registerPlanRoutes(app: TypedApp, ctx: AppContext): void {
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
      const plan = await confirmPlan(
        ctx,
        principalOf(request, 'customer').customerId,
        request.params.token,
        {
          frequency: b.frequency,
          installmentCount: b.installment_count,
          upfrontPct: b.upfront_pct,
          paymentMethodId: b.payment_method_id,
        },
      );
      const redirectUrl = await successRedirectUrl(ctx, request.params.token);
      return reply.code(201).send({
        ok: true as const,
        data: { payment_plan_id: plan.id, plan, redirect_url: redirectUrl },
      });
    },
  );

  const merchantAuth = ['secret_key', 'merchant_dashboard'] as const;
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

  app.get(
    '/api/v1/merchant/:merchant_id/plans',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'listPaymentPlans',
        tags: ['Merchants'],
        summary: 'List payment plans',
        description:
          'Newest first, with installments: a secret key lists its own mode’s plans only; the dashboard token both, or one with `livemode`. Filter by `status`, `customer_id` or `order_reference`; pass `next_cursor` back as `cursor`.',
        security: [{ secretKey: [] }, { merchantJwt: [] }],
        params: Type.Object({ merchant_id: Type.String({ maxLength: 64 }) }, Strict),
        querystring: Type.Object(
          {
            status: Type.Optional(
              Type.Union([
                Type.Literal('pending_deposit'),
                Type.Literal('active'),
                Type.Literal('completed'),
                Type.Literal('defaulted'),
                Type.Literal('cancelled'),
              ]),
            ),
            customer_id: Type.Optional(Type.String({ maxLength: 64 })),
            order_reference: Type.Optional(Type.String({ maxLength: 100 })),
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
        limit: q.limit,
        ...(q.status && { status: q.status }),
        ...(q.customer_id && { customerId: q.customer_id }),
        ...(q.order_reference && { orderReference: q.order_reference }),
        ...(q.cursor && { cursor: q.cursor }),
      });
      return { ok: true as const, ...result };
    },
  );

  app.post(
    '/api/v1/merchant/:merchant_id/plans/:plan_id/advance',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'advancePaymentPlan',
        tags: ['Sandbox'],
        summary: 'Time travel: collect the next installment now (sandbox plans only)',
        description:
          "Makes the plan's next unpaid installment due now and queues its collection at once (a failed installment's retry comes forward). Repeat to walk a whole plan in seconds. Sandbox keys and the dashboard token; live keys get 403; a live plan reads as 404.",
        security: [{ secretKey: [] }, { merchantJwt: [] }],
        params: Type.Object(
          { merchant_id: Type.String({ maxLength: 64 }), plan_id: Type.String({ maxLength: 64 }) },
          Strict,
        ),
        response: { 200: Envelope(Plan), ...errorResponses },
      },
    },
    async (request) => {
      const merchantId = sandboxMerchantOf(request, request.params.merchant_id);
      return {
        ok: true as const,
        data: await collectNextInstallmentNow(ctx, merchantId, request.params.plan_id),
      };
    },
  );

  app.post(
    '/api/v1/merchant/:merchant_id/plans/:plan_id/advance-clock',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'advancePaymentPlanClock',
        tags: ['Sandbox'],
        summary: "Time travel: advance the plan's clock by some days (sandbox plans only)",
        description:
          "As if `days` had passed for this plan: every unpaid installment's due date moves that much earlier and waiting collections (first attempts and retries) come forward by as much, running at once when due. A failed installment becomes overdue, so the customer shows as delinquent (eligibility) until it is paid. Sandbox keys and the dashboard token; live keys get 403; a live plan reads as 404.",
        security: [{ secretKey: [] }, { merchantJwt: [] }],
        params: Type.Object(
          { merchant_id: Type.String({ maxLength: 64 }), plan_id: Type.String({ maxLength: 64 }) },
          Strict,
        ),
        body: Type.Object({ days: Type.Integer({ minimum: 1, maximum: 400 }) }, Strict),
        response: { 200: Envelope(Plan), ...errorResponses },
      },
    },
    async (request) => {
      const merchantId = sandboxMerchantOf(request, request.params.merchant_id);
      return {
        ok: true as const,
        data: await advancePlanClockBy(ctx, merchantId, request.params.plan_id, request.body.days),
      };
    },
  );

  app.post(
    '/api/v1/merchant/:merchant_id/plans/:plan_id/simulate',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'simulateOnPaymentPlan',
        tags: ['Sandbox'],
        summary: 'Sandbox gateway simulations on a sandbox plan (`tranche trigger`)',
        description:
          "`decline_debits`: later debits fail (Insufficient Funds). `revoke_payment_method`: the gateway revokes the plan's method. `refund_at_gateway`: its last payment is refunded at the gateway, so a refund of it is refused. Sandbox keys only.",
        security: [{ secretKey: [] }, { merchantJwt: [] }],
        params: Type.Object(
          { merchant_id: Type.String({ maxLength: 64 }), plan_id: Type.String({ maxLength: 64 }) },
          Strict,
        ),
        body: Type.Object(
          { action: Type.Union(SIMULATIONS.map((action) => Type.Literal(action))) },
          Strict,
        ),
        response: { 200: Envelope(Plan), ...errorResponses },
      },
    },
    async (request) => {
      const merchantId = sandboxMerchantOf(request, request.params.merchant_id);
      await simulateOnSandboxPlan(ctx, merchantId, request.params.plan_id, request.body.action);
      return {
        ok: true as const,
        data: await getMerchantPlan(ctx, { merchantId, livemode: false }, request.params.plan_id),
      };
    },
  );
}
