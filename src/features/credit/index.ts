export { CREDIT_CONSENT, loadCreditStanding, runCreditCheck } from './credit.ts';
export { registerCreditRoutes } from './routes.ts';
