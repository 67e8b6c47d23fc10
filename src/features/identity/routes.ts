import type { FastifyRequest } from 'fastify';

import type { AppContext } from '../../app-context.ts';
import { principalOf, requireAuth } from '../../http/plugins/auth.ts';
import { Envelope, ErrorResponse, errorResponses } from '../../http/schemas.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import {
  confirmPhoneCode,
  getConsentText,
  getIdentity,
  type ProblemLog,
  type RequestOrigin,
  verifyIdentity,
  withdrawIdentityConsent,
} from './identity.ts';
import {
  ConsentTextView,
  ConsentWithdrawal,
  Identity,
  PhoneCodeBody,
  VerifyIdentityBody,
} from './schemas.ts';

export function registerIdentityRoutes(app: TypedApp, ctx: AppContext): void {
  getConsentTextRoute(app, ctx);
  verifyCustomerIdentityRoute(app, ctx);
  confirmPhoneCodeRoute(app, ctx);
  getCustomerIdentityRoute(app, ctx);
  withdrawConsentRoute(app, ctx);
}

const originOf = (request: FastifyRequest): RequestOrigin => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});

const problemLog =
  (request: FastifyRequest): ProblemLog =>
  (error, message) => {
    request.log.error({ err: error }, message);
  };

function getConsentTextRoute(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/customers/me/identity/consent-text',
    {
      preValidation: requireAuth(ctx, ['customer']),
      schema: {
        operationId: 'getIdentityConsentText',
        tags: ['Customers'],
        summary: 'The consent text to show before the BVN is sent',
        description:
          'Show `text` in full with an unticked box; once the customer ticks it, send `version` as `consent.text_version` with the BVN (decision 0046).',
        security: [{ customerJwt: [] }],
        response: { 200: Envelope(ConsentTextView), ...errorResponses },
      },
    },
    async () => ({ ok: true as const, data: getConsentText(ctx) }),
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
        summary: 'Verify identity (BVN, date of birth, consent)',
        description:
          'Records the customer’s consent (the text version, when, the IP address and user agent), then checks the BVN, date of birth and names with the identity provider. When the BVN record has a phone, a one-time code is sent to it and the answer is `status: "pending_phone_code"` with `phone_hint`; the identity counts after `POST /api/v1/customers/me/identity/phone-code`. Failures: 400 `consent_required` (no consent, or `agreed: false`: the BVN is not sent), 400 `consent_text_outdated`, 400 `bvn_malformed`, 422 `bvn_not_found`, 422 `bvn_dob_mismatch`, 409 `bvn_in_use` (another account verified it), 409 `identity_already_verified` (with another BVN), 429 `verification_throttled` (5 failed checks a day), 503 `identity_provider_unavailable` (retry; nothing was recorded but the consent). Verifying again with the same BVN answers the existing verification. The BVN itself is never stored.',
        security: [{ customerJwt: [] }],
        body: VerifyIdentityBody,
        response: {
          200: Envelope(Identity),
          ...errorResponses,
          422: ErrorResponse,
          503: ErrorResponse,
        },
      },
    },
    async (request) => {
      const body = request.body;
      return {
        ok: true as const,
        data: await verifyIdentity(
          ctx,
          principalOf(request, 'customer').customerId,
          {
            bvn: body.bvn,
            dateOfBirth: body.date_of_birth,
            firstName: body.first_name,
            lastName: body.last_name,
            consent: body.consent && {
              textVersion: body.consent.text_version,
              agreed: body.consent.agreed,
            },
            checkoutSessionToken: body.checkout_session_token,
          },
          originOf(request),
          problemLog(request),
        ),
      };
    },
  );
}

function confirmPhoneCodeRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/customers/me/identity/phone-code',
    {
      preValidation: requireAuth(ctx, ['customer']),
      schema: {
        operationId: 'confirmIdentityPhoneCode',
        tags: ['Customers'],
        summary: 'Enter the code sent to the phone on the BVN record',
        description:
          'Completes a `pending_phone_code` verification. Failures: 422 `phone_code_rejected` (the detail says how many tries are left; after the fifth, verify again for a new code), 422 `phone_code_expired` (10 minutes), 409 `no_phone_code_pending`, 503 `identity_provider_unavailable` (retry the same code).',
        security: [{ customerJwt: [] }],
        body: PhoneCodeBody,
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
      data: await confirmPhoneCode(
        ctx,
        principalOf(request, 'customer').customerId,
        request.body.code,
        problemLog(request),
      ),
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

function withdrawConsentRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/customers/me/identity/consent/withdraw',
    {
      preValidation: requireAuth(ctx, ['customer']),
      schema: {
        operationId: 'withdrawIdentityConsent',
        tags: ['Customers'],
        summary: 'Withdraw consent to identity checks',
        description:
          'Marks every consent of the customer withdrawn and drops a check waiting for its phone code. A verification already made stays (NDPA s.26(5)); a new check needs a new consent. `withdrawn`: how many consents this call withdrew (0 when none was in force).',
        security: [{ customerJwt: [] }],
        response: { 200: Envelope(ConsentWithdrawal), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await withdrawIdentityConsent(ctx, principalOf(request, 'customer').customerId),
    }),
  );
}
