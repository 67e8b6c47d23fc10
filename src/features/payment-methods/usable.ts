import type { Db, Tx } from '../../db/database.ts';
import { DomainError, notFound } from '../../domain/errors.ts';

/**
 * A plan may be set up on, or moved to, only the customer's own active method: another
 * customer's or a deleted one is 404, a revoked one 409 with a reason the customer can act on.
 */
export async function assertUsablePaymentMethod(
  tx: Db | Tx,
  customerId: string,
  paymentMethodId: string,
): Promise<void> {
  const method = await tx
    .selectFrom('payment_methods')
    .select(['id', 'status'])
    .where('id', '=', paymentMethodId)
    .where('customer_id', '=', customerId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!method) throw notFound('Payment method');
  if (method.status !== 'active') {
    throw new DomainError(
      'payment_method_unusable',
      'This payment method was revoked; choose another.',
    );
  }
}
