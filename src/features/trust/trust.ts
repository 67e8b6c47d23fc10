import { sql } from 'kysely';
import type { Static } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { CheckoutSessionRow } from '../../db/schema.ts';
import { creditPoints, type CreditStanding } from '../../domain/credit.ts';
import { DomainError, notFound } from '../../domain/errors.ts';
import { CUSTOMER_TIERS, type CustomerTier } from '../../domain/merchant.ts';
import {
  decideEligibility,
  type Eligibility,
  type InstallmentHistory,
  type PlanHistorySummary,
  summarizeHistory,
  type TrustFacts,
  trustScore,
} from '../../domain/trust.ts';
import { SANDBOX_ONLY_PROVIDERS } from '../../identity/port.ts';
import { assert } from '../../platform/assert.ts';
import { loadCreditStanding } from '../credit/index.ts';
import type { Eligibility as EligibilitySchema, Trust } from './schemas.ts';

// ── the facts ───────────────────────────────────────────────────────────────────────────

export interface TrustProfile {
  facts: TrustFacts;
  history: PlanHistorySummary;
  score: number;
  hasPaymentMethod: boolean;
  credit: CreditStanding;
}

/**
 * Everything the score and eligibility are derived from, read in one statement: identity,
 * usable payment methods, and every installment of the customer's plans in one mode (sandbox
 * behaviour never builds live credit, and live debts are not sandbox business). For the same
 * reason a verification by a test provider (the sandbox or the Dojah simulator: test BVNs anyone
 * can read in the docs, SANDBOX_ONLY_PROVIDERS) does not count for live sessions.
 */
export async function loadTrustProfile(
  db: Db | Tx,
  customerId: string,
  livemode: boolean,
  now: Date,
): Promise<TrustProfile> {
  const { rows } = await sql<{
    verified: boolean;
    has_method: boolean;
    lost_disputes: number;
    plan_id: string | null;
    plan_status: InstallmentHistory['planStatus'] | null;
    status: InstallmentHistory['status'] | null;
    amount_kobo: string | number | null;
    due_at: Date | null;
    paid_at: Date | null;
    failed_attempts: number | null;
  }>`
    SELECT
      EXISTS (SELECT 1 FROM customer_identities ci WHERE ci.customer_id = ${customerId}
              AND (${livemode} = false OR ci.provider <> ALL(${[...SANDBOX_ONLY_PROVIDERS]}::text[]))) AS verified,
      EXISTS (SELECT 1 FROM payment_methods pm WHERE pm.customer_id = ${customerId}
              AND pm.status = 'active' AND pm.deleted_at IS NULL) AS has_method,
      (SELECT count(*)::int FROM disputes d JOIN payment_plans dp ON dp.id = d.plan_id
        WHERE dp.customer_id = ${customerId} AND dp.livemode = ${livemode}
          AND d.status = 'lost') AS lost_disputes,
      h.plan_id, h.plan_status, h.status, h.amount_kobo, h.due_at, h.paid_at, h.failed_attempts
    FROM (SELECT 1) AS one
    LEFT JOIN (
      SELECT p.id AS plan_id, p.status AS plan_status, i.status, i.amount_kobo, i.due_at,
             -- Attempts before an approved move of the due date are excused (decision 0072).
             i.paid_at, i.failed_attempts - i.excused_failed_attempts AS failed_attempts
      FROM payment_plans p JOIN installments i ON i.plan_id = p.id
      WHERE p.customer_id = ${customerId} AND p.livemode = ${livemode}
    ) AS h ON true`.execute(db);
  const first = rows[0];
  const installments: InstallmentHistory[] = [];
  for (const r of rows) {
    if (r.plan_id === null || r.plan_status === null || r.status === null || r.due_at === null) {
      continue;
    }
    installments.push({
      planId: r.plan_id,
      planStatus: r.plan_status,
      status: r.status,
      amountKobo: Number(r.amount_kobo),
      dueAt: r.due_at,
      paidAt: r.paid_at,
      failedAttempts: r.failed_attempts ?? 0,
    });
  }
  const history = summarizeHistory(installments, now);
  const credit = await loadCreditStanding(db, customerId, livemode, now);
  const facts: TrustFacts = {
    identityVerified: first?.verified ?? false,
    onTimeInstallments: history.onTimeInstallments,
    missedInstallments: history.missedInstallments,
    completedPlans: history.completedPlans,
    defaultedPlans: history.defaultedPlans,
    lostDisputes: first?.lost_disputes ?? 0,
    credit,
  };
  return {
    facts,
    history,
    score: trustScore(facts),
    hasPaymentMethod: first?.has_method ?? false,
    credit,
  };
}

