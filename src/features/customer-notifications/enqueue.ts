import type { Tx } from '../../db/database.ts';
import type { ChargeRow, InstallmentRow } from '../../db/schema.ts';
import {
  CHANNELS,
  type FailureSubject,
  firstDueAt,
  type NotificationContent,
  type PaymentFailedFacts,
  type PlanFacts,
  type ReceiptFacts,
  type ReminderFacts,
} from '../../domain/notification.ts';
import { reminderSendAt } from '../../domain/notification-timing.ts';
import { assert } from '../../platform/assert.ts';
import { newId } from '../../platform/ids.ts';
import { insertOutboxRows, type NewOutboxRow, wakeDelivery } from './outbox-queries.ts';

/**
 * Writing customer notifications (decision 0017). Every function here takes the transaction of
 * the cause (a plan confirmed, a charge settled, a refund), so the notification commits with it
 * or not at all; the worker's deliver_notifications job sends it later, on each channel the
 * customer has switched on, outside quiet hours for e-mail.
 */

export interface CustomerNotification {
  customerId: string;
  /** What it is about (installment id, charge reference, refund id): with the kind and the
   *  channel, it makes the notification once only. */
  subjectId: string;
  content: NotificationContent;
}

/**
 * The one way in: one outbox row per channel, each due at its first sendable moment (a reminder
 * at 09:00 Lagos three days before its due date; anything else now, or at 08:00 when that is in
 * e-mail quiet hours). Writing the same notification again changes nothing.
 */
export async function enqueueCustomerNotification(
  tx: Tx,
  notification: CustomerNotification,
  now: Date,
): Promise<void> {
  await enqueueAll(tx, [notification], now);
}

async function enqueueAll(
  tx: Tx,
  notifications: readonly CustomerNotification[],
  now: Date,
): Promise<void> {
  // SMS rows only for customers with a verified phone (decision 0053): most have none, and a
  // row that can only be skipped is work for nothing. Delivery checks the phone again.
  const customerIds = [...new Set(notifications.map((n) => n.customerId))];
  const texted = new Set(
    customerIds.length === 0
      ? []
      : (
          await tx
            .selectFrom('customers')
            .select('id')
            .where('id', 'in', customerIds)
            .where('phone_verified_at', 'is not', null)
            .execute()
        ).map((r) => r.id),
  );
  const rows: NewOutboxRow[] = notifications.flatMap((n) =>
    CHANNELS.filter((channel) => channel !== 'sms' || texted.has(n.customerId)).map((channel) => ({
      id: newId('nto'),
      customerId: n.customerId,
      kind: n.content.kind,
      channel,
      subjectId: n.subjectId,
      data: { ...n.content.facts },
      dueAt: firstDueAt(n.content, channel, now),
      skipReason: 'no time left before the debit',
    })),
  );
  const dueNow = await insertOutboxRows(tx, rows, now);
  if (dueNow > 0) await wakeDelivery(tx, now);
}

interface PlanContext extends PlanFacts {
  customerId: string;
  installmentCount: number;
}

async function plansFor(tx: Tx, planIds: readonly string[]): Promise<Map<string, PlanContext>> {
  if (planIds.length === 0) return new Map();
  const rows = await tx
    .selectFrom('payment_plans as p')
    .innerJoin('merchants as m', 'm.id', 'p.merchant_id')
    .select([
      'p.id',
      'p.customer_id',
      'p.order_reference',
      'p.livemode',
      'p.installment_count',
      'm.business_name',
    ])
    .where('p.id', 'in', [...new Set(planIds)])
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        planId: r.id,
        customerId: r.customer_id,
        merchantName: r.business_name,
        orderReference: r.order_reference,
        livemode: r.livemode,
        installmentCount: r.installment_count,
      },
    ]),
  );
}

async function methodLabels(tx: Tx, methodIds: readonly string[]): Promise<Map<string, string>> {
  if (methodIds.length === 0) return new Map();
  const rows = await tx
    .selectFrom('payment_methods')
    .select(['id', 'label'])
    .where('id', 'in', [...new Set(methodIds)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.label]));
}

function planFacts(plan: PlanContext): PlanFacts {
  return {
    planId: plan.planId,
    merchantName: plan.merchantName,
    orderReference: plan.orderReference,
    livemode: plan.livemode,
  };
}

