import { Type } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { DomainError } from '../../domain/errors.ts';
import { principalOf, requireAuth } from '../../http/plugins/auth.ts';
import { Email, Envelope, errorResponses, Strict, Timestamp } from '../../http/schemas.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import {
  continueOnRememberedDevice,
  deviceCookie,
  forgetRememberedDevice,
  listRememberedDevices,
  rememberDevice,
  rememberedDeviceCookieName,
  rememberedDeviceStatus,
  revokeRememberedDevice,
} from './remembered-devices.ts';
import { Customer, CustomerSession } from './schemas.ts';
import {
  type CodeIdentifier,
  confirmPhoneVerification,
  requestPhoneVerification,
  requestSignInCode,
  verifySignInCode,
} from './sign-in-codes.ts';

/** Routes of decisions 0053 (sign-in codes, verified phones) and 0054 (remembered devices). */
export function registerSignInCodeRoutes(app: TypedApp, ctx: AppContext): void {
  requestSignInCodeRoute(app, ctx);
  verifySignInCodeRoute(app, ctx);
  requestPhoneVerificationRoute(app, ctx);
  confirmPhoneVerificationRoute(app, ctx);
  rememberDeviceRoute(app, ctx);
  listRememberedDevicesRoute(app, ctx);
  revokeRememberedDeviceRoute(app, ctx);
  rememberedDeviceStatusRoute(app, ctx);
  continueOnRememberedDeviceRoute(app, ctx);
  forgetRememberedDeviceRoute(app, ctx);
}

const Phone = Type.String({
  minLength: 10,
  maxLength: 20,
  description: 'A Nigerian mobile number, `0803…` or `+234803…`.',
});
const Code = Type.String({ pattern: '^[0-9]{6}$', description: 'The six digits received.' });
const SessionToken = Type.String({
  minLength: 1,
  maxLength: 200,
  description: 'The checkout session token: which shop the device is remembered for.',
});

/** Exactly one of `email` and `phone`. */
function identifierOf(body: { email?: string; phone?: string }): CodeIdentifier {
  if (body.email !== undefined && body.phone === undefined) return { email: body.email };
  if (body.phone !== undefined && body.email === undefined) return { phone: body.phone };
  throw new DomainError(
    'invalid_request',
    'Send either email or phone, not both and not neither.',
    {
      fields: [{ field: 'phone', message: 'Enter your phone number or your e-mail address.' }],
    },
  );
}

function requestSignInCodeRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/customers/sign-in-code',
    {
      schema: {
        operationId: 'requestSignInCode',
        security: [],
        tags: ['Customers'],
        summary: 'Send a one-time sign-in code by SMS or e-mail',
        description:
          'Send `phone` (a code by SMS, to an account whose phone is verified) or `email` (a code by e-mail). Always 202, whether or not an account exists, so the form cannot tell who is a customer. The code has six digits and works once, for 10 minutes; at most 5 codes per account per hour. One request per phone or address per minute, and 20 per IP per 15 minutes: past either, 429 `rate_limited` with `Retry-After`.',
        body: Type.Object({ email: Type.Optional(Email), phone: Type.Optional(Phone) }, Strict),
        response: {
          202: Envelope(
            Type.Object({
              object: Type.Literal('sign_in_code_request'),
              channel: Type.Union([Type.Literal('sms'), Type.Literal('email')]),
              code_expires_in_minutes: Type.Integer(),
              resend_after_seconds: Type.Integer(),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const data = await requestSignInCode(ctx, identifierOf(request.body), request.ip);
      return reply.code(202).send({ ok: true as const, data });
    },
  );
}

function verifySignInCodeRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/customers/sign-in-code/verify',
    {
      schema: {
        operationId: 'verifySignInCode',
        security: [],
        tags: ['Customers'],
        summary: 'Sign in with the one-time code',
        description:
          'The same `phone` or `email` as the request, and the code. Signs in exactly as `POST /customers/login` does. A wrong, used, superseded or expired code, and an unknown phone or address, all answer 401 "That code is wrong or has expired."; five wrong codes end that code, and five failures for a phone or address in 15 minutes refuse its code sign-ins with 429 `login_throttled` until the window ends (the password still works).',
        body: Type.Object(
          { email: Type.Optional(Email), phone: Type.Optional(Phone), code: Code },
          Strict,
        ),
        response: { 200: Envelope(CustomerSession), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await verifySignInCode(ctx, identifierOf(request.body), request.body.code, request.ip),
    }),
  );
}

function requestPhoneVerificationRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/customers/me/phone/verification',
    {
      preValidation: requireAuth(ctx, ['customer']),
      schema: {
        operationId: 'requestPhoneVerification',
        tags: ['Customers'],
        summary: 'Text a code to your phone, to verify it',
        description:
          'A verified phone can receive sign-in codes and notices by SMS. 202 with where the code went; 200 with the customer when the phone is already verified. One request a minute, 5 codes an hour.',
        security: [{ customerJwt: [] }],
        response: {
          200: Envelope(Customer),
          202: Envelope(
            Type.Object({
              object: Type.Literal('phone_verification_request'),
              phone_hint: Type.String(),
              code_expires_in_minutes: Type.Integer(),
              resend_after_seconds: Type.Integer(),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const data = await requestPhoneVerification(
        ctx,
        principalOf(request, 'customer').customerId,
        request.ip,
      );
      if (data.object === 'customer') return reply.code(200).send({ ok: true as const, data });
      return reply.code(202).send({ ok: true as const, data });
    },
  );
}

function confirmPhoneVerificationRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/customers/me/phone/verification/confirm',
    {
      preValidation: requireAuth(ctx, ['customer']),
      schema: {
        operationId: 'confirmPhoneVerification',
        tags: ['Customers'],
        summary: 'Verify your phone with the code texted to it',
        description:
          'A number already verified on another account moves to this one (the latest to prove they hold it). Wrong or expired: 401, as for sign-in codes.',
        security: [{ customerJwt: [] }],
        body: Type.Object({ code: Code }, Strict),
        response: { 200: Envelope(Customer), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await confirmPhoneVerification(
        ctx,
        principalOf(request, 'customer').customerId,
        request.body.code,
        request.ip,
      ),
    }),
  );
}

const RememberedDevice = Type.Object(
  {
    id: Type.String({ examples: ['rdv_1aB2cD3eF4gH5iJ6kL7m'] }),
    object: Type.Literal('remembered_device'),
    merchant_id: Type.String(),
    merchant_name: Type.String(),
    label: Type.String({ examples: ['Chrome on Android'] }),
    created_at: Timestamp,
    last_used_at: Timestamp,
    expires_at: Timestamp,
  },
  { $id: 'RememberedDevice' },
);

function secureCookies(ctx: AppContext): boolean {
  return ctx.settings.publicBaseUrl.startsWith('https:');
}

function rememberDeviceRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/customers/me/remembered-devices',
    {
      preValidation: requireAuth(ctx, ['customer']),
      schema: {
        operationId: 'rememberDevice',
        tags: ['Customers'],
        summary: "Remember this browser for the checkout session's shop",
        description:
          "Sets an httpOnly cookie (decision 0054) that lets this browser continue at the same shop's checkout without a code or password for 30 days. Other shops and other browsers still ask. Revoke it from `DELETE /customers/me/remembered-devices/{device_id}`.",
        security: [{ customerJwt: [] }],
        body: Type.Object({ session_token: SessionToken }, Strict),
        response: { 201: Envelope(RememberedDevice), ...errorResponses },
      },
    },
    async (request, reply) => {
      const remembered = await rememberDevice(
        ctx,
        principalOf(request, 'customer').customerId,
        request.body.session_token,
        request.headers['user-agent'] ?? '',
      );
      reply.header(
        'Set-Cookie',
        deviceCookie(
          remembered.cookieName,
          remembered.token,
          remembered.maxAgeSeconds,
          secureCookies(ctx),
        ),
      );
      return reply.code(201).send({ ok: true as const, data: remembered.device });
    },
  );
}

function listRememberedDevicesRoute(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/customers/me/remembered-devices',
    {
      preValidation: requireAuth(ctx, ['customer']),
      schema: {
        operationId: 'listRememberedDevices',
        tags: ['Customers'],
        summary: 'The browsers remembered for a shop’s checkout',
        security: [{ customerJwt: [] }],
        response: { 200: Envelope(Type.Array(RememberedDevice)), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await listRememberedDevices(ctx, principalOf(request, 'customer').customerId),
    }),
  );
}

function revokeRememberedDeviceRoute(app: TypedApp, ctx: AppContext): void {
  app.delete(
    '/api/v1/customers/me/remembered-devices/:device_id',
    {
      preValidation: requireAuth(ctx, ['customer']),
      schema: {
        operationId: 'revokeRememberedDevice',
        tags: ['Customers'],
        summary: 'Stop remembering a browser',
        security: [{ customerJwt: [] }],
        params: Type.Object({ device_id: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: {
          200: Envelope(
            Type.Object({
              id: Type.String(),
              object: Type.Literal('remembered_device'),
              revoked: Type.Literal(true),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await revokeRememberedDevice(
        ctx,
        principalOf(request, 'customer').customerId,
        request.params.device_id,
      ),
    }),
  );
}

function rememberedDeviceStatusRoute(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/customers/remembered-device',
    {
      schema: {
        operationId: 'getRememberedDevice',
        security: [],
        tags: ['Customers'],
        summary: "Whether this browser is remembered for the session's shop",
        description:
          'Reads the device cookie (decision 0054). `remembered: true` names whom to offer "Continue as …" for.',
        querystring: Type.Object({ session_token: SessionToken }, Strict),
        response: {
          200: Envelope(
            Type.Object({
              object: Type.Literal('remembered_device_status'),
              remembered: Type.Boolean(),
              first_name: Type.Union([Type.String(), Type.Null()]),
              email_hint: Type.Union([Type.String(), Type.Null()]),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await rememberedDeviceStatus(ctx, request.query.session_token, request.headers.cookie),
    }),
  );
}

function continueOnRememberedDeviceRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/customers/remembered-device/continue',
    {
      schema: {
        operationId: 'continueOnRememberedDevice',
        security: [],
        tags: ['Customers'],
        summary: 'Sign in on a remembered browser (one tap)',
        description:
          "Signs in as `POST /customers/login` does when this browser's device cookie is live for the session's shop; otherwise 401 and the customer signs in with a code or password.",
        body: Type.Object({ session_token: SessionToken }, Strict),
        response: { 200: Envelope(CustomerSession), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await continueOnRememberedDevice(
        ctx,
        request.body.session_token,
        request.headers.cookie,
      ),
    }),
  );
}

function forgetRememberedDeviceRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/customers/remembered-device/forget',
    {
      schema: {
        operationId: 'forgetRememberedDevice',
        security: [],
        tags: ['Customers'],
        summary: 'Stop remembering this browser for the session\'s shop ("Not you?")',
        description: 'Revokes the device and clears its cookie. Always 200.',
        body: Type.Object({ session_token: SessionToken }, Strict),
        response: {
          200: Envelope(
            Type.Object({
              object: Type.Literal('remembered_device_status'),
              remembered: Type.Literal(false),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { merchantId } = await forgetRememberedDevice(
        ctx,
        request.body.session_token,
        request.headers.cookie,
      );
      reply.header(
        'Set-Cookie',
        deviceCookie(rememberedDeviceCookieName(merchantId), '', 0, secureCookies(ctx)),
      );
      return {
        ok: true as const,
        data: { object: 'remembered_device_status' as const, remembered: false as const },
      };
    },
  );
}
