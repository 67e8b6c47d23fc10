export { sendPasswordResetTask } from './password-reset-job.ts';
export { registerCustomerRoutes } from './routes.ts';
export { sendSignInCodeTask } from './sign-in-code-job.ts';
