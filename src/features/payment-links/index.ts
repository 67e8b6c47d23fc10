export { sendInvalidPayAddressPage } from './pay-page-routes.ts';
export { successRedirectUrl } from './payment-links.ts';
export { registerPaymentLinkRoutes } from './routes.ts';
