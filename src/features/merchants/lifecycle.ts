import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/database.ts';
import type { MerchantRow } from '../../db/schema.ts';
import { notFound } from '../../domain/errors.ts';
import { approvedStatus } from '../../domain/merchant.ts';
import { operatorReason } from '../../domain/operator-action.ts';
import { type Operator, recordOperatorAction } from '../audit-log/index.ts';
import { notifyMerchant } from '../merchant-notifications/index.ts';
import { assertApprovable } from './business-details.ts';
import { runCredentialChange } from './credential-change.ts';
import { viewOf } from './queries.ts';
import type { MerchantView } from './views.ts';

/**
 * An operator's change of a merchant's status, and its audit row, in one transaction
 * (decision 0020). `next` gives the new status fields from the current row.
 */
async function setStatus(
  ctx: AppContext,
  merchantId: string,
  change: {
    action: 'merchant.approve' | 'merchant.deactivate' | 'merchant.reactivate';
    operator: Operator;
    reason: string | null;
    /** Refuses the change by throwing, in the transaction, after the row is locked. */
    check?: (tx: Tx, row: MerchantRow, now: Date) => Promise<void>;
    next: (
      row: MerchantRow,
    ) => Partial<
      Pick<MerchantRow, 'status' | 'approved_at' | 'deactivated_at' | 'deactivation_reason'>
    >;
  },
): Promise<MerchantView> {
  const now = ctx.clock.now();
  return runCredentialChange(ctx, merchantId, async (tx) => {
    const row = await tx
      .selectFrom('merchants')
      .selectAll()
      .where('id', '=', merchantId)
      // NO KEY, as every merchant lock (ARCHITECTURE.md, "Lock order"): journal entries booked
      // for this merchant meanwhile need not wait.
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (!row) throw notFound('Merchant');
    await change.check?.(tx, row, now);
    const updated = await tx
      .updateTable('merchants')
      .set({ ...change.next(row), updated_at: now })
      .where('id', '=', merchantId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordOperatorAction(
      tx,
      change.operator,
      {
        action: change.action,
        target: { type: 'merchant', id: merchantId },
        reason: change.reason,
        detail: { from: row.status, to: updated.status, business_name: row.business_name },
      },
      now,
    );
    await tellMerchant(tx, row, updated, now);
    return viewOf(tx, updated);
  });
}

/**
 * The merchant hears of its approval or deactivation by e-mail (decision 0067), queued in this
 * transaction: it exists only if the change committed, and a failure to send never undoes it.
 * Once per change: the subject is the moment it took effect.
 */
async function tellMerchant(tx: Tx, before: MerchantRow, after: MerchantRow, now: Date) {
  if (after.status === before.status) return;
  const facts = { businessName: after.business_name };
  if (after.status === 'active' && before.status === 'pending_approval' && after.approved_at) {
    const at = after.approved_at.toISOString();
    await notifyMerchant(
      tx,
      'merchant_approved',
      { merchantId: after.id, subjectId: `${after.id}:${at}`, facts: { ...facts, at } },
      now,
    );
  }
  if (after.status === 'deactivated' && after.deactivated_at) {
    const at = after.deactivated_at.toISOString();
    await notifyMerchant(
      tx,
      'merchant_deactivated',
      {
        merchantId: after.id,
        subjectId: `${after.id}:${at}`,
        facts: { ...facts, at, reason: after.deactivation_reason ?? '' },
      },
      now,
    );
  }
}

/**
 * Live keys start working. A reason is optional. Refused (409 `business_details_incomplete`)
 * until the merchant's business details are in with a verified director and its settlement
 * account is named (decision 0074); approving marks those details reviewed, so approving an
 * active merchant again is how an operator accepts details changed after approval.
 */
export async function approveMerchant(
  ctx: AppContext,
  merchantId: string,
  operator: Operator,
  reason?: string | null,
): Promise<MerchantView> {
  return setStatus(ctx, merchantId, {
    action: 'merchant.approve',
    operator,
    reason: operatorReason(reason, 'optional', 'approve a merchant'),
    check: async (tx, row, now) => {
      // A deactivated merchant is refused by approvedStatus, with its own words, first.
      approvedStatus(row.status);
      await assertApprovable(tx, row, now);
    },
    next: (row) => ({
      status: approvedStatus(row.status),
      approved_at: row.approved_at ?? ctx.clock.now(),
    }),
  });
}

/** Every call of the merchant gets 403, with `reason` (required) in the answer. */
export async function deactivateMerchant(
  ctx: AppContext,
  merchantId: string,
  operator: Operator,
  reason: string | null | undefined,
): Promise<MerchantView> {
  const why = operatorReason(reason, 'required', 'deactivate a merchant');
  return setStatus(ctx, merchantId, {
    action: 'merchant.deactivate',
    operator,
    reason: why,
    next: (row) => ({
      status: 'deactivated',
      deactivated_at: row.deactivated_at ?? ctx.clock.now(),
      deactivation_reason: why,
    }),
  });
}

/** Back to where the merchant was before: active if it had been approved, else pending. */
export async function reactivateMerchant(
  ctx: AppContext,
  merchantId: string,
  operator: Operator,
  reason: string | null | undefined,
): Promise<MerchantView> {
  return setStatus(ctx, merchantId, {
    action: 'merchant.reactivate',
    operator,
    reason: operatorReason(reason, 'required', 'reactivate a merchant'),
    next: (row) => ({
      status: row.approved_at ? 'active' : 'pending_approval',
      deactivated_at: null,
      deactivation_reason: null,
    }),
  });
}
