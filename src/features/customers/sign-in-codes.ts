import { randomInt } from 'node:crypto';

import type { AppContext } from '../../app-context.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { CustomerRow } from '../../db/schema.ts';
import { runWrite } from '../../db/write.ts';
import { DomainError } from '../../domain/errors.ts';
import {
  type CodePurpose,
  formatCode,
  renderSignInCode,
  SIGN_IN_CODE_IP_WINDOW_MS,
  SIGN_IN_CODE_MAX_ATTEMPTS,
  SIGN_IN_CODE_REQUESTS_PER_IP,
  SIGN_IN_CODE_RESEND_AFTER_MS,
  SIGN_IN_CODE_TTL_MS,
  SIGN_IN_CODES_PER_HOUR,
} from '../../domain/sign-in-code.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { DeliveryError, type NotificationChannels } from '../../notifications/port.ts';
import type { Clock } from '../../platform/clock.ts';
import { constantTimeEqual, type SecretBox } from '../../platform/crypto.ts';
import { newId } from '../../platform/ids.ts';
import { checkPasswordThrottled } from '../access/index.ts';
import {
  type CustomerSession,
  type CustomerView,
  customerView,
  normalizeNigerianPhone,
  openCustomerSession,
} from './customers.ts';

/**
 * One-time codes to the phone or the e-mail address (decision 0053), in three steps like the
 * password reset (decision 0024):
 *   1. request: a sign_in_codes row and a send_sign_in_code job, committed together; the answer
 *      is the same whether or not an account exists (and a phone counts only once verified);
 *   2. send (the worker): mint six digits, store their keyed digest with the expiry, send them,
 *      mark the row sent; a send retried after a crash mints a new code, so only the last works;
 *   3. verify: the latest code of that account and purpose, within ten minutes, at most five wrong
 *      tries, under the sign-in throttle of decision 0033; right, it signs in like a password.
 * Code states: pending ─mint+send─▶ sent ─right code─▶ used
 *                 │                   ├─5 wrong─▶ exhausted
 *                 │                   └─newer code asked for─▶ superseded
 *                 └─refused for good by the provider─▶ failed
 */

export type CodeIdentifier = { email: string } | { phone: string };

interface Resolved {
  channel: 'sms' | 'email';
  /** Normalised: the lower-cased address or `+234…`. */
  key: string;
}

function resolve(identifier: CodeIdentifier): Resolved {
  if ('phone' in identifier) {
    return { channel: 'sms', key: normalizeNigerianPhone(identifier.phone) };
  }
  return { channel: 'email', key: identifier.email.trim().toLowerCase() };
}