function reminderFacts(
  plan: PlanContext,
  installment: Pick<InstallmentRow, 'id' | 'sequence' | 'amount_kobo' | 'due_at'>,
  methodLabel: string,
): ReminderFacts {
  return {
    ...planFacts(plan),
    installmentId: installment.id,
    sequence: installment.sequence,
    installmentCount: plan.installmentCount,
    amountKobo: installment.amount_kobo,
    dueAt: installment.due_at.toISOString(),
    methodLabel,
  };
}

/**
 * A confirmed plan: a reminder for each installment after the deposit (the deposit is charged
 * at once). Whether it still goes out is decided when it is due: not for an installment already
 * paid or cancelled, nor on a plan that is no longer active.
 */
export async function scheduleInstallmentReminders(
  tx: Tx,
  plan: { id: string; payment_method_id: string },
  installments: readonly InstallmentRow[],
  now: Date,
): Promise<void> {
  const context = (await plansFor(tx, [plan.id])).get(plan.id);
  assert(context, `plan ${plan.id} not found`);
  const label =
    (await methodLabels(tx, [plan.payment_method_id])).get(plan.payment_method_id) ?? '';
  await enqueueAll(
    tx,
    installments
      .filter((i) => i.sequence > 0)
      .map((i) => ({
        customerId: context.customerId,
        subjectId: i.id,
        content: { kind: 'payment_reminder', facts: reminderFacts(context, i, label) },
      })),
    now,
  );
}

/** Fresh facts for reminders about to be sent: the installment may have changed since. */
export async function currentReminderFacts(
  tx: Pick<Tx, 'selectFrom'>,
  installmentIds: readonly string[],
): Promise<
  Map<
    string,
    {
      facts: ReminderFacts;
      installmentStatus: InstallmentRow['status'];
      planStatus: PaymentFailedFacts['planStatus'];
      dueAt: Date;
    }
  >
> {
  if (installmentIds.length === 0) return new Map();
  const rows = await tx
    .selectFrom('installments as i')
    .innerJoin('payment_plans as p', 'p.id', 'i.plan_id')
    .innerJoin('merchants as m', 'm.id', 'p.merchant_id')
    .innerJoin('payment_methods as pm', 'pm.id', 'p.payment_method_id')
    .select([
      'i.id',
      'i.sequence',
      'i.amount_kobo',
      'i.due_at',
      'i.status',
      'p.id as plan_id',
      'p.customer_id',
      'p.status as plan_status',
      'p.order_reference',
      'p.livemode',
      'p.installment_count',
      'm.business_name',
      'pm.label',
    ])
    .where('i.id', 'in', [...new Set(installmentIds)])
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        facts: reminderFacts(
          {
            planId: r.plan_id,
            customerId: r.customer_id,
            merchantName: r.business_name,
            orderReference: r.order_reference,
            livemode: r.livemode,
            installmentCount: r.installment_count,
          },
          r,
          r.label,
        ),
        installmentStatus: r.status,
        planStatus: r.plan_status,
        dueAt: r.due_at,
      },
    ]),
  );
}

/**
 * Installments whose due dates moved (sandbox time travel): their waiting reminders are due
 * again at the new reminder time, or skipped when none can arrive before the debit.
 */
export async function rescheduleReminders(
  tx: Tx,
  installments: readonly { id: string; dueAt: Date }[],
  now: Date,
): Promise<void> {
  if (installments.length === 0) return;
  const waiting = await tx
    .selectFrom('notification_outbox')
    .select(['id', 'channel', 'subject_id'])
    .where('kind', '=', 'payment_reminder')
    .where('status', 'in', ['pending', 'retrying'])
    .where(
      'subject_id',
      'in',
      installments.map((i) => i.id),
    )
    .forUpdate()
    .execute();
  const dueOf = new Map(installments.map((i) => [i.id, i.dueAt]));
  for (const row of waiting) {
    const dueAt = dueOf.get(row.subject_id);
    if (!dueAt) continue;
    const at = reminderSendAt(row.channel, dueAt, now);
    await tx
      .updateTable('notification_outbox')
      .set(
        at
          ? { next_attempt_at: at }
          : {
              status: 'skipped',
              next_attempt_at: null,
              last_error: 'no time left before the debit',
            },
      )
      .where('id', '=', row.id)
      .execute();
  }
  if (waiting.length > 0) await wakeDelivery(tx, now);
}

