import type { Static } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { parsePublishableKey } from '../../domain/api-key.ts';
import { DomainError } from '../../domain/errors.ts';
import { assertMerchantMayUseKey } from '../../domain/merchant.ts';
import { type OfferedPlan, planOffer } from '../../domain/plan-offer.ts';
import { constraintsFromStored } from '../checkout/index.ts';
import type { MessagingPlan, MessagingPlans } from './schemas.ts';

export type MessagingPlansView = Static<typeof MessagingPlans>;

export interface PublishableKeyPrincipal {
  merchantId: string;
  merchantName: string;
  mode: 'test' | 'live';
  defaultConstraints: Parameters<typeof constraintsFromStored>[0];
}

const unauthenticated = (detail: string) => new DomainError('unauthenticated', detail);

/**
 * A publishable key's merchant (decision 0055). Looked up on each call: the answer is cached by
 * browsers and shared caches (Cache-Control, ETag), so most page views never reach it.
 */
export async function authenticatePublishableKey(
  ctx: AppContext,
  key: string | undefined,
): Promise<PublishableKeyPrincipal> {
  if (key === undefined || key === '') {
    throw unauthenticated(
      'Missing publishable key: send ?key=pk_test_… (or pk_live_…) from your dashboard’s “Your keys”.',
    );
  }
  if (key.startsWith('sk_')) {
    // A secret key in a page is the leak this key exists to prevent: refuse rather than help.
    throw unauthenticated(
      'This is a secret key: never put it in a web page. Use your publishable key (pk_test_… or pk_live_…) here, and roll the secret key if it was published.',
    );
  }
  if (!parsePublishableKey(key)) {
    throw unauthenticated('Invalid publishable key: expected "pk_test_…" or "pk_live_…".');
  }
  const now = ctx.clock.now();
  const row = await ctx.db
    .selectFrom('publishable_keys')
    .innerJoin('merchants', 'merchants.id', 'publishable_keys.merchant_id')
    .select([
      'publishable_keys.mode',
      'publishable_keys.expires_at',
      'merchants.id as merchant_id',
      'merchants.business_name',
      'merchants.status',
      'merchants.deactivation_reason',
      'merchants.default_constraints',
    ])
    .where('publishable_keys.key', '=', key)
    .executeTakeFirst();
  if (!row) throw unauthenticated('Invalid publishable key.');
  if (row.expires_at && row.expires_at <= now) {
    throw unauthenticated(
      'This publishable key was rolled and has expired. Use the current key from your dashboard.',
    );
  }
  assertMerchantMayUseKey(row.status, row.mode, row.deactivation_reason);
  return {
    merchantId: row.merchant_id,
    merchantName: row.business_name,
    mode: row.mode,
    defaultConstraints: row.default_constraints,
  };
}

/** What a shopper could be offered for `amountKobo` at this shop (its default plan limits). */
export function messagingPlans(
  ctx: AppContext,
  principal: PublishableKeyPrincipal,
  amountKobo: number,
): MessagingPlansView {
  const offer = planOffer(
    amountKobo,
    constraintsFromStored(principal.defaultConstraints),
    ctx.clock.now(),
  );
  return {
    object: 'messaging_plans',
    livemode: principal.mode === 'live',
    amount: amountKobo,
    currency: 'NGN',
    merchant_name: principal.merchantName,
    available: offer.available,
    max_amount: offer.maxAmountKobo,
    headline: offer.headline && planView(offer.headline),
    plans: offer.plans.map(planView),
  };
}

function planView(plan: OfferedPlan): Static<typeof MessagingPlan> {
  return {
    frequency: plan.frequency,
    installment_count: plan.installmentCount,
    upfront_pct: plan.upfrontPct,
    deposit: plan.depositKobo,
    installment: plan.installmentKobo,
    equal_installments: plan.equalInstallments,
    total: plan.totalKobo,
    deposit_text: plan.depositText,
    installment_text: plan.installmentText,
  };
}
