export { CREDIT_CONSENT, loadCreditStanding, runCreditCheck } from './credit.ts';
export { purgeCreditChecksTask, purgeOldCreditChecks } from './purge-job.ts';
export { registerCreditRoutes } from './routes.ts';
