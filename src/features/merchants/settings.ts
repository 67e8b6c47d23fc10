import type { Static } from 'typebox';
import type { ApiKey } from './schemas.ts';
import { lookup } from 'node:dns/promises';
import {
  insertWebhookEndpoints,
  loadWebhookEndpoints,
  refusedWebhookHost,
  replaceWebhookSecret,
  setWebhookUrl,
} from '../merchant-webhooks/index.ts';
import { sql } from 'kysely';
import {
  announceCredentialChange,
  assertLoginAllowed,
  clearLoginFailures,
  issueRefreshToken,
  recordLoginFailure,
  revokeRefreshTokensOf,
  rotateRefreshToken,
} from '../access/index.ts';
import type { Db, Tx } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/database.ts';
import type { MerchantRow, StoredConstraints } from '../../db/schema.ts';
import { runWrite } from '../../db/write.ts';
import type { KeyMode } from '../../domain/api-key.ts';
import { normaliseCheckoutOrigins } from '../../domain/checkout-origins.ts';
import { DomainError, notFound } from '../../domain/errors.ts';
import {
  approvedStatus,
  CUSTOMER_TIERS,
  DEFAULT_GOODS_RELEASE_RULE,
  DEFAULT_MIN_CUSTOMER_TIER,
  merchantInactive,
  validateSettlementAccount,
  type GoodsReleaseRule,
} from '../../domain/merchant.ts';
import {
  DEFAULT_SESSION_CONSTRAINTS,
  validateConstraints,
  type Frequency,
  type SessionConstraints,
} from '../../domain/session-constraints.ts';
import { operatorReason } from '../../domain/operator-action.ts';
import { newId, randomBase62 } from '../../platform/ids.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { issueSecretKey } from './api-keys.ts';
import type { AppContext } from '../../app-context.ts';
import { merchantView, type MerchantView } from './views.ts';
import { type Operator, recordOperatorAction } from '../audit-log/index.ts';

/** The credentials a new merchant receives once: keys and webhook secrets are never shown again. */
export interface MerchantCredentials {
  merchant: MerchantView;
  secret_keys: { test: string; live: string };
  /** One signing secret per mode (decision 0015). */
  webhook_secrets: { test: string; live: string };
  /** `webhook_secrets.test`, kept for clients written before per-mode secrets (sandbox first). */
  webhook_secret: string;
}

/** Merchant records with their webhook endpoints; `mode`: see merchantView. */
async function viewsOf(
  db: Db | Tx,
  rows: readonly MerchantRow[],
  mode?: KeyMode,
): Promise<MerchantView[]> {
  const endpoints = await loadWebhookEndpoints(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => merchantView(row, endpoints.get(row.id) ?? [], mode));
}

async function viewOf(db: Db | Tx, row: MerchantRow, mode?: KeyMode): Promise<MerchantView> {
  const endpoints = await loadWebhookEndpoints(db, [row.id]);
  return merchantView(row, endpoints.get(row.id) ?? [], mode);
}

export function newWebhookSecret(): string {
  return `whsec_${randomBase62(43)}`;
}

export function constraintsToStored(c: SessionConstraints): StoredConstraints {
  return {
    allowed_frequencies: [...c.allowedFrequencies],
    max_weekly_duration: c.maxWeeklyDuration,
    max_monthly_duration: c.maxMonthlyDuration,
    min_upfront_pct: c.minUpfrontPct,
    allowed_schedule_types: [...c.allowedScheduleTypes],
  };
}

export interface NewMerchantInput {
  businessName: string;
  email: string;
  password?: string;
  approve?: boolean;
}

