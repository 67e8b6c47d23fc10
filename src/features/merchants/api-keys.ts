import { sql } from 'kysely';
import type { Static } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/database.ts';
import type { IdempotencyScope, Idempotent } from '../../db/write.ts';
import type { KeyMode } from '../../domain/api-key.ts';
import { redactSecretKey } from '../../domain/api-key.ts';
import { notFound } from '../../domain/errors.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { newId, randomBase62 } from '../../platform/ids.ts';
import { runCredentialChange, runIdempotentCredentialChange } from './credential-change.ts';
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
export interface RolledKey {
  id: string;
  mode: KeyMode;
  secret_key: string;
  previous_keys_expire_at: string;
}

export async function rollApiKey(
  ctx: AppContext,
  merchantId: string,
  mode: KeyMode,
  expireOldAfterMinutes: number,
): Promise<RolledKey> {
  return (await rollApiKeyIdempotently(ctx, merchantId, mode, expireOldAfterMinutes, undefined))
    .data;
}

/**
 * POST …/keys/roll with an optional `Idempotency-Key` (decision 0038): a repeat gets the key the
 * first roll issued, still working, and issues none. Only the digest of a key is kept in
 * `api_keys`; the answer kept for replays holds the plaintext sealed with the secret box (as
 * webhook secrets are), never in clear, and is purged with its key row after 72 hours.
 */
export async function rollApiKeyIdempotently(
  ctx: AppContext,
  merchantId: string,
  mode: KeyMode,
  expireOldAfterMinutes: number,
  idempotency: IdempotencyScope | undefined,
): Promise<Idempotent<RolledKey>> {
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + expireOldAfterMinutes * 60_000);
  const result = await runIdempotentCredentialChange(ctx, merchantId, idempotency, async (tx) => {
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
      secret_key: ctx.secretBox.seal(issued.secret),
      previous_keys_expire_at: expiresAt.toISOString(),
    };
  });
  return {
    replayed: result.replayed,
    data: { ...result.data, secret_key: ctx.secretBox.open(result.data.secret_key) },
  };
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