/** What is left on each plan, and its next payment, as the transaction now sees them. */
async function balancesOf(
  tx: Tx,
  planIds: readonly string[],
): Promise<Map<string, { outstandingKobo: number; open: InstallmentRow[] }>> {
  const rows = await tx
    .selectFrom('installments')
    .selectAll()
    .where('plan_id', 'in', [...new Set(planIds)])
    .where('status', 'not in', ['paid', 'cancelled'])
    .orderBy('sequence')
    .execute();
  const byPlan = new Map<string, { outstandingKobo: number; open: InstallmentRow[] }>();
  for (const planId of planIds) byPlan.set(planId, { outstandingKobo: 0, open: [] });
  for (const row of rows) {
    const entry = byPlan.get(row.plan_id);
    if (!entry) continue;
    entry.outstandingKobo += row.amount_kobo;
    entry.open.push(row);
  }
  return byPlan;
}

/**
 * A receipt for each collected charge, written in the transaction that settled it (after the
 * installment and the plan were updated, so the balance and the next payment are the new ones).
 */
export async function enqueuePaymentReceipts(
  tx: Tx,
  collected: readonly { charge: ChargeRow; paidAt: Date }[],
  now: Date,
): Promise<void> {
  if (collected.length === 0) return;
  const planIds = collected.map((c) => c.charge.plan_id);
  const plans = await plansFor(tx, planIds);
  const labels = await methodLabels(
    tx,
    collected.map((c) => c.charge.payment_method_id),
  );
  const balances = await balancesOf(tx, planIds);
  const sequences = await sequencesOf(
    tx,
    collected.map((c) => c.charge.installment_id),
  );
  const notifications: CustomerNotification[] = [];
  for (const { charge, paidAt } of collected) {
    const plan = plans.get(charge.plan_id);
    const balance = balances.get(charge.plan_id);
    const sequence = sequences.get(charge.installment_id);
    assert(
      plan && balance && sequence !== undefined,
      `charge ${charge.reference}: plan or installment not found`,
    );
    const next = balance.open[0];
    const facts: ReceiptFacts = {
      ...planFacts(plan),
      sequence,
      installmentCount: plan.installmentCount,
      chargeReference: charge.reference,
      amountKobo: charge.amount_kobo,
      paidAt: paidAt.toISOString(),
      methodLabel: labels.get(charge.payment_method_id) ?? '',
      outstandingKobo: balance.outstandingKobo,
      nextPayment: next ? { amountKobo: next.amount_kobo, dueAt: next.due_at.toISOString() } : null,
    };
    notifications.push({
      customerId: plan.customerId,
      subjectId: charge.reference,
      content: { kind: 'payment_receipt', facts },
    });
  }
  await enqueueAll(tx, notifications, now);
}

async function sequencesOf(
  tx: Tx,
  installmentIds: readonly string[],
): Promise<Map<string, number>> {
  const rows = await tx
    .selectFrom('installments')
    .select(['id', 'sequence'])
    .where('id', 'in', [...new Set(installmentIds)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.sequence]));
}

/**
 * A failed debit, written in the transaction that recorded it (after the retry was scheduled or
 * the plan defaulted or cancelled): what failed, why (`gatewayMessage`, what the gateway said;
 * the notice puts it in plain words) and what happens next. Whether it is still true is checked
 * again when it is sent (`currentFailureSubjects`).
 */
export async function enqueuePaymentFailedNotice(
  tx: Tx,
  charge: ChargeRow,
  retryAt: Date | null,
  now: Date,
  gatewayMessage: string | null = null,
): Promise<void> {
  const plan = (await plansFor(tx, [charge.plan_id])).get(charge.plan_id);
  const status = await tx
    .selectFrom('payment_plans')
    .select('status')
    .where('id', '=', charge.plan_id)
    .executeTakeFirst();
  const sequence = (await sequencesOf(tx, [charge.installment_id])).get(charge.installment_id);
  assert(
    plan && status && sequence !== undefined,
    `charge ${charge.reference}: plan or installment not found`,
  );
  const facts: PaymentFailedFacts = {
    ...planFacts(plan),
    sequence,
    installmentCount: plan.installmentCount,
    chargeReference: charge.reference,
    amountKobo: charge.amount_kobo,
    attempt: charge.attempt,
    methodLabel:
      (await methodLabels(tx, [charge.payment_method_id])).get(charge.payment_method_id) ?? '',
    retryAt: retryAt?.toISOString() ?? null,
    planStatus: status.status,
    gatewayMessage,
  };
  await enqueueAll(
    tx,
    [
      {
        customerId: plan.customerId,
        subjectId: charge.reference,
        content: { kind: 'payment_failed', facts },
      },
    ],
    now,
  );
}

