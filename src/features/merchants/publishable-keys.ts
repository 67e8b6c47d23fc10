import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/database.ts';
import type { IdempotencyScope, Idempotent } from '../../db/write.ts';
import type { KeyMode } from '../../domain/api-key.ts';
import { newId, randomBase62 } from '../../platform/ids.ts';
import { runIdempotentCredentialChange } from './credential-change.ts';
import type { PublishableKeyView } from './views.ts';

/**
 * A publishable key (decision 0055). Unlike a secret key the key itself is stored: it is public
 * (every visitor of the shop's page reads it) and the dashboard shows it again whenever it is
 * needed; what it can do is what makes it safe, not its secrecy.
 */
export async function issuePublishableKey(
  tx: Tx,
  merchantId: string,
  mode: KeyMode,
  now: Date,
): Promise<PublishableKeyView> {
  const row = await tx
    .insertInto('publishable_keys')
    .values({
      id: newId('key'),
      merchant_id: merchantId,
      mode,
      key: `pk_${mode}_${randomBase62(24)}`,
      created_at: now,
      expires_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return publishableKeyView(row);
}

/** The merchant's keys that still work or will stop later, newest first. */
export async function listPublishableKeys(
  ctx: AppContext,
  merchantId: string,
): Promise<PublishableKeyView[]> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .selectFrom('publishable_keys')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(publishableKeyView);
}

/**
 * A new key of `mode`; the merchant's other keys of that mode stop after `expireOldAfterMinutes`
 * (0: at once), as a secret key's roll. A replay under the same `Idempotency-Key` answers the
 * key the first roll issued.
 */
export async function rollPublishableKey(
  ctx: AppContext,
  merchantId: string,
  mode: KeyMode,
  expireOldAfterMinutes: number,
  idempotency: IdempotencyScope | undefined,
): Promise<Idempotent<PublishableKeyView & { previous_keys_expire_at: string }>> {
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + expireOldAfterMinutes * 60_000);
  return runIdempotentCredentialChange(ctx, merchantId, idempotency, async (tx) => {
    await tx
      .updateTable('publishable_keys')
      .set({ expires_at: expiresAt })
      .where('merchant_id', '=', merchantId)
      .where('mode', '=', mode)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', expiresAt)]))
      .execute();
    const issued = await issuePublishableKey(tx, merchantId, mode, now);
    return { ...issued, previous_keys_expire_at: expiresAt.toISOString() };
  });
}

function publishableKeyView(row: {
  id: string;
  mode: KeyMode;
  key: string;
  created_at: Date;
  expires_at: Date | null;
}): PublishableKeyView {
  return {
    id: row.id,
    object: 'publishable_key',
    mode: row.mode,
    key: row.key,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at?.toISOString() ?? null,
  };
}
