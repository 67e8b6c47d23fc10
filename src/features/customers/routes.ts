import { Type } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { principalOf, requireAuth } from '../../http/plugins/auth.ts';
import {
  Email,
  Envelope,
  errorResponses,
  Password,
  SignedOut,
  SignOutRequest,
  Strict,
} from '../../http/schemas.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import {
  getNotificationPreferences,
  updateNotificationPreferences,
} from '../customer-notifications/index.ts';
import {
  NotificationPreferences,
  NotificationPreferencesChange,
} from '../customer-notifications/schemas.ts';
import { listCustomerNotifications } from '../payment-methods/index.ts';
import {
  getCustomer,
  loginCustomer,
  refreshCustomerSession,
  registerCustomer,
  signOutCustomer,
} from './customers.ts';
import { confirmPasswordReset, requestPasswordReset } from './password-resets.ts';
import { Customer } from './schemas.ts';
import { CustomerSession } from './schemas.ts';
import { registerSignInCodeRoutes } from './sign-in-code-routes.ts';

const Name = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });

export function registerCustomerRoutes(app: TypedApp, ctx: AppContext): void {
  registerCustomerRoute(app, ctx);
  loginCustomerRoute(app, ctx);
  refreshCustomerTokenRoute(app, ctx);
  signOutCustomerRoute(app, ctx);
  requestCustomerPasswordResetRoute(app, ctx);
  confirmCustomerPasswordResetRoute(app, ctx);
  getCurrentCustomerRoute(app, ctx);
  listCustomerNotificationsRoute(app, ctx);
  getNotificationPreferencesRoute(app, ctx);
  updateNotificationPreferencesRoute(app, ctx);
  registerSignInCodeRoutes(app, ctx);
}

function registerCustomerRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/customers/register',
    {
      schema: {
        operationId: 'registerCustomer',
        security: [],
        tags: ['Customers'],
        summary: 'Create a customer account',
        body: Type.Object(
          {
            email: Email,
            password: Password,
            first_name: Name,
            last_name: Name,
            phone: Type.String({ minLength: 10, maxLength: 20 }),
          },
          Strict,
        ),
        response: { 201: Envelope(CustomerSession), ...errorResponses },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const data = await registerCustomer(ctx, {
        email: b.email,
        password: b.password,
        firstName: b.first_name,
        lastName: b.last_name,
        phone: b.phone,
      });
      return reply.code(201).send({ ok: true as const, data });
    },
  );
}

function loginCustomerRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/customers/login',
    {
      schema: {
        operationId: 'loginCustomer',
        security: [],
        tags: ['Customers'],
        summary: 'Log in',
        description:
          'Wrong password and unknown email both answer 401 "Email or password is incorrect." After 5 failures for an email in 15 minutes its sign-ins are refused with 429 `login_throttled` until the window ends; past 20 failures from one IP, that IP gets one password check a second (429 with `Retry-After: 1`).',
        body: Type.Object(
          { email: Email, password: Type.String({ minLength: 1, maxLength: 128 }) },
          Strict,
        ),
        response: { 200: Envelope(CustomerSession), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await loginCustomer(ctx, request.body.email, request.body.password, request.ip),
    }),
  );
}

function refreshCustomerTokenRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/customers/token/refresh',
    {
      schema: {
        operationId: 'refreshCustomerToken',
        security: [],
        tags: ['Customers'],
        summary: 'Exchange a refresh token for new tokens',
        description:
          'Refresh tokens are single use. Presenting one twice revokes every token of that login.',
        body: Type.Object({ refresh_token: Type.String({ minLength: 1, maxLength: 200 }) }, Strict),
        response: { 200: Envelope(CustomerSession), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await refreshCustomerSession(ctx, request.body.refresh_token),
    }),
  );
}

function signOutCustomerRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/customers/logout',
    {
      schema: {
        operationId: 'signOutCustomer',
        security: [],
        tags: ['Customers'],
        summary: 'Sign out: end this login',
        description:
          "Ends the refresh token's login and its access tokens (decision 0034). Always 200, also when already signed out.",
        body: SignOutRequest,
        response: { 200: Envelope(SignedOut), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await signOutCustomer(ctx, request.body.refresh_token),
    }),
  );
}

function requestCustomerPasswordResetRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/customers/password-reset',
    {
      schema: {
        operationId: 'requestCustomerPasswordReset',
        security: [],
        tags: ['Customers'],
        summary: 'E-mail a password reset link',
        description:
          'Always 202, whether or not the address has an account, so the form cannot tell who is a customer. When it has one, an e-mail with a link follows (working once, for 60 minutes); at most 3 per account per hour.',
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
      const data = await requestPasswordReset(ctx, request.body.email, request.ip);
      return reply.code(202).send({ ok: true as const, data });
    },
  );
}

function confirmCustomerPasswordResetRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/customers/password-reset/confirm',
    {
      schema: {
        operationId: 'confirmCustomerPasswordReset',
        security: [],
        tags: ['Customers'],
        summary: "Set a new password with the link's token",
        description:
          'Signs the customer in (a new session) and ends every other login: refresh tokens are revoked and other reset links stop working. An expired, used or unknown token: 400 `reset_link_invalid`.',
        body: Type.Object(
          { token: Type.String({ minLength: 1, maxLength: 200 }), password: Password },
          Strict,
        ),
        response: { 200: Envelope(CustomerSession), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await confirmPasswordReset(ctx, request.body.token, request.body.password),
    }),
  );
}

function getCurrentCustomerRoute(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/customers/me',
    {
      preValidation: requireAuth(ctx, ['customer']),
      schema: {
        operationId: 'getCurrentCustomer',
        tags: ['Customers'],
        summary: 'The signed-in customer',
        security: [{ customerJwt: [] }],
        response: { 200: Envelope(Customer), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await getCustomer(ctx, principalOf(request, 'customer').customerId),
    }),
  );
}

function listCustomerNotificationsRoute(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/customers/me/notifications',
    {
      preValidation: requireAuth(ctx, ['customer']),
      schema: {
        operationId: 'listCustomerNotifications',
        tags: ['Customers'],
        summary: 'Notices about your plans and payment methods',
        description:
          'Newest first, ready to show (`message`). Kinds: `payment_reminder` (3 days before an installment is due), `payment_receipt` (a payment collected), `payment_failed` (a debit failed, with what happens next), `refund_receipt`, and `payment_method_revoked` (a card or mandate backing a plan was revoked at the gateway; it names the plans that need another method). `data` holds the facts the message states. Which kinds appear follows the in-app switches of your notification preferences.',
        security: [{ customerJwt: [] }],
        querystring: Type.Object(
          { limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }) },
          Strict,
        ),
        response: {
          200: Envelope(
            Type.Array(
              Type.Object({
                id: Type.String(),
                object: Type.Literal('customer_notification'),
                kind: Type.String({
                  examples: [
                    'payment_reminder',
                    'payment_receipt',
                    'payment_failed',
                    'refund_receipt',
                    'payment_method_revoked',
                  ],
                }),
                message: Type.String(),
                data: Type.Record(Type.String(), Type.Unknown()),
                created_at: Type.String({ format: 'date-time' }),
                read_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
              }),
            ),
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await listCustomerNotifications(
        ctx.db,
        principalOf(request, 'customer').customerId,
        request.query.limit,
      ),
    }),
  );
}

function getNotificationPreferencesRoute(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/customers/me/notification-preferences',
    {
      preValidation: requireAuth(ctx, ['customer']),
      schema: {
        operationId: 'getNotificationPreferences',
        tags: ['Customers'],
        summary: 'Which notices you get, by e-mail and in the app',
        description:
          'Everything is on until you change it. E-mails are never sent between 21:00 and 08:00 Lagos time: one that falls then waits until 08:00.',
        security: [{ customerJwt: [] }],
        response: { 200: Envelope(NotificationPreferences), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await getNotificationPreferences(ctx, principalOf(request, 'customer').customerId),
    }),
  );
}

function updateNotificationPreferencesRoute(app: TypedApp, ctx: AppContext): void {
  app.put(
    '/api/v1/customers/me/notification-preferences',
    {
      preValidation: requireAuth(ctx, ['customer']),
      schema: {
        operationId: 'updateNotificationPreferences',
        tags: ['Customers'],
        summary: 'Switch notices on or off, per channel',
        description:
          'Send the switches to change, e.g. `{ "email": { "receipts": false } }`; the others keep their value. It applies to notices already queued too: a reminder switched off before it is due is not sent.',
        security: [{ customerJwt: [] }],
        body: NotificationPreferencesChange,
        response: { 200: Envelope(NotificationPreferences), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await updateNotificationPreferences(
        ctx,
        principalOf(request, 'customer').customerId,
        request.body,
      ),
    }),
  );
}
