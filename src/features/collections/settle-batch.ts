import { sql } from 'kysely';
import { crashPoint } from '../../platform/crash-points.ts';
import type { CollectionOutcome } from '../../domain/plan.ts';
import type { Tx } from '../../db/database.ts';
import { appendJournalEntries, appendJournalEntry } from '../money/index.ts';
import type { ChargeRow, InstallmentRow, MerchantRow, PaymentPlanRow } from '../../db/schema.ts';
import { runWrite } from '../../db/write.ts';
import { paymentCollectedEntry } from '../../domain/ledger.ts';
import {
  ATTEMPTABLE_INSTALLMENT_STATUSES,
  decideAfterFailedAttempt,
  transitionPlan,
} from '../../domain/plan.ts';
import { GatewayError, type GatewayTransaction } from '../../gateway/port.ts';
import type { AppContext } from '../../app-context.ts';
import {
  closeCancelledPlan,
  emitPaymentCollected,
  emitPaymentFailed,
  installmentStatusAfter,
  paymentCollectedEvents,
  scheduleCollection,
} from '../plans/index.ts';
import {
  enqueuePaymentFailedNotice,
  enqueuePaymentReceipts,
} from '../customer-notifications/index.ts';
import { type NewWebhookEvent, recordEvents } from '../merchant-webhooks/index.ts';

/*
 * The auto-debit of one installment, in three steps so that no network call happens inside a
 * transaction and no crash can charge twice:
 *   1. record the intent: a `pending` charge with our own reference (chg-<installment>-<attempt>);
 *   2. call the gateway with that reference (or, when a pending charge already exists because an
 *      earlier run died after step 1, ask the gateway what became of it);
 *   3. record the outcome: paid (ledger entry, plan activation or completion) or failed (retry
 *      on the documented schedule, or default the plan), with the merchant's events and the
 *      customer's receipt or failed-debit notice in the same transaction.
 * A bank debit answered `processing` stays pending; a later run (or the gateway webhook) settles it.
 */

const PENDING_RECHECK_MS = 60_000;

export function chargeReference(installmentId: string, attempt: number): string {
  return `chg-${installmentId.replace(/_/g, '')}-${attempt}`;
}

interface Intent {
  reference: string;
  installmentId: string;
  planId: string;
  /** The attempt this charge is (failed attempts before it + 1). */
  attempt: number;
  amountKobo: number;
  /** False when an earlier run recorded this charge and did not record its outcome. */
  fresh: boolean;
  method: { authorizationSealed: string; status: string; email: string };
}

interface IntentRow {
  installment_id: string;
  plan_id: string;
  attempt: number;
  amount_kobo: number;
  fresh: boolean;
  reference: string;
  authorization_sealed: string;
  method_status: string;
  email: string;
}

/**
 * Step 1 for any number of installments, in one statement (so one implicit transaction): lock
 * each installment (and share-lock its plan, so that a plan status committed while we waited is
 * seen), skip what must not be debited (paid or cancelled installments; cancelled, completed or
 * defaulted plans: money-rules.md, the customer can still pay a defaulted plan), insert a pending
 * charge with our own reference for each installment not already processing, mark it
 * processing, and return everything the gateway call needs: the customer's email and the sealed
 * authorization of the charge's payment method (the plan's for a new charge, the recorded
 * charge's for one an earlier run left pending). The reference is `chargeReference(id, attempt)`.
 */
export interface CollectOptions {
  /**
   * The customer asked to pay (pay now, pay off): a defaulted plan is collected too. Automatic
   * debits stop at default (money-rules.md §4); the customer's own payments do not.
   */
  customerInitiated?: boolean;
}

/**
 * What a run claims: installments where an attempt may start (the machine's rule), and those
 * `processing`, whose attempt in flight is resumed (verified with its reference), never restarted.
 */
const CLAIMABLE_STATUSES: readonly string[] = [...ATTEMPTABLE_INSTALLMENT_STATUSES, 'processing'];

