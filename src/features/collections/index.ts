export { collectInstallmentTask } from './collect-installment-job.ts';
export { settleCharge } from './collections.ts';
export { registerCustomerPlanRoutes } from './customer-plan-routes.ts';
