export { collectInstallmentTask } from './collect-installment-job.ts';
export { registerCustomerPlanRoutes } from './customer-plan-routes.ts';
export { settleCharge } from './settle-charge.ts';
