import type { AppContext } from '../../app-context.ts';
import { runWrite } from '../../db/write.ts';
import { DomainError } from '../../domain/errors.ts';
import { merchantInactive } from '../../domain/merchant.ts';
import { hashPassword } from '../../platform/passwords.ts';
import {
  clearLoginFailures,
  consumePasswordReset,
  openLogin,
  type PasswordResetRequested,
  recordPasswordResetRequest,
  resetRequestedAnswer,
  subjectKey,
} from '../access/index.ts';
import type { LoginResult } from './dashboard-sign-in.ts';
import { findMerchant, viewOf } from './queries.ts';
import type { MerchantView } from './views.ts';

/**
 * Merchant password reset by e-mail (decision 0058), with the customers' pieces
 * (src/features/access/password-resets.ts): the same answer whether or not the address has an
 * account, a link to /merchant/reset-password that works once for an hour. It is also how a merchant an operator
 * created with the CLI (no password) sets a first one.
 */
export async function requestMerchantPasswordReset(
  ctx: AppContext,
  email: string,
  ip: string,
): Promise<PasswordResetRequested> {
  const now = ctx.clock.now();
  await runWrite(ctx.db, async (tx) => {
    // Locking the merchant serialises concurrent requests, so the hourly cap holds.
    const merchant = await tx
      .selectFrom('merchants')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
      .forUpdate()
      .executeTakeFirst();
    if (merchant) {
      await recordPasswordResetRequest(tx, { audience: 'merchant', id: merchant.id }, now, ip);
    }
  });
  return resetRequestedAnswer(email);
}

/**
 * The link's token sets the password, ends every other login and signs the merchant in. A
 * deactivated merchant's password is set, but the answer is 403 `merchant_inactive`, as its
 * sign-in would be.
 */
export async function confirmMerchantPasswordReset(
  ctx: AppContext,
  token: string,
  password: string,
): Promise<LoginResult & { merchant: MerchantView }> {
  // Hashing is slow on purpose: done before the transaction, not inside it.
  const passwordHash = await hashPassword(password);
  const now = ctx.clock.now();
  const opened = await runWrite(ctx.db, async (tx) => {
    const merchantId = await consumePasswordReset(tx, 'merchant', token, now);
    if (merchantId === null) return null;
    const row = await tx
      .updateTable('merchants')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', merchantId)
      .returning(['id', 'status'])
      .executeTakeFirstOrThrow();
    // Signed in in the same transaction as the reset: no refresh of an old login can slip between.
    return {
      merchantId,
      login: row.status === 'deactivated' ? null : await openLogin(tx, 'merchant', merchantId, now),
    };
  });
  if (!opened) {
    throw new DomainError(
      'reset_link_invalid',
      'This password reset link has expired or was already used. Ask for a new one.',
    );
  }
  ctx.credentialCache.invalidateLoginsOf(subjectKey('merchant', opened.merchantId));
  const row = await findMerchant(ctx.db, opened.merchantId);
  if (!row) throw new DomainError('reset_link_invalid', 'This password reset link is not valid.');
  await clearLoginFailures(ctx, 'merchant', row.email);
  if (!opened.login) throw merchantInactive(row.deactivation_reason);
  const access = await ctx.tokens.issue(row.id, 'merchant_dashboard', opened.login.sessionId);
  return {
    access_token: access.token,
    token_type: 'Bearer',
    expires_in: access.expiresInSeconds,
    refresh_token: opened.login.refreshToken,
    merchant: await viewOf(ctx.db, row),
  };
}
