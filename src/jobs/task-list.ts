import type { Task, TaskList } from 'graphile-worker';

import { sendPasswordResetTask } from '../features/access/index.ts';
import { expireCheckoutSessionsTask } from '../features/checkout/index.ts';
import { collectInstallmentTask } from '../features/collections/index.ts';
import { purgeCreditChecksTask } from '../features/credit/index.ts';
import { deliverNotificationsTask } from '../features/customer-notifications/index.ts';
import { sendSignInCodeTask } from '../features/customers/index.ts';
import { checkReversalsTask, syncDisputesTask } from '../features/disputes/index.ts';
import { purgeIdentityPhoneChecksTask } from '../features/identity/index.ts';
import {
  checkWebhookHealthTask,
  deliverMerchantNotificationsTask,
} from '../features/merchant-notifications/index.ts';
import { purgeWebhookEventsTask } from '../features/merchant-webhooks/index.ts';
import {
  checkPayoutOtpsTask,
  checkpointBalancesTask,
  payoutSweepTask,
  reconcileTask,
  sendPayoutTask,
  verifyPayoutTask,
} from '../features/money/index.ts';
import {
  deactivateAuthorizationTask,
  refundVerificationChargeTask,
  syncMandatesTask,
} from '../features/payment-methods/index.ts';
import { sendRefundTask, verifyRefundTask } from '../features/refunds/index.ts';
import { sendTeamInvitationTask } from '../features/team/index.ts';
import type { JobDeps } from './deps.ts';
import { purgeIdempotencyKeysTask } from './purge-idempotency-keys.ts';
import type { TaskName } from './tasks.ts';

/** Every job the worker runs, by name. Handlers are idempotent: a job may run more than once. */
export function taskList(deps: JobDeps): TaskList & Record<TaskName, Task> {
  return {
    expire_checkout_sessions: expireCheckoutSessionsTask(deps),
    purge_idempotency_keys: purgeIdempotencyKeysTask(deps),
    refund_verification_charge: refundVerificationChargeTask(deps),
    deactivate_authorization: deactivateAuthorizationTask(deps),
    sync_mandates: syncMandatesTask(deps),
    collect_installment: collectInstallmentTask(deps),
    send_payout: sendPayoutTask(deps),
    verify_payout: verifyPayoutTask(deps),
    send_refund: sendRefundTask(deps),
    verify_refund: verifyRefundTask(deps),
    payout_sweep: payoutSweepTask(deps),
    check_payout_otps: checkPayoutOtpsTask(deps),
    reconcile: reconcileTask(deps),
    checkpoint_ledger_balances: checkpointBalancesTask(deps),
    sync_disputes: syncDisputesTask(deps),
    check_reversals: checkReversalsTask(deps),
    purge_webhook_events: purgeWebhookEventsTask(deps),
    deliver_notifications: deliverNotificationsTask(deps),
    deliver_merchant_notifications: deliverMerchantNotificationsTask(deps),
    check_webhook_health: checkWebhookHealthTask(deps),
    send_password_reset: sendPasswordResetTask(deps),
    send_team_invitation: sendTeamInvitationTask(deps),
    send_sign_in_code: sendSignInCodeTask(deps),
    purge_identity_phone_checks: purgeIdentityPhoneChecksTask(deps),
    purge_credit_checks: purgeCreditChecksTask(deps),
  };
}

/** Recurring jobs (graphile-worker crontab syntax). */
export const CRONTAB = [
  '* * * * * expire_checkout_sessions',
  '17 * * * * purge_idempotency_keys',
  // 09:00 UTC is 10:00 in Lagos (UTC+1 all year).
  '0 9 * * * payout_sweep',
  // Payouts held for a transfer OTP past 30 minutes: verified, reported or failed (decision 0043).
  '* * * * * check_payout_otps',
  '30 3 * * * reconcile',
  // Ledger balances read a checkpoint plus the postings since (decision 0070).
  '* * * * * checkpoint_ledger_balances',
  // Disputes whose webhook never arrived, from the gateway's list (issue 26 item 4).
  '*/10 * * * * sync_disputes',
  // Collected payments reversed at the gateway with no refund or dispute of ours (decision 0073).
  '0 3 * * * check_reversals',
  '45 2 * * * purge_webhook_events',
  '23 * * * * purge_identity_phone_checks',
  '50 2 * * * purge_credit_checks',
  // Customer notifications falling due (reminders, e-mails held over quiet hours, retries);
  // those due at once wake the job when they are written.
  '* * * * * deliver_notifications',
  // Merchant e-mails (decision 0067): retries; new ones wake the job when written.
  '* * * * * deliver_merchant_notifications',
  // Webhook endpoints failing for an hour: one e-mail per incident, one on recovery.
  '*/5 * * * * check_webhook_health',
  // Direct Debit mandates: Paystack sends no revocation webhook (decision 0044).
  '*/10 * * * * sync_mandates',
].join('\n');
