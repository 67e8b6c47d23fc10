export { registerTrustRoutes } from './routes.ts';
export { assertEligibleToConfirm } from './trust.ts';
