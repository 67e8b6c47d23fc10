import type { Static } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { isUniqueViolation } from '../../db/database.ts';
import type { CustomerRow } from '../../db/schema.ts';
import { DomainError, notFound } from '../../domain/errors.ts';
import { newId } from '../../platform/ids.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import {
  checkPasswordThrottled,
  endLogin,
  openLogin,
  rotateRefreshToken,
} from '../access/index.ts';
import type { Customer } from './schemas.ts';

export type CustomerView = Static<typeof Customer>;

export function customerView(row: CustomerRow): CustomerView {
  return {
    id: row.id,
    object: 'customer',
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    phone: row.phone,
    phone_verified: row.phone_verified_at !== null,
    created_at: row.created_at.toISOString(),
  };
}

export interface CustomerSession {
  customer: CustomerView;
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
}

export async function openCustomerSession(
  ctx: AppContext,
  row: CustomerRow,
): Promise<CustomerSession> {
  const login = await openLogin(ctx.db, 'customer', row.id, ctx.clock.now());
  const access = await ctx.tokens.issue(row.id, 'customer', login.sessionId);
  return {
    customer: customerView(row),
    access_token: access.token,
    token_type: 'Bearer',
    expires_in: access.expiresInSeconds,
    refresh_token: login.refreshToken,
  };
}

/** Nigerian mobile numbers in local (080…) or international (+234…) form, stored as +234…. */
export function normalizeNigerianPhone(phone: string): string {
  const digits = phone.replace(/[\s()-]/g, '');
  const match = /^(?:\+?234|0)([789][01]\d{8})$/.exec(digits);
  if (!match) {
    throw new DomainError(
      'invalid_request',
      'phone must be a Nigerian mobile number such as 08031234567 or +2348031234567.',
      {
        fields: [
          {
            field: 'phone',
            message: 'Enter a Nigerian mobile number, such as 0803 123 4567 or +234 803 123 4567.',
          },
        ],
      },
    );
  }
  return `+234${match[1]}`;
}

export interface RegisterCustomerInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone: string;
}

export async function registerCustomer(
  ctx: AppContext,
  input: RegisterCustomerInput,
): Promise<CustomerSession> {
  const phone = normalizeNigerianPhone(input.phone);
  const now = ctx.clock.now();
  const passwordHash = await hashPassword(input.password);
  try {
    const row = await ctx.db
      .insertInto('customers')
      .values({
        id: newId('cus'),
        email: input.email.trim(),
        password_hash: passwordHash,
        first_name: input.firstName.trim(),
        last_name: input.lastName.trim(),
        phone,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return await openCustomerSession(ctx, row);
  } catch (error) {
    if (isUniqueViolation(error, 'customers_email_key')) {
      throw new DomainError(
        'email_taken',
        'An account with this email already exists. Log in instead.',
        {
          fields: [
            {
              field: 'email',
              message: 'An account with this email already exists. Sign in instead.',
            },
          ],
        },
      );
    }
    throw error;
  }
}

export async function loginCustomer(
  ctx: AppContext,
  email: string,
  password: string,
  ip: string,
): Promise<CustomerSession> {
  const row = await checkPasswordThrottled(ctx, 'customer', email, ip, async () => {
    const found = await ctx.db
      .selectFrom('customers')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
      .executeTakeFirst();
    return (await verifyPassword(found?.password_hash, password)) ? found : undefined;
  });
  if (!row) throw new DomainError('unauthenticated', 'Email or password is incorrect.');
  return openCustomerSession(ctx, row);
}

export async function refreshCustomerSession(
  ctx: AppContext,
  refreshToken: string,
): Promise<CustomerSession> {
  const {
    subjectId,
    sessionId,
    refreshToken: next,
  } = await rotateRefreshToken(ctx, 'customer', refreshToken, ctx.clock.now());
  const row = await ctx.db
    .selectFrom('customers')
    .selectAll()
    .where('id', '=', subjectId)
    .executeTakeFirst();
  if (!row) {
    throw new DomainError(
      'unauthenticated',
      'The refresh token is invalid or expired. Log in again.',
    );
  }
  const access = await ctx.tokens.issue(row.id, 'customer', sessionId);
  return {
    customer: customerView(row),
    access_token: access.token,
    token_type: 'Bearer',
    expires_in: access.expiresInSeconds,
    refresh_token: next,
  };
}

export interface SignedOut {
  object: 'sign_out';
  signed_out: true;
}

/** Sign-out: the login of `refreshToken` ends, its access tokens with it. Always the same answer. */
export async function signOutCustomer(ctx: AppContext, refreshToken: string): Promise<SignedOut> {
  await endLogin(ctx, 'customer', refreshToken, ctx.clock.now());
  return { object: 'sign_out', signed_out: true };
}

export async function getCustomer(ctx: AppContext, customerId: string): Promise<CustomerView> {
  const row = await ctx.db
    .selectFrom('customers')
    .selectAll()
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (!row) throw notFound('Customer');
  return customerView(row);
}
