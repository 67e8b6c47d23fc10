import { Type } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { principalOf, requireAuth } from '../../http/plugins/auth.ts';
import {
  Email,
  Envelope,
  errorResponses,
  MerchantIdParams,
  Password,
  SignedOut,
  SignOutRequest,
  Strict,
} from '../../http/schemas.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { merchantScope } from '../access/index.ts';
import {
  changeMemberPassword,
  changeMerchantPassword,
  loginMerchant,
  refreshMerchantSession,
  signOutMerchant,
} from './dashboard-sign-in.ts';
import { confirmMerchantPasswordReset, requestMerchantPasswordReset } from './password-resets.ts';
import { getMerchant } from './queries.ts';
import { createMerchant } from './registration.ts';
import { merchantAuth, security, viewMode } from './route-callers.ts';
import { Merchant, MerchantCredentials, MerchantSession } from './schemas.ts';

export function registerAccountRoutes(app: TypedApp, ctx: AppContext): void {
  registerMerchantRoute(app, ctx);
  loginMerchantRoute(app, ctx);
  changeMerchantPasswordRoute(app, ctx);
  requestMerchantPasswordResetRoute(app, ctx);
  confirmMerchantPasswordResetRoute(app, ctx);
  refreshMerchantTokenRoute(app, ctx);
  signOutMerchantRoute(app, ctx);
  getKeyMerchantRoute(app, ctx);
  getMerchantRoute(app, ctx);
}

function registerMerchantRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/merchant/register',
    {
      schema: {
        operationId: 'registerMerchant',
        security: [],
        tags: ['Merchants'],
        summary: 'Register a merchant account',
        description:
          'Creates a merchant in `pending_approval`. The response carries the test and live secret keys and each mode’s webhook signing secret (`webhook_secrets`; `webhook_secret` repeats the test one), once. Test keys work at once; live keys after an operator approves the account.',
        body: Type.Object(
          {
            business_name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
            email: Email,
            password: Password,
          },
          Strict,
        ),
        response: { 201: Envelope(MerchantCredentials), ...errorResponses },
      },
    },
    async (request, reply) => {
      const data = await createMerchant(ctx, {
        businessName: request.body.business_name,
        email: request.body.email,
        password: request.body.password,
      });
      return reply.code(201).send({ ok: true as const, data });
    },
  );
}

function loginMerchantRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/merchant/login',
    {
      schema: {
        operationId: 'loginMerchant',
        security: [],
        tags: ['Merchants'],
        summary: 'Merchant dashboard login',
        description:
          'Returns a 15-minute dashboard token accepted by the merchant routes below, and a refresh token. A member with two-factor sign-in on (decision 0065) sends `code` too: the right email and password without it are 401 `second_factor_required`, and the client asks for the code and sends all three again.',
        body: Type.Object(
          {
            email: Email,
            password: Type.String({ minLength: 1, maxLength: 128 }),
            code: Type.Optional(
              Type.String({
                minLength: 1,
                maxLength: 20,
                description:
                  'The 6-digit code from the authenticator app, or one of the recovery codes (`ABCDE-FGHIJ`); each works once.',
              }),
            ),
          },
          Strict,
        ),
        response: {
          200: Envelope(MerchantSession),
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await loginMerchant(
        ctx,
        request.body.email,
        request.body.password,
        request.ip,
        request.body.code,
      ),
    }),
  );
}

function changeMerchantPasswordRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/merchant/:merchant_id/password',
    {
      preValidation: requireAuth(ctx, ['merchant_dashboard']),
      schema: {
        operationId: 'changeMerchantPassword',
        tags: ['Merchants'],
        summary: 'Change the dashboard password',
        description:
          'Dashboard token only. The current password must be right (403 otherwise; wrong attempts count toward the login throttle). Every other login of the merchant ends; the answer is a fresh session for this one.',
        security: [{ merchantJwt: [] }],
        params: MerchantIdParams,
        body: Type.Object(
          {
            current_password: Type.String({ minLength: 1, maxLength: 128 }),
            new_password: Password,
          },
          Strict,
        ),
        response: {
          200: Envelope(MerchantSession),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const principal = principalOf(request, 'merchant_dashboard');
      const merchantId = merchantScope(principal, request.params.merchant_id);
      const passwords = { current: request.body.current_password, next: request.body.new_password };
      // Each team member changes its own password (decision 0064); the account holder's is the
      // merchants row's.
      return {
        ok: true as const,
        data: principal.member.accountHolder
          ? await changeMerchantPassword(ctx, merchantId, passwords, request.ip)
          : await changeMemberPassword(ctx, merchantId, principal.member.id, passwords, request.ip),
      };
    },
  );
}

function refreshMerchantTokenRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/merchant/token/refresh',
    {
      schema: {
        operationId: 'refreshMerchantToken',
        security: [],
        tags: ['Merchants'],
        summary: 'Exchange a dashboard refresh token for new tokens',
        description:
          'Refresh tokens are single use; presenting one twice revokes every token of that login.',
        body: Type.Object({ refresh_token: Type.String({ minLength: 1, maxLength: 200 }) }, Strict),
        response: {
          200: Envelope(MerchantSession),
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await refreshMerchantSession(ctx, request.body.refresh_token),
    }),
  );
}

function signOutMerchantRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/merchant/logout',
    {
      schema: {
        operationId: 'signOutMerchant',
        security: [],
        tags: ['Merchants'],
        summary: 'Dashboard sign-out: end this login',
        description:
          "Ends the refresh token's login and its access tokens (decision 0034). Always 200, also when already signed out.",
        body: SignOutRequest,
        response: { 200: Envelope(SignedOut), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await signOutMerchant(ctx, request.body.refresh_token),
    }),
  );
}

function requestMerchantPasswordResetRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/merchant/password-reset',
    {
      schema: {
        operationId: 'requestMerchantPasswordReset',
        security: [],
        tags: ['Merchants'],
        summary: 'E-mail a dashboard password reset link',
        description:
          'Always 202, whether or not the address has a merchant account, so the form cannot tell who is a merchant. When it has one, an e-mail with a link to `/merchant/reset-password` follows (working once, for 60 minutes); at most 3 per account per hour. A merchant created with the CLI has no password: this is how it sets its first one (decision 0058).',
        body: Type.Object({ email: Email }, Strict),
        response: {
          202: Envelope(
            Type.Object({
              object: Type.Literal('password_reset_request'),
              email: Type.String(),
              link_expires_in_minutes: Type.Integer(),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const data = await requestMerchantPasswordReset(ctx, request.body.email, request.ip);
      return reply.code(202).send({ ok: true as const, data });
    },
  );
}

function confirmMerchantPasswordResetRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/merchant/password-reset/confirm',
    {
      schema: {
        operationId: 'confirmMerchantPasswordReset',
        security: [],
        tags: ['Merchants'],
        summary: "Set the dashboard password with the link's token",
        description:
          'Signs the merchant in (a new dashboard session) and ends every other login: refresh tokens are revoked and other reset links stop working. An expired, used or unknown token (or a customer’s): 400 `reset_link_invalid`. A deactivated merchant’s password is set, and the answer is 403 `merchant_inactive`.',
        body: Type.Object(
          { token: Type.String({ minLength: 1, maxLength: 200 }), password: Password },
          Strict,
        ),
        response: { 200: Envelope(MerchantSession), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await confirmMerchantPasswordReset(ctx, request.body.token, request.body.password),
    }),
  );
}

function getKeyMerchantRoute(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/merchant/me',
    {
      preValidation: requireAuth(ctx, ['secret_key']),
      schema: {
        operationId: 'getKeyMerchant',
        tags: ['Merchants'],
        summary: 'Read the merchant account of the calling secret key',
        description: 'As `GET /api/v1/merchant/{merchant_id}`, for tools holding only a key.',
        security: [{ secretKey: [] }],
        response: { 200: Envelope(Merchant), ...errorResponses },
      },
    },
    async (request) => {
      const principal = principalOf(request, 'secret_key');
      return {
        ok: true as const,
        data: await getMerchant(ctx, principal.merchantId, viewMode(principal)),
      };
    },
  );
}

function getMerchantRoute(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/merchant/:merchant_id',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'getMerchant',
        tags: ['Merchants'],
        summary: 'Read the merchant account',
        description:
          'The account is shared by test and live mode. `webhook_url`, `webhook_status` and `webhook_disabled_reason` describe the calling key’s mode’s endpoint (live for the dashboard token); `webhooks` shows both.',
        security,
        params: MerchantIdParams,
        response: { 200: Envelope(Merchant), ...errorResponses },
      },
    },
    async (request) => {
      const principal = principalOf(request, ...merchantAuth);
      return {
        ok: true as const,
        data: await getMerchant(
          ctx,
          merchantScope(principal, request.params.merchant_id),
          viewMode(principal),
        ),
      };
    },
  );
}
