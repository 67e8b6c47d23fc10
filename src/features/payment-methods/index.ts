export { registerBankRoutes } from './bank-routes.ts';
export { handleDirectDebitEvent, syncMandates } from './direct-debit.ts';
export { deactivateAuthorizationTask, syncMandatesTask } from './mandate-jobs.ts';
export { refundVerificationChargeTask } from './refund-verification-charge-job.ts';
export { revokeByAuthorization } from './revocation.ts';
export { listCustomerNotifications } from './revocation-notices.ts';
export { registerPaymentMethodRoutes } from './routes.ts';
export { assertUsablePaymentMethod } from './usable.ts';
