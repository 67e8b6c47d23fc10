import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/database.ts';
import { DomainError } from '../../domain/errors.ts';
import { parseSecondFactorCode } from '../../domain/two-factor.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { base32Decode, matchTotp } from '../../platform/totp.ts';
import { checkPasswordThrottled } from './login-throttle.ts';

/**
 * A team member's second factor (decision 0065): a code from the member's authenticator (TOTP,
 * src/platform/totp.ts, one step either side of now, each step accepted once) or one of its
 * recovery codes (each once). Used by the dashboard sign-in, the step-up of money moves
 * (`requireAuth`) and turning two-factor sign-in off.
 */

/** The digest a recovery code is kept as: the code without dash or spaces, upper case. */
export const recoveryCodeDigest = (code: string): string =>
  sha256Hex(`recovery:${code.replace(/[\s-]/g, '').toUpperCase()}`);

/**
 * Whether `typed` is a good second factor for `memberId` now, consuming it when it is: a TOTP
 * code claims its step with a conditional UPDATE (two requests with one code cannot both
 * pass), a recovery code is marked used the same way. False for a member without 2FA.
 */
export async function consumeSecondFactor(
  db: AppContext['db'] | Tx,
  ctx: Pick<AppContext, 'secretBox' | 'clock'>,
  memberId: string,
  typed: string,
): Promise<boolean> {
  const parsed = parseSecondFactorCode(typed);
  if (!parsed) return false;
  const member = await db
    .selectFrom('merchant_members')
    .select(['totp_secret_sealed', 'totp_enabled_at'])
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!member?.totp_secret_sealed || !member.totp_enabled_at) return false;
  const now = ctx.clock.now();
  if (parsed.kind === 'totp') {
    const step = matchTotp(
      base32Decode(ctx.secretBox.open(member.totp_secret_sealed)),
      parsed.code,
      now.getTime() / 1000,
    );
    if (step === null) return false;
    const claimed = await db
      .updateTable('merchant_members')
      .set({ totp_last_step: Number(step) })
      .where('id', '=', memberId)
      .where((eb) =>
        eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', Number(step))]),
      )
      .returning('id')
      .executeTakeFirst();
    return claimed !== undefined;
  }
  const used = await db
    .updateTable('merchant_member_recovery_codes')
    .set({ used_at: now })
    .where('member_id', '=', memberId)
    .where('digest', '=', recoveryCodeDigest(parsed.code))
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return used !== undefined;
}

/** The address a member signs in with: its own, or the account holder's on the merchants row. */
export async function signInEmailOf(ctx: AppContext, memberId: string): Promise<string> {
  const row = await ctx.db
    .selectFrom('merchant_members as mm')
    .innerJoin('merchants as m', 'm.id', 'mm.merchant_id')
    .select(['mm.email', 'm.email as holder_email'])
    .where('mm.id', '=', memberId)
    .executeTakeFirstOrThrow();
  return row.email ?? row.holder_email;
}

/**
 * A signed-in member proves it again with a code (the step-up of decision 0065). Missing or
 * wrong: 403 `step_up_required`; wrong codes count toward the member's sign-in throttle, so a
 * stolen session cannot guess them.
 */
export async function requireSecondFactor(
  ctx: AppContext,
  memberId: string,
  typed: string | undefined,
  ip: string,
  what: string,
): Promise<void> {
  if (typed === undefined || typed.trim() === '') {
    throw new DomainError(
      'step_up_required',
      `${what} needs a code from your authenticator app (or a recovery code): send it in the Two-Factor-Code header.`,
    );
  }
  const email = await signInEmailOf(ctx, memberId);
  const right = await checkPasswordThrottled(
    ctx,
    'merchant',
    email,
    ip,
    async () => ((await consumeSecondFactor(ctx.db, ctx, memberId, typed)) ? true : undefined),
    { clearFailuresOnSuccess: false },
  );
  if (!right) {
    throw new DomainError(
      'step_up_required',
      `The two-factor code is not right or was already used; nothing was done. Type the next code from your authenticator app.`,
    );
  }
}
