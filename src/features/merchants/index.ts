export {
  approveMerchant,
  createMerchant,
  deactivateMerchant,
  getMerchant,
  listMerchants,
  reactivateMerchant,
  rollApiKey,
  rollWebhookSecret,
  updateMerchantSettings,
} from './settings.ts';
export { registerMerchantRoutes } from './routes.ts';
export type { MerchantView, WebhookEndpointView } from './views.ts';
