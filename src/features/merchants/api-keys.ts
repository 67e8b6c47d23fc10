import type { Tx } from '../../db/database.ts';
import type { KeyMode } from '../../domain/api-key.ts';
import { redactSecretKey } from '../../domain/api-key.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { newId, randomBase62 } from '../../platform/ids.ts';

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
