import type { AppContext } from '../../app-context.ts';
import type { StoredConstraints } from '../../db/schema.ts';
import type { KeyMode } from '../../domain/api-key.ts';
import { normaliseCheckoutOrigins } from '../../domain/checkout-origins.ts';
import { DomainError, notFound } from '../../domain/errors.ts';
import {
  CUSTOMER_TIERS,
  type GoodsReleaseRule,
  normaliseSupportContact,
  validateSettlementAccount,
} from '../../domain/merchant.ts';
import {
  isPartialDebitFloorPct,
  PARTIAL_DEBIT_FLOOR_PCT_MAX,
  PARTIAL_DEBIT_FLOOR_PCT_MIN,
} from '../../domain/partial-debit.ts';
import {
  type Frequency,
  type SessionConstraints,
  validateConstraints,
} from '../../domain/session-constraints.ts';
import { setWebhookUrl } from '../merchant-webhooks/index.ts';
import { runCredentialChange } from './credential-change.ts';
import { viewOf } from './queries.ts';
import { confirmMerchantPassword, resolveSettlementAccount } from './settlement-account.ts';
import type { MerchantView } from './views.ts';
import { checkWebhookUrl } from './webhook-settings.ts';

export function constraintsToStored(c: SessionConstraints): StoredConstraints {
  return {
    allowed_frequencies: [...c.allowedFrequencies],
    max_weekly_duration: c.maxWeeklyDuration,
    max_monthly_duration: c.maxMonthlyDuration,
    min_upfront_pct: c.minUpfrontPct,
    allowed_schedule_types: [...c.allowedScheduleTypes],
  };
}

export interface MerchantSettingsInput {
  webhookUrl?: string | null;
  /** Whose endpoint `webhookUrl` sets (decision 0015): required with it. */
  webhookLivemode?: boolean;
  settlementAccount?: { bankCode: string; accountNumber: string } | null;
  /**
   * The merchant's password, checked before the settlement account changes (decision 0057).
   * `undefined` with `reauthenticate` unset: the caller holds a secret key, which is not asked.
   */
  password?: string | undefined;
  defaultConstraints?: SessionConstraints;
  minCustomerTier?: string;
  goodsReleaseRule?: GoodsReleaseRule;
  /** Origins allowed to embed the checkout (decision 0013); `null` or `[]` clears. */
  allowedCheckoutOrigins?: readonly string[] | null;
  /** Partial debits on retries (decision 0045): the floor in whole percent; `null` turns them off. */
  partialDebitFloorPct?: number | null;
  /** How customers reach the shop, shown by the checkout; `null` clears all of it. */
  supportContact?: { email?: string | null; phone?: string | null; website?: string | null } | null;
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
  /** A dashboard caller changing the settlement account proves it is the merchant again. */
  reauthenticate?: { ip: string; memberId?: string },
): Promise<MerchantView> {
  const webhookLivemode = input.webhookLivemode;
  if (input.webhookUrl !== undefined && webhookLivemode === undefined) {
    throw new DomainError(
      'invalid_request',
      'Say which mode’s webhook_url this is: livemode=true or livemode=false in the query (the dashboard sets either; a secret key sets its own mode’s).',
    );
  }
  if (input.webhookUrl) {
    await checkWebhookUrl(
      input.webhookUrl,
      webhookLivemode === true,
      ctx.settings.loopbackTestWebhooks,
    );
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
  if (
    input.partialDebitFloorPct !== undefined &&
    input.partialDebitFloorPct !== null &&
    !isPartialDebitFloorPct(input.partialDebitFloorPct)
  ) {
    throw new DomainError(
      'invalid_request',
      `partial_debit_floor_pct must be a whole number from ${PARTIAL_DEBIT_FLOOR_PCT_MIN} to ${PARTIAL_DEBIT_FLOOR_PCT_MAX} (the least share of an overdue installment a retry may collect), or null to turn partial debits off; got ${String(input.partialDebitFloorPct)}.`,
    );
  }
  if (input.settlementAccount !== undefined && reauthenticate) {
    await confirmMerchantPassword(
      ctx,
      merchantId,
      input.password,
      reauthenticate.ip,
      reauthenticate.memberId,
    );
  }
  // The gateway names the account before anything changes (a network call: outside the write).
  const settlementAccountName = input.settlementAccount
    ? await resolveSettlementAccount(ctx, input.settlementAccount)
    : null;
  const checkoutOrigins =
    input.allowedCheckoutOrigins === undefined
      ? undefined
      : normaliseCheckoutOrigins(input.allowedCheckoutOrigins);
  const supportContact =
    input.supportContact === undefined
      ? undefined
      : normaliseSupportContact(input.supportContact ?? {});
  const now = ctx.clock.now();
  return runCredentialChange(ctx, merchantId, async (tx) => {
    const changes: Record<string, unknown> = { updated_at: now };
    // Setting the URL again (even to the same address) re-enables an endpoint disabled by 410.
    if (input.webhookUrl !== undefined && webhookLivemode !== undefined) {
      await setWebhookUrl(tx, merchantId, webhookLivemode, input.webhookUrl, now);
    }
    if (input.settlementAccount !== undefined) {
      changes.settlement_bank_code = input.settlementAccount?.bankCode ?? null;
      changes.settlement_account_number = input.settlementAccount?.accountNumber ?? null;
      changes.settlement_account_name = settlementAccountName;
    }
    if (input.defaultConstraints) {
      changes.default_constraints = JSON.stringify(constraintsToStored(input.defaultConstraints));
    }
    if (input.minCustomerTier !== undefined) changes.min_customer_tier = input.minCustomerTier;
    if (input.goodsReleaseRule) changes.goods_release_rule = JSON.stringify(input.goodsReleaseRule);
    if (checkoutOrigins !== undefined) changes.allowed_checkout_origins = checkoutOrigins;
    if (input.partialDebitFloorPct !== undefined) {
      changes.partial_debit_floor_pct = input.partialDebitFloorPct;
    }
    if (supportContact) {
      changes.support_email = supportContact.email;
      changes.support_phone = supportContact.phone;
      changes.support_website = supportContact.website;
    }
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

export type { Frequency };
