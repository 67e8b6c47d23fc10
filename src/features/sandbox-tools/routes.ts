import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { DomainError } from '../../domain/errors.ts';
import { merchantKeyOwner, replyIdempotently } from '../../http/idempotency.ts';
import { principalOf, requireAuth } from '../../http/plugins/auth.ts';
import {
  Envelope,
  errorResponses,
  gatewayErrorResponses,
  IdempotencyHeader,
  Strict,
} from '../../http/schemas.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { merchantScope } from '../access/index.ts';
import { getMerchantPlan } from '../plans/index.ts';
import { Plan } from '../plans/schemas.ts';
import { simulateOnSandboxPlan, SIMULATIONS } from './simulations.ts';
import { advancePlanClockBy, collectNextInstallmentNow } from './time-travel.ts';

/**
 * Time travel: the merchant in the path, reached with one of its own sandbox keys or its
 * dashboard token (a live key is refused whatever the plan; neither ever reaches a live plan:
 * 404, time travel acting on sandbox plans only).
 */
function sandboxMerchantOf(request: FastifyRequest, pathMerchantId: string): string {
  const principal = principalOf(request, 'secret_key', 'merchant_dashboard');
  const merchantId = merchantScope(principal, pathMerchantId);
  if (principal.kind === 'secret_key' && principal.mode === 'live') {
    throw new DomainError(
      'forbidden',
      'Time travel and simulations are for sandbox (sk_test_) keys only.',
    );
  }
  return merchantId;
}

const merchantAuth = ['secret_key', 'merchant_dashboard'] as const;

/** The caller's keys: always the test mode's here (a live key was refused). */
const keyOwner = (request: FastifyRequest) =>
  merchantKeyOwner(principalOf(request, ...merchantAuth));

/** Time travel and gateway simulations on a merchant's sandbox plans. */
export function registerSandboxToolRoutes(app: TypedApp, ctx: AppContext): void {
  advancePaymentPlanRoute(app, ctx);
  advancePaymentPlanClockRoute(app, ctx);
  simulateOnPaymentPlanRoute(app, ctx);
}

function advancePaymentPlanRoute(app: TypedApp, ctx: AppContext): void {
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
        headers: IdempotencyHeader,
        params: Type.Object(
          { merchant_id: Type.String({ maxLength: 64 }), plan_id: Type.String({ maxLength: 64 }) },
          Strict,
        ),
        response: { 200: Envelope(Plan), ...errorResponses },
      },
    },
    async (request, reply) => {
      const merchantId = sandboxMerchantOf(request, request.params.merchant_id);
      return replyIdempotently(ctx, request, reply, keyOwner(request), 200, async () => ({
        ok: true as const,
        data: await collectNextInstallmentNow(ctx, merchantId, request.params.plan_id),
      }));
    },
  );
}

function advancePaymentPlanClockRoute(app: TypedApp, ctx: AppContext): void {
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
        headers: IdempotencyHeader,
        params: Type.Object(
          { merchant_id: Type.String({ maxLength: 64 }), plan_id: Type.String({ maxLength: 64 }) },
          Strict,
        ),
        body: Type.Object({ days: Type.Integer({ minimum: 1, maximum: 400 }) }, Strict),
        response: { 200: Envelope(Plan), ...errorResponses },
      },
    },
    async (request, reply) => {
      const merchantId = sandboxMerchantOf(request, request.params.merchant_id);
      return replyIdempotently(ctx, request, reply, keyOwner(request), 200, async () => ({
        ok: true as const,
        data: await advancePlanClockBy(ctx, merchantId, request.params.plan_id, request.body.days),
      }));
    },
  );
}

function simulateOnPaymentPlanRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/merchant/:merchant_id/plans/:plan_id/simulate',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'simulateOnPaymentPlan',
        tags: ['Sandbox'],
        summary: 'Sandbox gateway simulations on a sandbox plan (`tranche trigger`)',
        description:
          "`decline_debits`: later debits fail (Insufficient Funds). `revoke_payment_method`: the gateway revokes the plan's method. `refund_at_gateway`: its last payment is refunded at the gateway, so a refund of it is refused. `partial_funds`: the plan's card holds only 60% of its next unpaid installment, so retries collect part of it by partial debit where the merchant has `partial_debit_floor_pct` and the card is a Mastercard or Verve (decision 0045). `open_dispute`: the customer's bank disputes the plan's last collected payment (a chargeback; decision 0069). `remind_dispute` and `resolve_dispute`: the gateway reminds the merchant to answer the plan's open dispute, or the bank decides it in the merchant's favour. `reverse_payment`: the gateway reverses the plan's last collected payment with no refund or dispute of yours (a refund on the gateway's dashboard), and Tranche's nightly reversal check runs on it at once (decision 0073). Sandbox keys only.",
        security: [{ secretKey: [] }, { merchantJwt: [] }],
        headers: IdempotencyHeader,
        params: Type.Object(
          { merchant_id: Type.String({ maxLength: 64 }), plan_id: Type.String({ maxLength: 64 }) },
          Strict,
        ),
        body: Type.Object(
          { action: Type.Union(SIMULATIONS.map((action) => Type.Literal(action))) },
          Strict,
        ),
        response: { 200: Envelope(Plan), ...errorResponses, ...gatewayErrorResponses },
      },
    },
    async (request, reply) => {
      const merchantId = sandboxMerchantOf(request, request.params.merchant_id);
      return replyIdempotently(ctx, request, reply, keyOwner(request), 200, async () => {
        await simulateOnSandboxPlan(ctx, merchantId, request.params.plan_id, request.body.action);
        return {
          ok: true as const,
          data: await getMerchantPlan(ctx, { merchantId, livemode: false }, request.params.plan_id),
        };
      });
    },
  );
}
