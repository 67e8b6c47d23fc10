import { Type } from 'typebox';
import type { AppContext } from '../../app-context.ts';
import { chosenMode, merchantScope, modeScope } from '../access/index.ts';
import type { Principal } from '../../domain/principal.ts';
import { listApiKeys, revokeApiKey, rollApiKey } from './api-keys.ts';
import {
  changeMerchantPassword,
  loginMerchant,
  refreshMerchantSession,
} from './dashboard-sign-in.ts';
import { getMerchant } from './queries.ts';
import { createMerchant } from './registration.ts';
import { updateMerchantSettings } from './settings.ts';
import { rollWebhookSecret } from './webhook-settings.ts';
import { MAX_CHECKOUT_ORIGIN_LENGTH, MAX_CHECKOUT_ORIGINS } from '../../domain/checkout-origins.ts';
import { principalOf, requireAuth } from '../../http/plugins/auth.ts';
import { ApiKey, Merchant, MerchantCredentials, MerchantSession } from './schemas.ts';
import {
  Constraints,
  Email,
  Envelope,
  errorResponses,
  GoodsReleaseRule as GoodsReleaseRuleSchema,
  LivemodeQuery,
  MerchantIdParams,
  Password,
  Strict,
  Tier,
} from '../../http/schemas.ts';
import type { TypedApp } from '../../http/typed-app.ts';

const merchantAuth = ['secret_key', 'merchant_dashboard'] as const;
const security: { [scheme: string]: string[] }[] = [{ secretKey: [] }, { merchantJwt: [] }];

/** Whose webhook endpoint the record's top-level `webhook_url` shows: the key's mode, else live. */
const viewMode = (principal: Principal) =>
  principal.kind === 'secret_key' ? principal.mode : undefined;

