import type { AppContext } from '../../app-context.ts';
import type { Db, Tx } from '../../db/database.ts';
import { runWrite } from '../../db/write.ts';
import { DomainError } from '../../domain/errors.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { newId, randomBase62 } from '../../platform/ids.ts';
import type { TokenAudience } from '../../platform/tokens.ts';
import { announceLoginsEnded } from './credential-notifications.ts';

/**
 * Logins (decision 0034). A login is a family of opaque refresh tokens, rotated on every use,
 * and one row in refresh_token_families: its id is the `sid` of every access token issued with
 * it, and its `revoked_at` ends the refresh tokens and the access tokens alike. Presenting a
 * refresh token that was already used means it leaked: the whole family is revoked.
 *
 * Locks: a refresh locks its token, then its family; a revocation locks families only. So a
 * refresh and a revocation of the same family are serialised (no refresh token written by a
 * refresh can outlive a revocation that commits after it) and no two of them wait on each other
 * in opposite orders.
 */
export type RefreshSubject = 'customer' | 'merchant' | 'operator';
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60_000;
/**
 * An operator's login lasts a working day however often it is refreshed (decision 0035): its
 * refresh tokens never outlive the family's `created_at` plus this, and a refresh past it is
 * refused, so the second factor is asked daily.
 */
export const OPERATOR_SESSION_MS = 12 * 60 * 60_000;

/** When a refresh token written at `now` expires, in a login opened at `openedAt`. */
function refreshExpiry(subjectType: RefreshSubject, openedAt: Date, now: Date): Date {
  if (subjectType === 'operator') return new Date(openedAt.getTime() + OPERATOR_SESSION_MS);
  return new Date(now.getTime() + REFRESH_TOKEN_TTL_MS);
}

/** `customer:<id>`, `merchant:<id>` or `operator:<id>`: how the login cache names a subject. */
export const subjectKey = (subjectType: RefreshSubject, subjectId: string) =>
  `${subjectType}:${subjectId}`;

export interface Login {
  /** The family's id, the access tokens' `sid`. */
  sessionId: string;
  refreshToken: string;
}

async function insertRefreshToken(
  db: Db | Tx,
  subjectType: RefreshSubject,
  subjectId: string,
  familyId: string,
  now: Date,
  expiresAt: Date,
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
    })
    .execute();
  return token;
}

/** A new login of the subject: its family and first refresh token. */
export async function openLogin(
  db: Db | Tx,
  subjectType: RefreshSubject,
  subjectId: string,
  now: Date,
  /** A merchant's member (decision 0064); left out, the account holder. */
  memberId?: string,
): Promise<Login> {
  const sessionId = newId('rt');
  let member: string | null = null;
  if (subjectType === 'merchant') {
    member =
      memberId ??
      (
        await db
          .selectFrom('merchant_members')
          .select('id')
          .where('merchant_id', '=', subjectId)
          .where('account_holder', '=', true)
          .executeTakeFirstOrThrow()
      ).id;
  }
  await db
    .insertInto('refresh_token_families')
    .values({
      id: sessionId,
      subject_type: subjectType,
      subject_id: subjectId,
      created_at: now,
      revoked_at: null,
      member_id: member,
    })
    .execute();
  return {
    sessionId,
    refreshToken: await insertRefreshToken(
      db,
      subjectType,
      subjectId,
      sessionId,
      now,
      refreshExpiry(subjectType, now, now),
    ),
  };
}

const invalidRefresh = () =>
  new DomainError('unauthenticated', 'The refresh token is invalid or expired. Log in again.');

/**
 * Spends `token` and returns its subject and a replacement token of the same login, in one
 * transaction that holds the family's row: a revocation either committed before (the family
 * reads revoked, nothing is issued) or waits until the replacement is written (and revokes it).
 */
export async function rotateRefreshToken(
  ctx: AppContext,
  subjectType: RefreshSubject,
  token: string,
  now: Date,
): Promise<{ subjectId: string; sessionId: string; refreshToken: string }> {
  const outcome = await runWrite(ctx.db, async (tx) => {
    const row = await tx
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('digest', '=', sha256Hex(token))
      .forUpdate()
      .executeTakeFirst();
    if (!row || row.subject_type !== subjectType || row.expires_at <= now) return null;
    const family = await tx
      .selectFrom('refresh_token_families')
      .select(['revoked_at', 'created_at'])
      .where('id', '=', row.family_id)
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (!family || family.revoked_at) return null;
    const expiresAt = refreshExpiry(subjectType, family.created_at, now);
    // An operator's login past its working day (decision 0035): sign in again.
    if (expiresAt <= now) return null;
    if (row.used_at) {
      await revokeFamily(tx, row.family_id, subjectKey(subjectType, row.subject_id), now);
      return { reused: true as const, subjectId: row.subject_id };
    }
    await tx.updateTable('refresh_tokens').set({ used_at: now }).where('id', '=', row.id).execute();
    const refreshToken = await insertRefreshToken(
      tx,
      subjectType,
      row.subject_id,
      row.family_id,
      now,
      expiresAt,
    );
    return {
      reused: false as const,
      subjectId: row.subject_id,
      sessionId: row.family_id,
      refreshToken,
    };
  });
  if (outcome === null) throw invalidRefresh();
  if (outcome.reused) {
    // The announcement reaches the other processes; this one forgets at once.
    ctx.credentialCache.invalidateLoginsOf(subjectKey(subjectType, outcome.subjectId));
    throw invalidRefresh();
  }
  const { subjectId, sessionId, refreshToken } = outcome;
  return { subjectId, sessionId, refreshToken };
}

