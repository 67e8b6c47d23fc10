export { deliverNotificationsTask } from './deliver-job.ts';
export {
  enqueuePaymentFailedNotice,
  enqueuePaymentReceipts,
  enqueueRefundReceipt,
  rescheduleReminders,
  scheduleInstallmentReminders,
} from './enqueue.ts';
export { getNotificationPreferences, updateNotificationPreferences } from './preferences.ts';
// The outbox itself, shared with merchant e-mails (src/features/merchant-notifications).
export {
  type DeliverySummary,
  type OutboxDeliveryDeps,
  outcomeOfSendError,
  runOutboxDelivery,
} from './outbox-delivery.ts';
export { insertOutboxRows, type OutboxOutcome, wakeDelivery } from './outbox-queries.ts';
