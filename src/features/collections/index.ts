export { collectInstallmentTask } from './collect-installment-job.ts';
export { settleCharge } from './settle-batch.ts';
export { registerCustomerPlanRoutes } from './customer-plan-routes.ts';
