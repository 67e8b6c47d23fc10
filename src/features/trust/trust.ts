import { sql } from 'kysely';
import type { Static } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import type { Db, Tx } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/database.ts';
import type { CheckoutSessionRow } from '../../db/schema.ts';
import { runWrite } from '../../db/write.ts';
import { creditPoints, type CreditStanding } from '../../domain/credit.ts';
import { DomainError, notFound } from '../../domain/errors.ts';
import { assertBvnWellFormed, assertDateOfBirth, bvnLast4 } from '../../domain/identity.ts';
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
import { IdentityProviderUnavailable } from '../../identity/port.ts';
import { SANDBOX_PROVIDER_NAME } from '../../identity/sandbox.ts';
import { assert } from '../../platform/assert.ts';
import { loadCreditStanding } from '../credit/index.ts';
import type { Eligibility as EligibilitySchema, Identity, Trust } from './schemas.ts';

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
 * reason a verification by the sandbox provider (test BVNs anyone can read in docs/sandbox.md) does
 * not count for live sessions.
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
              AND (${livemode} = false OR ci.provider <> ${SANDBOX_PROVIDER_NAME})) AS verified,
      EXISTS (SELECT 1 FROM payment_methods pm WHERE pm.customer_id = ${customerId}
              AND pm.status = 'active' AND pm.deleted_at IS NULL) AS has_method,
      h.plan_id, h.plan_status, h.status, h.amount_kobo, h.due_at, h.paid_at, h.failed_attempts
    FROM (SELECT 1) AS one
    LEFT JOIN (
      SELECT p.id AS plan_id, p.status AS plan_status, i.status, i.amount_kobo, i.due_at,
             i.paid_at, i.failed_attempts
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
      credit_points: creditPoints(profile.credit),
    },
  };
}

// ── identity verification ───────────────────────────────────────────────────────────────

export type IdentityView = Static<typeof Identity>;

/** Failed checks allowed per customer in a day: enough for typos, too few to probe for BVNs. */
export const MAX_FAILED_VERIFICATIONS = 5;
export const VERIFICATION_FAILURE_WINDOW_MS = 24 * 60 * 60_000;
const failureKey = (customerId: string) => `identity-fail:${customerId}`;

export async function getIdentity(ctx: AppContext, customerId: string): Promise<IdentityView> {
  const row = await ctx.db
    .selectFrom('customer_identities')
    .select(['bvn_last4', 'verified_at'])
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return {
    object: 'identity_verification',
    status: row ? 'verified' : 'unverified',
    bvn_last4: row?.bvn_last4 ?? null,
    verified_at: row?.verified_at.toISOString() ?? null,
  };
}

/**
 * Verifies the customer's BVN and date of birth with the identity provider. The provider is
 * called outside any transaction; only a success is recorded. Verifying again with the same BVN
 * answers the existing verification; another BVN is a 409; a BVN already verified by another
 * account is a 409 (one person, one account).
 */
export async function verifyIdentity(
  ctx: AppContext,
  customerId: string,
  input: { bvn: string; dateOfBirth: string },
): Promise<IdentityView> {
  const now = ctx.clock.now();
  assertBvnWellFormed(input.bvn);
  assertDateOfBirth(input.dateOfBirth, now);
  const digest = ctx.secretBox.keyedDigest('bvn', input.bvn);
  const existing = await ctx.db
    .selectFrom('customer_identities')
    .select('bvn_digest')
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (existing) {
    if (existing.bvn_digest === digest) return getIdentity(ctx, customerId);
    throw new DomainError(
      'identity_already_verified',
      'Your identity is already verified with another BVN.',
    );
  }
  const nowMs = now.getTime();
  const failures = await ctx.rateLimits.peek(
    failureKey(customerId),
    VERIFICATION_FAILURE_WINDOW_MS,
    nowMs,
  );
  if (failures.count >= MAX_FAILED_VERIFICATIONS) {
    const retryAfterSeconds = Math.max(1, Math.ceil((failures.resetAtMs - nowMs) / 1000));
    throw new DomainError(
      'verification_throttled',
      `Too many failed verifications. Try again in ${Math.ceil(retryAfterSeconds / 3600)} hours.`,
      { retryable: true, retryAfterSeconds },
    );
  }
  let outcome;
  try {
    outcome = await ctx.identity.checkBvn({ bvn: input.bvn, dateOfBirth: input.dateOfBirth });
  } catch (error) {
    if (error instanceof IdentityProviderUnavailable) {
      throw new DomainError(
        'identity_provider_unavailable',
        'Identity verification is unavailable right now. Try again in a few minutes.',
        { retryable: true },
      );
    }
    throw error;
  }
  if (outcome.outcome !== 'verified') {
    await ctx.rateLimits.hit(failureKey(customerId), VERIFICATION_FAILURE_WINDOW_MS, nowMs);
    throw outcome.outcome === 'not_found'
      ? new DomainError('bvn_not_found', 'No person with this BVN was found. Check the number.')
      : new DomainError(
          'bvn_dob_mismatch',
          'The date of birth does not match the one registered with this BVN.',
        );
  }
  try {
    await runWrite(ctx.db, async (tx) => {
      await tx
        .insertInto('customer_identities')
        .values({
          customer_id: customerId,
          bvn_digest: digest,
          bvn_last4: bvnLast4(input.bvn),
          provider: ctx.identity.name,
          provider_reference: outcome.providerReference,
          verified_at: now,
        })
        .onConflict((oc) => oc.column('customer_id').doNothing())
        .execute();
    });
  } catch (error) {
    if (isUniqueViolation(error, 'customer_identities_bvn_digest_key')) {
      throw new DomainError(
        'bvn_in_use',
        'This BVN already verifies another Tranche account. Log in to that account instead.',
      );
    }
    throw error;
  }
  // A concurrent verification of this account with another BVN may have won the race.
  const stored = await getIdentity(ctx, customerId);
  const row = await ctx.db
    .selectFrom('customer_identities')
    .select('bvn_digest')
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  if (row.bvn_digest !== digest) {
    throw new DomainError(
      'identity_already_verified',
      'Your identity is already verified with another BVN.',
    );
  }
  return stored;
}
