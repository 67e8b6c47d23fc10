import { Type } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { MAX_CHECKOUT_ORIGIN_LENGTH, MAX_CHECKOUT_ORIGINS } from '../../domain/checkout-origins.ts';
import { DomainError } from '../../domain/errors.ts';
import { idempotencyScope, merchantKeyOwner } from '../../http/idempotency.ts';
import { sendIdempotent } from '../../http/idempotent-reply.ts';
import { principalOf, requireAuth } from '../../http/plugins/auth.ts';
import {
  Constraints,
  Envelope,
  errorResponses,
  GoodsReleaseRule as GoodsReleaseRuleSchema,
  IdempotencyHeader,
  LivemodeQuery,
  MerchantIdParams,
  Strict,
  Tier,
  TwoFactorCodeHeader,
} from '../../http/schemas.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { chosenMode, modeScope } from '../access/index.ts';
import { merchantAuth, security, viewMode } from './route-callers.ts';
import { Merchant } from './schemas.ts';
import { updateMerchantSettings } from './settings.ts';
import { checkSettlementAccount } from './settlement-account.ts';
import { rollWebhookSecretIdempotently } from './webhook-settings.ts';

export function registerSettingsRoutes(app: TypedApp, ctx: AppContext): void {
  updateMerchantSettingsRoute(app, ctx);
  checkSettlementAccountRoute(app, ctx);
  rollWebhookSecretRoute(app, ctx);
}

const updateMerchantSettingsSchema = {
  operationId: 'updateMerchantSettings',
  tags: ['Merchants'],
  summary: 'Update merchant settings',
  description:
    'Send only the fields to change. Changing `settlement_account` from the dashboard needs `password` (decision 0057) and a two-factor code in the `Two-Factor-Code` header (decision 0065); the account is named by the gateway’s account resolve first (`settlement_account.account_name`), and one it cannot name is 422 `account_not_resolved`. `null` clears `webhook_url`, `settlement_account` or `allowed_checkout_origins`. `webhook_url` is per mode: a secret key sets its own mode’s (test events go to the test URL, live events to the live one); the dashboard token says which with `?livemode=true|false`. The other settings are shared by both modes. New default constraints apply to sessions created afterwards. `allowed_checkout_origins`: up to 20 exact origins (`https://host[:port]`, or `http://localhost[:port]` / `http://127.0.0.1[:port]` for development; no path, wildcard or credentials) allowed to embed the checkout; stored normalised and de-duplicated; empty means any site may embed it. `partial_debit_floor_pct`: 10–90 turns partial debits on for automatic retries, `null` turns them off (400 `invalid_request` outside the range).',
  security,
  params: MerchantIdParams,
  headers: Type.Object({ ...TwoFactorCodeHeader }),
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
      password: Type.Optional(
        Type.String({
          maxLength: 128,
          description:
            'The dashboard password, required with `settlement_account` when the caller is the dashboard (decision 0057): missing or wrong is 403 `reauthentication_required`, and wrong ones count toward the sign-in throttle. A secret key is not asked for it.',
        }),
      ),
      default_constraints: Type.Optional(Constraints),
      min_customer_tier: Type.Optional(Tier),
      goods_release_rule: Type.Optional(GoodsReleaseRuleSchema),
      // The domain checks the range, so that a refusal names it (400 invalid_request).
      partial_debit_floor_pct: Type.Optional(
        Type.Union([Type.Number(), Type.Null()], {
          description:
            'Partial debits on retries (decision 0045): a whole number from 10 to 90, the least share (percent, rounded up, never under ₦100.00) of an overdue installment that an automatic retry on a Mastercard or Verve card may collect when the card holds less than the whole; the rest stays owed. `null` turns them off (the default).',
          examples: [50],
        }),
      ),
      support_contact: Type.Optional(
        Type.Union(
          [
            Type.Object(
              {
                email: Type.Optional(Type.Union([Type.String({ maxLength: 254 }), Type.Null()])),
                phone: Type.Optional(Type.Union([Type.String({ maxLength: 30 }), Type.Null()])),
                website: Type.Optional(Type.Union([Type.String({ maxLength: 2048 }), Type.Null()])),
              },
              Strict,
            ),
            Type.Null(),
          ],
          {
            description:
              'How customers reach the shop, shown on the checkout’s refusal screens: `email`, `phone` (0 + 10 digits, or + and the country code) and `website` (http(s)), each optional; the object replaces the whole contact, `null` or `""` clears a part, `null` clears all.',
          },
        ),
      ),
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
};