/**
 * Failure notices about to be sent, by charge reference: their installment, its plan and any
 * later charge of that installment, as they are now (the input of `staleFailureReason`). A later
 * charge counts when it was started by the schedule (whatever its outcome), or by the customer
 * and did not fail (decision 0031: a failed payment the customer started changes nothing and
 * sends nothing, so the notice before it is still true). A reference with no charge is absent.
 */
export async function currentFailureSubjects(
  tx: Pick<Tx, 'selectFrom'>,
  notices: readonly {
    chargeReference: string;
    planStatusWhenFailed: FailureSubject['planStatus'];
  }[],
): Promise<Map<string, FailureSubject>> {
  if (notices.length === 0) return new Map();
  const rows = await tx
    .selectFrom('charges as c')
    .innerJoin('installments as i', 'i.id', 'c.installment_id')
    .innerJoin('payment_plans as p', 'p.id', 'c.plan_id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('charges as later')
          .select(['later.reference', 'later.initiated_by'])
          .whereRef('later.installment_id', '=', 'c.installment_id')
          .whereRef('later.reference', '<>', 'c.reference')
          .whereRef('later.created_at', '>', 'c.created_at')
          .where((w) =>
            w.or([w('later.initiated_by', '=', 'schedule'), w('later.status', '<>', 'failed')]),
          )
          .orderBy('later.created_at', 'desc')
          .limit(1)
          .as('later'),
      (join) => join.onTrue(),
    )
    .select([
      'c.reference',
      'i.status as installment_status',
      'p.status as plan_status',
      'later.reference as later_reference',
      'later.initiated_by as later_initiated_by',
    ])
    .where('c.reference', 'in', [...new Set(notices.map((n) => n.chargeReference))])
    .execute();
  const whenFailed = new Map(notices.map((n) => [n.chargeReference, n.planStatusWhenFailed]));
  return new Map(
    rows.map((r) => [
      r.reference,
      {
        installmentStatus: r.installment_status,
        planStatus: r.plan_status,
        planStatusWhenFailed: whenFailed.get(r.reference) ?? r.plan_status,
        laterCharge:
          r.later_reference && r.later_initiated_by
            ? { reference: r.later_reference, initiatedBy: r.later_initiated_by }
            : null,
      },
    ]),
  );
}

/**
 * A refund receipt (money-rules.md §5), for the refund use case to call in the transaction that
 * records the refund: `offBalanceKobo` came off the unpaid installments, `cashBackKobo` goes back
 * to the customer's card or account; together they are the refund. The plan's customer, merchant
 * and remaining balance are read in `tx`, so call it after the installments were reduced.
 */
export async function enqueueRefundReceipt(
  tx: Tx,
  refund: { refundId: string; planId: string; offBalanceKobo: number; cashBackKobo: number },
  now: Date,
): Promise<void> {
  const plan = (await plansFor(tx, [refund.planId])).get(refund.planId);
  assert(plan, `plan ${refund.planId} not found`);
  const balance = (await balancesOf(tx, [refund.planId])).get(refund.planId);
  await enqueueAll(
    tx,
    [
      {
        customerId: plan.customerId,
        subjectId: refund.refundId,
        content: {
          kind: 'refund_receipt',
          facts: {
            ...planFacts(plan),
            refundId: refund.refundId,
            amountKobo: refund.offBalanceKobo + refund.cashBackKobo,
            offBalanceKobo: refund.offBalanceKobo,
            cashBackKobo: refund.cashBackKobo,
            outstandingKobo: balance?.outstandingKobo ?? 0,
            refundedAt: now.toISOString(),
          },
        },
      },
    ],
    now,
  );
}
