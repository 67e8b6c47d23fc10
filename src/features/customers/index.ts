export { registerCustomerRoutes } from './routes.ts';
export { sendSignInCodeTask } from './sign-in-code-job.ts';
