export { deliverNotificationsTask } from './deliver-job.ts';
export {
  enqueuePaymentFailedNotice,
  enqueuePaymentReceipts,
  enqueueRefundReceipt,
  rescheduleReminders,
  scheduleInstallmentReminders,
} from './enqueue.ts';
export { getNotificationPreferences, updateNotificationPreferences } from './preferences.ts';