async function recordIntents(
  ctx: AppContext,
  installmentIds: readonly string[],
  options: CollectOptions = {},
): Promise<Map<string, Intent>> {
  const notCollected = options.customerInitiated
    ? ['cancelled', 'completed']
    : ['cancelled', 'completed', 'defaulted'];
  if (installmentIds.length === 0) return new Map();
  const now = ctx.clock.now();
  const { rows } = await sql<IntentRow>`
    WITH locked AS (
      SELECT i.id, i.plan_id, i.failed_attempts, i.amount_kobo, p.merchant_id,
             p.payment_method_id AS plan_method_id,
             i.status = 'processing' AND i.charge_reference IS NOT NULL AS resumed,
             CASE WHEN i.status = 'processing' AND i.charge_reference IS NOT NULL
                  THEN i.charge_reference
                  -- chargeReference(): gateway references allow no underscore.
                  ELSE 'chg-' || replace(i.id, '_', '') || '-' || (i.failed_attempts + 1)
             END AS reference
        FROM installments i
        JOIN payment_plans p ON p.id = i.plan_id
       WHERE i.id = ANY(${installmentIds}::text[])
         AND i.status = ANY(${CLAIMABLE_STATUSES}::text[])
         AND p.status <> ALL(${notCollected}::text[])
       ORDER BY i.id
         FOR UPDATE OF i FOR SHARE OF p
    ), inserted AS (
      INSERT INTO charges (reference, installment_id, plan_id, merchant_id, payment_method_id,
                           attempt, amount_kobo, status, gateway_message, created_at, settled_at)
      SELECT reference, id, plan_id, merchant_id, plan_method_id, failed_attempts + 1, amount_kobo,
             'pending', NULL, ${now}::timestamptz, NULL
        FROM locked WHERE NOT resumed
      RETURNING reference
    ), marked AS (
      UPDATE installments i
         SET status = 'processing', charge_reference = l.reference
        FROM locked l
       WHERE i.id = l.id AND NOT l.resumed
      RETURNING i.id
    )
    SELECT l.id AS installment_id, l.plan_id, l.failed_attempts + 1 AS attempt, l.amount_kobo,
           NOT l.resumed AS fresh, l.reference, m.authorization_sealed, m.method_status, m.email
      FROM locked l
      -- One index lookup per installment (LIMIT keeps the planner from turning this into a scan
      -- of every payment method). A resumed charge keeps the method it was recorded with.
      CROSS JOIN LATERAL (
        SELECT pm.authorization_sealed, pm.status AS method_status, c.email
          FROM payment_methods pm
          JOIN customers c ON c.id = pm.customer_id
         WHERE pm.id = CASE WHEN l.resumed
                            THEN (SELECT ch.payment_method_id FROM charges ch
                                   WHERE ch.reference = l.reference)
                            ELSE l.plan_method_id END
         LIMIT 1
      ) m`.execute(ctx.db);
  const intents = new Map<string, Intent>();
  for (const row of rows) {
    if (row.fresh && row.reference !== chargeReference(row.installment_id, row.attempt))
      throw new Error(`charge reference ${row.reference} does not follow chargeReference()`);
    intents.set(row.installment_id, {
      reference: row.reference,
      installmentId: row.installment_id,
      planId: row.plan_id,
      attempt: row.attempt,
      amountKobo: row.amount_kobo,
      fresh: row.fresh,
      method: {
        authorizationSealed: row.authorization_sealed,
        status: row.method_status,
        email: row.email,
      },
    });
  }
  return intents;
}

async function callGateway(
  ctx: AppContext,
  intent: Intent,
): Promise<GatewayTransaction | 'unknown'> {
  const { method } = intent;
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
      authorizationCode: ctx.secretBox.open(method.authorizationSealed),
      reference: intent.reference,
      metadata: { installment_id: intent.installmentId, plan_id: intent.planId },
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
        .set({
          status: installmentStatusAfter(installment, {
            type: 'charge_succeeded',
            chargeReference: reference,
          }),
          paid_at: transaction.paidAt ?? now,
          charge_reference: reference,
        })
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
      await enqueuePaymentReceipts(tx, [{ charge, paidAt: transaction.paidAt ?? now }], now);
      return 'paid';
    }
    const failedAttempts = installment.failed_attempts + 1;
    await tx
      .updateTable('installments')
      .set({
        status: installmentStatusAfter(installment, {
          type: 'charge_failed',
          chargeReference: reference,
        }),
        failed_attempts: failedAttempts,
      })
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
    await enqueuePaymentFailedNotice(
      tx,
      charge,
      decision.action === 'retry' ? decision.retryAt : null,
      now,
    );
    return 'failed';
  });
}

/**
 * Where a plan goes after `event` (if any): a defaulted plan with no failed installment left is
 * active again (the customer paid the arrears), and one with nothing left to collect is settled.
 */
