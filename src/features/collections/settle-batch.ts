import { sql } from 'kysely';

import type { AppContext } from '../../app-context.ts';
import type { ChargeRow, InstallmentRow, MerchantRow, PaymentPlanRow } from '../../db/schema.ts';
import { runWrite } from '../../db/write.ts';
import { paymentCollectedEntry } from '../../domain/ledger.ts';
import type { CollectionOutcome } from '../../domain/plan.ts';
import type { GatewayTransaction } from '../../gateway/port.ts';
import { enqueuePaymentReceipts } from '../customer-notifications/index.ts';
import { type NewWebhookEvent, recordEvents } from '../merchant-webhooks/index.ts';
import { appendJournalEntries } from '../money/index.ts';
import { installmentStatusAfter, paymentCollectedEvents } from '../plans/index.ts';
import { nextPlanStatus } from './plan-advance.ts';

interface PlanRowWithRule extends PaymentPlanRow {
  goods_release_rule: MerchantRow['goods_release_rule'];
}

/**
 * Step 3 for the plain successes of a batch, in one transaction: what `settleCharge` does for a
 * success (charge success, installment paid, one balanced payment_collected entry, the plan's
 * status, the merchant's events), with multi-row statements. Locks in the global order
 * (ARCHITECTURE.md, "Lock order": charges, every installment of their plans, plans, each by key)
 * so that it cannot deadlock with another batch, a refund, a cancellation or a customer's payment.
 * Returns the outcome of each charge it settled or found already settled; a charge it leaves out
 * (not a plain success, a second charge of the same plan, or the whole batch when its
 * transaction failed) is for `settleCharge`, one at a time.
 */
export async function settleCollectedBatch(
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
        .forNoKeyUpdate()
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
        // The customer's own payment may move the plan to its method: settleCharge does that.
        else if (charge.initiated_by === 'customer') continue;
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
        .where('plan_id', 'in', planIds)
        .orderBy('id')
        .forNoKeyUpdate()
        .execute();
      const plans = (await tx
        .selectFrom('payment_plans')
        .innerJoin('merchants', 'merchants.id', 'payment_plans.merchant_id')
        .selectAll('payment_plans')
        .select('merchants.goods_release_rule')
        .where('payment_plans.id', 'in', planIds)
        .orderBy('payment_plans.id')
        .forNoKeyUpdate('payment_plans')
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
        if (paid) {
          statusAfter.set(
            row.id,
            installmentStatusAfter(row, {
              type: 'charge_succeeded',
              chargeReference: paid.charge.reference,
            }),
          );
        }
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
        if (!plan || !installments || !installment) {
          throw new Error(`charge ${charge.reference}: plan or installment not found`);
        }
        const next = nextPlanStatus(
          plan.status,
          installment.sequence === 0 ? 'deposit_paid' : null,
          {
            any: installments.some((i) => i.status !== 'paid' && i.status !== 'cancelled'),
            failed: installments.some((i) => i.status === 'failed'),
          },
        );
        // A success never cancels a plan (closeCancelledPlan is for failures and cancellations).
        if (next === 'cancelled' && plan.status !== 'cancelled') {
          throw new Error(`charge ${charge.reference}: a success cannot cancel plan ${plan.id}`);
        }
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
      if (statusChanges.length > 0) {
        await sql`
          UPDATE payment_plans p
             SET status = v.status, updated_at = ${now}::timestamptz
            FROM unnest(${statusChanges.map((c) => c.id)}::text[],
                        ${statusChanges.map((c) => c.status)}::text[]) AS v(id, status)
           WHERE p.id = v.id`.execute(tx);
      }
      if (goodsReleased.length > 0) {
        await tx
          .updateTable('payment_plans')
          .set({ goods_released_at: now })
          .where('id', 'in', goodsReleased)
          .execute();
      }
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
