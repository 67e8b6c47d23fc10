export { checkWebhookHealthTask, deliverMerchantNotificationsTask } from './deliver-job.ts';
export { deliverDueMerchantNotifications } from './delivery.ts';
export { type MerchantNotice, notifyMerchant } from './enqueue.ts';
export { registerMerchantNotificationRoutes } from './routes.ts';
export { checkWebhookHealth } from './webhook-health.ts';
