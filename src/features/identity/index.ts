export { purgeIdentityPhoneChecksTask } from './purge-job.ts';
export { registerIdentityRoutes } from './routes.ts';
