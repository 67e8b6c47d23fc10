import { Type } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { principalOf, requireAuth } from '../../http/plugins/auth.ts';
import { Envelope, errorResponses, Strict } from '../../http/schemas.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { rememberedPlanChoice, rememberPlanChoice } from './plan-choices.ts';
import { PlanChoice } from './schemas.ts';

const TokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 100 }) }, Strict);

/** The plan a customer chose for an order, offered again in a later session for it (0049). */
export function registerPlanChoiceRoutes(app: TypedApp, ctx: AppContext): void {
  app.put(
    '/api/v1/checkout/sessions/:token/plan-choice',
    {
      preValidation: requireAuth(ctx, ['customer']),
      schema: {
        operationId: 'rememberPlanChoice',
        tags: ['Checkout'],
        summary: 'Keep the plan chosen for this order',
        description:
          'The checkout sends the plan the customer chose. A later session the shop opens for the same order (same merchant, mode and `order_reference`) offers it again to the same customer for 24 hours (decision 0049). Checked like a preview: out of the session’s constraints is a 400 naming the limit; a session no longer pending is a 409. Safe to repeat (the last choice wins).',
        security: [{ customerJwt: [] }],
        params: TokenParams,
        body: PlanChoice,
        response: { 200: Envelope(PlanChoice), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await rememberPlanChoice(
        ctx,
        principalOf(request, 'customer').customerId,
        request.params.token,
        request.body,
      ),
    }),
  );
  app.get(
    '/api/v1/checkout/sessions/:token/plan-choice',
    {
      preValidation: requireAuth(ctx, ['customer']),
      schema: {
        operationId: 'getRememberedPlanChoice',
        tags: ['Checkout'],
        summary: 'The plan chosen for this order in an earlier session',
        description:
          'What the calling customer chose for this session’s order (same merchant, mode and `order_reference`) in the last 24 hours, in this session or an earlier one, when this session’s constraints still allow it; otherwise `data` is null.',
        security: [{ customerJwt: [] }],
        params: TokenParams,
        response: { 200: Envelope(Type.Union([PlanChoice, Type.Null()])), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await rememberedPlanChoice(
        ctx,
        principalOf(request, 'customer').customerId,
        request.params.token,
      ),
    }),
  );
}
