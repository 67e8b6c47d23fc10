import type { AppContext } from '../../app-context.ts';
import { parseSecretKey } from '../../domain/api-key.ts';
import { DomainError, notFound } from '../../domain/errors.ts';
import { assertMerchantMayUseKey, merchantInactive } from '../../domain/merchant.ts';
import type { Principal, PrincipalKind, SecretKeyPrincipal } from '../../domain/principal.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import type { AccessTokenClaims } from '../../platform/tokens.ts';
import { isLoginLive } from './refresh-tokens.ts';

const unauthenticated = (detail: string) => new DomainError('unauthenticated', detail);

/** A secret key already resolved for this request (by the rate limiter): its principal or refusal. */
export interface CheckedSecretKey {
  key: string;
  outcome: SecretKeyPrincipal | DomainError;
}

/**
 * Resolves a bearer credential. Secret keys (`sk_…`) are looked up by digest (or taken from
 * `checked`, when this request's rate limiter already did); JWTs are checked for the audience
 * the route accepts and against their login (decision 0034), and an operator's also against the
 * account (decision 0035), so signing out or disabling an operator ends their tokens at once.
 */
export async function authenticate(
  ctx: AppContext,
  bearer: string | undefined,
  accepts: readonly PrincipalKind[],
  checked?: CheckedSecretKey,
): Promise<Principal> {
  if (!bearer) {
    throw unauthenticated('Missing credentials: send "Authorization: Bearer <key or token>".');
  }
  if (bearer.startsWith('pk_')) {
    // Publishable keys are public (decision 0055): they read the messaging plans, which take them
    // in their own route, and authenticate nothing here.
    throw unauthenticated(
      'A publishable key (pk_…) only reads GET /api/v1/messaging/plans, the messaging element’s plans. Call this route from your server with your secret key (sk_…).',
    );
  }
  if (bearer.startsWith('sk_')) {
    if (!accepts.includes('secret_key')) {
      throw unauthenticated('A secret key cannot be used on this route.');
    }
    if (checked?.key === bearer) {
      if (checked.outcome instanceof DomainError) throw checked.outcome;
      return checked.outcome;
    }
    return authenticateSecretKey(ctx, bearer);
  }
  if (bearer.startsWith('adm_')) {
    // The shared ADMIN_API_TOKEN of decision 0020, retired by decision 0035.
    throw unauthenticated(
      'Shared operator tokens are no longer accepted: sign in with your operator account (POST /api/v1/admin/login, or the console at /admin).',
    );
  }
  if (accepts.includes('admin')) {
    const claims = await ctx.tokens.verify(bearer, 'operator');
    if (claims) {
      await assertLoginLive(ctx, claims);
      const operator = await ctx.db
        .selectFrom('operators')
        .select(['id', 'name', 'disabled_at'])
        .where('id', '=', claims.subject)
        .executeTakeFirst();
      if (!operator || operator.disabled_at) throw unauthenticated('Invalid or expired token.');
      return { kind: 'admin', operatorId: operator.id, operatorName: operator.name };
    }
  }
  if (accepts.includes('customer')) {
    const claims = await ctx.tokens.verify(bearer, 'customer');
    if (claims) {
      await assertLoginLive(ctx, claims);
      return { kind: 'customer', customerId: claims.subject };
    }
  }
  if (accepts.includes('merchant_dashboard')) {
    const claims = await ctx.tokens.verify(bearer, 'merchant_dashboard');
    if (claims) {
      await assertLoginLive(ctx, claims);
      // The login's member and its role, read with each request: a role changed or a member
      // removed takes effect at once (decision 0064).
      const row = await ctx.db
        .selectFrom('refresh_token_families as f')
        .innerJoin('merchant_members as mm', 'mm.id', 'f.member_id')
        .innerJoin('merchants as m', 'm.id', 'mm.merchant_id')
        .select([
          'm.id',
          'm.status',
          'm.deactivation_reason',
          'm.support_refund_limit_kobo',
          'mm.id as member_id',
          'mm.name as member_name',
          'mm.role',
          'mm.account_holder',
          'mm.status as member_status',
          'mm.totp_enabled_at',
          'mm.two_factor_due_at',
        ])
        .where('f.id', '=', claims.sessionId)
        .where('m.id', '=', claims.subject)
        .executeTakeFirst();
      if (row?.member_status !== 'active') throw unauthenticated('Invalid or expired token.');
      if (row.status === 'deactivated') throw merchantInactive(row.deactivation_reason);
      return {
        kind: 'merchant_dashboard',
        merchantId: row.id,
        merchantStatus: row.status,
        member: {
          id: row.member_id,
          name: row.member_name,
          role: row.role,
          accountHolder: row.account_holder,
          supportRefundLimitKobo: row.support_refund_limit_kobo,
          twoFactorEnabled: row.totp_enabled_at !== null,
          twoFactorDueAt: row.two_factor_due_at,
        },
      };
    }
  }
  if (accepts.includes('secret_key') && !accepts.includes('customer')) {
    throw unauthenticated('Invalid API key: expected a secret key "sk_test_…" or "sk_live_…".');
  }
  throw unauthenticated('Invalid or expired token.');
}

