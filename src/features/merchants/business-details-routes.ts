import { Type } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { principalOf, requireAuth } from '../../http/plugins/auth.ts';
import { Envelope, errorResponses, MerchantIdParams, Strict } from '../../http/schemas.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { merchantScope } from '../access/index.ts';
import { getBusinessDetails, submitBusinessDetails } from './business-details.ts';
import { BusinessDetails } from './schemas.ts';

/** Dashboard only: the director's consent is a person's tick, which a secret key cannot give. */
const dashboard = ['merchant_dashboard'] as const;
const security = [{ merchantJwt: [] }];

const Text = (maxLength: number, example: string) =>
  Type.String({ maxLength, examples: [example] });

/** Merchant due diligence before live approval (decision 0074). */
export function registerBusinessDetailsRoutes(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/merchant/:merchant_id/business-details',
    {
      preValidation: requireAuth(ctx, dashboard),
      schema: {
        operationId: 'getBusinessDetails',
        tags: ['Merchants'],
        summary: 'Read the business details submitted for live approval',
        description:
          'The last submission (registered name, CAC number, address, the director with the outcome of the BVN check), the settlement account with its holder’s name, what still stands between the merchant and approval (`blockers`), the consent text to show before submitting, and, with a test identity provider, test values (decision 0074).',
        security,
        params: MerchantIdParams,
        response: { 200: Envelope(BusinessDetails), ...errorResponses },
      },
    },
    async (request) => {
      const principal = principalOf(request, ...dashboard);
      const merchantId = merchantScope(principal, request.params.merchant_id);
      return { ok: true as const, data: await getBusinessDetails(ctx, merchantId) };
    },
  );

  app.put(
    '/api/v1/merchant/:merchant_id/business-details',
    {
      preValidation: requireAuth(ctx, dashboard),
      schema: {
        operationId: 'submitBusinessDetails',
        tags: ['Merchants'],
        summary: 'Submit the business details for live approval',
        description:
          'Owners and admins. Replaces the last submission and checks the director’s BVN, date of birth and names with the identity provider (the BVN and date of birth are not stored: the BVN’s digest and last four digits are). The answer carries the check’s outcome: a failed check is saved and refuses approval until a new submission passes. Bad input is 400 naming each field (`errors[]`); no consent is 400 `consent_required`; an identity provider without an answer is 503 `identity_provider_unavailable` and nothing is saved; more than five failed checks in a day is 429 `verification_throttled`. A submission after approval keeps the merchant active and shows the operator the change (`changed_since_approval`). The settlement account is set apart (`PATCH …/settings`, with the password).',
        security,
        params: MerchantIdParams,
        body: Type.Object(
          {
            registered_name: Text(300, 'Balogun Market Fabrics Ltd'),
            registration_number: Type.String({
              maxLength: 20,
              description: 'The CAC number: RC…, BN… or IT… and its digits (spaces allowed).',
              examples: ['RC1234567'],
            }),
            tax_id: Type.Optional(Type.Union([Text(20, '12345678-0001'), Type.Null()])),
            address: Type.Object(
              {
                street: Text(300, '14 Balogun Street'),
                city: Text(150, 'Lagos Island'),
                state: Type.String({
                  maxLength: 40,
                  description: 'One of the 36 states or `Federal Capital Territory`.',
                  examples: ['Lagos'],
                }),
              },
              Strict,
            ),
            director: Type.Object(
              {
                first_name: Text(100, 'Folake'),
                last_name: Text(100, 'Balogun'),
                date_of_birth: Type.String({ maxLength: 10, examples: ['1985-06-30'] }),
                bvn: Type.String({ maxLength: 11, examples: ['22310000001'] }),
              },
              Strict,
            ),
            consent: Type.Optional(
              Type.Object(
                { text_version: Text(100, 'director-2026-11-28-dojah'), agreed: Type.Boolean() },
                Strict,
              ),
            ),
          },
          Strict,
        ),
        response: { 200: Envelope(BusinessDetails), ...errorResponses },
      },
    },
    async (request) => {
      const principal = principalOf(request, ...dashboard);
      const merchantId = merchantScope(principal, request.params.merchant_id);
      const b = request.body;
      const data = await submitBusinessDetails(
        ctx,
        merchantId,
        {
          registeredName: b.registered_name,
          registrationNumber: b.registration_number,
          taxId: b.tax_id,
          street: b.address.street,
          city: b.address.city,
          state: b.address.state,
          director: {
            firstName: b.director.first_name,
            lastName: b.director.last_name,
            dateOfBirth: b.director.date_of_birth,
            bvn: b.director.bvn,
          },
          consent: b.consent && { textVersion: b.consent.text_version, agreed: b.consent.agreed },
        },
        {
          submittedBy: `${principal.member.name} (${principal.member.role})`,
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? '',
        },
        (error, message) => request.log.error({ err: error }, message),
      );
      return { ok: true as const, data };
    },
  );
}
