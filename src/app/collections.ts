import type { Tx } from '../db/database.ts';
import { appendJournalEntry } from '../db/ledger.ts';
import type { InstallmentRow } from '../db/schema.ts';
import { runWrite } from '../db/write.ts';
import { paymentCollectedEntry, planClosedEntry } from '../domain/ledger.ts';
import { decideAfterFailedAttempt, transitionPlan } from '../domain/plan.ts';
import { GatewayError, type GatewayTransaction } from '../gateway/port.ts';
import type { AppContext } from './context.ts';
import { emitPaymentCollected, emitPaymentFailed } from './plan-events.ts';
import { scheduleCollection } from './plans.ts';

/**
 * The auto-debit of one installment, in three steps so that no network call happens inside a
 * transaction and no crash can charge twice:
 *   1. record the intent: a `pending` charge with our own reference (chg-<installment>-<attempt>);
 *   2. call the gateway with that reference (or, when a pending charge already exists because an
 *      earlier run died after step 1, ask the gateway what became of it);
 *   3. record the outcome: paid (ledger entry, plan activation or completion) or failed (retry
 *      on the documented schedule, or default the plan).
 * A bank debit answered `processing` stays pending; a later run (or the gateway webhook) settles it.
 */
export type CollectionOutcome = 'paid' | 'failed' | 'pending' | 'nothing_to_do';

const PENDING_RECHECK_MS = 60_000;

export function chargeReference(installmentId: string, attempt: number): string {
  return `chg-${installmentId.replace(/_/g, '')}-${attempt}`;
}

interface Intent {
  reference: string;
  installment: InstallmentRow;
  merchantId: string;
  amountKobo: number;
  fresh: boolean;
}

async function recordIntent(ctx: AppContext, installmentId: string): Promise<Intent | null> {
  const now = ctx.clock.now();
  return runWrite(ctx.db, async (tx) => {
    const installment = await tx
      .selectFrom('installments')
      .selectAll()
      .where('id', '=', installmentId)
      .forUpdate()
      .executeTakeFirst();
    if (!installment || installment.status === 'paid' || installment.status === 'cancelled')
      return null;
    const plan = await tx
      .selectFrom('payment_plans')
      .select(['merchant_id', 'payment_method_id', 'status'])
      .where('id', '=', installment.plan_id)
      .executeTakeFirstOrThrow();
    // A defaulted plan is no longer debited automatically (money-rules.md: the customer can still pay).
    if (plan.status === 'cancelled' || plan.status === 'completed' || plan.status === 'defaulted')
      return null;
    if (installment.status === 'processing' && installment.charge_reference) {
      return {
        reference: installment.charge_reference,
        installment,
        merchantId: plan.merchant_id,
        amountKobo: installment.amount_kobo,
        fresh: false,
      };
    }
    const attempt = installment.failed_attempts + 1;
    // Gateway references allow only letters, digits, '-', '.' and '=' (no underscore).
    const reference = chargeReference(installment.id, attempt);
    await tx
      .insertInto('charges')
      .values({
        reference,
        installment_id: installment.id,
        plan_id: installment.plan_id,
        merchant_id: plan.merchant_id,
        payment_method_id: plan.payment_method_id,
        attempt,
        amount_kobo: installment.amount_kobo,
        status: 'pending',
        gateway_message: null,
        created_at: now,
        settled_at: null,
      })
      .execute();
    await tx
      .updateTable('installments')
      .set({ status: 'processing', charge_reference: reference })
      .where('id', '=', installment.id)
      .execute();
    return {
      reference,
      installment,
      merchantId: plan.merchant_id,
      amountKobo: installment.amount_kobo,
      fresh: true,
    };
  });
}