/** An access token of a login that ended (sign-out, password change or reset) is refused. */
async function assertLoginLive(ctx: AppContext, claims: AccessTokenClaims): Promise<void> {
  if (!(await isLoginLive(ctx, claims.audience, claims.subject, claims.sessionId))) {
    throw unauthenticated('This session has ended (signed out or password changed). Log in again.');
  }
}

export async function authenticateSecretKey(
  ctx: AppContext,
  key: string,
): Promise<Principal & { kind: 'secret_key' }> {
  const parsed = parseSecretKey(key);
  if (!parsed) {
    throw unauthenticated(
      'Invalid API key: it is not a well-formed "sk_test_…" or "sk_live_…" key.',
    );
  }
  const digest = sha256Hex(key);
  const now = ctx.clock.now();
  const cached = ctx.credentialCache.get(digest, now);
  if (cached) return cached;
  if (ctx.credentialCache.isUnknown(digest, now)) throw unauthenticated('Invalid API key.');
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
      'merchants.deactivation_reason',
    ])
    .where('api_keys.digest', '=', digest)
    .executeTakeFirst();
  if (!row) {
    ctx.credentialCache.setUnknown(digest, now);
    throw unauthenticated('Invalid API key.');
  }
  if (row.revoked_at || (row.expires_at && row.expires_at <= now)) {
    throw unauthenticated(
      'This API key has been revoked or has expired. Use a current key from your dashboard.',
    );
  }
  assertMerchantMayUseKey(row.status, row.mode, row.deactivation_reason);
  const principal = {
    kind: 'secret_key' as const,
    merchantId: row.merchant_id,
    keyId: row.key_id,
    mode: row.mode,
    merchantStatus: row.status,
    defaultConstraints: row.default_constraints,
  };
  // Usable keys are cached, and digests of no key (above); the refusals of existing keys are
  // looked up again every time, as their merchant's status may change.
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

/**
 * Which objects a merchant caller reaches (decision 0015): its merchant's, and of those a secret
 * key only its own mode's (`livemode` set), the dashboard both (`livemode` unset). An object of
 * the other mode reads as 404, exactly like another merchant's.
 */
export interface ModeScope {
  merchantId: string;
  livemode?: boolean;
}

/**
 * `merchantScope` plus the mode. `requested` is the caller's `livemode` (a query filter or a
 * choice): the dashboard's narrows it to one mode; a secret key's must be its own mode (400
 * otherwise: an sk_test_ key never asks for live objects).
 */
export function modeScope(
  principal: Principal,
  merchantIdInPath: string,
  requested?: boolean,
): ModeScope {
  const merchantId = merchantScope(principal, merchantIdInPath);
  if (principal.kind !== 'secret_key') {
    return requested === undefined ? { merchantId } : { merchantId, livemode: requested };
  }
  const livemode = principal.mode === 'live';
  if (requested !== undefined && requested !== livemode) {
    throw new DomainError(
      'invalid_request',
      `livemode=${String(requested)} does not match the key: an sk_${principal.mode}_ key works in ${principal.mode} mode only.`,
    );
  }
  return { merchantId, livemode };
}

/** The one mode a change applies to: the key's own; the dashboard must name it with `livemode`. */
export function chosenMode(scope: ModeScope, what: string): boolean {
  if (scope.livemode === undefined) {
    throw new DomainError(
      'invalid_request',
      `Say which mode ${what}: livemode=true or livemode=false in the query (a secret key uses its own mode).`,
    );
  }
  return scope.livemode;
}

/** Whether an object of `livemode` is within `scope` (its merchant is checked separately). */
export function inMode(scope: Pick<ModeScope, 'livemode'>, livemode: boolean): boolean {
  return scope.livemode === undefined || scope.livemode === livemode;
}

/**
 * For what has the mode of the deployment's gateway rather than a mode of its own: the wallet and
 * payouts (the ledger has no mode; its money moves through the one gateway key, sk_live_ → live,
 * and payout events carry that mode). A key of the other mode reaches none of it (404); the
 * dashboard does. Returns the merchant id.
 */
export function gatewayModeScope(
  principal: Principal,
  merchantIdInPath: string,
  gatewayLivemode: boolean,
  what: string,
): string {
  const scope = modeScope(principal, merchantIdInPath);
  if (!inMode(scope, gatewayLivemode)) throw notFound(what);
  return scope.merchantId;
}
