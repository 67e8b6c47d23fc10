import { Type } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { principalOf, requireAuth } from '../../http/plugins/auth.ts';
import { Envelope, errorResponses, Strict } from '../../http/schemas.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { Eligibility, Trust } from './schemas.ts';
import { checkEligibility, getCustomerTrust } from './trust.ts';

const TokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 100 }) }, Strict);

export function registerTrustRoutes(app: TypedApp, ctx: AppContext): void {
  getCheckoutEligibilityRoute(app, ctx);
  getCustomerTrustRoute(app, ctx);
}

function getCheckoutEligibilityRoute(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/checkout/sessions/:token/eligibility',
    {
      preValidation: requireAuth(ctx, ['customer']),
      schema: {
        operationId: 'getCheckoutEligibility',
        tags: ['Checkout'],
        summary: 'Can this customer pay this session in installments?',
        description:
          'Always 200 with `eligible` and, when false, the `reason` (spec §7.3). The answer is for the calling customer, the session’s merchant (its `min_customer_tier` is `required_tier`) and the session’s amount. Confirming a plan checks the same rules again and refuses with 403 and the reason as `code`.',
        security: [{ customerJwt: [] }],
        params: TokenParams,
        response: { 200: Envelope(Eligibility), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await checkEligibility(
        ctx,
        principalOf(request, 'customer').customerId,
        request.params.token,
      ),
    }),
  );
}

function getCustomerTrustRoute(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/customers/me/trust',
    {
      preValidation: requireAuth(ctx, ['customer']),
      schema: {
        operationId: 'getCustomerTrust',
        tags: ['Customers'],
        summary: 'Score, tier and spending limit',
        description:
          'The facts the score is derived from and what they add up to (docs/decisions/0010). Live plans by default; `livemode=false` shows the sandbox record, which is kept apart.',
        security: [{ customerJwt: [] }],
        querystring: Type.Object({ livemode: Type.Boolean({ default: true }) }, Strict),
        response: { 200: Envelope(Trust), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await getCustomerTrust(
        ctx,
        principalOf(request, 'customer').customerId,
        request.query.livemode,
      ),
    }),
  );
}