async function callGateway(
  ctx: AppContext,
  intent: Intent,
): Promise<GatewayTransaction | 'unknown'> {
  const method = await ctx.db
    .selectFrom('charges')
    .innerJoin('payment_methods', 'payment_methods.id', 'charges.payment_method_id')
    .innerJoin('customers', 'customers.id', 'payment_methods.customer_id')
    .select(['payment_methods.authorization_sealed', 'payment_methods.status', 'customers.email'])
    .where('charges.reference', '=', intent.reference)
    .executeTakeFirstOrThrow();
  try {
    if (!intent.fresh) {
      // An earlier run recorded this charge but did not record its outcome: ask, never re-send blindly.
      const known = await ctx.gateway.verifyTransaction(intent.reference);
      if (known) return known;
    }
    if (method.status !== 'active') {
      return {
        reference: intent.reference,
        status: 'failed',
        amountKobo: intent.amountKobo,
        currency: 'NGN',
        message: 'payment method revoked',
        paidAt: null,
        authorization: null,
        customerEmail: method.email,
      };
    }
    return await ctx.gateway.chargeAuthorization({
      email: method.email,
      amountKobo: intent.amountKobo,
      authorizationCode: ctx.secretBox.open(method.authorization_sealed),
      reference: intent.reference,
      metadata: { installment_id: intent.installment.id, plan_id: intent.installment.plan_id },
    });
  } catch (error) {
    if (error instanceof GatewayError && error.kind === 'rejected') {
      // A duplicate reference means the gateway already has this charge: its verify is the truth.
      const known = await ctx.gateway.verifyTransaction(intent.reference).catch(() => null);
      if (known) return known;
      return {
        reference: intent.reference,
        status: 'failed',
        amountKobo: intent.amountKobo,
        currency: 'NGN',
        message: error.message,
        paidAt: null,
        authorization: null,
        customerEmail: method.email,
      };
    }
    if (error instanceof GatewayError) return 'unknown';
    throw error;
  }
}

