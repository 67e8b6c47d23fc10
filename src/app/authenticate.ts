import { parseSecretKey, type KeyMode } from '../domain/api-key.ts';
import { DomainError } from '../domain/errors.ts';
import { assertMerchantMayUseKey, type MerchantStatus } from '../domain/merchant.ts';
import { constantTimeEqual, sha256Hex } from '../platform/crypto.ts';
import type { AppContext } from './context.ts';
import type { StoredConstraints } from '../db/schema.ts';

/** Who is calling. Each route states which kinds it accepts. */
export type Principal =
  | {
      kind: 'secret_key';
      merchantId: string;
      keyId: string;
      mode: KeyMode;
      merchantStatus: MerchantStatus;
      /** Loaded with the key because session creation snapshots them (saves a query on the hot path). */
      defaultConstraints: StoredConstraints;
    }
  | { kind: 'merchant_dashboard'; merchantId: string; merchantStatus: MerchantStatus }
  | { kind: 'customer'; customerId: string }
  | { kind: 'admin' };

export type PrincipalKind = Principal['kind'];

const unauthenticated = (detail: string) => new DomainError('unauthenticated', detail);

/**
 * Resolves a bearer credential. Secret keys (`sk_…`) are looked up by digest; JWTs are checked
 * for the audience the route accepts; the admin token is compared in constant time.
 */
export async function authenticate(
  ctx: AppContext,
  bearer: string | undefined,
  accepts: readonly PrincipalKind[],
): Promise<Principal> {
  if (!bearer)
    throw unauthenticated('Missing credentials: send "Authorization: Bearer <key or token>".');
  if (bearer.startsWith('sk_')) {
    if (!accepts.includes('secret_key'))
      throw unauthenticated('A secret key cannot be used on this route.');
    return authenticateSecretKey(ctx, bearer);
  }
  if (bearer.startsWith('adm_')) {
    if (!accepts.includes('admin'))
      throw unauthenticated('An operator token cannot be used on this route.');
    if (constantTimeEqual(bearer, ctx.settings.adminApiToken)) return { kind: 'admin' };
    throw unauthenticated('Invalid admin token.');
  }
  if (accepts.includes('customer')) {
    const claims = await ctx.tokens.verify(bearer, 'customer');
    if (claims) return { kind: 'customer', customerId: claims.subject };
  }
  if (accepts.includes('merchant_dashboard')) {
    const claims = await ctx.tokens.verify(bearer, 'merchant_dashboard');
    if (claims) {
      const merchant = await ctx.db
        .selectFrom('merchants')
        .select(['id', 'status'])
        .where('id', '=', claims.subject)
        .executeTakeFirst();
      if (!merchant) throw unauthenticated('Invalid or expired token.');
      if (merchant.status === 'deactivated')
        throw new DomainError('merchant_inactive', 'This merchant account is deactivated.');
      return {
        kind: 'merchant_dashboard',
        merchantId: merchant.id,
        merchantStatus: merchant.status,
      };
    }
  }
  if (accepts.includes('secret_key') && !accepts.includes('customer')) {
    throw unauthenticated('Invalid API key: expected a secret key "sk_test_…" or "sk_live_…".');
  }
  throw unauthenticated('Invalid or expired token.');
}

export async function authenticateSecretKey(
  ctx: AppContext,
  key: string,
): Promise<Principal & { kind: 'secret_key' }> {
  const parsed = parseSecretKey(key);
  if (!parsed)
    throw unauthenticated(
      'Invalid API key: it is not a well-formed "sk_test_…" or "sk_live_…" key.',
    );
  const digest = sha256Hex(key);
  const now = ctx.clock.now();
  const cached = ctx.credentialCache.get(digest, now);
  if (cached) return cached;
  const row = await ctx.db
    .selectFrom('api_keys')
    .innerJoin('merchants', 'merchants.id', 'api_keys.merchant_id')
    .select([
      'api_keys.id as key_id',
      'api_keys.mode',
      'api_keys.revoked_at',
      'api_keys.expires_at',
      'merchants.id as merchant_id',
      'merchants.status',
      'merchants.default_constraints',
    ])
    .where('api_keys.digest', '=', digest)
    .executeTakeFirst();
  if (!row) throw unauthenticated('Invalid API key.');
  if (row.revoked_at || (row.expires_at && row.expires_at <= now)) {
    throw unauthenticated(
      'This API key has been revoked or has expired. Use a current key from your dashboard.',
    );
  }
  assertMerchantMayUseKey(row.status, row.mode);
  const principal = {
    kind: 'secret_key' as const,
    merchantId: row.merchant_id,
    keyId: row.key_id,
    mode: row.mode,
    merchantStatus: row.status,
    defaultConstraints: row.default_constraints,
  };
  // Only usable keys are cached; refusals are looked up again every time.
  ctx.credentialCache.set(digest, principal, row.expires_at, now);
  return principal;
}

/** The merchant a merchant principal acts for; 404 (not 403) for any other merchant's id. */
export function merchantScope(principal: Principal, merchantIdInPath: string): string {
  if (
    (principal.kind === 'secret_key' || principal.kind === 'merchant_dashboard') &&
    principal.merchantId === merchantIdInPath
  ) {
    return principal.merchantId;
  }
  if (principal.kind === 'admin') return merchantIdInPath;
  throw new DomainError('not_found', 'Merchant was not found.');
}
