export { registerCustomerRoutes } from './routes.ts';
