export { rollApiKey } from './api-keys.ts';
export {
  type BusinessDetailsView,
  getBusinessDetails,
  submitBusinessDetails,
} from './business-details.ts';
export { dashboardSession, type LoginResult } from './dashboard-sign-in.ts';
export { approveMerchant, deactivateMerchant, reactivateMerchant } from './lifecycle.ts';
export { listPublishableKeys } from './publishable-keys.ts';
export { getMerchant, listMerchants } from './queries.ts';
export { createMerchant } from './registration.ts';
export { registerMerchantRoutes } from './routes.ts';
export { MerchantSession } from './schemas.ts';
export { updateMerchantSettings } from './settings.ts';
export type { MerchantView, WebhookEndpointView } from './views.ts';
export { rollWebhookSecret } from './webhook-settings.ts';
