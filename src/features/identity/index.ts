export { registerIdentityRoutes } from './routes.ts';
