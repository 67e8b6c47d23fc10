import { Type } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { principalOf, requireAuth } from '../../http/plugins/auth.ts';
import { Envelope, ErrorResponse, errorResponses, Strict } from '../../http/schemas.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { Eligibility, Identity, Trust } from './schemas.ts';
import { checkEligibility, getCustomerTrust, getIdentity, verifyIdentity } from './trust.ts';

const TokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 100 }) }, Strict);

export function registerTrustRoutes(app: TypedApp, ctx: AppContext): void {
  getCheckoutEligibilityRoute(app, ctx);
  verifyCustomerIdentityRoute(app, ctx);
  getCustomerIdentityRoute(app, ctx);
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

function verifyCustomerIdentityRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/customers/me/identity',
    {
      preValidation: requireAuth(ctx, ['customer']),
      schema: {
        operationId: 'verifyCustomerIdentity',
        tags: ['Customers'],
        summary: 'Verify identity (BVN and date of birth)',
        description:
          'Checks the BVN with the identity provider. Failures: 400 `bvn_malformed`, 422 `bvn_not_found`, 422 `bvn_dob_mismatch`, 409 `bvn_in_use` (another account verified it), 409 `identity_already_verified` (with another BVN), 429 `verification_throttled` (5 failed checks a day), 503 `identity_provider_unavailable`. Verifying again with the same BVN answers the existing verification. The BVN itself is never stored.',
        security: [{ customerJwt: [] }],
        body: Type.Object(
          {
            bvn: Type.String({ maxLength: 32, description: '11 digits.' }),
            date_of_birth: Type.String({ maxLength: 10, description: 'YYYY-MM-DD.' }),
          },
          Strict,
        ),
        response: {
          200: Envelope(Identity),
          ...errorResponses,
          422: ErrorResponse,
          503: ErrorResponse,
        },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await verifyIdentity(ctx, principalOf(request, 'customer').customerId, {
        bvn: request.body.bvn,
        dateOfBirth: request.body.date_of_birth,
      }),
    }),
  );
}

function getCustomerIdentityRoute(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/customers/me/identity',
    {
      preValidation: requireAuth(ctx, ['customer']),
      schema: {
        operationId: 'getCustomerIdentity',
        tags: ['Customers'],
        summary: 'Identity verification status',
        security: [{ customerJwt: [] }],
        response: { 200: Envelope(Identity), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await getIdentity(ctx, principalOf(request, 'customer').customerId),
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
