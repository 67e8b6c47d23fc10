import { randomBytes } from 'node:crypto';

import type { AppContext } from '../../app-context.ts';
import { runWrite } from '../../db/write.ts';
import { DomainError } from '../../domain/errors.ts';
import type { DashboardMember } from '../../domain/principal.ts';
import {
  formatRecoveryCode,
  mayDisableTwoFactor,
  OWNER_GRACE_DAYS,
  RECOVERY_CODE_COUNT,
  recoveryCodeFrom,
} from '../../domain/two-factor.ts';
import { newId } from '../../platform/ids.ts';
import { base32Decode, matchTotp, newTotpSecret, otpauthUri } from '../../platform/totp.ts';
import {
  checkPasswordThrottled,
  consumeSecondFactor,
  recoveryCodeDigest,
  signInEmailOf,
} from '../access/index.ts';

/**
 * A member's own two-factor sign-in (decision 0065). States: off → pending (a key handed out by
 * `startTwoFactorEnrolment`, not yet proven) → on (confirmed with a code; ten recovery codes
 * shown once) → off again (`disableTwoFactor`, with a code; not for owners).
 */

export interface TwoFactorStatus {
  object: 'two_factor';
  enabled: boolean;
  enabled_at: string | null;
  /** Owners must have it; others choose. */
  required: boolean;
  /** An owner without it may only read after this; null when not required or already on. */
  due_at: string | null;
  recovery_codes_left: number;
}

export async function twoFactorStatus(ctx: AppContext, memberId: string): Promise<TwoFactorStatus> {
  const row = await ctx.db
    .selectFrom('merchant_members')
    .select(['role', 'totp_enabled_at', 'two_factor_due_at'])
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  const left = await ctx.db
    .selectFrom('merchant_member_recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('member_id', '=', memberId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  const enabled = row.totp_enabled_at !== null;
  return {
    object: 'two_factor',
    enabled,
    enabled_at: row.totp_enabled_at?.toISOString() ?? null,
    required: row.role === 'owner',
    due_at:
      row.role === 'owner' && !enabled ? (row.two_factor_due_at?.toISOString() ?? null) : null,
    recovery_codes_left: Number(left.count),
  };
}

export interface TwoFactorEnrolment {
  object: 'two_factor_enrolment';
  /** The key, base32, to type into an authenticator app. */
  secret: string;
  otpauth_uri: string;
}

/** Hands out a new key (pending until confirmed); a second start replaces the first. */
export async function startTwoFactorEnrolment(
  ctx: AppContext,
  member: DashboardMember,
): Promise<TwoFactorEnrolment> {
  if (member.twoFactorEnabled) {
    throw new DomainError(
      'conflict',
      'Two-factor sign-in is already on for you. To move it to another phone, turn it off first (owners: ask another owner to make you an admin, or use a recovery code to sign in).',
    );
  }
  const secret = newTotpSecret();
  await ctx.db
    .updateTable('merchant_members')
    .set({ totp_pending_secret_sealed: ctx.secretBox.seal(secret), updated_at: ctx.clock.now() })
    .where('id', '=', member.id)
    .where('totp_enabled_at', 'is', null)
    .execute();
  const account = await signInEmailOf(ctx, member.id);
  return { object: 'two_factor_enrolment', secret, otpauth_uri: otpauthUri(secret, account) };
}

export interface TwoFactorEnabled extends TwoFactorStatus {
  /** Ten single-use codes, shown this once: each signs in (or confirms a payout) instead of a code. */
  recovery_codes: string[];
}

/**
 * Confirms the pending key with a code from the app: two-factor sign-in is on, the code's step
 * is used, and ten new recovery codes replace any old ones. Wrong codes count toward the
 * sign-in throttle.
 */
export async function confirmTwoFactorEnrolment(
  ctx: AppContext,
  member: DashboardMember,
  code: string,
  ip: string,
): Promise<TwoFactorEnabled> {
  const row = await ctx.db
    .selectFrom('merchant_members')
    .select(['totp_pending_secret_sealed', 'totp_enabled_at'])
    .where('id', '=', member.id)
    .executeTakeFirstOrThrow();
  if (row.totp_enabled_at) {
    throw new DomainError('conflict', 'Two-factor sign-in is already on for you.');
  }
  const pending = row.totp_pending_secret_sealed;
  if (!pending) {
    throw new DomainError(
      'conflict',
      'There is no enrolment to confirm: start one first (POST …/team/me/two-factor).',
    );
  }
  const now = ctx.clock.now();
  const step = await checkPasswordThrottled(
    ctx,
    'merchant',
    await signInEmailOf(ctx, member.id),
    ip,
    async () =>
      matchTotp(
        base32Decode(ctx.secretBox.open(pending)),
        code.replace(/\s/g, ''),
        now.getTime() / 1000,
      ) ?? undefined,
    { clearFailuresOnSuccess: false },
  );
  if (step === undefined) {
    throw new DomainError(
      'invalid_request',
      'That code does not match the key: check the phone’s time and type the code the app shows now.',
      { fields: [{ field: 'code', message: 'This code does not match.' }] },
    );
  }
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    recoveryCodeFrom(randomBytes(16)),
  );
  const confirmed = await runWrite(ctx.db, async (tx) => {
    const updated = await tx
      .updateTable('merchant_members')
      .set({
        totp_secret_sealed: pending,
        totp_pending_secret_sealed: null,
        totp_enabled_at: now,
        totp_last_step: Number(step),
        updated_at: now,
      })
      .where('id', '=', member.id)
      .where('totp_enabled_at', 'is', null)
      .where('totp_pending_secret_sealed', '=', pending)
      .returning('id')
      .executeTakeFirst();
    if (!updated) return false;
    await tx
      .deleteFrom('merchant_member_recovery_codes')
      .where('member_id', '=', member.id)
      .execute();
    await tx
      .insertInto('merchant_member_recovery_codes')
      .values(
        codes.map((c) => ({
          id: newId('mrc'),
          member_id: member.id,
          digest: recoveryCodeDigest(c),
          used_at: null,
          created_at: now,
        })),
      )
      .execute();
    return true;
  });
  if (!confirmed) {
    throw new DomainError('conflict', 'This enrolment was replaced or confirmed meanwhile.');
  }
  return {
    ...(await twoFactorStatus(ctx, member.id)),
    recovery_codes: codes.map(formatRecoveryCode),
  };
}

