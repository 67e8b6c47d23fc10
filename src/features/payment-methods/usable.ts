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
  if (method.status === 'pending') {
    // Decision 0044: a plan waits for an active mandate; it is never confirmed on a pending one.
    throw new DomainError(
      'payment_method_unusable',
      'This bank mandate is not active yet: your bank is still activating it (up to 24 hours). Pay with a card now, or wait until it is active.',
    );
  }
  if (method.status !== 'active') {
    throw new DomainError(
      'payment_method_unusable',
      method.status === 'failed'
        ? 'Your bank did not activate this mandate; choose another method.'
        : 'This payment method was revoked; choose another.',
    );
  }
}
