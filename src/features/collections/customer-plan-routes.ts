import { Type } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { customerKeyOwner, replyIdempotently } from '../../http/idempotency.ts';
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
import { Plan } from '../plans/schemas.ts';
import {
  changePlanMethod,
  getCustomerPlan,
  listCustomerPlans,
  payPlanNow,
} from './customer-plans.ts';

const PlanParams = Type.Object({ plan_id: Type.String({ maxLength: 64 }) }, Strict);
const MethodBody = Type.Object(
  { payment_method_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) },
  Strict,
);
const PaymentResult = Type.Object({
  payment_plan: Plan,
  payments: Type.Array(
    Type.Object({
      installment_id: Type.String(),
      outcome: Type.Union(
        ['paid', 'failed', 'pending', 'error'].map((o) => Type.Literal(o)) as [
          ReturnType<typeof Type.Literal>,
        ],
        {
          description:
            '`pending`: a bank debit still processing (settled by the gateway, usually within minutes); `error`: not attempted or not known yet, safe to try again.',
        },
      ),
      message: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});

const payments = [
  {
    path: 'pay-now',
    which: 'overdue',
    operationId: 'payCustomerPlanNow',
    summary: 'Pay what is overdue now',
    description:
      'Charges every failed installment, and every scheduled one already due, now (through `payment_method_id` if given, which then becomes the plan’s method). Once paid, the customer is no longer delinquent and a defaulted plan is active again. Safe to repeat: a charge in flight is looked up, never made twice; nothing overdue answers 409.',
  },
  {
    path: 'pay-off',
    which: 'all',
    operationId: 'payCustomerPlanOff',
    summary: 'Pay the whole plan off now',
    description:
      'Charges everything left, installment by installment, now: no fee and no penalty for paying early. The plan completes when all are paid (the merchant gets the usual events). Safe to repeat, as pay-now.',
  },
] as const;

/** The customer's own plans and their money actions (issue 11 item 4, docs/money-rules.md §4). */
export function registerCustomerPlanRoutes(app: TypedApp, ctx: AppContext): void {
  listCustomerPlansRoute(app, ctx);
  getCustomerPlanRoute(app, ctx);
  for (const payment of payments) payCustomerPlanRoute(app, ctx, payment);
  changeCustomerPlanMethodRoute(app, ctx);
}

function listCustomerPlansRoute(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/customers/me/plans',
    {
      preValidation: requireAuth(ctx, ['customer']),
      schema: {
        operationId: 'listCustomerPlans',
        tags: ['Customers'],
        summary: 'Your payment plans',
        description: 'Newest first, with installments; pass `next_cursor` back as `cursor`.',
        security: [{ customerJwt: [] }],
        querystring: Type.Object({ ...PageQuery }, Strict),
        response: { 200: PageEnvelope(Plan), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      ...(await listCustomerPlans(ctx, principalOf(request, 'customer').customerId, {
        limit: request.query.limit,
        ...(request.query.cursor && { cursor: request.query.cursor }),
      })),
    }),
  );
}

function getCustomerPlanRoute(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/customers/me/plans/:plan_id',
    {
      preValidation: requireAuth(ctx, ['customer']),
      schema: {
        operationId: 'getCustomerPlan',
        tags: ['Customers'],
        summary: 'One of your payment plans',
        description: "Another customer's plan reads as 404.",
        security: [{ customerJwt: [] }],
        params: PlanParams,
        response: { 200: Envelope(Plan), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await getCustomerPlan(
        ctx,
        principalOf(request, 'customer').customerId,
        request.params.plan_id,
      ),
    }),
  );
}

function payCustomerPlanRoute(
  app: TypedApp,
  ctx: AppContext,
  { path, which, operationId, summary, description }: (typeof payments)[number],
): void {
  app.post(
    `/api/v1/customers/me/plans/:plan_id/${path}`,
    {
      preValidation: requireAuth(ctx, ['customer']),
      schema: {
        operationId,
        tags: ['Customers'],
        summary,
        description: `${description} A repeat with the same key replays the first answer, \`error\` outcomes included: to try those again, send a new key.`,
        security: [{ customerJwt: [] }],
        params: PlanParams,
        headers: IdempotencyHeader,
        body: MethodBody,
        response: { 200: Envelope(PaymentResult), ...errorResponses },
      },
    },
    // The key is claimed around the whole payment (which calls the gateway outside any
    // transaction), here rather than inside payPlanNow, whose own repeat-safety is per charge.
    async (request, reply) => {
      const { customerId } = principalOf(request, 'customer');
      return replyIdempotently(
        ctx,
        request,
        reply,
        customerKeyOwner(customerId),
        200,
        async () => ({
          ok: true as const,
          data: await payPlanNow(ctx, customerId, request.params.plan_id, {
            which,
            paymentMethodId: request.body.payment_method_id,
          }),
        }),
      );
    },
  );
}

function changeCustomerPlanMethodRoute(app: TypedApp, ctx: AppContext): void {
  app.patch(
    '/api/v1/customers/me/plans/:plan_id',
    {
      preValidation: requireAuth(ctx, ['customer']),
      schema: {
        operationId: 'changeCustomerPlanMethod',
        tags: ['Customers'],
        summary: "Change the plan's payment method",
        description:
          'Later debits (and the retry of a failed one) use the new method; a charge already in flight keeps its own. The method must be yours and active (revoked: 409 `payment_method_unusable`).',
        security: [{ customerJwt: [] }],
        params: PlanParams,
        body: Type.Object(
          { payment_method_id: Type.String({ minLength: 1, maxLength: 64 }) },
          Strict,
        ),
        response: { 200: Envelope(Plan), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await changePlanMethod(
        ctx,
        principalOf(request, 'customer').customerId,
        request.params.plan_id,
        request.body.payment_method_id,
      ),
    }),
  );
}
