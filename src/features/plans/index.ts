export {
  findMerchantPlan,
  lockPlanForChange,
  lockPlanWithInstallments,
  runPlanCommand,
} from './commands.ts';
export {
  currentPlan,
  emitPaymentCollected,
  emitPaymentFailed,
  emitPaymentPartial,
  paymentCollectedEvents,
  statusChangeEvents,
} from './events.ts';
export { installmentStateOf, installmentStatusAfter } from './installment-state.ts';
export { type PlanFilter, planFilterCondition, planFilterFromQuery } from './plan-filter.ts';
export { forCustomer, loadPlan, oneForCustomer, type PlanView } from './plan-view.ts';
export { getMerchantPlan, plansPage, scheduleCollection } from './plans.ts';
export { registerPlanRoutes } from './routes.ts';
export { PlanFilterQuery } from './schemas.ts';
export { closeCancelledPlan, settlePlanIfNothingOpen } from './status.ts';
