export { registerSandboxToolRoutes } from './routes.ts';