function updateMerchantSettingsRoute(app: TypedApp, ctx: AppContext): void {
  app.patch(
    '/api/v1/merchant/:merchant_id/settings',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: updateMerchantSettingsSchema,
    },
    async (request) => {
      const principal = principalOf(request, ...merchantAuth);
      const scope = modeScope(principal, request.params.merchant_id, request.query.livemode);
      const b = request.body;
      if (b.password !== undefined && b.settlement_account === undefined) {
        throw new DomainError(
          'invalid_request',
          '`password` goes only with `settlement_account` (the change it confirms).',
        );
      }
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
            password: b.password,
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
          ...(b.partial_debit_floor_pct !== undefined && {
            partialDebitFloorPct: b.partial_debit_floor_pct,
          }),
          ...(b.support_contact !== undefined && { supportContact: b.support_contact }),
        },
        viewMode(principal),
        principal.kind === 'merchant_dashboard'
          ? { ip: request.ip, memberId: principal.member.id }
          : undefined,
      );
      return { ok: true as const, data };
    },
  );
}

function checkSettlementAccountRoute(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/merchant/:merchant_id/settlement-account/check',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'checkSettlementAccount',
        tags: ['Merchants'],
        summary: 'Name the holder of a bank account before making it the settlement account',
        description:
          'Asks the bank, through the gateway’s account resolve, whose account `account_number` at `bank_code` is; changes nothing (decision 0057). The dashboard shows the name before the merchant confirms the change with the password. A number the bank cannot name: 422 `account_not_resolved`; no answer from the gateway: 502 `gateway_unavailable`.',
        security,
        params: MerchantIdParams,
        // Both are required; the use case says so (400 `invalid_request`) after the caller's
        // ownership of the merchant is checked, so another merchant learns nothing from a 400.
        querystring: Type.Object(
          {
            bank_code: Type.Optional(Type.String({ maxLength: 6 })),
            account_number: Type.Optional(Type.String({ maxLength: 10 })),
          },
          Strict,
        ),
        response: {
          200: Envelope(
            Type.Object({
              object: Type.Literal('settlement_account_check'),
              bank_code: Type.String(),
              account_number: Type.String(),
              account_name: Type.String({ examples: ['BALOGUN MARKET FABRICS LTD'] }),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const principal = principalOf(request, ...merchantAuth);
      const scope = modeScope(principal, request.params.merchant_id);
      return {
        ok: true as const,
        data: await checkSettlementAccount(ctx, scope.merchantId, {
          bankCode: request.query.bank_code ?? '',
          accountNumber: request.query.account_number ?? '',
        }),
      };
    },
  );
}

function rollWebhookSecretRoute(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/merchant/:merchant_id/webhook-secret/roll',
    {
      preValidation: requireAuth(ctx, merchantAuth),
      schema: {
        operationId: 'rollWebhookSecret',
        tags: ['Merchants'],
        summary: 'Roll the webhook signing secret of one mode',
        description:
          'Rolls the calling key’s mode’s secret (the dashboard token says which with `?livemode=true|false`); the other mode’s secret is untouched. Returns the new secret once. `X-Tranche-Signature` of that mode’s events is computed with the new secret at once; for the next 24 hours they also carry `X-Tranche-Signature-Previous`, computed with the previous secret, so a receiver still holding it keeps verifying until it switches. A replay answers the secret the first roll made.',
        security,
        params: MerchantIdParams,
        headers: IdempotencyHeader,
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
    async (request, reply) => {
      const principal = principalOf(request, ...merchantAuth);
      const scope = modeScope(principal, request.params.merchant_id, request.query.livemode);
      const result = await rollWebhookSecretIdempotently(
        ctx,
        scope.merchantId,
        chosenMode(scope, 'whose webhook secret to roll'),
        idempotencyScope(request, merchantKeyOwner(principal), ctx.clock.now()),
      );
      return sendIdempotent(reply, 200, result);
    },
  );
}
