export { registerAdminOversightRoutes } from './oversight-routes.ts';
export { registerAdminRoutes } from './routes.ts';
