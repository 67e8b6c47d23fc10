import type { AppContext } from '../../app-context.ts';
import { runWrite } from '../../db/write.ts';
import { DomainError, notFound } from '../../domain/errors.ts';
import { merchantInactive } from '../../domain/merchant.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import {
  checkPasswordThrottled,
  consumeSecondFactor,
  endLogin,
  endLoginsOf,
  endLoginsOfMember,
  type Login,
  memberOfLogin,
  openLogin,
  rotateRefreshToken,
  subjectKey,
} from '../access/index.ts';
import { findMerchant, viewOf } from './queries.ts';
import type { MerchantView } from './views.ts';

export interface LoginResult {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
}

/**
 * Dashboard login for merchants: the account holder's e-mail (the merchants row) or a team
 * member's (decision 0064). Wrong password and unknown email answer alike. A member with
 * two-factor sign-in on (decision 0065) also gives `code`: without one, the right password is
 * answered 401 `second_factor_required` (not counted as a failure); a wrong code counts toward
 * the throttle like a wrong password.
 */
export async function loginMerchant(
  ctx: AppContext,
  email: string,
  password: string,
  ip: string,
  code?: string,
): Promise<LoginResult & { merchant: MerchantView }> {
  const address = email.trim().toLowerCase();
  const found = await checkPasswordThrottled(ctx, 'merchant', email, ip, async () => {
    const signedIn = await passwordSignIn(ctx, address, password);
    if (!signedIn) return undefined;
    const member = await ctx.db
      .selectFrom('merchant_members')
      .select(['id', 'totp_enabled_at'])
      .where('merchant_id', '=', signedIn.row.id)
      .where((eb) =>
        signedIn.memberId === undefined
          ? eb('account_holder', '=', true)
          : eb('id', '=', signedIn.memberId),
      )
      .executeTakeFirst();
    if (member?.totp_enabled_at) {
      if (code === undefined || code.trim() === '') {
        // Thrown, not returned: the password was right, so this is no failed guess.
        throw new DomainError(
          'second_factor_required',
          'Two-factor sign-in is on for this account: send `code`, the 6-digit code from your authenticator app (or a recovery code), with the email and password.',
        );
      }
      if (!(await consumeSecondFactor(ctx.db, ctx, member.id, code))) return undefined;
    }
    return signedIn;
  });
  if (!found) {
    throw new DomainError(
      'unauthenticated',
      code === undefined
        ? 'Email or password is incorrect.'
        : 'Email, password or two-factor code is incorrect (a code works once).',
    );
  }
  const { row, memberId } = found;
  if (row.status === 'deactivated') throw merchantInactive(row.deactivation_reason);
  const login = await openLogin(ctx.db, 'merchant', row.id, ctx.clock.now(), memberId);
  return dashboardSession(ctx, row.id, login);
}