/** Who a code to `key` is for: the account with that e-mail, or with that verified phone. */
async function findHolder(
  db: Pick<Db, 'selectFrom'>,
  { channel, key }: Resolved,
  lock: boolean,
): Promise<CustomerRow | undefined> {
  let query = db.selectFrom('customers').selectAll();
  query =
    channel === 'email'
      ? query.where((eb) => eb(eb.fn('lower', ['email']), '=', key))
      : query.where('phone', '=', key).where('phone_verified_at', 'is not', null);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export interface SignInCodeRequested {
  object: 'sign_in_code_request';
  channel: 'sms' | 'email';
  code_expires_in_minutes: number;
  resend_after_seconds: number;
}

const throttled = (detail: string, resetAtMs: number, nowMs: number): DomainError => {
  const retryAfterSeconds = Math.max(1, Math.ceil((resetAtMs - nowMs) / 1000));
  return new DomainError('rate_limited', `${detail} Try again in ${retryAfterSeconds} seconds.`, {
    retryable: true,
    retryAfterSeconds,
  });
};

/** The resend wait and the IP's budget: counted per phone or address, known or not. */
async function reserveRequest(ctx: AppContext, key: string, ip: string): Promise<void> {
  const nowMs = ctx.clock.now().getTime();
  const byIp = await ctx.rateLimits.hit(`sign-in-code:ip:${ip}`, SIGN_IN_CODE_IP_WINDOW_MS, nowMs);
  if (byIp.count > SIGN_IN_CODE_REQUESTS_PER_IP) {
    throw throttled('Too many codes asked for from this network.', byIp.resetAtMs, nowMs);
  }
  const byKey = await ctx.rateLimits.hit(
    `sign-in-code:to:${key}`,
    SIGN_IN_CODE_RESEND_AFTER_MS,
    nowMs,
  );
  if (byKey.count > 1) {
    throw throttled('A code was just sent there.', byKey.resetAtMs, nowMs);
  }
}

/** Writes a code row (superseding the account's earlier ones of that purpose) and its send job. */
async function insertCode(
  tx: Tx,
  row: { customerId: string; purpose: CodePurpose; channel: 'sms' | 'email'; destination: string },
  now: Date,
  ip: string,
): Promise<boolean> {
  const recent = await tx
    .selectFrom('sign_in_codes')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('customer_id', '=', row.customerId)
    .where('requested_at', '>', new Date(now.getTime() - 60 * 60_000))
    .executeTakeFirstOrThrow();
  if (Number(recent.count) >= SIGN_IN_CODES_PER_HOUR) return false;
  await tx
    .updateTable('sign_in_codes')
    .set({ status: 'superseded' })
    .where('customer_id', '=', row.customerId)
    .where('purpose', '=', row.purpose)
    .where('status', 'in', ['pending', 'sent'])
    .execute();
  const id = newId('sic');
  await tx
    .insertInto('sign_in_codes')
    .values({
      id,
      customer_id: row.customerId,
      purpose: row.purpose,
      channel: row.channel,
      destination: row.destination,
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
    'send_sign_in_code',
    { code_id: id },
    { jobKey: `sign-in-code:${id}`, maxAttempts: 5 },
  );
  return true;
}

/** Step 1 of signing in with a code. Always the same 202 for a well-formed phone or address. */
export async function requestSignInCode(
  ctx: AppContext,
  identifier: CodeIdentifier,
  ip: string,
): Promise<SignInCodeRequested> {
  const resolved = resolve(identifier);
  await reserveRequest(ctx, resolved.key, ip);
  const now = ctx.clock.now();
  await runWrite(ctx.db, async (tx) => {
    // Locking the customer serialises concurrent requests, so the hourly cap holds.
    const customer = await findHolder(tx, resolved, true);
    if (!customer) return;
    await insertCode(
      tx,
      {
        customerId: customer.id,
        purpose: 'sign_in',
        channel: resolved.channel,
        destination: resolved.channel === 'sms' ? customer.phone : customer.email,
      },
      now,
      ip,
    );
  });
  return {
    object: 'sign_in_code_request',
    channel: resolved.channel,
    code_expires_in_minutes: SIGN_IN_CODE_TTL_MS / 60_000,
    resend_after_seconds: SIGN_IN_CODE_RESEND_AFTER_MS / 1000,
  };
}

function codeDigest(secretBox: SecretBox, codeId: string, code: string): string {
  return secretBox.keyedDigest('sign_in_code', `${codeId}:${code}`);
}

/**
 * Checks `code` against the customer's live code of `purpose` inside `tx` (the row locked): a
 * right one is used up, a wrong one counted (the fifth kills it). True when right.
 */
async function consumeCode(
  tx: Tx,
  secretBox: SecretBox,
  customerId: string,
  purpose: CodePurpose,
  code: string,
  now: Date,
): Promise<boolean> {
  const row = await tx
    .selectFrom('sign_in_codes')
    .select(['id', 'digest', 'expires_at', 'failed_attempts'])
    .where('customer_id', '=', customerId)
    .where('purpose', '=', purpose)
    .where('status', 'in', ['pending', 'sent'])
    .where('digest', 'is not', null)
    .orderBy('requested_at', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  if (!row?.digest || !row.expires_at || row.expires_at <= now) return false;
  if (constantTimeEqual(codeDigest(secretBox, row.id, code), row.digest)) {
    await tx
      .updateTable('sign_in_codes')
      .set({ status: 'used', used_at: now })
      .where('id', '=', row.id)
      .execute();
    return true;
  }
  const failed = row.failed_attempts + 1;
  await tx
    .updateTable('sign_in_codes')
    .set({
      failed_attempts: failed,
      ...(failed >= SIGN_IN_CODE_MAX_ATTEMPTS && { status: 'exhausted' as const }),
    })
    .where('id', '=', row.id)
    .execute();
  return false;
}

const codeRejected = () =>
  new DomainError(
    'unauthenticated',
    'That code is wrong or has expired. Check it, or ask for a new one.',
    { fields: [{ field: 'code', message: 'That code is wrong or has expired.' }] },
  );

/** Step 3: the code signs in exactly as a password does (a new login, the same tokens). */
export async function verifySignInCode(
  ctx: AppContext,
  identifier: CodeIdentifier,
  code: string,
  ip: string,
): Promise<CustomerSession> {
  const resolved = resolve(identifier);
  // The password throttle of decision 0033, on its own per-account key: five wrong codes lock
  // code sign-in to this phone or address for 15 minutes (a password still works), and the IP's
  // failures count with its password failures.
  const row = await checkPasswordThrottled(ctx, 'customer', `code:${resolved.key}`, ip, () =>
    runWrite(ctx.db, async (tx) => {
      const now = ctx.clock.now();
      const customer = await findHolder(tx, resolved, true);
      if (!customer) return undefined;
      const right = await consumeCode(tx, ctx.secretBox, customer.id, 'sign_in', code, now);
      return right ? customer : undefined;
    }),
  );
  if (!row) throw codeRejected();
  return openCustomerSession(ctx, row);
}

export interface PhoneVerificationRequested {
  object: 'phone_verification_request';
  phone_hint: string;
  code_expires_in_minutes: number;
  resend_after_seconds: number;
}

/** A signed-in customer asks for a code to their own phone, to verify it. */
export async function requestPhoneVerification(
  ctx: AppContext,
  customerId: string,
  ip: string,
): Promise<PhoneVerificationRequested | CustomerView> {
  const now = ctx.clock.now();
  const current = await ctx.db
    .selectFrom('customers')
    .selectAll()
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
  if (current.phone_verified_at) return customerView(current);
  await reserveRequest(ctx, `verify:${customerId}`, ip);
  const sent = await runWrite(ctx.db, async (tx) => {
    const customer = await tx
      .selectFrom('customers')
      .select(['id', 'phone'])
      .where('id', '=', customerId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    return insertCode(
      tx,
      { customerId, purpose: 'verify_phone', channel: 'sms', destination: customer.phone },
      now,
      ip,
    );
  });
  if (!sent) {
    throw new DomainError(
      'rate_limited',
      'Too many codes were sent to this phone in the last hour. Try again later.',
      { retryable: true, retryAfterSeconds: 3600 },
    );
  }
  return {
    object: 'phone_verification_request',
    phone_hint: current.phone,
    code_expires_in_minutes: SIGN_IN_CODE_TTL_MS / 60_000,
    resend_after_seconds: SIGN_IN_CODE_RESEND_AFTER_MS / 1000,
  };
}

/**
 * The code texted to the customer's phone verifies it. A number verified on another account
 * moves here (the latest to prove they hold it; numbers are recycled). Confirming again once
 * verified answers the customer as they are.
 */
export async function confirmPhoneVerification(
  ctx: AppContext,
  customerId: string,
  code: string,
  ip: string,
): Promise<CustomerView> {
  const row = await checkPasswordThrottled(ctx, 'customer', `verify:${customerId}`, ip, () =>
    runWrite(ctx.db, async (tx) => {
      const now = ctx.clock.now();
      const customer = await tx
        .selectFrom('customers')
        .selectAll()
        .where('id', '=', customerId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (customer.phone_verified_at) return customer;
      const right = await consumeCode(tx, ctx.secretBox, customerId, 'verify_phone', code, now);
      if (!right) return undefined;
      await tx
        .updateTable('customers')
        .set({ phone_verified_at: null, updated_at: now })
        .where('phone', '=', customer.phone)
        .where('id', '!=', customerId)
        .where('phone_verified_at', 'is not', null)
        .execute();
      return tx
        .updateTable('customers')
        .set({ phone_verified_at: now, updated_at: now })
        .where('id', '=', customerId)
        .returningAll()
        .executeTakeFirstOrThrow();
    }),
  );
  if (!row) throw codeRejected();
  return customerView(row);
}

export interface SendSignInCodeDeps {
  db: Db;
  clock: Clock;
  secretBox: SecretBox;
  channels: Pick<NotificationChannels, 'email' | 'sms'>;
}

export type SendCodeOutcome = 'sent' | 'not_pending' | 'failed' | 'expired';

/** Step 2 (the worker). Throws on a transient failure so that the job is retried with back-off. */
export async function sendSignInCode(
  deps: SendSignInCodeDeps,
  codeId: string,
): Promise<SendCodeOutcome> {
  const row = await deps.db
    .selectFrom('sign_in_codes as s')
    .innerJoin('customers as c', 'c.id', 's.customer_id')
    .select([
      's.id',
      's.status',
      's.purpose',
      's.channel',
      's.destination',
      's.requested_at',
      's.customer_id',
      'c.email',
      'c.first_name',
      'c.last_name',
    ])
    .where('s.id', '=', codeId)
    .executeTakeFirst();
  if (!row || row.status !== 'pending') return 'not_pending';
  const now = deps.clock.now();
  // A code that would reach the customer after the ten minutes they were told is no use.
  if (now.getTime() - row.requested_at.getTime() > SIGN_IN_CODE_TTL_MS) {
    await markFailed(deps.db, row.id);
    return 'expired';
  }
  const code = formatCode(randomInt(0, 1_000_000));
  // Stored before sending, so a customer quicker than this worker's next statement still gets in.
  const stored = await deps.db
    .updateTable('sign_in_codes')
    .set({
      digest: codeDigest(deps.secretBox, row.id, code),
      expires_at: new Date(now.getTime() + SIGN_IN_CODE_TTL_MS),
    })
    .where('id', '=', row.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (stored.numUpdatedRows === 0n) return 'not_pending';
  try {
    await deps.channels[row.channel].send({
      id: row.id,
      kind: 'sign_in_code',
      customerId: row.customer_id,
      recipient: {
        email: row.channel === 'email' ? row.destination : row.email,
        name: `${row.first_name} ${row.last_name}`,
        phone: row.channel === 'sms' ? row.destination : null,
      },
      rendered: renderSignInCode({ firstName: row.first_name, code, purpose: row.purpose }),
      data: {},
      at: now,
    });
  } catch (error) {
    if (!(error instanceof DeliveryError && error.permanent)) throw error;
    await markFailed(deps.db, row.id);
    return 'failed';
  }
  await deps.db
    .updateTable('sign_in_codes')
    .set({ status: 'sent', sent_at: now })
    .where('id', '=', row.id)
    .where('status', '=', 'pending')
    .execute();
  return 'sent';
}

async function markFailed(db: Db, id: string): Promise<void> {
  await db
    .updateTable('sign_in_codes')
    .set({ status: 'failed', digest: null })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}
