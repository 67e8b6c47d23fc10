import type { AppContext } from '../../app-context.ts';
import { runWrite } from '../../db/write.ts';
import { DomainError } from '../../domain/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import {
  clearLoginFailures,
  consumePasswordReset,
  type PasswordResetRequested,
  recordPasswordResetRequest,
  resetRequestedAnswer,
  subjectKey,
} from '../access/index.ts';
import { type CustomerSession, openCustomerSession } from './customers.ts';

/**
 * Customer password reset by e-mail (decision 0024). The request, the e-mail and the token are
 * shared with merchants (src/features/access/password-resets.ts, decision 0058); this finds the
 * customer and sets the password.
 */

export async function requestPasswordReset(
  ctx: AppContext,
  email: string,
  ip: string,
): Promise<PasswordResetRequested> {
  const now = ctx.clock.now();
  await runWrite(ctx.db, async (tx) => {
    // Locking the customer serialises concurrent requests, so the hourly cap holds.
    const customer = await tx
      .selectFrom('customers')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
      .forUpdate()
      .executeTakeFirst();
    if (customer) {
      await recordPasswordResetRequest(tx, { audience: 'customer', id: customer.id }, now, ip);
    }
  });
  return resetRequestedAnswer(email);
}

export const resetLinkInvalid = () =>
  new DomainError(
    'reset_link_invalid',
    'This password reset link has expired or was already used. Ask for a new one.',
  );

/** Step 3: the link, once, within the hour, sets the password and signs the customer in. */
export async function confirmPasswordReset(
  ctx: AppContext,
  token: string,
  password: string,
): Promise<CustomerSession> {
  // Hashing is slow on purpose: done before the transaction, not inside it.
  const passwordHash = await hashPassword(password);
  const now = ctx.clock.now();
  const customerId = await runWrite(ctx.db, async (tx) => {
    const id = await consumePasswordReset(tx, 'customer', token, now);
    if (id === null) return null;
    await tx
      .updateTable('customers')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', id)
      .execute();
    // Whoever reset the password may be locking someone out: no device stays remembered.
    await tx
      .updateTable('remembered_devices')
      .set({ revoked_at: now })
      .where('customer_id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
    return id;
  });
  if (!customerId) throw resetLinkInvalid();
  ctx.credentialCache.invalidateLoginsOf(subjectKey('customer', customerId));
  const customer = await ctx.db
    .selectFrom('customers')
    .selectAll()
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
  // Someone locked out by wrong guesses who proves they own the mailbox may sign in at once.
  await clearLoginFailures(ctx, 'customer', customer.email);
  return openCustomerSession(ctx, customer);
}