async function passwordSignIn(ctx: AppContext, address: string, password: string) {
  const holder = await ctx.db
    .selectFrom('merchants')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', address))
    .executeTakeFirst();
  if (holder) {
    return (await verifyPassword(holder.password_hash, password))
      ? { row: holder, memberId: undefined }
      : undefined;
  }
  const member = await ctx.db
    .selectFrom('merchant_members')
    .select(['id', 'merchant_id', 'password_hash'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', address))
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (!(await verifyPassword(member?.password_hash ?? null, password)) || !member) {
    return undefined;
  }
  const row = await findMerchant(ctx.db, member.merchant_id);
  return row && { row, memberId: member.id };
}

/** The answer of every dashboard sign-in: tokens of `login` and the merchant record. */
export async function dashboardSession(
  ctx: AppContext,
  merchantId: string,
  login: Login,
): Promise<LoginResult & { merchant: MerchantView }> {
  const row = await findMerchant(ctx.db, merchantId);
  if (!row) throw notFound('Merchant');
  const access = await ctx.tokens.issue(row.id, 'merchant_dashboard', login.sessionId);
  return {
    access_token: access.token,
    token_type: 'Bearer',
    expires_in: access.expiresInSeconds,
    refresh_token: login.refreshToken,
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
  // Hashing is slow on purpose: done before the transaction, not inside it.
  const passwordHash = await hashPassword(passwords.next);
  const now = ctx.clock.now();
  // The new password, the end of every login and this caller's fresh login commit together: a
  // refresh racing the change either finished before (its token is revoked here) or fails.
  const login = await runWrite(ctx.db, async (tx) => {
    await tx
      .updateTable('merchants')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', merchantId)
      .execute();
    await endLoginsOf(tx, 'merchant', merchantId, now);
    return openLogin(tx, 'merchant', merchantId, now);
  });
  ctx.credentialCache.invalidateLoginsOf(subjectKey('merchant', merchantId));
  const access = await ctx.tokens.issue(row.id, 'merchant_dashboard', login.sessionId);
  return {
    access_token: access.token,
    token_type: 'Bearer',
    expires_in: access.expiresInSeconds,
    refresh_token: login.refreshToken,
    merchant: await viewOf(ctx.db, row),
  };
}

/**
 * A team member other than the account holder changes its own password (decision 0064): as
 * `changeMerchantPassword`, for the member's row, ending only that member's other logins.
 */
export async function changeMemberPassword(
  ctx: AppContext,
  merchantId: string,
  memberId: string,
  passwords: { current: string; next: string },
  ip: string,
): Promise<LoginResult & { merchant: MerchantView }> {
  const member = await ctx.db
    .selectFrom('merchant_members')
    .select(['email', 'password_hash'])
    .where('id', '=', memberId)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  if (!member?.email) throw notFound('Team member');
  const currentIsRight = await checkPasswordThrottled(
    ctx,
    'merchant',
    member.email,
    ip,
    async () =>
      (await verifyPassword(member.password_hash, passwords.current)) ? true : undefined,
  );
  if (!currentIsRight) throw new DomainError('forbidden', 'The current password is not correct.');
  const passwordHash = await hashPassword(passwords.next);
  const now = ctx.clock.now();
  const login = await runWrite(ctx.db, async (tx) => {
    await tx
      .updateTable('merchant_members')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', memberId)
      .execute();
    await endLoginsOfMember(tx, merchantId, memberId, now);
    return openLogin(tx, 'merchant', merchantId, now, memberId);
  });
  ctx.credentialCache.invalidateLoginsOf(subjectKey('merchant', merchantId));
  return dashboardSession(ctx, merchantId, login);
}

/** Exchanges a dashboard refresh token (single use) for new tokens. */
export async function refreshMerchantSession(
  ctx: AppContext,
  refreshToken: string,
): Promise<LoginResult & { merchant: MerchantView }> {
  const {
    subjectId,
    sessionId,
    refreshToken: next,
  } = await rotateRefreshToken(ctx, 'merchant', refreshToken, ctx.clock.now());
  const row = await findMerchant(ctx.db, subjectId);
  if (!row) {
    throw new DomainError(
      'unauthenticated',
      'The refresh token is invalid or expired. Log in again.',
    );
  }
  if (row.status === 'deactivated') throw merchantInactive(row.deactivation_reason);
  // A removed member's login has no member any more (decision 0064): it ends here.
  if ((await memberOfLogin(ctx.db, sessionId)) === null) {
    throw new DomainError(
      'unauthenticated',
      'The refresh token is invalid or expired. Log in again.',
    );
  }
  const access = await ctx.tokens.issue(row.id, 'merchant_dashboard', sessionId);
  return {
    access_token: access.token,
    token_type: 'Bearer',
    expires_in: access.expiresInSeconds,
    refresh_token: next,
    merchant: await viewOf(ctx.db, row),
  };
}

/** Dashboard sign-out: the login of `refreshToken` ends, its access tokens with it. */
export async function signOutMerchant(
  ctx: AppContext,
  refreshToken: string,
): Promise<{ object: 'sign_out'; signed_out: true }> {
  await endLogin(ctx, 'merchant', refreshToken, ctx.clock.now());
  return { object: 'sign_out', signed_out: true };
}
