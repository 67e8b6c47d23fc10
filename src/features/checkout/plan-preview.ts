import type { AppContext } from '../../app-context.ts';
import type { StoredConstraints } from '../../db/schema.ts';
import { assertSessionPending, effectiveSessionStatus } from '../../domain/checkout-session.ts';
import { DomainError, notFound } from '../../domain/errors.ts';
import { splitPlatformFee } from '../../domain/money.ts';
import type { Principal } from '../../domain/principal.ts';
import {
  buildSchedule,
  type PlanConfiguration,
  validatePlanConfiguration,
} from '../../domain/schedule.ts';
import type { SessionConstraints } from '../../domain/session-constraints.ts';

export interface PreviewInput {
  sessionToken?: string;
  amountKobo?: number;
  frequency: 'weekly' | 'monthly';
  installmentCount: number;
  upfrontPct: number;
}

export interface PlanPreview {
  amount: number;
  currency: 'NGN';
  frequency: 'weekly' | 'monthly';
  installment_count: number;
  upfront_pct: number;
  deposit: { amount: number; due_at: string };
  installments: { sequence: number; amount: number; due_at: string }[];
  total: number;
  /** Only for the merchant: what Tranche keeps and what the merchant receives, payment by payment. */
  merchant_view?: { platform_fee: number; merchant_net: number };
  constraints: StoredConstraints;
}

export function constraintsFromStored(c: StoredConstraints): SessionConstraints {
  return {
    allowedFrequencies: c.allowed_frequencies,
    maxWeeklyDuration: c.max_weekly_duration,
    maxMonthlyDuration: c.max_monthly_duration,
    minUpfrontPct: c.min_upfront_pct,
    allowedScheduleTypes: c.allowed_schedule_types,
  };
}

/**
 * The exact schedule a plan configuration would produce if confirmed now (spec §4.2 preview).
 * The widget previews inside its session (the session's amount and constraints); a merchant
 * previews any amount inside its own default constraints. Out-of-bounds configurations get a 400
 * that names the limit.
 */
export async function previewPlan(
  ctx: AppContext,
  principal: Principal | null,
  input: PreviewInput,
): Promise<PlanPreview> {
  const now = ctx.clock.now();
  let amountKobo: number;
  let constraints: StoredConstraints;
  let forMerchant = false;
  if (input.sessionToken !== undefined) {
    const session = await ctx.db
      .selectFrom('checkout_sessions')
      .select(['amount_kobo', 'constraints', 'status', 'expires_at'])
      .where('token', '=', input.sessionToken)
      .executeTakeFirst();
    if (!session) throw notFound('Checkout session');
    assertSessionPending(
      effectiveSessionStatus(session.status, session.expires_at, now),
      'preview a plan',
    );
    if (input.amountKobo !== undefined && input.amountKobo !== session.amount_kobo) {
      throw new DomainError(
        'invalid_request',
        'amount must be left out (or equal the session amount) when previewing inside a session.',
      );
    }
    amountKobo = session.amount_kobo;
    constraints = session.constraints;
  } else if (principal?.kind === 'secret_key') {
    if (input.amountKobo === undefined) {
      throw new DomainError(
        'invalid_request',
        'amount is required when previewing with a secret key.',
      );
    }
    const merchant = await ctx.db
      .selectFrom('merchants')
      .select('default_constraints')
      .where('id', '=', principal.merchantId)
      .executeTakeFirstOrThrow();
    amountKobo = input.amountKobo;
    constraints = merchant.default_constraints;
    forMerchant = true;
  } else {
    throw new DomainError(
      'unauthenticated',
      'Send session_token (widget) or a secret key (merchant server).',
    );
  }
  const config: PlanConfiguration = {
    amountKobo,
    frequency: input.frequency,
    installmentCount: input.installmentCount,
    upfrontPct: input.upfrontPct,
    startsAt: now,
  };
  validatePlanConfiguration(config, constraintsFromStored(constraints));
  const schedule = buildSchedule(config);
  const payments = [schedule.depositKobo, ...schedule.installments.map((i) => i.amountKobo)].filter(
    (a) => a > 0,
  );
  const fee = payments.reduce((sum, gross) => sum + splitPlatformFee(gross).feeKobo, 0);
  return {
    amount: amountKobo,
    currency: 'NGN',
    frequency: input.frequency,
    installment_count: input.installmentCount,
    upfront_pct: input.upfrontPct,
    deposit: { amount: schedule.depositKobo, due_at: now.toISOString() },
    installments: schedule.installments.map((i) => ({
      sequence: i.sequence,
      amount: i.amountKobo,
      due_at: i.dueAt.toISOString(),
    })),
    total: schedule.totalKobo,
    ...(forMerchant && { merchant_view: { platform_fee: fee, merchant_net: amountKobo - fee } }),
    constraints,
  };
}