function nextPlanStatus(
  status: Parameters<typeof transitionPlan>[0],
  event: Parameters<typeof transitionPlan>[1] | null,
  open: { any: boolean; failed: boolean },
): Parameters<typeof transitionPlan>[0] {
  let next = status;
  const apply = (e: Parameters<typeof transitionPlan>[1]) => {
    const transition = transitionPlan(next, e);
    if (transition.outcome === 'applied') next = transition.to;
  };
  if (event) apply(event);
  if (next === 'defaulted' && !open.failed) apply('arrears_cleared');
  if (!open.any) apply('settled');
  return next;
}

async function advancePlan(
  tx: Tx,
  planId: string,
  status: Parameters<typeof transitionPlan>[0],
  event: Parameters<typeof transitionPlan>[1] | null,
  now: Date,
): Promise<void> {
  const open = await tx
    .selectFrom('installments')
    .select('status')
    .where('plan_id', '=', planId)
    .where('status', 'not in', ['paid', 'cancelled'])
    .execute();
  const next = nextPlanStatus(status, event, {
    any: open.length > 0,
    failed: open.some((i) => i.status === 'failed'),
  });
  if (next !== status)
    await tx
      .updateTable('payment_plans')
      .set({ status: next, updated_at: now })
      .where('id', '=', planId)
      .execute();
  // Collections cancel a plan only when its deposit ran out of retries: the order is free again.
  if (next === 'cancelled' && status !== 'cancelled')
    await closeCancelledPlan(tx, planId, now, { releaseOrder: true });
}

