export { registerBankRoutes } from './bank-routes.ts';
export { revokeByAuthorization } from './payment-methods.ts';
export { refundVerificationChargeTask } from './refund-verification-charge-job.ts';
export { listCustomerNotifications } from './revocation-notices.ts';
export { registerPaymentMethodRoutes } from './routes.ts';
