import type { AppContext } from '../../app-context.ts';
import { retryTransactionConflicts, runWrite } from '../../db/write.ts';
import type { CollectionOutcome } from '../../domain/plan.ts';
import { GatewayError, type GatewayTransaction } from '../../gateway/port.ts';
import { crashPoint } from '../../platform/crash-points.ts';
import { scheduleCollection } from '../plans/index.ts';
import { type CollectOptions, type Intent, markPartialDebits, recordIntents } from './intents.ts';
import { settleCollectedBatch } from './settle-batch.ts';
import { settleCharge } from './settle-charge.ts';

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
    const debit = {
      email: method.email,
      amountKobo: intent.amountKobo,
      authorizationCode: ctx.secretBox.open(method.authorizationSealed),
      reference: intent.reference,
      metadata: { installment_id: intent.installmentId, plan_id: intent.planId },
    };
    // A partial debit (decision 0045) when the charge was recorded as one; a refusal is a failed
    // attempt like any other (the same reference is never sent again as a full charge).
    return intent.atLeastKobo === null
      ? await ctx.gateway.chargeAuthorization(debit)
      : await ctx.gateway.partialDebit({ ...debit, atLeastKobo: intent.atLeastKobo });
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
  // One statement, so its own transaction: a deadlock rolled all of it back and it runs again.
  const record = (ids: readonly string[]) =>
    retryTransactionConflicts(() => recordIntents(ctx, ids, options));
  try {
    intents = await record(unique);
  } catch (error) {
    if (unique.length === 1) throw error;
    // Nothing was recorded (one statement): record them one by one, so that an error (a
    // deadlock, a bad row) fails only its own installment.
    intents = new Map();
    for (const id of unique) {
      try {
        for (const [key, intent] of await record([id])) {
          intents.set(key, intent);
        }
      } catch (reason) {
        outcomes.set(id, { status: 'rejected', reason });
      }
    }
  }
  try {
    await retryTransactionConflicts(() => markPartialDebits(ctx, intents.values()));
  } catch {
    // Not recorded: every intent stays a full charge (nothing was sent yet).
    for (const intent of intents.values()) if (intent.fresh) intent.atLeastKobo = null;
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
    else if (call.value.result === 'unknown' || call.value.result.status === 'pending') {
      recheck.push(call.value.intent);
    } else {
      toSettle.push({
        installmentId: id,
        intent: call.value.intent,
        transaction: call.value.result,
      });
    }
  });
  if (recheck.length > 0) {
    // Ambiguous or still processing: look again later with the same reference.
    const runAt = new Date(ctx.clock.now().getTime() + PENDING_RECHECK_MS);
    const scheduled: PromiseSettledResult<CollectionOutcome> = await runWrite(
      ctx.db,
      async (tx) => {
        for (const intent of recheck) {
          await scheduleCollection(tx, intent.installmentId, intent.attempt, runAt);
        }
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
    else {
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
  }
  crashPoint('collection.settled');
  return installmentIds.map(
    (id) => outcomes.get(id) ?? { status: 'rejected', reason: new Error(`no outcome for ${id}`) },
  );
}
