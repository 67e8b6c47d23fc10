import type { Db } from '../../db/database.ts';
import { runWrite } from '../../db/write.ts';
import { DomainError } from '../../domain/errors.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { newId, randomBase62 } from '../../platform/ids.ts';

/**
 * Opaque refresh tokens, rotated on every use. Presenting a token that was already used means
 * it leaked: the whole family (every token descended from that login) is revoked.
 */
export type RefreshSubject = 'customer' | 'merchant' | 'operator';
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60_000;
/**
 * An operator's sign-in lasts a working day however often it is refreshed (decision 0035):
 * rotation keeps the family's end instead of extending it, so the second factor is asked daily.
 */
export const OPERATOR_SESSION_MS = 12 * 60 * 60_000;

function firstExpiry(subjectType: RefreshSubject, now: Date): Date {
  const ttl = subjectType === 'operator' ? OPERATOR_SESSION_MS : REFRESH_TOKEN_TTL_MS;
  return new Date(now.getTime() + ttl);
}

export async function issueRefreshToken(
  db: Db,
  subjectType: RefreshSubject,
  subjectId: string,
  now: Date,
  familyId: string = newId('rt'),
  expiresAt: Date = firstExpiry(subjectType, now),
): Promise<string> {
  const token = `rft_${randomBase62(48)}`;
  await db
    .insertInto('refresh_tokens')
    .values({
      id: newId('rt'),
      subject_type: subjectType,
      subject_id: subjectId,
      family_id: familyId,
      digest: sha256Hex(token),
      created_at: now,
      expires_at: expiresAt,
      used_at: null,
      revoked_at: null,
    })
    .execute();
  return token;
}

const invalidRefresh = () =>
  new DomainError('unauthenticated', 'The refresh token is invalid or expired. Log in again.');

/** Spends `token` and returns its subject and a replacement token of the same family. */
export async function rotateRefreshToken(
  db: Db,
  subjectType: RefreshSubject,
  token: string,
  now: Date,
): Promise<{ subjectId: string; refreshToken: string }> {
  const outcome = await runWrite(db, async (tx) => {
    const row = await tx
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('digest', '=', sha256Hex(token))
      .forUpdate()
      .executeTakeFirst();
    if (!row || row.subject_type !== subjectType || row.revoked_at || row.expires_at <= now) {
      return null;
    }
    if (row.used_at) {
      await tx
        .updateTable('refresh_tokens')
        .set({ revoked_at: now })
        .where('family_id', '=', row.family_id)
        .execute();
      return 'reused' as const;
    }
    await tx.updateTable('refresh_tokens').set({ used_at: now }).where('id', '=', row.id).execute();
    return row;
  });
  if (outcome === null || outcome === 'reused') throw invalidRefresh();
  const refreshToken = await issueRefreshToken(
    db,
    subjectType,
    outcome.subject_id,
    now,
    outcome.family_id,
    subjectType === 'operator' ? outcome.expires_at : undefined,
  );
  return { subjectId: outcome.subject_id, refreshToken };
}

/** Ends every login of a subject (say after a password change): all its refresh tokens. */
export async function revokeRefreshTokensOf(
  db: Db,
  subjectType: RefreshSubject,
  subjectId: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Sign-out: ends the login `token` belongs to (its whole family). Unknown tokens change nothing. */
export async function revokeRefreshFamily(
  db: Db,
  subjectType: RefreshSubject,
  token: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('revoked_at', 'is', null)
    .where('subject_type', '=', subjectType)
    .where('family_id', '=', (eb) =>
      eb
        .selectFrom('refresh_tokens')
        .select('family_id')
        .where('digest', '=', sha256Hex(token))
        .where('subject_type', '=', subjectType),
    )
    .execute();
}
