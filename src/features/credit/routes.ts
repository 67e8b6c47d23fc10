import { Type } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { principalOf, requireAuth } from '../../http/plugins/auth.ts';
import { Envelope, ErrorResponse, errorResponses, Strict } from '../../http/schemas.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { getCreditCheck, runCreditCheck, withdrawCreditConsent } from './credit.ts';
import { CreditCheck } from './schemas.ts';

export function registerCreditRoutes(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/customers/me/credit-check',
    {
      preValidation: requireAuth(ctx, ['customer']),
      schema: {
        operationId: 'runCustomerCreditCheck',
        tags: ['Customers'],
        summary: 'Run a credit bureau check (with consent)',
        description:
          'Sends the verified BVN to the credit bureau under the consent whose version is given (`GET` shows the text to display first), and keeps a summary (decision 0047). A check younger than 30 days is answered again without calling the bureau. Failures: 400 `bvn_malformed`, 422 `credit_consent_required` (no or an old consent version), 422 `credit_bvn_not_verified` (not the BVN the identity was verified with), 503 `credit_bureau_unavailable` (retryable; nothing recorded; never a refusal). The BVN is never stored.',
        security: [{ customerJwt: [] }],
        body: Type.Object(
          {
            bvn: Type.String({ maxLength: 32, description: '11 digits: the verified BVN.' }),
            date_of_birth: Type.String({ maxLength: 10, description: 'YYYY-MM-DD.' }),
            consent_version: Type.String({
              maxLength: 64,
              description: 'The `consent.version` the customer agreed to.',
            }),
          },
          Strict,
        ),
        response: {
          200: Envelope(CreditCheck),
          ...errorResponses,
          422: ErrorResponse,
          503: ErrorResponse,
        },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await runCreditCheck(ctx, principalOf(request, 'customer').customerId, {
        bvn: request.body.bvn,
        dateOfBirth: request.body.date_of_birth,
        consent: { textVersion: request.body.consent_version, ip: request.ip },
      }),
    }),
  );

  app.get(
    '/api/v1/customers/me/credit-check',
    {
      preValidation: requireAuth(ctx, ['customer']),
      schema: {
        operationId: 'getCustomerCreditCheck',
        tags: ['Customers'],
        summary: 'The credit check held about me, and the consent text',
        security: [{ customerJwt: [] }],
        response: { 200: Envelope(CreditCheck), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await getCreditCheck(ctx, principalOf(request, 'customer').customerId),
    }),
  );

  app.delete(
    '/api/v1/customers/me/credit-check',
    {
      preValidation: requireAuth(ctx, ['customer']),
      schema: {
        operationId: 'withdrawCustomerCreditConsent',
        tags: ['Customers'],
        summary: 'Withdraw the credit-report consent',
        description:
          'No check is made or used after it; live plans then need a new consent and check. Safe to repeat.',
        security: [{ customerJwt: [] }],
        response: { 200: Envelope(CreditCheck), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await withdrawCreditConsent(ctx, principalOf(request, 'customer').customerId),
    }),
  );
}
