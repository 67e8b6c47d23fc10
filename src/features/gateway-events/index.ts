export { registerGatewayWebhookRoutes } from './routes.ts';
