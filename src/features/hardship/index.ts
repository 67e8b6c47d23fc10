export { decideHardshipRequest, listHardshipRequests } from './requests.ts';
export { registerHardshipRoutes } from './routes.ts';
