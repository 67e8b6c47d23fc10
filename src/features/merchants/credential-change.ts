import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/database.ts';
import { runIdempotentWrite } from '../../db/idempotency.ts';
import type { IdempotencyScope, Idempotent } from '../../db/write.ts';
import { announceCredentialChange } from '../access/index.ts';

/**
 * A change to what a merchant's keys may do (status, keys, the settings loaded with a key): one
 * transaction that also announces it to every API process, then this process's cache forgets it.
 */
export async function runCredentialChange<T>(
  ctx: AppContext,
  merchantId: string,
  command: (tx: Tx) => Promise<T>,
): Promise<T> {
  return (await runIdempotentCredentialChange(ctx, merchantId, undefined, command)).data;
}

/** The same, under an `Idempotency-Key` (decision 0038): a replay changes nothing again. */
export async function runIdempotentCredentialChange<T>(
  ctx: AppContext,
  merchantId: string,
  idempotency: IdempotencyScope | undefined,
  command: (tx: Tx) => Promise<T>,
): Promise<Idempotent<T>> {
  const result = await runIdempotentWrite(ctx.db, idempotency, async (tx) => {
    const value = await command(tx);
    await announceCredentialChange(tx, merchantId);
    return value;
  });
  ctx.credentialCache.invalidateMerchant(merchantId);
  return result;
}
