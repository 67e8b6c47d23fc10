import type { Static } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { type LedgerAccount } from '../../domain/ledger.ts';
import { merchantWallet } from '../../domain/ledger-balances.ts';
import {
  type BusinessDetailsView,
  getBusinessDetails,
  getMerchant,
  type MerchantView,
} from '../merchants/index.ts';
import { accountBalances } from '../money/index.ts';
import type { WebhookHealth } from './schemas.ts';

/**
 * What an operator looks at before approving or deactivating a merchant: the record, its business
 * details (decision 0074), its plans
 * by status in each mode, its wallet, and each mode's webhook health (the last delivery attempt,
 * what is waiting, what was dead-lettered).
 */
export type PlanStatus = 'pending_deposit' | 'active' | 'completed' | 'defaulted' | 'cancelled';
const PLAN_STATUSES: readonly PlanStatus[] = [
  'pending_deposit',
  'active',
  'completed',
  'defaulted',
  'cancelled',
];

export type WebhookHealthView = Static<typeof WebhookHealth>;

export interface MerchantOverview {
  object: 'merchant_overview';
  merchant: MerchantView;
  /** What the merchant submitted for approval and what still blocks it (decision 0074). */
  business_details: BusinessDetailsView;
  plans: { test: Record<PlanStatus, number>; live: Record<PlanStatus, number> };
  wallet: {
    livemode: boolean;
    available: number;
    pending: number;
    payouts_in_transit: number;
    refunds_in_transit: number;
  };
  webhooks: { test: WebhookHealthView; live: WebhookHealthView };
}

const zeroCounts = (): Record<PlanStatus, number> =>
  Object.fromEntries(PLAN_STATUSES.map((s) => [s, 0])) as Record<PlanStatus, number>;

export async function getMerchantOverview(
  ctx: AppContext,
  merchantId: string,
): Promise<MerchantOverview> {
  const [merchant, businessDetails] = await Promise.all([
    getMerchant(ctx, merchantId),
    getBusinessDetails(ctx, merchantId),
  ]);
  const accounts: LedgerAccount[] = [
    { kind: 'merchant_payable', merchantId },
    { kind: 'merchant_pending', merchantId },
    { kind: 'payouts_in_transit', merchantId },
    { kind: 'refunds_in_transit', merchantId },
  ];
  const [planCounts, balances, eventCounts, lastAttempts] = await Promise.all([
    ctx.db
      .selectFrom('payment_plans')
      .select(['livemode', 'status', (eb) => eb.fn.countAll<string>().as('count')])
      .where('merchant_id', '=', merchantId)
      .groupBy(['livemode', 'status'])
      .execute(),
    accountBalances(ctx.db, accounts),
    ctx.db
      .selectFrom('webhook_events')
      .select(['livemode', 'status', (eb) => eb.fn.countAll<string>().as('count')])
      .where('merchant_id', '=', merchantId)
      .where('status', 'in', ['pending', 'retrying', 'dead'])
      .groupBy(['livemode', 'status'])
      .execute(),
    // The newest attempt of each mode. This reads all the merchant's attempts; events (and
    // their attempts) are purged after 30 days, which bounds it.
    ctx.db
      .selectFrom('webhook_attempts')
      .innerJoin('webhook_events', 'webhook_events.id', 'webhook_attempts.event_id')
      .distinctOn('webhook_events.livemode')
      .select([
        'webhook_events.livemode',
        'webhook_events.id as event_id',
        'webhook_events.type',
        'webhook_attempts.attempted_at',
        'webhook_attempts.outcome',
        'webhook_attempts.status_code',
        'webhook_attempts.error',
      ])
      .where('webhook_events.merchant_id', '=', merchantId)
      .orderBy('webhook_events.livemode')
      .orderBy('webhook_attempts.attempted_at', 'desc')
      .execute(),
  ]);
  const plans = { test: zeroCounts(), live: zeroCounts() };
  for (const row of planCounts) {
    plans[row.livemode ? 'live' : 'test'][row.status] = Number(row.count);
  }
  const health = (livemode: boolean): WebhookHealthView => {
    const count = (statuses: string[]) =>
      eventCounts
        .filter((row) => row.livemode === livemode && statuses.includes(row.status))
        .reduce((sum, row) => sum + Number(row.count), 0);
    const last = lastAttempts.find((row) => row.livemode === livemode);
    return {
      endpoint: merchant.webhooks[livemode ? 'live' : 'test'],
      last_attempt: last
        ? {
            attempted_at: last.attempted_at.toISOString(),
            event_id: last.event_id,
            event: last.type,
            outcome: last.outcome,
            status_code: last.status_code,
            error: last.error,
          }
        : null,
      waiting: count(['pending', 'retrying']),
      dead_letters: count(['dead']),
    };
  };
  const wallet = merchantWallet(balances, merchantId);
  return {
    object: 'merchant_overview',
    merchant,
    business_details: businessDetails,
    plans,
    wallet: {
      livemode: ctx.settings.gatewayLivemode,
      available: wallet.availableKobo,
      pending: wallet.pendingKobo,
      payouts_in_transit: wallet.payoutsInTransitKobo,
      refunds_in_transit: wallet.refundsInTransitKobo,
    },
    webhooks: { test: health(false), live: health(true) },
  };
}
