import type { AppContext } from '../../app-context.ts';
import { assertSessionPending, effectiveSessionStatus } from '../../domain/checkout-session.ts';
import { DomainError, notFound } from '../../domain/errors.ts';
import { validatePlanConfiguration } from '../../domain/schedule.ts';
import { constraintsFromStored } from './plan-preview.ts';

/**
 * The plan a customer chose for an order, kept so that a new session the shop opens for the same
 * order (same merchant, mode and order_reference) offers it again to the same customer (decision
 * 0049). Only the choice: nothing about the customer, no amount. Kept 24 hours.
 */
export const PLAN_CHOICE_KEPT_MS = 24 * 60 * 60_000;

export interface PlanChoiceView {
  frequency: 'weekly' | 'monthly';
  installment_count: number;
  upfront_pct: number;
}

async function sessionByToken(ctx: AppContext, token: string) {
  const session = await ctx.db
    .selectFrom('checkout_sessions')
    .select([
      'merchant_id',
      'livemode',
      'order_reference',
      'amount_kobo',
      'constraints',
      'status',
      'expires_at',
    ])
    .where('token', '=', token)
    .executeTakeFirst();
  if (!session) throw notFound('Checkout session');
  return session;
}

/** Keeps the customer's choice for this session's order; refused like a preview when out of bounds. */
export async function rememberPlanChoice(
  ctx: AppContext,
  customerId: string,
  token: string,
  choice: PlanChoiceView,
): Promise<PlanChoiceView> {
  const now = ctx.clock.now();
  const session = await sessionByToken(ctx, token);
  assertSessionPending(
    effectiveSessionStatus(session.status, session.expires_at, now),
    'choose a plan',
  );
  validatePlanConfiguration(
    {
      amountKobo: session.amount_kobo,
      frequency: choice.frequency,
      installmentCount: choice.installment_count,
      upfrontPct: choice.upfront_pct,
      startsAt: now,
    },
    constraintsFromStored(session.constraints),
  );
  const row = {
    merchant_id: session.merchant_id,
    livemode: session.livemode,
    order_reference: session.order_reference,
    customer_id: customerId,
    ...choice,
    updated_at: now,
  };
  await ctx.db
    .insertInto('checkout_plan_choices')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['merchant_id', 'livemode', 'order_reference', 'customer_id'])
        .doUpdateSet({ ...choice, updated_at: now }),
    )
    .execute();
  return choice;
}

/**
 * The choice this customer made for this session's order in the last 24 hours, when this
 * session's constraints still allow it (the shop may have changed them); otherwise null. Any
 * session state: a shop may read it before deciding anything, and it reveals only the choice.
 */
export async function rememberedPlanChoice(
  ctx: AppContext,
  customerId: string,
  token: string,
): Promise<PlanChoiceView | null> {
  const now = ctx.clock.now();
  const session = await sessionByToken(ctx, token);
  const kept = await ctx.db
    .selectFrom('checkout_plan_choices')
    .select(['frequency', 'installment_count', 'upfront_pct'])
    .where('merchant_id', '=', session.merchant_id)
    .where('livemode', '=', session.livemode)
    .where('order_reference', '=', session.order_reference)
    .where('customer_id', '=', customerId)
    .where('updated_at', '>', new Date(now.getTime() - PLAN_CHOICE_KEPT_MS))
    .executeTakeFirst();
  if (!kept) return null;
  try {
    validatePlanConfiguration(
      {
        amountKobo: session.amount_kobo,
        frequency: kept.frequency,
        installmentCount: kept.installment_count,
        upfrontPct: kept.upfront_pct,
        startsAt: now,
      },
      constraintsFromStored(session.constraints),
    );
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
  return kept;
}

/** Part of the session-expiry cron (each minute): choices older than 24 hours. */
export async function forgetOldPlanChoices(
  ctx: { db: AppContext['db'] },
  now: Date,
): Promise<number> {
  const result = await ctx.db
    .deleteFrom('checkout_plan_choices')
    .where('updated_at', '<=', new Date(now.getTime() - PLAN_CHOICE_KEPT_MS))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