async function revokeFamily(tx: Tx, familyId: string, subject: string, now: Date): Promise<void> {
  const revoked = await tx
    .updateTable('refresh_token_families')
    .set({ revoked_at: now })
    .where('id', '=', familyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (revoked.numUpdatedRows > 0n) await announceLoginsEnded(tx, subject);
}

/**
 * Sign-out: ends the login `token` belongs to (its refresh tokens and its access tokens).
 * Idempotent, and the same answer for a token that is unknown, spent, expired, already signed out
 * or another kind of subject's: there is nothing to tell a caller who does not hold the login.
 */
export async function endLogin(
  ctx: AppContext,
  subjectType: RefreshSubject,
  token: string,
  now: Date,
): Promise<void> {
  const subject = await runWrite(ctx.db, async (tx) => {
    const row = await tx
      .selectFrom('refresh_tokens')
      .select(['family_id', 'subject_type', 'subject_id'])
      .where('digest', '=', sha256Hex(token))
      .executeTakeFirst();
    if (!row || row.subject_type !== subjectType) return null;
    const key = subjectKey(subjectType, row.subject_id);
    await revokeFamily(tx, row.family_id, key, now);
    return key;
  });
  if (subject) ctx.credentialCache.invalidateLoginsOf(subject);
}

/**
 * Ends every login of a subject, inside the caller's transaction (the one that changes the
 * password, so that no refresh can slip between the two). After it commits the caller must call
 * `ctx.credentialCache.invalidateLoginsOf(subjectKey(…))`; other processes hear the announcement.
 */
export async function endLoginsOf(
  tx: Tx,
  subjectType: RefreshSubject,
  subjectId: string,
  now: Date,
): Promise<void> {
  await tx
    .updateTable('refresh_token_families')
    .set({ revoked_at: now })
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .where('revoked_at', 'is', null)
    .execute();
  await announceLoginsEnded(tx, subjectKey(subjectType, subjectId));
}

/** Ends every login of one team member (removed, or its password changed), as `endLoginsOf`. */
export async function endLoginsOfMember(
  tx: Tx,
  merchantId: string,
  memberId: string,
  now: Date,
): Promise<void> {
  await tx
    .updateTable('refresh_token_families')
    .set({ revoked_at: now })
    .where('subject_type', '=', 'merchant')
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .execute();
  await announceLoginsEnded(tx, subjectKey('merchant', merchantId));
}

/** The member a merchant login belongs to (decision 0064); null once the member is removed. */
export async function memberOfLogin(db: Db | Tx, sessionId: string): Promise<string | null> {
  const row = await db
    .selectFrom('refresh_token_families')
    .select('member_id')
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return row?.member_id ?? null;
}

const SUBJECT_OF: Record<TokenAudience, RefreshSubject> = {
  customer: 'customer',
  merchant_dashboard: 'merchant',
  operator: 'operator',
};

/**
 * Whether the login an access token names is still live, for that token's subject: through the
 * credential cache (no round trip on most requests), else one primary-key lookup.
 */
export async function isLoginLive(
  ctx: AppContext,
  audience: TokenAudience,
  subjectId: string,
  sessionId: string,
): Promise<boolean> {
  const subject = subjectKey(SUBJECT_OF[audience], subjectId);
  const now = ctx.clock.now();
  const cached = ctx.credentialCache.getLogin(sessionId, now);
  if (cached) return cached.live && cached.subject === subject;
  const epoch = ctx.credentialCache.loginEpoch();
  const row = await ctx.db
    .selectFrom('refresh_token_families')
    .select(['subject_type', 'subject_id', 'revoked_at'])
    .where('id', '=', sessionId)
    .executeTakeFirst();
  if (!row) return false;
  const state = { subject: subjectKey(row.subject_type, row.subject_id), live: !row.revoked_at };
  ctx.credentialCache.setLogin(sessionId, state, epoch, now);
  return state.live && state.subject === subject;
}
