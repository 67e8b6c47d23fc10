export { refundEventReceived } from './delivery.ts';
export { sendRefundTask, verifyRefundTask } from './refund-jobs.ts';
export { registerRefundRoutes } from './routes.ts';
