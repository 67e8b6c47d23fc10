import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import type { Page } from '../../db/pagination.ts';
import { DomainError } from '../../domain/errors.ts';
import type { DashboardMember } from '../../domain/principal.ts';
import { type Permission, PERMISSION_WORDS } from '../../domain/team.ts';
import { newId } from '../../platform/ids.ts';

/**
 * The merchant audit log (decision 0064): one row for each change a team member made from the
 * dashboard, written when the answer is sent (a 2xx: the change happened), by the same hook for
 * every route, so no route can forget it. It says who (the member, its role then), what (the
 * permission the request used and the route), and when. The table refuses UPDATE and DELETE.
 */

export interface MemberActionView {
  id: string;
  object: 'member_action';
  member_id: string | null;
  member_name: string;
  member_role: string;
  action: string;
  description: string;
  method: string;
  path: string;
  status: number;
  request_id: string | null;
  ip: string | null;
  created_at: string;
}

export async function recordMemberAction(
  db: Db,
  entry: {
    merchantId: string;
    member: DashboardMember;
    permissions: readonly Permission[];
    method: string;
    path: string;
    status: number;
    requestId: string;
    ip: string;
    at: Date;
  },
): Promise<void> {
  await db
    .insertInto('merchant_audit_log')
    .values({
      id: newId('mal'),
      merchant_id: entry.merchantId,
      member_id: entry.member.id,
      member_name: entry.member.name,
      member_role: entry.member.role,
      action: entry.permissions.join(','),
      method: entry.method,
      // The path without its query: ids of what was changed, never a secret (those travel in bodies).
      path: entry.path.split('?')[0] ?? entry.path,
      status: entry.status,
      request_id: entry.requestId,
      ip: entry.ip,
      created_at: entry.at,
    })
    .execute();
}

function describe(action: string): string {
  return action
    .split(',')
    .map((a) => (a in PERMISSION_WORDS ? PERMISSION_WORDS[a as Permission] : a))
    .join('; ');
}

function decodeSeq(cursor: string): string {
  const seq = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^mal:[1-9][0-9]{0,18}$/.test(seq)) {
    throw new DomainError('invalid_request', 'cursor is not one this API returned.');
  }
  return seq.slice(4);
}

/** Newest first. */
export async function listMemberActions(
  ctx: AppContext,
  merchantId: string,
  filter: { limit: number; cursor?: string },
): Promise<Page<MemberActionView>> {
  let query = ctx.db
    .selectFrom('merchant_audit_log')
    .selectAll()
    .where('merchant_id', '=', merchantId);
  if (filter.cursor) query = query.where('seq', '<', decodeSeq(filter.cursor));
  const rows = await query
    .orderBy('seq', 'desc')
    .limit(filter.limit + 1)
    .execute();
  const shown = rows.slice(0, filter.limit);
  const last = shown.at(-1);
  const hasMore = rows.length > filter.limit;
  return {
    data: shown.map((row) => ({
      id: row.id,
      object: 'member_action' as const,
      member_id: row.member_id,
      member_name: row.member_name,
      member_role: row.member_role,
      action: row.action,
      description: describe(row.action),
      method: row.method,
      path: row.path,
      status: row.status,
      request_id: row.request_id,
      ip: row.ip,
      created_at: row.created_at.toISOString(),
    })),
    has_more: hasMore,
    next_cursor: hasMore && last ? Buffer.from(`mal:${last.seq}`).toString('base64url') : null,
  };
}