async function eligibilityFor(
  db: Db | Tx,
  customerId: string,
  session: Pick<CheckoutSessionRow, 'merchant_id' | 'livemode' | 'amount_kobo'>,
  now: Date,
): Promise<Eligibility> {
  const merchant = await db
    .selectFrom('merchants')
    .select('min_customer_tier')
    .where('id', '=', session.merchant_id)
    .executeTakeFirstOrThrow();
  const profile = await loadTrustProfile(db, customerId, session.livemode, now);
  return decideEligibility({
    identityVerified: profile.facts.identityVerified,
    score: profile.score,
    delinquent: profile.history.delinquent,
    hasPaymentMethod: profile.hasPaymentMethod,
    requiredTier: asTier(merchant.min_customer_tier),
    openBalanceKobo: profile.history.openBalanceKobo,
    amountKobo: session.amount_kobo,
    credit: profile.credit,
    // Live credit rests on a bureau check (decision 0047); sandbox uses one when there is one.
    creditCheckRequired: session.livemode,
  });
}

function asTier(value: string): CustomerTier {
  const tier = CUSTOMER_TIERS.find((t) => t === value);
  assert(tier, `merchant has an unknown min_customer_tier "${value}"`);
  return tier;
}

// ── eligibility (spec §2.5, §7.3) ───────────────────────────────────────────────────────

/** Exactly the spec §2.5 fields. */
export type EligibilityView = Static<typeof EligibilitySchema>;

/**
 * Can this customer pay this session in installments? Always an answer (the route sends 200),
 * whatever the session's state: the question is about the customer, the merchant and the amount.
 */
export async function checkEligibility(
  ctx: AppContext,
  customerId: string,
  sessionToken: string,
): Promise<EligibilityView> {
  const session = await ctx.db
    .selectFrom('checkout_sessions')
    .select(['merchant_id', 'livemode', 'amount_kobo'])
    .where('token', '=', sessionToken)
    .executeTakeFirst();
  if (!session) throw notFound('Checkout session');
  const e = await eligibilityFor(ctx.db, customerId, session, ctx.clock.now());
  return {
    eligible: e.eligible,
    reason: e.reason,
    customer_score: e.customerScore,
    customer_tier: e.customerTier,
    required_tier: e.requiredTier,
    explanation: e.explanation,
  };
}

/**
 * The server-side re-check when a plan is confirmed, inside the confirming transaction. The
 * customer's row is locked first, so two confirmations by one customer run one after the other
 * and cannot both fit under the spending limit that only one of them fits.
 */
export async function assertEligibleToConfirm(
  tx: Tx,
  customerId: string,
  session: Pick<CheckoutSessionRow, 'merchant_id' | 'livemode' | 'amount_kobo'>,
  now: Date,
): Promise<void> {
  await tx.selectFrom('customers').select('id').where('id', '=', customerId).forUpdate().execute();
  const e = await eligibilityFor(tx, customerId, session, now);
  if (e.reason !== null) throw new DomainError(e.reason, e.explanation ?? e.reason);
}

// ── the customer's own view ─────────────────────────────────────────────────────────────

export type TrustView = Static<typeof Trust>;

export async function getCustomerTrust(
  ctx: AppContext,
  customerId: string,
  livemode: boolean,
): Promise<TrustView> {
  const profile = await loadTrustProfile(ctx.db, customerId, livemode, ctx.clock.now());
  const e = decideEligibility({
    identityVerified: profile.facts.identityVerified,
    score: profile.score,
    delinquent: profile.history.delinquent,
    hasPaymentMethod: profile.hasPaymentMethod,
    requiredTier: 'Tranche Bronze',
    openBalanceKobo: profile.history.openBalanceKobo,
    amountKobo: 0,
    credit: profile.credit,
  });
  return {
    object: 'customer_trust',
    livemode,
    identity_verified: profile.facts.identityVerified,
    score: profile.score,
    tier: e.customerTier,
    spending_limit: e.spendingLimitKobo,
    open_balance: profile.history.openBalanceKobo,
    available: e.availableKobo,
    delinquent: profile.history.delinquent,
    factors: {
      on_time_installments: profile.facts.onTimeInstallments,
      missed_installments: profile.facts.missedInstallments,
      completed_plans: profile.facts.completedPlans,
      defaulted_plans: profile.facts.defaultedPlans,
      lost_disputes: profile.facts.lostDisputes ?? 0,
      credit_points: creditPoints(profile.credit),
    },
  };
}
