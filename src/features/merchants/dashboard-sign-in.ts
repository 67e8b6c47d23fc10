import type { AppContext } from '../../app-context.ts';
import { DomainError, notFound } from '../../domain/errors.ts';
import { merchantInactive } from '../../domain/merchant.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import {
  checkPasswordThrottled,
  issueRefreshToken,
  revokeRefreshTokensOf,
  rotateRefreshToken,
} from '../access/index.ts';
import { findMerchant, viewOf } from './queries.ts';
import type { MerchantView } from './views.ts';

export interface LoginResult {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
}

/** Dashboard login for merchants. Wrong password and unknown email answer alike. */
export async function loginMerchant(
  ctx: AppContext,
  email: string,
  password: string,
  ip: string,
): Promise<LoginResult & { merchant: MerchantView }> {
  const row = await checkPasswordThrottled(ctx, 'merchant', email, ip, async () => {
    const found = await ctx.db
      .selectFrom('merchants')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
      .executeTakeFirst();
    return (await verifyPassword(found?.password_hash, password)) ? found : undefined;
  });
  if (!row) throw new DomainError('unauthenticated', 'Email or password is incorrect.');
  if (row.status === 'deactivated') throw merchantInactive(row.deactivation_reason);
  const access = await ctx.tokens.issue(row.id, 'merchant_dashboard');
  const refresh = await issueRefreshToken(ctx.db, 'merchant', row.id, ctx.clock.now());
  return {
    access_token: access.token,
    token_type: 'Bearer',
    expires_in: access.expiresInSeconds,
    refresh_token: refresh,
    merchant: await viewOf(ctx.db, row),
  };
}

/**
 * A signed-in merchant changes its dashboard password: the current one is checked (wrong
 * attempts count toward the login throttle, so a stolen session cannot guess it), every other
 * login ends (its refresh tokens are revoked), and the caller gets a fresh session.
 */
export async function changeMerchantPassword(
  ctx: AppContext,
  merchantId: string,
  passwords: { current: string; next: string },
  ip: string,
): Promise<LoginResult & { merchant: MerchantView }> {
  const row = await findMerchant(ctx.db, merchantId);
  if (!row) throw notFound('Merchant');
  const currentIsRight = await checkPasswordThrottled(ctx, 'merchant', row.email, ip, async () =>
    (await verifyPassword(row.password_hash, passwords.current)) ? true : undefined,
  );
  if (!currentIsRight) throw new DomainError('forbidden', 'The current password is not correct.');
  const now = ctx.clock.now();
  await ctx.db
    .updateTable('merchants')
    .set({ password_hash: await hashPassword(passwords.next), updated_at: now })
    .where('id', '=', merchantId)
    .execute();
  await revokeRefreshTokensOf(ctx.db, 'merchant', merchantId, now);
  const access = await ctx.tokens.issue(row.id, 'merchant_dashboard');
  return {
    access_token: access.token,
    token_type: 'Bearer',
    expires_in: access.expiresInSeconds,
    refresh_token: await issueRefreshToken(ctx.db, 'merchant', row.id, now),
    merchant: await viewOf(ctx.db, row),
  };
}

/** Exchanges a dashboard refresh token (single use) for new tokens. */
export async function refreshMerchantSession(
  ctx: AppContext,
  refreshToken: string,
): Promise<LoginResult & { merchant: MerchantView }> {
  const { subjectId, refreshToken: next } = await rotateRefreshToken(
    ctx.db,
    'merchant',
    refreshToken,
    ctx.clock.now(),
  );
  const row = await findMerchant(ctx.db, subjectId);
  if (!row) {
    throw new DomainError(
      'unauthenticated',
      'The refresh token is invalid or expired. Log in again.',
    );
  }
  if (row.status === 'deactivated') throw merchantInactive(row.deactivation_reason);
  const access = await ctx.tokens.issue(row.id, 'merchant_dashboard');
  return {
    access_token: access.token,
    token_type: 'Bearer',
    expires_in: access.expiresInSeconds,
    refresh_token: next,
    merchant: await viewOf(ctx.db, row),
  };
}