/** Step 3. Applies once: the charge row is locked and only a pending charge is settled. */
export async function settleCharge(
  ctx: AppContext,
  reference: string,
  transaction: GatewayTransaction,
): Promise<CollectionOutcome> {
  const now = ctx.clock.now();
  return runWrite(ctx.db, async (tx) => {
    const charge = await tx
      .selectFrom('charges')
      .selectAll()
      .where('reference', '=', reference)
      .forUpdate()
      .executeTakeFirst();
    if (!charge || charge.status !== 'pending') return 'nothing_to_do';
    const succeeded =
      transaction.status === 'success' &&
      transaction.amountKobo === charge.amount_kobo &&
      transaction.currency === 'NGN';
    if (transaction.status === 'pending') return 'pending';
    const installment = await tx
      .selectFrom('installments')
      .selectAll()
      .where('id', '=', charge.installment_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const plan = await tx
      .selectFrom('payment_plans')
      .selectAll()
      .where('id', '=', charge.plan_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    await tx
      .updateTable('charges')
      .set({
        status: succeeded ? 'success' : 'failed',
        gateway_message: transaction.message || null,
        settled_at: now,
      })
      .where('reference', '=', reference)
      .execute();
    if (succeeded) {
      await tx
        .updateTable('installments')
        .set({ status: 'paid', paid_at: transaction.paidAt ?? now, charge_reference: reference })
        .where('id', '=', installment.id)
        .execute();
      await appendJournalEntry(
        tx,
        paymentCollectedEntry({
          planId: plan.id,
          merchantId: plan.merchant_id,
          chargeReference: reference,
          grossKobo: charge.amount_kobo,
        }),
        now,
      );
      await advancePlan(
        tx,
        plan.id,
        plan.status,
        installment.sequence === 0 ? 'deposit_paid' : null,
        now,
      );
      await emitPaymentCollected(tx, charge, plan.status, transaction.paidAt ?? now, now);
      return 'paid';
    }
    const failedAttempts = installment.failed_attempts + 1;
    await tx
      .updateTable('installments')
      .set({ status: 'failed', failed_attempts: failedAttempts })
      .where('id', '=', installment.id)
      .execute();
    const decision = decideAfterFailedAttempt({
      dueAt: installment.due_at,
      failedAttempts,
      failedAt: now,
    });
    if (decision.action === 'retry')
      await scheduleCollection(tx, installment.id, failedAttempts + 1, decision.retryAt);
    // Out of retries: an unpaid deposit means the plan never started (cancelled); a later
    // installment defaults the plan.
    else
      await advancePlan(
        tx,
        plan.id,
        plan.status,
        plan.status === 'pending_deposit' ? 'cancelled' : 'retries_exhausted',
        now,
      );
    await emitPaymentFailed(
      tx,
      charge,
      {
        message: transaction.message || null,
        retryAt: decision.action === 'retry' ? decision.retryAt : null,
      },
      plan.status,
      now,
    );
    return 'failed';
  });
}

async function advancePlan(
  tx: Tx,
  planId: string,
  status: Parameters<typeof transitionPlan>[0],
  event: Parameters<typeof transitionPlan>[1] | null,
  now: Date,
): Promise<void> {
  let next = status;
  if (event) {
    const transition = transitionPlan(next, event);
    if (transition.outcome === 'applied') next = transition.to;
  }
  const open = await tx
    .selectFrom('installments')
    .select('id')
    .where('plan_id', '=', planId)
    .where('status', 'not in', ['paid', 'cancelled'])
    .executeTakeFirst();
  if (!open) {
    const settled = transitionPlan(next, 'settled');
    if (settled.outcome === 'applied') next = settled.to;
  }
  if (next !== status)
    await tx
      .updateTable('payment_plans')
      .set({ status: next, updated_at: now })
      .where('id', '=', planId)
      .execute();
  if (next === 'cancelled' && status !== 'cancelled') await closeCancelledPlan(tx, planId, now);
}

export async function collectInstallment(
  ctx: AppContext,
  installmentId: string,
): Promise<CollectionOutcome> {
  const intent = await recordIntent(ctx, installmentId);
  if (!intent) return 'nothing_to_do';
  const result = await callGateway(ctx, intent);
  if (result === 'unknown' || result.status === 'pending') {
    // Ambiguous or still processing: look again later with the same reference.
    await runWrite(ctx.db, (tx) =>
      scheduleCollection(
        tx,
        installmentId,
        intent.installment.failed_attempts + 1,
        new Date(ctx.clock.now().getTime() + PENDING_RECHECK_MS),
      ).then(() => undefined),
    );
    return 'pending';
  }
  return settleCharge(ctx, intent.reference, result);
}

/**
 * A plan cancelled before its deposit was collected: the receivable it booked is released, its
 * other installments are cancelled, and its checkout session is cancelled too, so the merchant can
 * offer that order again (only completed sessions block an order reference).
 */
async function closeCancelledPlan(tx: Tx, planId: string, now: Date): Promise<void> {
  const plan = await tx
    .selectFrom('payment_plans')
    .select(['merchant_id', 'amount_kobo', 'checkout_session_id'])
    .where('id', '=', planId)
    .executeTakeFirstOrThrow();
  const paid = await tx
    .selectFrom('installments')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount_kobo'), eb.val('0')).as('total'))
    .where('plan_id', '=', planId)
    .where('status', '=', 'paid')
    .executeTakeFirstOrThrow();
  const outstandingKobo = plan.amount_kobo - Number(paid.total);
  if (outstandingKobo > 0) {
    await appendJournalEntry(
      tx,
      planClosedEntry({
        planId,
        merchantId: plan.merchant_id,
        outstandingKobo,
        reason: 'cancelled',
      }),
      now,
    );
  }
  await tx
    .updateTable('installments')
    .set({ status: 'cancelled' })
    .where('plan_id', '=', planId)
    .where('status', 'in', ['scheduled', 'failed'])
    .execute();
  await tx
    .updateTable('checkout_sessions')
    .set({ status: 'cancelled', cancelled_at: now })
    .where('id', '=', plan.checkout_session_id)
    .execute();
}
