import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import { runWrite } from '../../db/write.ts';
import { DomainError } from '../../domain/errors.ts';
import {
  renderPasswordResetEmail,
  RESET_LINK_TTL_MS,
  RESET_REQUESTS_PER_HOUR,
  resetLink,
} from '../../domain/password-reset.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { DeliveryError, type NotificationChannel } from '../../notifications/port.ts';
import type { Clock } from '../../platform/clock.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { newId, randomBase62 } from '../../platform/ids.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { clearLoginFailures, endLoginsOf, subjectKey } from '../access/index.ts';
import { type CustomerSession, openCustomerSession } from './customers.ts';

/**
 * Customer password reset by e-mail (decision 0024), in three steps:
 *   1. request: a password_resets row and a send_password_reset job, committed together; the
 *      answer is the same whether or not the e-mail has an account;
 *   2. send (the worker): mint a token, e-mail the link, then store the token's digest; a send
 *      retried after a crash mints a new token, so only the last e-mail's link works;
 *   3. confirm: the token, once, within the hour, sets the password, ends every other login
 *      (refresh tokens revoked, other reset links superseded) and signs the customer in.
 */

export interface PasswordResetRequested {
  object: 'password_reset_request';
  email: string;
  /** How long the link in the e-mail works once sent. */
  link_expires_in_minutes: number;
}

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
    if (!customer) return;
    const recent = await tx
      .selectFrom('password_resets')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('customer_id', '=', customer.id)
      .where('requested_at', '>', new Date(now.getTime() - 60 * 60_000))
      .executeTakeFirstOrThrow();
    if (Number(recent.count) >= RESET_REQUESTS_PER_HOUR) return;
    const id = newId('pwr');
    await tx
      .insertInto('password_resets')
      .values({
        id,
        customer_id: customer.id,
        status: 'pending',
        digest: null,
        requested_at: now,
        sent_at: null,
        expires_at: null,
        used_at: null,
        request_ip: ip,
      })
      .execute();
    await enqueue(
      tx,
      'send_password_reset',
      { reset_id: id },
      { jobKey: `password-reset:${id}`, maxAttempts: 10 },
    );
  });
  return {
    object: 'password_reset_request',
    email: email.trim(),
    link_expires_in_minutes: RESET_LINK_TTL_MS / 60_000,
  };
}

export interface SendPasswordResetDeps {
  db: Db;
  clock: Clock;
  email: NotificationChannel;
  publicBaseUrl: string;
}

export type SendOutcome = 'sent' | 'not_pending' | 'failed';

/** Step 2. Throws on a transient failure so that the job is retried with back-off. */
export async function sendPasswordReset(
  deps: SendPasswordResetDeps,
  resetId: string,
): Promise<SendOutcome> {
  const row = await deps.db
    .selectFrom('password_resets as r')
    .innerJoin('customers as c', 'c.id', 'r.customer_id')
    .select(['r.id', 'r.status', 'r.customer_id', 'c.email', 'c.first_name', 'c.last_name'])
    .where('r.id', '=', resetId)
    .executeTakeFirst();
  if (!row || row.status !== 'pending') return 'not_pending';
  const now = deps.clock.now();
  const token = `prt_${randomBase62(43)}`;
  const expiresAt = new Date(now.getTime() + RESET_LINK_TTL_MS);
  try {
    await deps.email.send({
      id: row.id,
      kind: 'password_reset',
      customerId: row.customer_id,
      recipient: { email: row.email, name: `${row.first_name} ${row.last_name}` },
      rendered: renderPasswordResetEmail({
        firstName: row.first_name,
        link: resetLink(deps.publicBaseUrl, token),
        expiresAt,
      }),
      data: {},
      at: now,
    });
  } catch (error) {
    if (!(error instanceof DeliveryError && error.permanent)) throw error;
    await deps.db
      .updateTable('password_resets')
      .set({ status: 'failed' })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .execute();
    return 'failed';
  }
  await deps.db
    .updateTable('password_resets')
    .set({ status: 'sent', digest: sha256Hex(token), sent_at: now, expires_at: expiresAt })
    .where('id', '=', row.id)
    .where('status', '=', 'pending')
    .execute();
  return 'sent';
}

const linkInvalid = () =>
  new DomainError(
    'reset_link_invalid',
    'This password reset link has expired or was already used. Ask for a new one.',
  );

/** Step 3. */
export async function confirmPasswordReset(
  ctx: AppContext,
  token: string,
  password: string,
): Promise<CustomerSession> {
  // Hashing is slow on purpose: done before the transaction, not inside it.
  const passwordHash = await hashPassword(password);
  const now = ctx.clock.now();
  const customerId = await runWrite(ctx.db, async (tx) => {
    const reset = await tx
      .selectFrom('password_resets')
      .select(['id', 'customer_id', 'status', 'expires_at'])
      .where('digest', '=', sha256Hex(token))
      .forUpdate()
      .executeTakeFirst();
    if (!reset || reset.status !== 'sent' || !reset.expires_at || reset.expires_at <= now) {
      return null;
    }
    await tx
      .updateTable('customers')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', reset.customer_id)
      .execute();
    await tx
      .updateTable('password_resets')
      .set({ status: 'used', used_at: now })
      .where('id', '=', reset.id)
      .execute();
    await tx
      .updateTable('password_resets')
      .set({ status: 'superseded' })
      .where('customer_id', '=', reset.customer_id)
      .where('status', 'in', ['pending', 'sent'])
      .execute();
    await endLoginsOf(tx, 'customer', reset.customer_id, now);
    // Whoever reset the password may be locking someone out: no device stays remembered.
    await tx
      .updateTable('remembered_devices')
      .set({ revoked_at: now })
      .where('customer_id', '=', reset.customer_id)
      .where('revoked_at', 'is', null)
      .execute();
    return reset.customer_id;
  });
  if (!customerId) throw linkInvalid();
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
