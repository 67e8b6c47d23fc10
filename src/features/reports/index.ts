export { registerReportRoutes } from './routes.ts';
