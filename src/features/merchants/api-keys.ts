import { sql } from 'kysely';
import type { Static } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/database.ts';
import type { KeyMode } from '../../domain/api-key.ts';
import { redactSecretKey } from '../../domain/api-key.ts';
import { notFound } from '../../domain/errors.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { newId, randomBase62 } from '../../platform/ids.ts';
import { runCredentialChange } from './credential-change.ts';
import type { ApiKey } from './schemas.ts';

export interface IssuedKey {
  id: string;
  mode: KeyMode;
  secret: string;
}

/** Creates a secret key; the plaintext is returned once and only its digest is stored. */
export async function issueSecretKey(
  tx: Tx,
  merchantId: string,
  mode: KeyMode,
  now: Date,
): Promise<IssuedKey> {
  const secret = `sk_${mode}_${randomBase62(40)}`;
  const id = newId('key');
  await tx
    .insertInto('api_keys')
    .values({
      id,
      merchant_id: merchantId,
      mode,
      digest: sha256Hex(secret),
      redacted: redactSecretKey(secret),
      created_at: now,
      expires_at: null,
      revoked_at: null,
    })
    .execute();
  return { id, mode, secret };
}

export type ApiKeyView = Static<typeof ApiKey>;

export async function listApiKeys(ctx: AppContext, merchantId: string): Promise<ApiKeyView[]> {
  const rows = await ctx.db
    .selectFrom('api_keys')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    object: 'api_key',
    mode: r.mode,
    redacted: r.redacted,
    created_at: r.created_at.toISOString(),
    expires_at: r.expires_at?.toISOString() ?? null,
    revoked_at: r.revoked_at?.toISOString() ?? null,
  }));
}

/**
 * Issues a new key of `mode`. The merchant's other keys of that mode stop working after
 * `expireOldAfterMinutes` (0: at once), like Stripe's roll with an expiry for the old key.
 */
export async function rollApiKey(
  ctx: AppContext,
  merchantId: string,
  mode: KeyMode,
  expireOldAfterMinutes: number,
): Promise<{ id: string; mode: KeyMode; secret_key: string; previous_keys_expire_at: string }> {
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + expireOldAfterMinutes * 60_000);
  return runCredentialChange(ctx, merchantId, async (tx) => {
    await tx
      .updateTable('api_keys')
      .set({ expires_at: expiresAt })
      .where('merchant_id', '=', merchantId)
      .where('mode', '=', mode)
      .where('revoked_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', expiresAt)]))
      .execute();
    const issued = await issueSecretKey(tx, merchantId, mode, now);
    return {
      id: issued.id,
      mode,
      secret_key: issued.secret,
      previous_keys_expire_at: expiresAt.toISOString(),
    };
  });
}

export async function revokeApiKey(
  ctx: AppContext,
  merchantId: string,
  keyId: string,
): Promise<void> {
  const now = ctx.clock.now();
  await runCredentialChange(ctx, merchantId, async (tx) => {
    const key = await tx
      .updateTable('api_keys')
      .set({ revoked_at: sql<Date>`COALESCE(revoked_at, ${now})` })
      .where('id', '=', keyId)
      .where('merchant_id', '=', merchantId)
      .returning('id')
      .executeTakeFirst();
    if (!key) throw notFound('API key');
  });
}
