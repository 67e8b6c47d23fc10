import { Type } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { principalOf, requireAuth } from '../../http/plugins/auth.ts';
import { Envelope, errorResponses, Strict } from '../../http/schemas.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { merchantScope } from '../access/index.ts';
import {
  getMerchantNotificationPreferences,
  updateMerchantNotificationPreferences,
} from './preferences.ts';
import {
  MerchantNotificationPreferences,
  MerchantNotificationPreferencesChange,
} from './schemas.ts';

const auth = ['secret_key', 'merchant_dashboard'] as const;
const security: { [scheme: string]: string[] }[] = [{ secretKey: [] }, { merchantJwt: [] }];
const params = Type.Object({ merchant_id: Type.String({ maxLength: 64 }) }, Strict);
const PATH = '/api/v1/merchant/:merchant_id/notification-preferences';

export function registerMerchantNotificationRoutes(app: TypedApp, ctx: AppContext): void {
  app.get(
    PATH,
    {
      preValidation: requireAuth(ctx, auth),
      schema: {
        operationId: 'getMerchantNotificationPreferences',
        tags: ['Merchants'],
        summary: 'Which e-mails the business gets, and where',
        description:
          'Everything is on, to the account e-mail, until changed (decision 0067). The same for both modes: test-mode payouts and webhooks are e-mailed too, with “[Test]” in the subject.',
        security,
        params,
        response: { 200: Envelope(MerchantNotificationPreferences), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await getMerchantNotificationPreferences(
        ctx,
        merchantScope(principalOf(request, ...auth), request.params.merchant_id),
      ),
    }),
  );
  app.put(
    PATH,
    {
      preValidation: requireAuth(ctx, auth),
      schema: {
        operationId: 'updateMerchantNotificationPreferences',
        tags: ['Merchants'],
        summary: 'Switch the business’s e-mails on or off, or send them elsewhere',
        description:
          'Send what to change, e.g. `{ "payouts": false }` or `{ "email": "finance@shop.example" }`; the rest keeps its value. `email: null` (or `""`) goes back to the account e-mail; an address that is not one is 400 `invalid_request`. It applies to e-mails already queued too.',
        security,
        params,
        body: MerchantNotificationPreferencesChange,
        response: { 200: Envelope(MerchantNotificationPreferences), ...errorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await updateMerchantNotificationPreferences(
        ctx,
        merchantScope(principalOf(request, ...auth), request.params.merchant_id),
        request.body,
      ),
    }),
  );
}
