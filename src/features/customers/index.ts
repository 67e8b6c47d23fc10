export { sendPasswordResetTask } from './password-reset-job.ts';
export { registerCustomerRoutes } from './routes.ts';
