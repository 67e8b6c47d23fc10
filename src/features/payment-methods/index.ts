export { registerBankRoutes } from './bank-routes.ts';
export { refundVerificationChargeTask } from './refund-verification-charge-job.ts';
export { revokeByAuthorization } from './revocation.ts';
export { listCustomerNotifications } from './revocation-notices.ts';
export { registerPaymentMethodRoutes } from './routes.ts';
export { assertUsablePaymentMethod } from './usable.ts';
