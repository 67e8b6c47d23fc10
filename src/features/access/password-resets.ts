import type { Db, Tx } from '../../db/database.ts';
import {
  type PasswordResetAudience,
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
import { endLoginsOf } from './refresh-tokens.ts';

/**
 * Password reset by e-mail (decisions 0024 and 0058), the part shared by customers and
 * merchants, in three steps:
 *   1. request: a password_resets row and a send_password_reset job, committed together, at most
 *      RESET_REQUESTS_PER_HOUR per account; the owner feature finds (and locks) the account and
 *      answers the same whether or not there is one;
 *   2. send (the worker): mint a token, e-mail the link, then store the token's digest; a send
 *      retried after a crash mints a new token, so only the last e-mail's link works;
 *   3. consume: the token, once, within the hour; its other links retired and every login ended.
 *      The owner feature sets the password in the same transaction.
 */

export interface ResetAccount {
  audience: PasswordResetAudience;
  id: string;
}

const ownerColumn = (audience: PasswordResetAudience) =>
  audience === 'customer' ? 'customer_id' : 'merchant_id';

export interface PasswordResetRequested {
  object: 'password_reset_request';
  email: string;
  /** How long the link in the e-mail works once sent. */
  link_expires_in_minutes: number;
}

export const resetRequestedAnswer = (email: string): PasswordResetRequested => ({
  object: 'password_reset_request',
  email: email.trim(),
  link_expires_in_minutes: RESET_LINK_TTL_MS / 60_000,
});

/** Step 1, in the caller's transaction, with the account's row locked (the cap then holds). */
export async function recordPasswordResetRequest(
  tx: Tx,
  account: ResetAccount,
  now: Date,
  ip: string,
): Promise<void> {
  const column = ownerColumn(account.audience);
  const recent = await tx
    .selectFrom('password_resets')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where(column, '=', account.id)
    .where('requested_at', '>', new Date(now.getTime() - 60 * 60_000))
    .executeTakeFirstOrThrow();
  if (Number(recent.count) >= RESET_REQUESTS_PER_HOUR) return;
  const id = newId('pwr');
  await tx
    .insertInto('password_resets')
    .values({
      id,
      customer_id: account.audience === 'customer' ? account.id : null,
      merchant_id: account.audience === 'merchant' ? account.id : null,
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
}

export interface SendPasswordResetDeps {
  db: Db;
  clock: Clock;
  email: NotificationChannel;
  publicBaseUrl: string;
}

export type SendOutcome = 'sent' | 'not_pending' | 'failed';

interface Recipient {
  email: string;
  name: string;
  greeting: string;
  /** A merchant created by an operator without a password: the e-mail says "set", not "reset". */
  hasPassword: boolean;
}

async function recipientOf(db: Db, reset: ResetAccountRow): Promise<Recipient | undefined> {
  if (reset.customer_id !== null) {
    const c = await db
      .selectFrom('customers')
      .select(['email', 'first_name', 'last_name'])
      .where('id', '=', reset.customer_id)
      .executeTakeFirst();
    return (
      c && {
        email: c.email,
        name: `${c.first_name} ${c.last_name}`,
        greeting: c.first_name,
        hasPassword: true,
      }
    );
  }
  if (reset.merchant_id === null) return undefined;
  const m = await db
    .selectFrom('merchants')
    .select(['email', 'business_name', 'password_hash'])
    .where('id', '=', reset.merchant_id)
    .executeTakeFirst();
  return (
    m && {
      email: m.email,
      name: m.business_name,
      greeting: m.business_name,
      hasPassword: m.password_hash !== null,
    }
  );
}

interface ResetAccountRow {
  id: string;
  status: string;
  customer_id: string | null;
  merchant_id: string | null;
}

/** Step 2. Throws on a transient failure so that the job is retried with back-off. */
export async function sendPasswordReset(
  deps: SendPasswordResetDeps,
  resetId: string,
): Promise<SendOutcome> {
  const row = await deps.db
    .selectFrom('password_resets')
    .select(['id', 'status', 'customer_id', 'merchant_id'])
    .where('id', '=', resetId)
    .executeTakeFirst();
  if (!row || row.status !== 'pending') return 'not_pending';
  const recipient = await recipientOf(deps.db, row);
  if (!recipient) return 'not_pending';
  const audience: PasswordResetAudience = row.customer_id !== null ? 'customer' : 'merchant';
  const now = deps.clock.now();
  const token = `prt_${randomBase62(43)}`;
  const expiresAt = new Date(now.getTime() + RESET_LINK_TTL_MS);
  try {
    await deps.email.send({
      id: row.id,
      kind: 'password_reset',
      customerId: row.customer_id,
      recipient: { email: recipient.email, name: recipient.name },
      rendered: renderPasswordResetEmail({
        audience,
        greeting: recipient.greeting,
        firstPassword: !recipient.hasPassword,
        link: resetLink(deps.publicBaseUrl, token, audience),
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

/**
 * Step 3, in the caller's transaction: the account the token opens, or null (unknown, used,
 * expired, retired, or another audience's: a customer's link never sets a merchant's password).
 * The token is spent, the account's other links retired and every login of it ended; the caller
 * sets the password in the same transaction.
 */
export async function consumePasswordReset(
  tx: Tx,
  audience: PasswordResetAudience,
  token: string,
  now: Date,
): Promise<string | null> {
  const reset = await tx
    .selectFrom('password_resets')
    .select(['id', 'customer_id', 'merchant_id', 'status', 'expires_at'])
    .where('digest', '=', sha256Hex(token))
    .forUpdate()
    .executeTakeFirst();
  const owner = audience === 'customer' ? reset?.customer_id : reset?.merchant_id;
  if (!reset || !owner || reset.status !== 'sent' || !reset.expires_at) return null;
  if (reset.expires_at <= now) return null;
  await tx
    .updateTable('password_resets')
    .set({ status: 'used', used_at: now })
    .where('id', '=', reset.id)
    .execute();
  await tx
    .updateTable('password_resets')
    .set({ status: 'superseded' })
    .where(ownerColumn(audience), '=', owner)
    .where('status', 'in', ['pending', 'sent'])
    .execute();
  await endLoginsOf(tx, audience, owner, now);
  return owner;
}
