import type { JobHelpers, Task } from 'graphile-worker';

/** What each job carries, by task name. Cron jobs and wake-ups carry nothing. */
export interface TaskPayloads {
  collect_installment: { installment_id: string };
  send_payout: { payout_id: string };
  verify_payout: { payout_id: string };
  send_refund: { refund_id: string };
  verify_refund: { refund_id: string };
  refund_verification_charge: { reference: string };
  deactivate_authorization: { payment_method_id: string };
  sync_mandates: Empty;
  send_password_reset: { reset_id: string };
  send_team_invitation: { member_id: string };
  send_sign_in_code: { code_id: string };
  deliver_notifications: Empty;
  deliver_merchant_notifications: Empty;
  check_webhook_health: Empty;
  expire_checkout_sessions: Empty;
  purge_idempotency_keys: Empty;
  payout_sweep: Empty;
  check_payout_otps: Empty;
  reconcile: Empty;
  checkpoint_ledger_balances: Empty;
  sync_disputes: Empty;
  check_reversals: Empty;
  purge_webhook_events: Empty;
  purge_identity_phone_checks: Empty;
  purge_credit_checks: Empty;
}

export type TaskName = keyof TaskPayloads;
type Empty = Record<string, never>;

/** A payload with one non-empty string field, e.g. `{ payout_id }`. */
function oneId<F extends string>(field: F) {
  return (task: TaskName, payload: unknown): Record<F, string> => {
    const value: unknown =
      typeof payload === 'object' && payload !== null && field in payload
        ? (payload as Record<string, unknown>)[field]
        : undefined;
    if (typeof value !== 'string' || value === '') throw new Error(`${task} needs a ${field}`);
    return { [field]: value } as Record<F, string>;
  };
}

/** Cron and wake-up payloads are ignored, whatever they hold. */
const nothing = (): Empty => ({});

/**
 * The runtime check of each task's payload: a job row is data from the database (an older
 * release, or a hand-added job), so a handler never trusts its shape.
 */
const PAYLOAD_CHECKS: { [K in TaskName]: (task: K, payload: unknown) => TaskPayloads[K] } = {
  collect_installment: oneId('installment_id'),
  send_payout: oneId('payout_id'),
  verify_payout: oneId('payout_id'),
  send_refund: oneId('refund_id'),
  verify_refund: oneId('refund_id'),
  refund_verification_charge: oneId('reference'),
  deactivate_authorization: oneId('payment_method_id'),
  sync_mandates: nothing,
  send_password_reset: oneId('reset_id'),
  send_team_invitation: oneId('member_id'),
  send_sign_in_code: oneId('code_id'),
  deliver_notifications: nothing,
  deliver_merchant_notifications: nothing,
  check_webhook_health: nothing,
  expire_checkout_sessions: nothing,
  purge_idempotency_keys: nothing,
  payout_sweep: nothing,
  check_payout_otps: nothing,
  reconcile: nothing,
  checkpoint_ledger_balances: nothing,
  sync_disputes: nothing,
  check_reversals: nothing,
  purge_webhook_events: nothing,
  purge_identity_phone_checks: nothing,
  purge_credit_checks: nothing,
};

/** A graphile-worker task whose handler gets its payload checked and typed. */
export function typedTask<K extends TaskName>(
  task: K,
  handler: (payload: TaskPayloads[K], helpers: JobHelpers) => Promise<void>,
): Task {
  const check = PAYLOAD_CHECKS[task];
  return async (payload, helpers) => handler(check(task, payload), helpers);
}
