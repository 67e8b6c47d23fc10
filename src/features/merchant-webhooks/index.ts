export {
  loopbackWebhooksAllowed,
  refusedWebhookHost,
  webhookAddressRules,
} from './address-policy.ts';
export { WebhookDispatcher } from './dispatcher.ts';
export {
  insertWebhookEndpoints,
  loadWebhookEndpoint,
  loadWebhookEndpoints,
  replaceWebhookSecret,
  setWebhookUrl,
} from './endpoints.ts';
export { type NewWebhookEvent, recordEvent, recordEvents } from './events.ts';
export { purgeWebhookEventsTask } from './purge-job.ts';
export { registerWebhookEventRoutes } from './routes.ts';
export { wakeOnWebhookEvents } from './wake.ts';