/** Self-registration (API, dashboard) and operator creation (CLI) share this path. */
export async function createMerchant(
  ctx: AppContext,
  input: NewMerchantInput,
): Promise<MerchantCredentials> {
  const now = ctx.clock.now();
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  const webhookSecrets = { test: newWebhookSecret(), live: newWebhookSecret() };
  try {
    return await runWrite(ctx.db, async (tx) => {
      const row = await tx
        .insertInto('merchants')
        .values({
          id: newId('mer'),
          business_name: input.businessName.trim(),
          email: input.email.trim(),
          password_hash: passwordHash,
          status: input.approve ? 'active' : 'pending_approval',
          approved_at: input.approve ? now : null,
          deactivated_at: null,
          settlement_bank_code: null,
          settlement_account_number: null,
          default_constraints: JSON.stringify(constraintsToStored(DEFAULT_SESSION_CONSTRAINTS)),
          min_customer_tier: DEFAULT_MIN_CUSTOMER_TIER,
          goods_release_rule: JSON.stringify(DEFAULT_GOODS_RELEASE_RULE),
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const endpoints = await insertWebhookEndpoints(
        tx,
        row.id,
        {
          test: ctx.secretBox.seal(webhookSecrets.test),
          live: ctx.secretBox.seal(webhookSecrets.live),
        },
        now,
      );
      const test = await issueSecretKey(tx, row.id, 'test', now);
      const live = await issueSecretKey(tx, row.id, 'live', now);
      return {
        merchant: merchantView(row, endpoints),
        secret_keys: { test: test.secret, live: live.secret },
        webhook_secrets: webhookSecrets,
        webhook_secret: webhookSecrets.test,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'merchants_email_key')) {
      throw new DomainError('email_taken', 'A merchant account with this email already exists.');
    }
    throw error;
  }
}

export async function findMerchant(db: Db, merchantId: string): Promise<MerchantRow | undefined> {
  return db.selectFrom('merchants').selectAll().where('id', '=', merchantId).executeTakeFirst();
}

/** The merchant record, shared by both modes; `mode`: whose webhook endpoint `webhook_url` shows. */
export async function getMerchant(
  ctx: AppContext,
  merchantId: string,
  mode?: KeyMode,
): Promise<MerchantView> {
  const row = await findMerchant(ctx.db, merchantId);
  if (!row) throw notFound('Merchant');
  return viewOf(ctx.db, row, mode);
}

/**
 * A change to what a merchant's keys may do (status, keys, the settings loaded with a key): one
 * transaction that also announces it to every API process, then this process's cache forgets it.
 */
async function runCredentialChange<T>(
  ctx: AppContext,
  merchantId: string,
  command: (tx: Tx) => Promise<T>,
): Promise<T> {
  const result = await runWrite(ctx.db, async (tx) => {
    const value = await command(tx);
    await announceCredentialChange(tx, merchantId);
    return value;
  });
  ctx.credentialCache.invalidateMerchant(merchantId);
  return result;
}

/**
 * An operator's change of a merchant's status, and its audit row, in one transaction
 * (decision 0020). `next` gives the new status fields from the current row.
 */
async function setStatus(
  ctx: AppContext,
  merchantId: string,
  change: {
    action: 'merchant.approve' | 'merchant.deactivate' | 'merchant.reactivate';
    operator: Operator;
    reason: string | null;
    next: (
      row: MerchantRow,
    ) => Partial<
      Pick<MerchantRow, 'status' | 'approved_at' | 'deactivated_at' | 'deactivation_reason'>
    >;
  },
): Promise<MerchantView> {
  const now = ctx.clock.now();
  return runCredentialChange(ctx, merchantId, async (tx) => {
    const row = await tx
      .selectFrom('merchants')
      .selectAll()
      .where('id', '=', merchantId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound('Merchant');
    const updated = await tx
      .updateTable('merchants')
      .set({ ...change.next(row), updated_at: now })
      .where('id', '=', merchantId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordOperatorAction(
      tx,
      change.operator,
      {
        action: change.action,
        target: { type: 'merchant', id: merchantId },
        reason: change.reason,
        detail: { from: row.status, to: updated.status, business_name: row.business_name },
      },
      now,
    );
    return viewOf(tx, updated);
  });
}

/** Live keys start working. A reason is optional. */
export async function approveMerchant(
  ctx: AppContext,
  merchantId: string,
  operator: Operator,
  reason?: string | null,
): Promise<MerchantView> {
  return setStatus(ctx, merchantId, {
    action: 'merchant.approve',
    operator,
    reason: operatorReason(reason, 'optional', 'approve a merchant'),
    next: (row) => ({
      status: approvedStatus(row.status),
      approved_at: row.approved_at ?? ctx.clock.now(),
    }),
  });
}

/** Every call of the merchant gets 403, with `reason` (required) in the answer. */
export async function deactivateMerchant(
  ctx: AppContext,
  merchantId: string,
  operator: Operator,
  reason: string | null | undefined,
): Promise<MerchantView> {
  const why = operatorReason(reason, 'required', 'deactivate a merchant');
  return setStatus(ctx, merchantId, {
    action: 'merchant.deactivate',
    operator,
    reason: why,
    next: (row) => ({
      status: 'deactivated',
      deactivated_at: row.deactivated_at ?? ctx.clock.now(),
      deactivation_reason: why,
    }),
  });
}

/** Back to where the merchant was before: active if it had been approved, else pending. */
export async function reactivateMerchant(
  ctx: AppContext,
  merchantId: string,
  operator: Operator,
  reason: string | null | undefined,
): Promise<MerchantView> {
  return setStatus(ctx, merchantId, {
    action: 'merchant.reactivate',
    operator,
    reason: operatorReason(reason, 'required', 'reactivate a merchant'),
    next: (row) => ({
      status: row.approved_at ? 'active' : 'pending_approval',
      deactivated_at: null,
      deactivation_reason: null,
    }),
  });
}

export async function listMerchants(
  ctx: AppContext,
  filter: { status?: MerchantRow['status']; limit: number; offset: number },
): Promise<{ data: MerchantView[]; total: number }> {
  let query = ctx.db.selectFrom('merchants');
  if (filter.status) query = query.where('status', '=', filter.status);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      // Pending approval first: that is the operator's queue.
      .orderBy(sql`status = 'pending_approval'`, 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { data: await viewsOf(ctx.db, rows), total: Number(count.total) };
}

export interface MerchantSettingsInput {
  webhookUrl?: string | null;
  /** Whose endpoint `webhookUrl` sets (decision 0015): required with it. */
  webhookLivemode?: boolean;
  settlementAccount?: { bankCode: string; accountNumber: string } | null;
  defaultConstraints?: SessionConstraints;
  minCustomerTier?: string;
  goodsReleaseRule?: GoodsReleaseRule;
  /** Origins allowed to embed the checkout (decision 0013); `null` or `[]` clears. */
  allowedCheckoutOrigins?: readonly string[] | null;
}

export function validateGoodsReleaseRule(rule: GoodsReleaseRule): void {
  if (
    rule.type === 'percentage_paid' &&
    !(Number.isInteger(rule.percentage) && rule.percentage >= 1 && rule.percentage <= 100)
  ) {
    throw new DomainError(
      'invalid_request',
      'goods_release_rule.percentage must be an integer from 1 to 100.',
    );
  }
}

export function validateWebhookUrl(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DomainError('invalid_request', 'webhook_url must be an absolute URL.');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new DomainError(
      'invalid_request',
      'webhook_url must use https (or http for local development).',
    );
  }
  if (parsed.username || parsed.password) {
    throw new DomainError('invalid_request', 'webhook_url must not contain credentials.');
  }
}

/** A slow resolver must not hold a settings update: unresolved counts as "not yet resolvable". */
const RESOLVE_TIMEOUT_MS = 2_000;

async function resolveHost(host: string): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('lookup timed out')), RESOLVE_TIMEOUT_MS);
  });
  try {
    const found = await Promise.race([lookup(host, { all: true }), timeout]);
    return found.map((entry) => entry.address);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Changes the merchant's settings. The record is shared by both modes; only the webhook URL
 * belongs to one mode (`webhookLivemode`'s). `viewMode`: whose endpoint the answer's
 * `webhook_url` shows.
 */
export async function updateMerchantSettings(
  ctx: AppContext,
  merchantId: string,
  input: MerchantSettingsInput,
  viewMode?: KeyMode,
): Promise<MerchantView> {
  const webhookLivemode = input.webhookLivemode;
  if (input.webhookUrl !== undefined && webhookLivemode === undefined)
    throw new DomainError(
      'invalid_request',
      'Say which mode’s webhook_url this is: livemode=true or livemode=false in the query (the dashboard sets either; a secret key sets its own mode’s).',
    );
  if (input.webhookUrl) {
    validateWebhookUrl(input.webhookUrl);
    // A live endpoint must be public; a test endpoint may be loopback (local development).
    const why = await refusedWebhookHost(
      new URL(input.webhookUrl).hostname,
      resolveHost,
      webhookLivemode === true ? 'public_only' : 'public_or_loopback',
    );
    if (why) throw new DomainError('invalid_request', `webhook_url is not allowed: ${why}.`);
  }
  if (input.settlementAccount) validateSettlementAccount(input.settlementAccount);
  if (input.defaultConstraints) validateConstraints(input.defaultConstraints);
  if (input.goodsReleaseRule) validateGoodsReleaseRule(input.goodsReleaseRule);
  if (
    input.minCustomerTier !== undefined &&
    !(CUSTOMER_TIERS as readonly string[]).includes(input.minCustomerTier)
  ) {
    throw new DomainError(
      'invalid_request',
      `min_customer_tier must be one of: ${CUSTOMER_TIERS.join(', ')}.`,
    );
  }
  const checkoutOrigins =
    input.allowedCheckoutOrigins === undefined
      ? undefined
      : normaliseCheckoutOrigins(input.allowedCheckoutOrigins);
  const now = ctx.clock.now();
  return runCredentialChange(ctx, merchantId, async (tx) => {
    const changes: Record<string, unknown> = { updated_at: now };
    // Setting the URL again (even to the same address) re-enables an endpoint disabled by 410.
    if (input.webhookUrl !== undefined && webhookLivemode !== undefined)
      await setWebhookUrl(tx, merchantId, webhookLivemode, input.webhookUrl, now);
    if (input.settlementAccount !== undefined) {
      changes.settlement_bank_code = input.settlementAccount?.bankCode ?? null;
      changes.settlement_account_number = input.settlementAccount?.accountNumber ?? null;
    }
    if (input.defaultConstraints)
      changes.default_constraints = JSON.stringify(constraintsToStored(input.defaultConstraints));
    if (input.minCustomerTier !== undefined) changes.min_customer_tier = input.minCustomerTier;
    if (input.goodsReleaseRule) changes.goods_release_rule = JSON.stringify(input.goodsReleaseRule);
    if (checkoutOrigins !== undefined) changes.allowed_checkout_origins = checkoutOrigins;
    const row = await tx
      .updateTable('merchants')
      .set(changes)
      .where('id', '=', merchantId)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound('Merchant');
    return viewOf(tx, row, viewMode);
  });
}

/** Overlap during which deliveries are also verifiable with the previous webhook secret. */
export const WEBHOOK_SECRET_OVERLAP_MS = 24 * 60 * 60_000;

/**
 * Rolls one mode's webhook secret (decision 0015); the previous one keeps signing
 * (X-Tranche-Signature-Previous) for WEBHOOK_SECRET_OVERLAP_MS. The other mode's is untouched.
 */
export async function rollWebhookSecret(
  ctx: AppContext,
  merchantId: string,
  livemode: boolean,
): Promise<{ webhook_secret: string; previous_secret_expires_at: string; livemode: boolean }> {
  const now = ctx.clock.now();
  const secret = newWebhookSecret();
  const overlapEnds = new Date(now.getTime() + WEBHOOK_SECRET_OVERLAP_MS);
  await runWrite(ctx.db, (tx) =>
    replaceWebhookSecret(tx, merchantId, livemode, ctx.secretBox.seal(secret), overlapEnds, now),
  );
  return {
    webhook_secret: secret,
    previous_secret_expires_at: overlapEnds.toISOString(),
    livemode,
  };
}

export type ApiKeyView = Static<typeof ApiKey>;

export async function listApiKeys(ctx: AppContext, merchantId: string): Promise<ApiKeyView[]> {
  const rows = await ctx.db
    .selectFrom('api_keys')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    object: 'api_key',
    mode: r.mode,
    redacted: r.redacted,
    created_at: r.created_at.toISOString(),
    expires_at: r.expires_at?.toISOString() ?? null,
    revoked_at: r.revoked_at?.toISOString() ?? null,
  }));
}

