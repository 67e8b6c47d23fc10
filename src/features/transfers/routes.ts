import { Type } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { principalOf, requireAuth } from '../../http/plugins/auth.ts';
import { Envelope, errorResponses, Strict } from '../../http/schemas.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { planTransferDetails } from './accounts.ts';
import { TransferAccount } from './schemas.ts';

const PlanParams = Type.Object({ plan_id: Type.String({ maxLength: 64 }) }, Strict);

/** Paying a plan by bank transfer into the customer's dedicated account (decision 0071). */
export function registerTransferRoutes(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/customers/me/plans/:plan_id/transfer-account',
    {
      preValidation: requireAuth(ctx, ['customer']),
      schema: {
        operationId: 'getCustomerPlanTransferAccount',
        tags: ['Customers'],
        summary: 'Pay by bank transfer: your account number',
        description:
          'The bank account to transfer to, yours alone (made the first time you ask), with what is overdue on this plan and what it still owes. Money that arrives pays what you owe across your plans, overdue installments first, oldest first, then the next ones; less than an installment pays part of it; anything beyond everything you owe is held for you (docs/money-rules.md §4b). Only an active or defaulted plan can be paid this way (409 otherwise).',
        security: [{ customerJwt: [] }],
        params: PlanParams,
        response: { 200: Envelope(TransferAccount), ...errorResponses },
      },
    },
    async (request) => {
      const details = await planTransferDetails(
        ctx,
        principalOf(request, 'customer').customerId,
        request.params.plan_id,
      );
      return {
        ok: true as const,
        data: {
          object: 'transfer_account' as const,
          plan_id: request.params.plan_id,
          account_number: details.account.account_number,
          account_name: details.account.account_name,
          bank_name: details.account.bank_name,
          currency: 'NGN' as const,
          amount_due_now: details.dueNowKobo,
          amount_remaining: details.remainingKobo,
          next_installment: details.next
            ? {
                due_at: details.next.dueAt.toISOString(),
                amount: details.next.amountKobo,
              }
            : null,
        },
      };
    },
  );
}
