import type { Static } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { isUniqueViolation } from '../../db/database.ts';
import type { OperatorRow } from '../../db/schema.ts';
import { DomainError } from '../../domain/errors.ts';
import { operatorName } from '../../domain/operator-action.ts';
import { newId, randomBase62 } from '../../platform/ids.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { base32Decode, matchTotp, newTotpSecret, otpauthUri } from '../../platform/totp.ts';
import {
  assertLoginAllowed,
  clearLoginFailures,
  issueRefreshToken,
  recordLoginFailure,
  revokeRefreshFamily,
  revokeRefreshTokensOf,
  rotateRefreshToken,
} from '../access/index.ts';
import type { OperatorAccount, OperatorSession } from './schemas.ts';

/**
 * Operator accounts (decision 0035): each operator signs in with an email, a password and a
 * TOTP code for a 15-minute operator token; the audit log names the account the token proves.
 * Accounts are created and disabled from the command line (`tranche operators`), by whoever
 * runs the service, never over HTTP.
 */
export type OperatorView = Static<typeof OperatorAccount>;
export type OperatorSessionView = Static<typeof OperatorSession>;

const PASSWORD_MIN = 12;
const PASSWORD_MAX = 128;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const viewOf = (row: Pick<OperatorRow, 'id' | 'email' | 'name'>): OperatorView => ({
  id: row.id,
  object: 'operator',
  email: row.email,
  name: row.name,
});

export interface NewOperator {
  operator: OperatorView;
  /** Shown once: the password (generated when none was given) and the TOTP key. */
  password: string;
  generatedPassword: boolean;
  totpSecret: string;
  otpauthUri: string;
}

export async function createOperator(
  ctx: AppContext,
  input: { email: string; name: string; password?: string },
): Promise<NewOperator> {
  const email = input.email.trim();
  if (email.length > 254 || !EMAIL.test(email)) {
    throw new DomainError('invalid_request', 'The operator needs a valid email address.');
  }
  const name = operatorName(input.name);
  const password = input.password ?? randomBase62(24);
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    throw new DomainError(
      'invalid_request',
      `An operator's password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`,
    );
  }
  const totpSecret = newTotpSecret();
  const now = ctx.clock.now();
  const row = {
    id: newId('opr'),
    email,
    name,
    password_hash: await hashPassword(password),
    totp_secret_sealed: ctx.secretBox.seal(totpSecret),
    totp_last_step: null,
    disabled_at: null,
    created_at: now,
    updated_at: now,
  };
  try {
    await ctx.db.insertInto('operators').values(row).execute();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new DomainError('conflict', `An operator with the email ${email} already exists.`);
    }
    throw error;
  }
  return {
    operator: viewOf(row),
    password,
    generatedPassword: input.password === undefined,
    totpSecret,
    otpauthUri: otpauthUri(totpSecret, email),
  };
}

export async function listOperators(
  ctx: AppContext,
): Promise<(OperatorView & { disabled_at: string | null; created_at: string })[]> {
  const rows = await ctx.db.selectFrom('operators').selectAll().orderBy('created_at').execute();
  return rows.map((row) => ({
    ...viewOf(row),
    disabled_at: row.disabled_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  }));
}

/** An operator leaves: sign-in is refused and every session and token of theirs ends now. */
export async function disableOperator(ctx: AppContext, email: string): Promise<OperatorView> {
  const now = ctx.clock.now();
  const row = await ctx.db
    .updateTable('operators')
    .set((eb) => ({ disabled_at: eb.fn.coalesce('disabled_at', eb.val(now)), updated_at: now }))
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .returning(['id', 'email', 'name'])
    .executeTakeFirst();
  if (!row) throw new DomainError('not_found', `No operator has the email ${email}.`);
  await revokeRefreshTokensOf(ctx.db, 'operator', row.id, now);
  return viewOf(row);
}

const refused = () =>
  new DomainError('unauthenticated', 'Email, password or authenticator code is incorrect.');

/**
 * Sign-in: the login throttle first (as for merchants and customers), then the password and
 * the code, which fail alike so a guesser never learns the password was right. A code is good
 * once: the step it belongs to must be later than the last one accepted, claimed atomically.
 */
export async function signInOperator(
  ctx: AppContext,
  input: { email: string; password: string; code: string },
  ip: string,
): Promise<OperatorSessionView> {
  await assertLoginAllowed(ctx, 'operator', input.email, ip);
  const row = await ctx.db
    .selectFrom('operators')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', input.email.trim().toLowerCase()))
    .executeTakeFirst();
  const passwordOk = await verifyPassword(row?.password_hash, input.password);
  const now = ctx.clock.now();
  const step =
    row && passwordOk
      ? matchTotp(
          base32Decode(ctx.secretBox.open(row.totp_secret_sealed)),
          input.code.replace(/\s/g, ''),
          now.getTime() / 1000,
        )
      : null;
  const claimed =
    row && step !== null && !row.disabled_at
      ? await ctx.db
          .updateTable('operators')
          .set({ totp_last_step: Number(step) })
          .where('id', '=', row.id)
          .where((eb) =>
            eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', Number(step))]),
          )
          .returning('id')
          .executeTakeFirst()
      : undefined;
  if (!row || !claimed) {
    await recordLoginFailure(ctx, 'operator', input.email, ip);
    throw refused();
  }
  await clearLoginFailures(ctx, 'operator', input.email);
  return sessionFor(ctx, row, await issueRefreshToken(ctx.db, 'operator', row.id, now));
}

async function sessionFor(
  ctx: AppContext,
  row: Pick<OperatorRow, 'id' | 'email' | 'name'>,
  refreshToken: string,
): Promise<OperatorSessionView> {
  const access = await ctx.tokens.issue(row.id, 'operator');
  return {
    operator: viewOf(row),
    access_token: access.token,
    token_type: 'Bearer',
    expires_in: access.expiresInSeconds,
    refresh_token: refreshToken,
  };
}

/** A refresh token (single use) for new tokens, while the account is enabled. */
export async function refreshOperatorSession(
  ctx: AppContext,
  refreshToken: string,
): Promise<OperatorSessionView> {
  const { subjectId, refreshToken: next } = await rotateRefreshToken(
    ctx.db,
    'operator',
    refreshToken,
    ctx.clock.now(),
  );
  const row = await ctx.db
    .selectFrom('operators')
    .select(['id', 'email', 'name', 'disabled_at'])
    .where('id', '=', subjectId)
    .executeTakeFirst();
  if (!row || row.disabled_at) {
    throw new DomainError(
      'unauthenticated',
      'The refresh token is invalid or expired. Sign in again.',
    );
  }
  return sessionFor(ctx, row, next);
}

/** Sign-out: the refresh token's login ends; the access token lapses within 15 minutes. */
export async function signOutOperator(ctx: AppContext, refreshToken: string): Promise<void> {
  await revokeRefreshFamily(ctx.db, 'operator', refreshToken, ctx.clock.now());
}
