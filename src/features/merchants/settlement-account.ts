import type { AppContext } from '../../app-context.ts';
import { DomainError, notFound } from '../../domain/errors.ts';
import { validateSettlementAccount } from '../../domain/merchant.ts';
import { GatewayError } from '../../gateway/port.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { checkPasswordThrottled } from '../access/index.ts';
import { findMerchant } from './queries.ts';

/**
 * Changing where payouts go is the one setting that moves money away from the merchant, so the
 * dashboard asks for the password again (decision 0057): a session left open on a shop's
 * computer, or a stolen dashboard token, cannot redirect the payouts. Wrong passwords count toward
 * the sign-in throttle, as the password change's do.
 */
export async function confirmMerchantPassword(
  ctx: AppContext,
  merchantId: string,
  password: string | undefined,
  ip: string,
  /** The signed-in member: its own password is asked (the holder's is on the merchants row). */
  memberId?: string,
): Promise<void> {
  if (password === undefined || password === '') {
    throw new DomainError(
      'reauthentication_required',
      'Changing the settlement account needs your dashboard password: send it as `password`.',
    );
  }
  const row = await findMerchant(ctx.db, merchantId);
  if (!row) throw notFound('Merchant');
  const member = memberId
    ? await ctx.db
        .selectFrom('merchant_members')
        .select(['email', 'password_hash', 'account_holder'])
        .where('id', '=', memberId)
        .where('merchant_id', '=', merchantId)
        .executeTakeFirst()
    : undefined;
  // The account holder's e-mail and password are on the merchants row (decision 0064).
  const own =
    member && !member.account_holder && member.email
      ? { email: member.email, hash: member.password_hash }
      : { email: row.email, hash: row.password_hash };
  const right = await checkPasswordThrottled(ctx, 'merchant', own.email, ip, async () =>
    (await verifyPassword(own.hash, password)) ? true : undefined,
  );
  if (!right) {
    throw new DomainError(
      'reauthentication_required',
      'The password is not correct; the settlement account was not changed.',
    );
  }
}

/**
 * The account holder's name from the gateway's account resolve. An account the gateway cannot
 * name (its 422) is refused. When the gateway gives no usable answer, the account is saved
 * unnamed (null) rather than refused: the password already proved who asks, an outage must not
 * keep a merchant from fixing where payouts go, and the dashboard says the name is unconfirmed
 * (decision 0057).
 */
export async function resolveSettlementAccount(
  ctx: AppContext,
  account: { bankCode: string; accountNumber: string },
): Promise<string | null> {
  let resolved: Awaited<ReturnType<AppContext['gateway']['resolveAccount']>>;
  try {
    resolved = await ctx.gateway.resolveAccount(account);
  } catch (error) {
    if (error instanceof GatewayError) return null;
    throw error;
  }
  if (!resolved) {
    throw new DomainError(
      'account_not_resolved',
      `The bank knows no account ${account.accountNumber} (bank code ${account.bankCode}): check the number and the bank. Nothing was changed.`,
    );
  }
  return resolved.accountName;
}

export interface SettlementAccountCheck {
  object: 'settlement_account_check';
  bank_code: string;
  account_number: string;
  account_name: string;
}

/**
 * The holder's name for an account the merchant is about to make its settlement account, asked
 * of the bank before anything changes, so the form can show whose account it is before the
 * merchant confirms with the password (decision 0057). Changes nothing.
 */
export async function checkSettlementAccount(
  ctx: AppContext,
  merchantId: string,
  account: { bankCode: string; accountNumber: string },
): Promise<SettlementAccountCheck> {
  validateSettlementAccount(account);
  if (!(await findMerchant(ctx.db, merchantId))) throw notFound('Merchant');
  let resolved: Awaited<ReturnType<AppContext['gateway']['resolveAccount']>>;
  try {
    resolved = await ctx.gateway.resolveAccount(account);
  } catch (error) {
    if (error instanceof GatewayError) {
      throw new DomainError(
        'gateway_unavailable',
        'The bank could not be asked for the account’s name just now. Try again in a minute.',
      );
    }
    throw error;
  }
  if (!resolved) {
    throw new DomainError(
      'account_not_resolved',
      `The bank knows no account ${account.accountNumber} (bank code ${account.bankCode}): check the number and the bank.`,
    );
  }
  return {
    object: 'settlement_account_check',
    bank_code: account.bankCode,
    account_number: account.accountNumber,
    account_name: resolved.accountName,
  };
}