export async function collectInstallment(
  ctx: AppContext,
  installmentId: string,
): Promise<CollectionOutcome> {
  const [result] = await collectInstallments(ctx, [installmentId]);
  if (!result) throw new Error('collectInstallments returned no result');
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

/**
 * `collectInstallment` for many installments at once, with the same three steps and the same
 * guarantees: one statement records every intent, the gateway calls run concurrently outside
 * any transaction, and the successes are settled together in one transaction (at most one per
 * plan: another collection of the same plan, a failure, or anything unusual is settled on its
 * own with `settleCharge`, exactly as before). One result per id, in order; an error affects only
 * its own installment, except when no intent could be recorded at all. The same id twice in a
 * batch is collected once, and both get its result.
 */
export async function collectInstallments(
  ctx: AppContext,
  installmentIds: readonly string[],
  options: CollectOptions = {},
): Promise<PromiseSettledResult<CollectionOutcome>[]> {
  const unique = [...new Set(installmentIds)];
  const outcomes = new Map<string, PromiseSettledResult<CollectionOutcome>>();
  let intents: Map<string, Intent>;
  try {
    intents = await recordIntents(ctx, unique, options);
  } catch (error) {
    if (unique.length === 1) throw error;
    // Nothing was recorded (one statement): record them one by one, so that an error (a
    // deadlock, a bad row) fails only its own installment.
    intents = new Map();
    for (const id of unique) {
      try {
        for (const [key, intent] of await recordIntents(ctx, [id], options))
          intents.set(key, intent);
      } catch (reason) {
        outcomes.set(id, { status: 'rejected', reason });
      }
    }
  }
  crashPoint('collection.intent_recorded');
  const pending = unique.filter((id) => !outcomes.has(id));
  const called = await Promise.allSettled(
    pending.map(async (id) => {
      const intent = intents.get(id);
      return intent ? { intent, result: await callGateway(ctx, intent) } : null;
    }),
  );
  crashPoint('collection.gateway_answered');
  const toSettle: { installmentId: string; intent: Intent; transaction: GatewayTransaction }[] = [];
  const recheck: Intent[] = [];
  pending.forEach((id, i) => {
    const call = called[i];
    if (!call) return;
    if (call.status === 'rejected') outcomes.set(id, call);
    else if (call.value === null) outcomes.set(id, { status: 'fulfilled', value: 'nothing_to_do' });
    else if (call.value.result === 'unknown' || call.value.result.status === 'pending')
      recheck.push(call.value.intent);
    else
      toSettle.push({
        installmentId: id,
        intent: call.value.intent,
        transaction: call.value.result,
      });
  });
  if (recheck.length > 0) {
    // Ambiguous or still processing: look again later with the same reference.
    const runAt = new Date(ctx.clock.now().getTime() + PENDING_RECHECK_MS);
    const scheduled: PromiseSettledResult<CollectionOutcome> = await runWrite(
      ctx.db,
      async (tx) => {
        for (const intent of recheck)
          await scheduleCollection(tx, intent.installmentId, intent.attempt, runAt);
      },
    ).then(
      () => ({ status: 'fulfilled', value: 'pending' }),
      (reason: unknown) => ({ status: 'rejected', reason }),
    );
    for (const intent of recheck) outcomes.set(intent.installmentId, scheduled);
  }
  const settled = await settleCollectedBatch(
    ctx,
    toSettle.map((item) => ({ reference: item.intent.reference, transaction: item.transaction })),
  );
  for (const item of toSettle) {
    const outcome = settled.get(item.intent.reference);
    if (outcome) outcomes.set(item.installmentId, { status: 'fulfilled', value: outcome });
    else
      outcomes.set(
        item.installmentId,
        await settleCharge(ctx, item.intent.reference, item.transaction).then(
          (value): PromiseSettledResult<CollectionOutcome> => ({ status: 'fulfilled', value }),
          (reason: unknown): PromiseSettledResult<CollectionOutcome> => ({
            status: 'rejected',
            reason,
          }),
        ),
      );
  }
  crashPoint('collection.settled');
  return installmentIds.map(
    (id) => outcomes.get(id) ?? { status: 'rejected', reason: new Error(`no outcome for ${id}`) },
  );
}

interface PlanRowWithRule extends PaymentPlanRow {
  goods_release_rule: MerchantRow['goods_release_rule'];
}

/**
 * Step 3 for the plain successes of a batch, in one transaction: what `settleCharge` does for a
 * success (charge success, installment paid, one balanced payment_collected entry, the plan's
 * status, the merchant's events), with multi-row statements. Locks in a fixed order (charges,
 * installments, plans, each by key) so that concurrent batches cannot deadlock each other.
 * Returns the outcome of each charge it settled or found already settled; a charge it leaves out
 * (not a plain success, a second charge of the same plan, or the whole batch when its
 * transaction failed) is for `settleCharge`, one at a time.
 */
async function settleCollectedBatch(
  ctx: AppContext,
  items: readonly { reference: string; transaction: GatewayTransaction }[],
): Promise<Map<string, CollectionOutcome>> {
  const candidates = items.filter(
    (item) => item.transaction.status === 'success' && item.transaction.currency === 'NGN',
  );
  if (candidates.length === 0) return new Map();
  const now = ctx.clock.now();
  try {
    return await runWrite(ctx.db, async (tx) => {
      const outcomes = new Map<string, CollectionOutcome>();
      const byReference = new Map(candidates.map((item) => [item.reference, item.transaction]));
      const charges = await tx
        .selectFrom('charges')
        .selectAll()
        .where('reference', 'in', [...byReference.keys()])
        .orderBy('reference')
        .forUpdate()
        .execute();
      const planTaken = new Set<string>();
      const paying: { charge: ChargeRow; transaction: GatewayTransaction }[] = [];
      for (const charge of charges) {
        const transaction = byReference.get(charge.reference);
        if (!transaction) continue;
        if (charge.status !== 'pending') outcomes.set(charge.reference, 'nothing_to_do');
        // An amount that differs is a failure: settleCharge handles it.
        else if (transaction.amountKobo !== charge.amount_kobo) continue;
        // Each payment's events show its plan as it stands after that payment alone.
        else if (planTaken.has(charge.plan_id)) continue;
        else {
          planTaken.add(charge.plan_id);
          paying.push({ charge, transaction });
        }
      }
      if (paying.length === 0) return outcomes;
      const installmentIds = paying.map((p) => p.charge.installment_id);
      const planIds = [...planTaken];
      await tx
        .selectFrom('installments')
        .select('id')
        .where('id', 'in', installmentIds)
        .orderBy('id')
        .forUpdate()
        .execute();
      const plans = (await tx
        .selectFrom('payment_plans')
        .innerJoin('merchants', 'merchants.id', 'payment_plans.merchant_id')
        .selectAll('payment_plans')
        .select('merchants.goods_release_rule')
        .where('payment_plans.id', 'in', planIds)
        .orderBy('payment_plans.id')
        .forUpdate('payment_plans')
        .execute()) as PlanRowWithRule[];
      const planById = new Map(plans.map((plan) => [plan.id, plan]));
      const siblings = await tx
        .selectFrom('installments')
        .selectAll()
        .where('plan_id', 'in', planIds)
        .execute();
      const paidAtOf = (p: { transaction: GatewayTransaction }) => p.transaction.paidAt ?? now;
      const paidByInstallment = new Map(paying.map((p) => [p.charge.installment_id, p]));
      const installmentsAfter = new Map<string, InstallmentRow[]>();
      const statusAfter = new Map<string, InstallmentRow['status']>();
      for (const row of siblings) {
        const paid = paidByInstallment.get(row.id);
        if (paid)
          statusAfter.set(
            row.id,
            installmentStatusAfter(row, {
              type: 'charge_succeeded',
              chargeReference: paid.charge.reference,
            }),
          );
        const after: InstallmentRow = paid
          ? {
              ...row,
              status: statusAfter.get(row.id) ?? row.status,
              paid_at: paidAtOf(paid),
              charge_reference: paid.charge.reference,
            }
          : row;
        const list = installmentsAfter.get(row.plan_id) ?? [];
        list.push(after);
        installmentsAfter.set(row.plan_id, list);
      }
      await sql`
        UPDATE charges c
           SET status = 'success', gateway_message = v.message, settled_at = ${now}::timestamptz
          FROM unnest(${paying.map((p) => p.charge.reference)}::text[],
                      ${paying.map((p) => p.transaction.message || null)}::text[])
               AS v(reference, message)
         WHERE c.reference = v.reference`.execute(tx);
      await sql`
        UPDATE installments i
           SET status = v.status, paid_at = v.paid_at, charge_reference = v.reference
          FROM unnest(${installmentIds}::text[],
                      ${installmentIds.map((id) => statusAfter.get(id))}::text[],
                      ${paying.map((p) => paidAtOf(p).toISOString())}::timestamptz[],
                      ${paying.map((p) => p.charge.reference)}::text[])
               AS v(id, status, paid_at, reference)
         WHERE i.id = v.id`.execute(tx);
      await appendJournalEntries(
        tx,
        paying.map(({ charge }) =>
          paymentCollectedEntry({
            planId: charge.plan_id,
            merchantId: charge.merchant_id,
            chargeReference: charge.reference,
            grossKobo: charge.amount_kobo,
          }),
        ),
        now,
      );
      const statusChanges: { id: string; status: PaymentPlanRow['status'] }[] = [];
      const goodsReleased: string[] = [];
      const events: NewWebhookEvent[] = [];
      for (const { charge, transaction } of paying) {
        const plan = planById.get(charge.plan_id);
        const installments = installmentsAfter.get(charge.plan_id);
        const installment = installments?.find((i) => i.id === charge.installment_id);
        if (!plan || !installments || !installment)
          throw new Error(`charge ${charge.reference}: plan or installment not found`);
        const next = nextPlanStatus(
          plan.status,
          installment.sequence === 0 ? 'deposit_paid' : null,
          {
            any: installments.some((i) => i.status !== 'paid' && i.status !== 'cancelled'),
            failed: installments.some((i) => i.status === 'failed'),
          },
        );
        // A success never cancels a plan (closeCancelledPlan is for failures and cancellations).
        if (next === 'cancelled' && plan.status !== 'cancelled')
          throw new Error(`charge ${charge.reference}: a success cannot cancel plan ${plan.id}`);
        if (next !== plan.status) statusChanges.push({ id: plan.id, status: next });
        const { goods_release_rule: rule, ...row } = plan;
        const emitted = paymentCollectedEvents({
          charge: { ...charge, status: 'success' },
          plan: { ...row, status: next, updated_at: next !== plan.status ? now : plan.updated_at },
          installments,
          goodsReleaseRule: rule,
          previousStatus: plan.status,
          paidAt: paidAtOf({ transaction }),
        });
        if (emitted.releaseGoods) goodsReleased.push(plan.id);
        events.push(...emitted.events);
        outcomes.set(charge.reference, 'paid');
      }
      if (statusChanges.length > 0)
        await sql`
          UPDATE payment_plans p
             SET status = v.status, updated_at = ${now}::timestamptz
            FROM unnest(${statusChanges.map((c) => c.id)}::text[],
                        ${statusChanges.map((c) => c.status)}::text[]) AS v(id, status)
           WHERE p.id = v.id`.execute(tx);
      if (goodsReleased.length > 0)
        await tx
          .updateTable('payment_plans')
          .set({ goods_released_at: now })
          .where('id', 'in', goodsReleased)
          .execute();
      await recordEvents(tx, events, now);
      await enqueuePaymentReceipts(
        tx,
        paying.map((p) => ({ charge: p.charge, paidAt: paidAtOf(p) })),
        now,
      );
      return outcomes;
    });
  } catch {
    // Nothing of the batch was applied (one transaction): each charge is settled on its own
    // instead, in its own transaction and with its own error (a deadlock, a bad row).
    return new Map();
  }
}
