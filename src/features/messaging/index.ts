export { authenticatePublishableKey, messagingPlans } from './plans.ts';
export { registerMessagingRoutes } from './routes.ts';