/** Turns two-factor sign-in off with a code (or a recovery code). Owners keep it. */
export async function disableTwoFactor(
  ctx: AppContext,
  member: DashboardMember,
  code: string,
  ip: string,
): Promise<TwoFactorStatus> {
  const refusal = mayDisableTwoFactor(member.role);
  if (refusal) throw new DomainError('forbidden', refusal);
  if (!member.twoFactorEnabled) {
    throw new DomainError('conflict', 'Two-factor sign-in is not on for you.');
  }
  const right = await checkPasswordThrottled(
    ctx,
    'merchant',
    await signInEmailOf(ctx, member.id),
    ip,
    async () => ((await consumeSecondFactor(ctx.db, ctx, member.id, code)) ? true : undefined),
    { clearFailuresOnSuccess: false },
  );
  if (!right) {
    throw new DomainError(
      'step_up_required',
      'The two-factor code is not right or was already used; two-factor sign-in stays on.',
    );
  }
  await runWrite(ctx.db, async (tx) => {
    await tx
      .updateTable('merchant_members')
      .set({
        totp_secret_sealed: null,
        totp_pending_secret_sealed: null,
        totp_enabled_at: null,
        totp_last_step: null,
        updated_at: ctx.clock.now(),
      })
      .where('id', '=', member.id)
      .execute();
    await tx
      .deleteFrom('merchant_member_recovery_codes')
      .where('member_id', '=', member.id)
      .execute();
  });
  return twoFactorStatus(ctx, member.id);
}

/** When a member who becomes an owner at `now` must have two-factor sign-in on. */
export const ownerDueAt = (now: Date): Date =>
  new Date(now.getTime() + OWNER_GRACE_DAYS * 24 * 60 * 60_000);
