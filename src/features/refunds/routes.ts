import { Type } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { sendIdempotent } from '../../http/idempotent-reply.ts';
import { principalOf, requireAuth } from '../../http/plugins/auth.ts';
import {
  Envelope,
  errorResponses,
  IdempotencyHeader,
  PageEnvelope,
  PageQuery,
  Strict,
} from '../../http/schemas.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { modeScope } from '../access/index.ts';
import { Plan } from '../plans/schemas.ts';
import { cancelPlan } from './plan-cancellation.ts';
import { createRefund, getRefund, listPlanRefunds, refundableNow } from './refunds.ts';
import { Refund } from './schemas.ts';

const merchantAuth = ['secret_key', 'merchant_dashboard'] as const;

const PlanParams = Type.Object(
  { merchant_id: Type.String({ maxLength: 64 }), plan_id: Type.String({ maxLength: 64 }) },
  Strict,
);

const Reason = Type.String({ minLength: 1, maxLength: 500 });

/** Refunds and cancellation of a plan (docs/money-rules.md §5, decision 0018). */
export function registerRefundRoutes(app: TypedApp, ctx: AppContext): void {
  createRefundRoute(app, ctx);
  listRefundsRoute(app, ctx);
  getRefundRoute(app, ctx);
  cancelPaymentPlanRoute(app, ctx);
  refundableRoute(app, ctx);
}

function createRefundRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/merchant/:merchant_id/plans/:plan_id/refunds',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'createRefund',
        tags: ['Refunds'],
        summary: 'Refund a plan, in part or whole',
        description:
          "`amount` in kobo, or leave it out for everything refundable. The refund first lowers what the customer still owes (unpaid installments, from the last); only the rest goes back to the customer's card or bank account, from the most recent payment, with Tranche's 2.5% fee on it returned and the rest taken from the available balance (409 when that is short: nothing changes). `status` is `pending` until the gateway has paid the cash part back; `refund.processed` or `refund.failed` follows. A refund with no cash part is `processed` at once. 20 concurrent refunds of one plan cannot together refund more than it holds.",
        security: [{ secretKey: [] }, { merchantJwt: [] }],
        params: PlanParams,
        headers: IdempotencyHeader,
        body: Type.Object(
          {
            amount: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000_000 })),
            reason: Type.Optional(Reason),
          },
          Strict,
        ),
        response: { 201: Envelope(Refund), ...errorResponses },
      },
    },
    async (request, reply) => {
      const scope = modeScope(principalOf(request, ...merchantAuth), request.params.merchant_id);
      const result = await createRefund(
        ctx,
        scope,
        request.params.plan_id,
        { amount: request.body.amount, reason: request.body.reason },
        request.headers['idempotency-key'],
      );
      return sendIdempotent(reply, 201, result);
    },
  );
}

function listRefundsRoute(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/merchant/:merchant_id/plans/:plan_id/refunds',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'listRefunds',
        tags: ['Refunds'],
        summary: "List a plan's refunds",
        description: 'Newest first; pass `next_cursor` back as `cursor`.',
        security: [{ secretKey: [] }, { merchantJwt: [] }],
        params: PlanParams,
        querystring: Type.Object({ ...PageQuery }, Strict),
        response: { 200: PageEnvelope(Refund), ...errorResponses },
      },
    },
    async (request) => {
      const scope = modeScope(principalOf(request, ...merchantAuth), request.params.merchant_id);
      const page = await listPlanRefunds(ctx, scope, request.params.plan_id, {
        limit: request.query.limit,
        ...(request.query.cursor && { cursor: request.query.cursor }),
      });
      return { ok: true as const, ...page };
    },
  );
}

function refundableRoute(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/merchant/:merchant_id/plans/:plan_id/refundable',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'getRefundable',
        tags: ['Refunds'],
        summary: 'What the plan can refund now',
        description:
          'The amount a refund of everything would be at this moment (`amount` = `outstanding_reduction` + `cash_refund`), by the same rule as `POST …/refunds`. The dashboard shows it in the confirmation and sends it as `amount`, so a plan that changed in between refuses the refund instead of refunding another figure. While a charge is in flight (`charge_in_flight`) its installment is left out.',
        security: [{ secretKey: [] }, { merchantJwt: [] }],
        params: PlanParams,
        response: {
          200: Envelope(
            Type.Object({
              object: Type.Literal('refundable'),
              plan_id: Type.String(),
              amount: Type.Integer({ description: 'Kobo.' }),
              outstanding_reduction: Type.Integer({
                description: 'Kobo off what the customer still owes.',
              }),
              cash_refund: Type.Integer({ description: 'Kobo back to the card or bank account.' }),
              charge_in_flight: Type.Boolean(),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await refundableNow(
        ctx,
        modeScope(principalOf(request, ...merchantAuth), request.params.merchant_id),
        request.params.plan_id,
      ),
    }),
  );
}

function getRefundRoute(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/merchant/:merchant_id/plans/:plan_id/refunds/:refund_id',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'getRefund',
        tags: ['Refunds'],
        summary: 'Read a refund',
        security: [{ secretKey: [] }, { merchantJwt: [] }],
        params: Type.Object(
          {
            merchant_id: Type.String({ maxLength: 64 }),
            plan_id: Type.String({ maxLength: 64 }),
            refund_id: Type.String({ maxLength: 64 }),
          },
          Strict,
        ),
        response: { 200: Envelope(Refund), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await getRefund(
        ctx,
        modeScope(principalOf(request, ...merchantAuth), request.params.merchant_id),
        request.params.plan_id,
        request.params.refund_id,
      ),
    }),
  );
}

function cancelPaymentPlanRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/merchant/:merchant_id/plans/:plan_id/cancel',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'cancelPaymentPlan',
        tags: ['Refunds'],
        summary: 'Cancel a plan',
        description:
          'Stops every future debit and releases what the customer still owes. With `refund: true` everything collected is refunded too (the answer carries that refund). A plan whose deposit was never collected frees its order reference for a new checkout. A completed plan cannot be cancelled (refund it); a plan with a payment being collected right now answers 409 until its outcome is known.',
        security: [{ secretKey: [] }, { merchantJwt: [] }],
        params: PlanParams,
        headers: IdempotencyHeader,
        body: Type.Object(
          { refund: Type.Optional(Type.Boolean()), reason: Type.Optional(Reason) },
          Strict,
        ),
        response: {
          200: Envelope(
            Type.Object({ payment_plan: Plan, refund: Type.Union([Refund, Type.Null()]) }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const scope = modeScope(principalOf(request, ...merchantAuth), request.params.merchant_id);
      const result = await cancelPlan(
        ctx,
        scope,
        request.params.plan_id,
        { refund: request.body.refund, reason: request.body.reason },
        request.headers['idempotency-key'],
      );
      return sendIdempotent(reply, 200, result);
    },
  );
}