/**
 * Issues a new key of `mode`. The merchant's other keys of that mode stop working after
 * `expireOldAfterMinutes` (0: at once), like Stripe's roll with an expiry for the old key.
 */
export async function rollApiKey(
  ctx: AppContext,
  merchantId: string,
  mode: KeyMode,
  expireOldAfterMinutes: number,
): Promise<{ id: string; mode: KeyMode; secret_key: string; previous_keys_expire_at: string }> {
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + expireOldAfterMinutes * 60_000);
  return runCredentialChange(ctx, merchantId, async (tx) => {
    await tx
      .updateTable('api_keys')
      .set({ expires_at: expiresAt })
      .where('merchant_id', '=', merchantId)
      .where('mode', '=', mode)
      .where('revoked_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', expiresAt)]))
      .execute();
    const issued = await issueSecretKey(tx, merchantId, mode, now);
    return {
      id: issued.id,
      mode,
      secret_key: issued.secret,
      previous_keys_expire_at: expiresAt.toISOString(),
    };
  });
}

export async function revokeApiKey(
  ctx: AppContext,
  merchantId: string,
  keyId: string,
): Promise<void> {
  const now = ctx.clock.now();
  await runCredentialChange(ctx, merchantId, async (tx) => {
    const key = await tx
      .updateTable('api_keys')
      .set({ revoked_at: sql<Date>`COALESCE(revoked_at, ${now})` })
      .where('id', '=', keyId)
      .where('merchant_id', '=', merchantId)
      .returning('id')
      .executeTakeFirst();
    if (!key) throw notFound('API key');
  });
}

