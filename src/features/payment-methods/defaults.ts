import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/database.ts';
import type { PaymentMethodRow } from '../../db/schema.ts';
import { runWrite } from '../../db/write.ts';
import { DomainError, notFound } from '../../domain/errors.ts';

export async function lockCustomerMethods(tx: Tx, customerId: string): Promise<PaymentMethodRow[]> {
  return (
    tx
      .selectFrom('payment_methods')
      .selectAll()
      .where('customer_id', '=', customerId)
      .where('deleted_at', 'is', null)
      // Rows are locked in this order: it must be total (the id breaks created_at ties), or two
      // transactions can take the same rows in opposite orders and deadlock.
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      // NO KEY: charges and plans that reference these rows (their foreign-key checks) need not
      // wait for us (ARCHITECTURE.md, "Lock order").
      .forNoKeyUpdate()
      .execute()
  );
}

/** Makes the newest other active method the default, if the customer has one. */
export async function promoteNextDefault(
  tx: Tx,
  methods: PaymentMethodRow[],
  leavingId: string,
): Promise<void> {
  const next = methods.find((m) => m.id !== leavingId && m.status === 'active');
  if (next) {
    await tx
      .updateTable('payment_methods')
      .set({ is_default: true })
      .where('id', '=', next.id)
      .execute();
  }
}

export async function setDefaultPaymentMethod(
  ctx: AppContext,
  customerId: string,
  methodId: string,
): Promise<void> {
  await runWrite(ctx.db, async (tx) => {
    const methods = await lockCustomerMethods(tx, customerId);
    const target = methods.find((m) => m.id === methodId);
    if (!target) throw notFound('Payment method');
    if (target.status !== 'active') {
      throw new DomainError(
        'payment_method_unusable',
        'This payment method was revoked and cannot be the default.',
      );
    }
    await tx
      .updateTable('payment_methods')
      .set({ is_default: false })
      .where('customer_id', '=', customerId)
      .where('id', '!=', methodId)
      .where('is_default', '=', true)
      .execute();
    await tx
      .updateTable('payment_methods')
      .set({ is_default: true })
      .where('id', '=', methodId)
      .execute();
  });
}
