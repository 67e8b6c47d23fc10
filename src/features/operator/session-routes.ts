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

// Without a caller's credentials or a resource, these answer no 403, 404 or 409.
const sessionErrors = Object.fromEntries(
  Object.entries(errorResponses).filter(([status]) => !['403', '404', '409'].includes(status)),
) as Omit<typeof errorResponses, 403 | 404 | 409>;

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
          'Email, password and authenticator code (TOTP); failures count toward the login throttle.',
        body: Type.Object(
          {
            email: Email,
            password: Type.String({ minLength: 1, maxLength: 128 }),
            code: Type.String({ minLength: 6, maxLength: 16, examples: ['123456'] }),
          },
          Strict,
        ),
        response: { 200: Envelope(OperatorSession), ...sessionErrors },
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
        summary: 'Refresh an operator sign-in',
        description: 'Single use; a sign-in lasts 12 hours.',
        body: RefreshBody,
        response: { 200: Envelope(OperatorSession), ...sessionErrors },
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
        description: 'Ends the sign-in of the refresh token.',
        body: RefreshBody,
        response: { 200: Envelope(Type.Null()), ...sessionErrors },
      },
    },
    async (request) => {
      await signOutOperator(ctx, request.body.refresh_token);
      return { ok: true as const, data: null };
    },
  );
}