export interface LoginResult {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
}

/** Dashboard login for merchants. Wrong password and unknown email answer alike. */
export async function loginMerchant(
  ctx: AppContext,
  email: string,
  password: string,
  ip: string,
): Promise<LoginResult & { merchant: MerchantView }> {
  await assertLoginAllowed(ctx, 'merchant', email, ip);
  const row = await ctx.db
    .selectFrom('merchants')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .executeTakeFirst();
  const ok = await verifyPassword(row?.password_hash, password);
  if (!row || !ok) {
    await recordLoginFailure(ctx, 'merchant', email, ip);
    throw new DomainError('unauthenticated', 'Email or password is incorrect.');
  }
  if (row.status === 'deactivated') throw merchantInactive(row.deactivation_reason);
  await clearLoginFailures(ctx, 'merchant', email);
  const access = await ctx.tokens.issue(row.id, 'merchant_dashboard');
  const refresh = await issueRefreshToken(ctx.db, 'merchant', row.id, ctx.clock.now());
  return {
    access_token: access.token,
    token_type: 'Bearer',
    expires_in: access.expiresInSeconds,
    refresh_token: refresh,
    merchant: await viewOf(ctx.db, row),
  };
}

export type { Frequency };

/**
 * A signed-in merchant changes its dashboard password: the current one is checked (wrong
 * attempts count toward the login throttle, so a stolen session cannot guess it), every other
 * login ends (its refresh tokens are revoked), and the caller gets a fresh session.
 */
