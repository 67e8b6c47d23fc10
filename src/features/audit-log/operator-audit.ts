import type { Static } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/database.ts';
import type { Page } from '../../db/pagination.ts';
import type { OperatorAction, OperatorAuditRow } from '../../db/schema.ts';
import { DomainError } from '../../domain/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { OperatorActionEntry } from '../operator/schemas.ts';

/**
 * The operator audit log (decision 0020): one row per operator action, written in the same
 * transaction as the change it records, so a change without its row (or a row without its
 * change) cannot exist. The table refuses UPDATE and DELETE.
 */

/** Who acts, and where the request came from (set by the admin routes and the CLI). */
export interface Operator {
  /**
   * The signed-in account's name (decision 0035), or `cli:<user>` for the command line and
   * `system:…` for the service itself.
   */
  name: string;
  /** The signed-in operator account; absent for the CLI and the system. */
  operatorId?: string;
  requestId?: string;
  ip?: string;
}

export interface AuditEntry {
  action: OperatorAction;
  target: { type: 'merchant' | 'ledger'; id: string | null };
  reason: string | null;
  detail: Record<string, unknown>;
}

export async function recordOperatorAction(
  tx: Tx,
  operator: Operator,
  entry: AuditEntry,
  now: Date,
): Promise<void> {
  await tx
    .insertInto('operator_audit_log')
    .values({
      id: newId('opa'),
      operator: operator.name,
      operator_id: operator.operatorId ?? null,
      action: entry.action,
      target_type: entry.target.type,
      target_id: entry.target.id,
      reason: entry.reason,
      detail: JSON.stringify(entry.detail),
      request_id: operator.requestId ?? null,
      ip: operator.ip ?? null,
      created_at: now,
    })
    .execute();
}

export type AuditEntryView = Static<typeof OperatorActionEntry>;

function auditView(row: OperatorAuditRow): AuditEntryView {
  return {
    id: row.id,
    object: 'operator_action',
    operator: row.operator,
    operator_id: row.operator_id,
    action: row.action,
    target_type: row.target_type,
    target_id: row.target_id,
    reason: row.reason,
    detail: row.detail,
    request_id: row.request_id,
    ip: row.ip,
    created_at: row.created_at.toISOString(),
  };
}

/** The cursor is the last row's `seq`, opaque to clients. */
function decodeSeq(cursor: string): string {
  const seq = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^opa:[1-9][0-9]{0,18}$/.test(seq)) {
    throw new DomainError('invalid_request', 'cursor is not one this API returned.');
  }
  return seq.slice(4);
}

/** Newest first (the order of insertion); `targetId` narrows it to one merchant's history. */
export async function listOperatorActions(
  ctx: AppContext,
  filter: { targetId?: string; limit: number; cursor?: string },
): Promise<Page<AuditEntryView>> {
  let query = ctx.db.selectFrom('operator_audit_log').selectAll();
  if (filter.targetId) query = query.where('target_id', '=', filter.targetId);
  if (filter.cursor) query = query.where('seq', '<', decodeSeq(filter.cursor));
  const rows = await query
    .orderBy('seq', 'desc')
    .limit(filter.limit + 1)
    .execute();
  const shown = rows.slice(0, filter.limit);
  const last = shown.at(-1);
  const hasMore = rows.length > filter.limit;
  return {
    data: shown.map(auditView),
    has_more: hasMore,
    next_cursor: hasMore && last ? Buffer.from(`opa:${last.seq}`).toString('base64url') : null,
  };
}