export function registerMerchantRoutes(app: TypedApp, ctx: AppContext): void {
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

  app.post(
    '/api/v1/merchant/login',
    {
      schema: {
        operationId: 'loginMerchant',
        security: [],
        tags: ['Merchants'],
        summary: 'Merchant dashboard login',
        description:
          'Returns a 15-minute dashboard token accepted by the merchant routes below, and a refresh token.',
        body: Type.Object(
          { email: Email, password: Type.String({ minLength: 1, maxLength: 128 }) },
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
      data: await loginMerchant(ctx, request.body.email, request.body.password, request.ip),
    }),
  );

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
      const merchantId = merchantScope(
        principalOf(request, 'merchant_dashboard'),
        request.params.merchant_id,
      );
      const passwords = { current: request.body.current_password, next: request.body.new_password };
      return {
        ok: true as const,
        data: await changeMerchantPassword(ctx, merchantId, passwords, request.ip),
      };
    },
  );

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

  app.patch(
    '/api/v1/merchant/:merchant_id/settings',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'updateMerchantSettings',
        tags: ['Merchants'],
        summary: 'Update merchant settings',
        description:
          'Send only the fields to change; `null` clears `webhook_url`, `settlement_account` or `allowed_checkout_origins`. `webhook_url` is per mode: a secret key sets its own mode’s (test events go to the test URL, live events to the live one); the dashboard token says which with `?livemode=true|false`. The other settings are shared by both modes. New default constraints apply to sessions created afterwards. `allowed_checkout_origins`: up to 20 exact origins (`https://host[:port]`, or `http://localhost[:port]` / `http://127.0.0.1[:port]` for development; no path, wildcard or credentials) allowed to embed the checkout; stored normalised and de-duplicated; empty means any site may embed it.',
        security,
        params: MerchantIdParams,
        querystring: Type.Object(LivemodeQuery, Strict),
        body: Type.Object(
          {
            webhook_url: Type.Optional(Type.Union([Type.String({ maxLength: 2048 }), Type.Null()])),
            settlement_account: Type.Optional(
              Type.Union([
                Type.Object(
                  {
                    bank_code: Type.String({ maxLength: 6 }),
                    account_number: Type.String({ maxLength: 10 }),
                  },
                  Strict,
                ),
                Type.Null(),
              ]),
            ),
            default_constraints: Type.Optional(Constraints),
            min_customer_tier: Type.Optional(Tier),
            goods_release_rule: Type.Optional(GoodsReleaseRuleSchema),
            // The schema bounds the size; the domain checks each entry and names the one refused.
            allowed_checkout_origins: Type.Optional(
              Type.Union([
                Type.Array(Type.String({ maxLength: MAX_CHECKOUT_ORIGIN_LENGTH }), {
                  maxItems: MAX_CHECKOUT_ORIGINS,
                }),
                Type.Null(),
              ]),
            ),
          },
          { ...Strict, minProperties: 1 },
        ),
        response: { 200: Envelope(Merchant), ...errorResponses },
      },
    },
    async (request) => {
      const principal = principalOf(request, ...merchantAuth);
      const scope = modeScope(principal, request.params.merchant_id, request.query.livemode);
      const b = request.body;
      const data = await updateMerchantSettings(
        ctx,
        scope.merchantId,
        {
          ...(b.webhook_url !== undefined && {
            webhookUrl: b.webhook_url,
            webhookLivemode: chosenMode(scope, 'webhook_url is for'),
          }),
          ...(b.settlement_account !== undefined && {
            settlementAccount: b.settlement_account && {
              bankCode: b.settlement_account.bank_code,
              accountNumber: b.settlement_account.account_number,
            },
          }),
          ...(b.default_constraints && {
            defaultConstraints: {
              allowedFrequencies: b.default_constraints.allowed_frequencies,
              maxWeeklyDuration: b.default_constraints.max_weekly_duration,
              maxMonthlyDuration: b.default_constraints.max_monthly_duration,
              minUpfrontPct: b.default_constraints.min_upfront_pct,
              allowedScheduleTypes: ['installment'],
            },
          }),
          ...(b.min_customer_tier !== undefined && { minCustomerTier: b.min_customer_tier }),
          ...(b.goods_release_rule && { goodsReleaseRule: b.goods_release_rule }),
          ...(b.allowed_checkout_origins !== undefined && {
            allowedCheckoutOrigins: b.allowed_checkout_origins,
          }),
        },
        viewMode(principal),
      );
      return { ok: true as const, data };
    },
  );

  app.post(
    '/api/v1/merchant/:merchant_id/webhook-secret/roll',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'rollWebhookSecret',
        tags: ['Merchants'],
        summary: 'Roll the webhook signing secret of one mode',
        description:
          'Rolls the calling key’s mode’s secret (the dashboard token says which with `?livemode=true|false`); the other mode’s secret is untouched. Returns the new secret once. `X-Tranche-Signature` of that mode’s events is computed with the new secret at once; for the next 24 hours they also carry `X-Tranche-Signature-Previous`, computed with the previous secret, so a receiver still holding it keeps verifying until it switches.',
        security,
        params: MerchantIdParams,
        querystring: Type.Object(LivemodeQuery, Strict),
        response: {
          200: Envelope(
            Type.Object({
              webhook_secret: Type.String(),
              previous_secret_expires_at: Type.String(),
              livemode: Type.Boolean({ description: 'The mode whose secret was rolled.' }),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const scope = modeScope(
        principalOf(request, ...merchantAuth),
        request.params.merchant_id,
        request.query.livemode,
      );
      return {
        ok: true as const,
        data: await rollWebhookSecret(
          ctx,
          scope.merchantId,
          chosenMode(scope, 'whose webhook secret to roll'),
        ),
      };
    },
  );

  app.get(
    '/api/v1/merchant/:merchant_id/keys',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'listSecretKeys',
        tags: ['Merchants'],
        summary: 'List secret keys (redacted)',
        security,
        params: MerchantIdParams,
        response: { 200: Envelope(Type.Array(ApiKey)), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await listApiKeys(
        ctx,
        merchantScope(principalOf(request, ...merchantAuth), request.params.merchant_id),
      ),
    }),
  );

  app.post(
    '/api/v1/merchant/:merchant_id/keys/roll',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'rollSecretKey',
        tags: ['Merchants'],
        summary: 'Roll a secret key',
        description:
          'Issues a new key of the given mode (shown once). The other keys of that mode stop working after `expire_old_after_minutes` (default 0: at once; at most 7 days).',
        security,
        params: MerchantIdParams,
        body: Type.Object(
          {
            mode: Type.Union([Type.Literal('test'), Type.Literal('live')]),
            expire_old_after_minutes: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_080 })),
          },
          Strict,
        ),
        response: {
          200: Envelope(
            Type.Object({
              id: Type.String(),
              mode: Type.String(),
              secret_key: Type.String(),
              previous_keys_expire_at: Type.String(),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const merchantId = merchantScope(
        principalOf(request, ...merchantAuth),
        request.params.merchant_id,
      );
      return {
        ok: true as const,
        data: await rollApiKey(
          ctx,
          merchantId,
          request.body.mode,
          request.body.expire_old_after_minutes ?? 0,
        ),
      };
    },
  );

  app.delete(
    '/api/v1/merchant/:merchant_id/keys/:key_id',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'revokeSecretKey',
        tags: ['Merchants'],
        summary: 'Revoke a secret key',
        security,
        params: Type.Object(
          { merchant_id: Type.String({ maxLength: 64 }), key_id: Type.String({ maxLength: 64 }) },
          Strict,
        ),
        response: {
          200: Type.Object({ ok: Type.Literal(true), message: Type.String() }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const merchantId = merchantScope(
        principalOf(request, ...merchantAuth),
        request.params.merchant_id,
      );
      await revokeApiKey(ctx, merchantId, request.params.key_id);
      return { ok: true as const, message: 'The key is revoked.' };
    },
  );
}
