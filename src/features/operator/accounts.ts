import type { Static } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { isUniqueViolation } from '../../db/database.ts';
import type { OperatorRow } from '../../db/schema.ts';
import { runWrite } from '../../db/write.ts';
import { DomainError } from '../../domain/errors.ts';
import { operatorName } from '../../domain/operator-action.ts';
import { newId, randomBase62 } from '../../platform/ids.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { base32Decode, matchTotp, newTotpSecret, otpauthUri } from '../../platform/totp.ts';
import {
  checkPasswordThrottled,
  endLogin,
  endLoginsOf,
  type Login,
  openLogin,
  rotateRefreshToken,
  subjectKey,
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
  // The account and every login of it end together: a refresh racing this either finished
  // before (its new token is revoked here) or finds the login revoked.
  const row = await runWrite(ctx.db, async (tx) => {
    const disabled = await tx
      .updateTable('operators')
      .set((eb) => ({ disabled_at: eb.fn.coalesce('disabled_at', eb.val(now)), updated_at: now }))
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
      .returning(['id', 'email', 'name'])
      .executeTakeFirst();
    if (disabled) await endLoginsOf(tx, 'operator', disabled.id, now);
    return disabled;
  });
  if (!row) throw new DomainError('not_found', `No operator has the email ${email}.`);
  ctx.credentialCache.invalidateLoginsOf(subjectKey('operator', row.id));
  return viewOf(row);
}

const refused = () =>
  new DomainError('unauthenticated', 'Email, password or authenticator code is incorrect.');

/**
 * Sign-in under the login throttle (decision 0033, as for merchants and customers): the password
 * and the code are the one check it counts, and fail alike so a guesser never learns the password
 * was right. A code is good once: the step it belongs to must be later than the last one
 * accepted, claimed atomically.
 */
export async function signInOperator(
  ctx: AppContext,
  input: { email: string; password: string; code: string },
  ip: string,
): Promise<OperatorSessionView> {
  const now = ctx.clock.now();
  const row = await checkPasswordThrottled(ctx, 'operator', input.email, ip, async () => {
    const found = await ctx.db
      .selectFrom('operators')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['email']), '=', input.email.trim().toLowerCase()))
      .executeTakeFirst();
    if (!(await verifyPassword(found?.password_hash, input.password))) return undefined;
    if (!found || found.disabled_at) return undefined;
    const step = matchTotp(
      base32Decode(ctx.secretBox.open(found.totp_secret_sealed)),
      input.code.replace(/\s/g, ''),
      now.getTime() / 1000,
    );
    if (step === null) return undefined;
    const claimed = await ctx.db
      .updateTable('operators')
      .set({ totp_last_step: Number(step) })
      .where('id', '=', found.id)
      .where((eb) =>
        eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', Number(step))]),
      )
      .returning('id')
      .executeTakeFirst();
    return claimed ? found : undefined;
  });
  if (!row) throw refused();
  return sessionFor(ctx, row, await openLogin(ctx.db, 'operator', row.id, now));
}

async function sessionFor(
  ctx: AppContext,
  row: Pick<OperatorRow, 'id' | 'email' | 'name'>,
  login: Login,
): Promise<OperatorSessionView> {
  const access = await ctx.tokens.issue(row.id, 'operator', login.sessionId);
  return {
    operator: viewOf(row),
    access_token: access.token,
    token_type: 'Bearer',
    expires_in: access.expiresInSeconds,
    refresh_token: login.refreshToken,
  };
}

/**
 * A refresh token (single use) for new tokens, while the account is enabled and the login is
 * younger than 12 hours (`OPERATOR_SESSION_MS`).
 */
export async function refreshOperatorSession(
  ctx: AppContext,
  refreshToken: string,
): Promise<OperatorSessionView> {
  const login = await rotateRefreshToken(ctx, 'operator', refreshToken, ctx.clock.now());
  const { subjectId } = login;
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
  return sessionFor(ctx, row, login);
}

/** Sign-out: the refresh token's login ends, and its access tokens with it (decision 0034). */
export async function signOutOperator(ctx: AppContext, refreshToken: string): Promise<void> {
  await endLogin(ctx, 'operator', refreshToken, ctx.clock.now());
}
