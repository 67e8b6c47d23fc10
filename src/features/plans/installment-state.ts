import type { InstallmentRow } from '../../db/schema.ts';
import {
  type InstallmentEvent,
  type InstallmentState,
  type InstallmentStatus,
  transitionInstallment,
} from '../../domain/plan.ts';
import { assert } from '../../platform/assert.ts';

/** An installment row as the domain's state machine sees it. */
export function installmentStateOf(row: InstallmentRow): InstallmentState {
  const reference = row.charge_reference ?? '';
  switch (row.status) {
    case 'scheduled':
      return { status: 'scheduled' };
    case 'processing':
      return { status: 'processing', chargeReference: reference, attempt: row.failed_attempts + 1 };
    case 'failed':
      return { status: 'failed', chargeReference: reference, failedAttempts: row.failed_attempts };
    case 'paid':
      return { status: 'paid', chargeReference: reference };
    case 'cancelled':
      return { status: 'cancelled' };
  }
}

/**
 * The status an installment moves to on `event`, by the domain's machine (domain/plan.ts). The
 * callers write only events the machine applies in the states they hold locked (a pending charge
 * means its installment is processing it; only scheduled and failed ones are cancelled), so any
 * other outcome is a broken invariant, not a request to refuse.
 */
export function installmentStatusAfter(
  row: InstallmentRow,
  event: InstallmentEvent,
): InstallmentStatus {
  const transition = transitionInstallment(installmentStateOf(row), event);
  assert(
    transition.outcome === 'applied',
    `installment ${row.id} (${row.status}): ${event.type} was not applied: ${
      transition.outcome === 'applied' ? '' : transition.reason
    }`,
  );
  return transition.to.status;
}
