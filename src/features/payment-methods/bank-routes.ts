import { Type } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { requireAuth } from '../../http/plugins/auth.ts';
import { Envelope, errorResponses, gatewayErrorResponses } from '../../http/schemas.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { listBanks } from './bank-list.ts';
import { Bank } from './schemas.ts';

/** The banks a merchant's settlement account may be at (payouts are gateway transfers). */
export function registerBankRoutes(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/banks',
    {
      preValidation: requireAuth(ctx, ['secret_key', 'merchant_dashboard']),
      schema: {
        operationId: 'listBanks',
        tags: ['Merchants'],
        summary: 'Nigerian banks, for a settlement account',
        description:
          'Every bank a payout (a gateway transfer) can reach, by name, with the CBN bank code to send as `settlement_account.bank_code` (`PATCH /api/v1/merchant/{id}/settings`) and whether customers can also set up a direct-debit mandate there (`GET /api/v1/payment-methods/banks` lists those for the customer). The gateway’s list, cached for an hour; the same in both modes.',
        security: [{ secretKey: [] }, { merchantJwt: [] }],
        response: { 200: Envelope(Type.Array(Bank)), ...errorResponses, ...gatewayErrorResponses },
      },
    },
    async () => ({ ok: true as const, data: await listBanks(ctx) }),
  );
}
