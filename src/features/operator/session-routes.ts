import { Type } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { Email, Envelope, errorResponses, Strict } from '../../http/schemas.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { refreshOperatorSession, signInOperator, signOutOperator } from './accounts.ts';
import { OperatorSession } from './schemas.ts';

/** Operators sign in, refresh and sign out (decision 0035), like the dashboards. */
export function registerAdminSessionRoutes(app: TypedApp, ctx: AppContext): void {
  adminLoginRoute(app, ctx);
  adminRefreshRoute(app, ctx);
  adminLogoutRoute(app, ctx);
}

const RefreshBody = Type.Object(
  { refresh_token: Type.String({ minLength: 1, maxLength: 200 }) },
  Strict,
);

function adminLoginRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/admin/login',
    {
      schema: {
        operationId: 'adminLogin',
        security: [],
        tags: ['Admin'],
        summary: 'Operator sign-in',
        description:
          "Email, password and the current 6-digit code of the operator's authenticator app (TOTP). Returns a 15-minute operator token for the routes below and a refresh token; the sign-in lasts 12 hours. A wrong password or code answers 401 alike and counts toward the login throttle (429); a code is accepted once. Operator accounts are created with `tranche operators add`.",
        body: Type.Object(
          {
            email: Email,
            password: Type.String({ minLength: 1, maxLength: 128 }),
            code: Type.String({
              minLength: 6,
              maxLength: 16,
              description: 'The 6 digits the authenticator app shows now (spaces are ignored).',
            }),
          },
          Strict,
        ),
        response: { 200: Envelope(OperatorSession), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await signInOperator(ctx, request.body, request.ip),
    }),
  );
}

function adminRefreshRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/admin/token/refresh',
    {
      schema: {
        operationId: 'adminRefreshToken',
        security: [],
        tags: ['Admin'],
        summary: 'Exchange an operator refresh token for new tokens',
        description:
          'Refresh tokens are single use; presenting one twice revokes every token of that sign-in. Refused once the sign-in is 12 hours old or the operator is disabled.',
        body: RefreshBody,
        response: { 200: Envelope(OperatorSession), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await refreshOperatorSession(ctx, request.body.refresh_token),
    }),
  );
}

function adminLogoutRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/admin/logout',
    {
      schema: {
        operationId: 'adminLogout',
        security: [],
        tags: ['Admin'],
        summary: 'Operator sign-out',
        description:
          'Ends the sign-in the refresh token belongs to (every refresh token of it). The access token lapses within its 15 minutes. An unknown or already ended token answers the same.',
        body: RefreshBody,
        response: {
          200: Envelope(Type.Object({ signed_out: Type.Literal(true) })),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      await signOutOperator(ctx, request.body.refresh_token);
      return { ok: true as const, data: { signed_out: true as const } };
    },
  );
}
