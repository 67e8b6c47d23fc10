export { decideHardshipRequest } from './requests.ts';
export { registerHardshipRoutes } from './routes.ts';
