import type { Static } from 'typebox';

import type { HardshipRequestRow } from '../../db/schema.ts';
import { effectiveHardshipStatus } from '../../domain/hardship.ts';
import { formatCalendarDate, lagosDateOf } from '../../domain/lagos-time.ts';
import type { HardshipRequest } from './schemas.ts';

export type HardshipRequestView = Static<typeof HardshipRequest>;

/** A request as the API answers it; an undecided one past its expiry reads `expired`. */
export function hardshipRequestView(row: HardshipRequestRow, now: Date): HardshipRequestView {
  return {
    id: row.id,
    object: 'hardship_request',
    payment_plan_id: row.plan_id,
    merchant_id: row.merchant_id,
    livemode: row.livemode,
    kind: row.kind,
    status: effectiveHardshipStatus(row.status, row.expires_at, now),
    installment_id: row.installment_id,
    new_due_date: row.new_due_at ? formatCalendarDate(lagosDateOf(row.new_due_at)) : null,
    extra_installments: row.extra_installments,
    reason: row.reason,
    decided_by: row.decided_by,
    decision_note: row.decision_note,
    expires_at: row.expires_at.toISOString(),
    decided_at: row.decided_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}
