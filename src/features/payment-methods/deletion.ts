import type { AppContext } from '../../app-context.ts';
import { runWrite } from '../../db/write.ts';
import { DomainError, notFound } from '../../domain/errors.ts';
import { lockCustomerMethods, promoteNextDefault } from './defaults.ts';
import { enqueueDeactivation } from './direct-debit.ts';

/** Removes the method from the customer's list; kept (hidden) for the records of what it paid. */
export async function deletePaymentMethod(
  ctx: AppContext,
  customerId: string,
  methodId: string,
): Promise<void> {
  const now = ctx.clock.now();
  await runWrite(ctx.db, async (tx) => {
    const methods = await lockCustomerMethods(tx, customerId);
    const target = methods.find((m) => m.id === methodId);
    if (!target) throw notFound('Payment method');
    const backing = await tx
      .selectFrom('payment_plans')
      .select('id')
      .where('payment_method_id', '=', methodId)
      .where('status', 'in', ['pending_deposit', 'active', 'defaulted'])
      .executeTakeFirst();
    if (backing) {
      throw new DomainError(
        'payment_method_in_use',
        'This payment method pays an open installment plan. Link another method and switch the plan to it first.',
      );
    }
    await tx
      .updateTable('payment_methods')
      .set({ deleted_at: now, is_default: false })
      .where('id', '=', methodId)
      .execute();
    if (target.is_default) await promoteNextDefault(tx, methods, methodId);
    // Removed here, removed at the gateway too (gateway-protocol.md §18 item 1): after commit.
    await enqueueDeactivation(tx, methodId);
  });
}
