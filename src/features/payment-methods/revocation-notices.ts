import type { Tx } from '../../db/database.ts';
import { newId } from '../../platform/ids.ts';
import { recordEvents } from '../merchant-webhooks/index.ts';

/**
 * What a revoked payment method does to the plans it backs (issue 3, decision 0007): each open
 * plan (pending its deposit or active) moves to the customer's default method when they have an
 * active one, so the next debit has something to charge; each merchant concerned gets
 * `payment_method.revoked`, and the customer gets a notice naming the plans (and asking for a new
 * method when none could take over). A method backing no open plan is quiet.
 */
export async function noticeRevokedMethods(
  tx: Tx,
  methodIds: readonly string[],
  now: Date,
): Promise<void> {
  if (methodIds.length === 0) return;
  const methods = await tx
    .selectFrom('payment_methods')
    .select(['id', 'customer_id', 'type', 'label', 'status', 'revoked_reason', 'revoked_at'])
    .where('id', 'in', methodIds)
    .execute();
  const plans = await tx
    .selectFrom('payment_plans')
    .select(['id', 'merchant_id', 'livemode', 'payment_method_id', 'order_reference'])
    .where('payment_method_id', 'in', methodIds)
    .where('status', 'in', ['pending_deposit', 'active'])
    .execute();
  for (const method of methods) {
    const backed = plans.filter((p) => p.payment_method_id === method.id);
    if (backed.length === 0) continue;
    const paymentMethod = {
      id: method.id,
      type: method.type,
      label: method.label,
      status: method.status,
      revoked_reason: method.revoked_reason,
      revoked_at: method.revoked_at?.toISOString() ?? null,
    };
    const replacement = await tx
      .selectFrom('payment_methods')
      .select(['id', 'label'])
      .where('customer_id', '=', method.customer_id)
      .where('status', '=', 'active')
      .where('deleted_at', 'is', null)
      .where('is_default', '=', true)
      .executeTakeFirst();
    if (replacement) {
      // The plans by id before the update (whose own row order is unspecified), as a settling
      // batch of collections takes them (ARCHITECTURE.md, "Lock order").
      await tx
        .selectFrom('payment_plans')
        .select('id')
        .where(
          'id',
          'in',
          backed.map((p) => p.id),
        )
        .orderBy('id')
        .forNoKeyUpdate()
        .execute();
      await tx
        .updateTable('payment_plans')
        .set({ payment_method_id: replacement.id, updated_at: now })
        .where(
          'id',
          'in',
          backed.map((p) => p.id),
        )
        .execute();
    }
    const byMerchant = new Map<string, typeof backed>();
    for (const plan of backed) {
      const key = `${plan.merchant_id}|${String(plan.livemode)}`;
      byMerchant.set(key, [...(byMerchant.get(key) ?? []), plan]);
    }
    await recordEvents(
      tx,
      [...byMerchant.values()].map((group) => ({
        merchantId: group[0]?.merchant_id ?? '',
        livemode: group[0]?.livemode ?? false,
        type: 'payment_method.revoked' as const,
        data: {
          payment_method: paymentMethod,
          customer_id: method.customer_id,
          payment_plan_ids: group.map((p) => p.id),
          replacement_payment_method_id: replacement?.id ?? null,
        },
      })),
      now,
    );
    await tx
      .insertInto('customer_notifications')
      .values({
        id: newId('ntf'),
        customer_id: method.customer_id,
        kind: 'payment_method_revoked',
        message: replacement
          ? `${method.label} can no longer be charged (${method.revoked_reason ?? 'revoked'}). ${plansPhrase(backed.length, true)} will now be collected from ${replacement.label}, your default payment method.`
          : `${method.label} can no longer be charged (${method.revoked_reason ?? 'revoked'}). Add or choose another payment method for ${plansPhrase(backed.length, false)} so your installments are not missed.`,
        data: JSON.stringify({
          payment_method: paymentMethod,
          payment_plans: backed.map((p) => ({ id: p.id, order_reference: p.order_reference })),
          replacement_payment_method_id: replacement?.id ?? null,
        }),
        created_at: now,
        read_at: null,
      })
      .execute();
  }
}

function plansPhrase(count: number, capital: boolean): string {
  const phrase = count === 1 ? 'your plan' : `your ${count} plans`;
  return capital ? phrase.charAt(0).toUpperCase() + phrase.slice(1) : phrase;
}

export interface CustomerNotificationView {
  id: string;
  object: 'customer_notification';
  kind: string;
  message: string;
  data: Record<string, unknown>;
  created_at: string;
  read_at: string | null;
}

export async function listCustomerNotifications(
  tx: Pick<Tx, 'selectFrom'>,
  customerId: string,
  limit: number,
): Promise<CustomerNotificationView[]> {
  const rows = await tx
    .selectFrom('customer_notifications')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    object: 'customer_notification',
    kind: row.kind,
    message: row.message,
    data: row.data,
    created_at: row.created_at.toISOString(),
    read_at: row.read_at?.toISOString() ?? null,
  }));
}