export async function changeMerchantPassword(
  ctx: AppContext,
  merchantId: string,
  passwords: { current: string; next: string },
  ip: string,
): Promise<LoginResult & { merchant: MerchantView }> {
  const row = await findMerchant(ctx.db, merchantId);
  if (!row) throw notFound('Merchant');
  await assertLoginAllowed(ctx, 'merchant', row.email, ip);
  if (!(await verifyPassword(row.password_hash, passwords.current))) {
    await recordLoginFailure(ctx, 'merchant', row.email, ip);
    throw new DomainError('forbidden', 'The current password is not correct.');
  }
  const now = ctx.clock.now();
  await ctx.db
    .updateTable('merchants')
    .set({ password_hash: await hashPassword(passwords.next), updated_at: now })
    .where('id', '=', merchantId)
    .execute();
  await revokeRefreshTokensOf(ctx.db, 'merchant', merchantId, now);
  await clearLoginFailures(ctx, 'merchant', row.email);
  const access = await ctx.tokens.issue(row.id, 'merchant_dashboard');
  return {
    access_token: access.token,
    token_type: 'Bearer',
    expires_in: access.expiresInSeconds,
    refresh_token: await issueRefreshToken(ctx.db, 'merchant', row.id, now),
    merchant: await viewOf(ctx.db, row),
  };
}

/** Exchanges a dashboard refresh token (single use) for new tokens. */
export async function refreshMerchantSession(
  ctx: AppContext,
  refreshToken: string,
): Promise<LoginResult & { merchant: MerchantView }> {
  const { subjectId, refreshToken: next } = await rotateRefreshToken(
    ctx.db,
    'merchant',
    refreshToken,
    ctx.clock.now(),
  );
  const row = await findMerchant(ctx.db, subjectId);
  if (!row)
    throw new DomainError(
      'unauthenticated',
      'The refresh token is invalid or expired. Log in again.',
    );
  if (row.status === 'deactivated') throw merchantInactive(row.deactivation_reason);
  const access = await ctx.tokens.issue(row.id, 'merchant_dashboard');
  return {
    access_token: access.token,
    token_type: 'Bearer',
    expires_in: access.expiresInSeconds,
    refresh_token: next,
    merchant: await viewOf(ctx.db, row),
  };
}
