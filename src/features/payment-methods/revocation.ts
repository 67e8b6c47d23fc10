import type { Tx } from '../../db/database.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { lockCustomerMethods, promoteNextDefault } from './defaults.ts';
import { noticeRevokedMethods } from './revocation-notices.ts';

/**
 * A revocation from the gateway (dispute, revoked authorization, cancelled mandate, disabled
 * subscription): the method is never charged again and stops being the default; the newest other
 * active method takes over as default; merchants with open plans on it and the customer are told.
 * Returns the methods affected.
 */
export async function revokeByAuthorization(
  tx: Tx,
  authorizationCode: string,
  reason: string,
  now: Date,
): Promise<string[]> {
  const affected = await tx
    .selectFrom('payment_methods')
    .select(['id', 'customer_id', 'is_default'])
    .where('authorization_digest', '=', sha256Hex(authorizationCode))
    // A Direct Debit mandate can be revoked before the bank activated it (decision 0044).
    .where('status', 'in', ['active', 'pending'])
    // By id, NO KEY (ARCHITECTURE.md, "Lock order"): a charge being recorded with the method
    // checks its foreign key (FOR KEY SHARE) and need not wait for us.
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
  for (const method of affected) {
    await tx
      .updateTable('payment_methods')
      .set({ status: 'revoked', is_default: false, revoked_at: now, revoked_reason: reason })
      .where('id', '=', method.id)
      .execute();
    if (method.is_default) {
      await promoteNextDefault(tx, await lockCustomerMethods(tx, method.customer_id), method.id);
    }
  }
  await noticeRevokedMethods(
    tx,
    affected.map((m) => m.id),
    now,
  );
  return affected.map((m) => m.id);
}
